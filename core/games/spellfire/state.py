"""Spellfire's card definitions, card objects and players: what the core's carry, plus what
a Spellfire card prints (number, world, type of champion, level or bonus, phases, (Off)/(Def)),
what a card in play has (razed, the card it is attached to, level changes for the round)
and a player's zones, formation and the phase-2 steps used this turn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...loadable import state
from ...state import Card, CardDef, Player
from ...zones import Zone
from .card import ICON_USES
from .zones import (
    ABYSS,
    BATTLE,
    DECK,
    DISCARD,
    DUNGEON,
    HAND,
    HELD,
    LIMBO,
    PLAYER_ZONES,
    POOL,
    VOID,
    Slot,
    formation,
)


class SpellfireCardDef(CardDef):
    __slots__ = ("number", "world", "champion_type", "school", "level", "bonus", "defends",
                 "coastal", "phases", "anytime", "direction", "digit", "attributes",
                 "same_key")
    type: str
    number: int
    world: str | None
    champion_type: str | None
    school: str | None
    level: int | None
    bonus: int
    defends: int | None
    coastal: bool
    phases: tuple[int, ...]
    anytime: bool
    direction: str | None
    digit: int
    attributes: frozenset[str]
    #: what makes two cards the same card (rules notes 10: name and type; :mod:`.cosmos`)
    same_key: tuple[str, str]

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.bonus = self.bonus or 0
        self.coastal = bool(self.coastal)
        self.anytime = bool(self.anytime) or (self.type == "event" and not self.phases)
        self.phases = tuple(self.phases or ())
        self.attributes = frozenset(self.attributes or ())
        self.same_key = (self.name, self.type)
        self.digit = (self.number or 0) % 10  # seed: "The last digit of the card number"

    def used_in(self, phase: int) -> bool:
        return self.anytime or phase in self.phases


@state
class SpellfireCard(Card):
    """A card object. ``host``: the champion (or realm) it is attached to; ``razed``: a
    razed realm, turned over; ``mods``: level changes until the end of the battle."""

    __slots__ = ("razed", "host", "mods")
    STATE = ("host",)
    proto: SpellfireCardDef

    def __init__(self, oid: int, proto: Any, owner: Any, zone: Any = None):
        super().__init__(oid, proto, owner, zone)
        self.razed = False
        self.host: SpellfireCard | None = None
        self.mods: tuple[int, ...] = ()

    def attachments(self) -> list["SpellfireCard"]:
        """The cards attached to it, in the order attached (they share its zone)."""
        z = self.zone
        return [c for c in z.cards if c.host is self] if z is not None else []

    def level(self) -> int:
        """A champion's adjusted level (rules notes 2): its level, its attachments' bonuses,
        its level changes and the bonuses of static abilities; 0 at least."""
        n = (self.proto.level or 0) + sum(self.mods)
        if self.boosts:  # static abilities' settings, then bonuses (cardscript.continuous)
            base = self.set_to("level")
            if base is not None:  # "its level is 8": the printed level replaced
                n += base - (self.proto.level or 0)
            n += self.boost("level")
        for c in self.attachments():
            n += c.proto.bonus + sum(c.mods)
        return n if n > 0 else 0

    def equipped(self) -> SpellfireCard | None:
        """The champion this card serves (``its_champion`` in a continuous effect): an
        item's or an artifact's, while both are in play; an ally's, the champion fighting
        beside it in its battle area (rules notes 8: "Allies add their level and powers for
        the round"); none for a realm defending itself (``Card.equipped``)."""
        z = self.zone
        if z is None or not z.in_play:
            return None
        if self.proto.type == "ally":
            return next((c for c in z.cards if c.proto.type == "champion"
                         and c.host is None), None) if z.kind == "battle" else None
        h = self.host
        if h is None or h.proto.type != "champion" or h.zone is None or not h.zone.in_play:
            return None
        return h

    def can_use(self, proto: SpellfireCardDef) -> bool:
        """Its icon lets it use ``proto`` (a spell of its school, its type's skill), or the
        card needs no icon (rules notes 2, "Champion types and icon powers")."""
        use = ICON_USES.get(self.proto.champion_type or "")
        if proto.type in ("spell", "psionic_power", "blood_ability", "thief_skill",
                          "unarmed_combat"):
            if use is None or use[0] != proto.type:
                return self.grants(proto)
            return use[1] is None or use[1] == proto.school or self.grants(proto)
        return True

    def grants(self, proto: SpellfireCardDef) -> bool:
        """A special power that lets it use a kind of card its icon does not (the keyword
        ``can_use``, rules notes 2: "special powers can add access"), its own or an
        attachment's."""
        return self.has_power("can_use") and any(kw.allows(proto)
                                                 for kw in self.powers("can_use"))

    def powers(self, keyword: str) -> list[Any]:
        """The compiled ``keyword`` of this card and of the cards attached to it, where
        neither is blank: a champion's powers include those its items and artifacts grant
        (rules notes 5: "An item granting an immunity or movement power ... keeps the
        ability"), and those a static ability gives either of them (``Card.given``)."""
        out = self.keywords_named(keyword)  # printed and given, none while blank
        z = self.zone
        if z is not None:
            for c in z.cards:
                if c.host is self:
                    out += c.keywords_named(keyword)
        return out

    def has_power(self, keyword: str) -> bool:
        """Whether :meth:`powers` has ``keyword`` (without building the list)."""
        if self.has_keyword(keyword):
            return True
        z = self.zone
        return z is not None and any(c.host is self and c.has_keyword(keyword)
                                     for c in z.cards)


@state
class SpellfirePlayer(Player):
    __slots__ = ("deck", "hand", "pool", "battle", "dungeon", "held", "discard", "limbo", "abyss",
                 "void", "slots", "realm_step", "holding_step", "dungeon_step", "mulligan_used",
                 "dropped_realm", "played_realm", "first_realms_turn", "spoils", "reshuffled")
    ZONES = (*PLAYER_ZONES, "slots")

    def __init__(self, index: int, name: str, letters: str = "ABCDEF"):
        super().__init__(index, name)
        self.deck = Zone(DECK, self)
        self.hand = Zone(HAND, self)
        self.pool = Zone(POOL, self, in_play=True)
        self.battle = Zone(BATTLE, self, in_play=True)
        self.dungeon = Zone(DUNGEON, self, in_play=True)
        self.held = Zone(HELD, self)  # the champions its dungeon holds (not in play)
        self.discard = Zone(DISCARD, self)
        self.limbo = Zone(LIMBO, self)
        self.abyss = Zone(ABYSS, self)
        self.void = Zone(VOID, self)
        self.slots: list[Slot] = formation(letters, self)
        # phase 2's steps A (realm), B (holding), C (dungeon): each once a turn
        self.realm_step = self.holding_step = self.dungeon_step = False
        self.mulligan_used = False  # seed: "The same player can only declare a mulligan once"
        #: the player discarded a realm on their own (seed: then no mulligan)
        self.dropped_realm = False
        self.played_realm = False  # the player has played a realm this game
        #: the turn its formation first held as many unrazed realms as win (25-card ties)
        self.first_realms_turn = 0
        #: the object ids of the cards drawn as spoils of victory this turn (seed, phase 5:
        #: they may still be put into play as in phase 3 while in hand; a card object that
        #: leaves the hand is another one, with another id, if it comes back)
        self.spoils: tuple[int, ...] = ()  # a tuple: a plain slot, shared by a clone
        self.reshuffled = False  # the reshuffle variant: its discard pile was used once

    def realms(self) -> list[SpellfireCard]:
        """The realms of its formation, razed or not, front first."""
        return [c for s in self.slots for c in s.zone.cards if c.proto.type == "realm"]

    def unrazed(self) -> int:
        return sum(1 for s in self.slots for c in s.zone.cards
                   if not c.razed and c.proto.type == "realm")

    def realm_in(self, slot: Slot) -> SpellfireCard | None:
        for c in slot.zone.cards:
            if c.proto.type == "realm":
                return c
        return None

    def champions(self) -> list[SpellfireCard]:
        return [c for c in self.pool.cards if c.proto.type == "champion"]


if TYPE_CHECKING:
    from typing import TypeAlias

    from ...resolve import Trigger

    #: a Spellfire ability resolving: its source a Spellfire card, its controller a Spellfire player
    SpellfireTrigger: TypeAlias = Trigger[SpellfireCard, SpellfirePlayer]
