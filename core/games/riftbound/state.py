"""Riftbound's card definitions, card objects and players: what the core's carry, plus what a
Riftbound card prints (domains, power cost, might, tags, champion), what a card on the board
has (exhausted, damage, buff, stun, Might changes this turn, its combat designation) and a
player's zones and resources (rune pool: energy and power by domain; points; the
battlefields scored this turn)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...loadable import state
from ...state import Card, CardDef, Player
from ...zones import Zone
from .card import DOMAINS
from .effects import AddEnergy, AddPower
from .zones import (
    ASIDE,
    BANISHMENT,
    BOARD,
    CHAMPION,
    DECK,
    HAND,
    LEGEND,
    PLAYER_ZONES,
    RUNE_DECK,
    RUNES,
    TRASH,
    Base,
)

NO_POWER = (0,) * len(DOMAINS)
DOMAIN_INDEX = {d: i for i, d in enumerate(DOMAINS)}


class RiftCardDef(CardDef):
    __slots__ = ("domains", "power", "might", "tags", "champion", "unique", "is_unit",
                 "cost_changes", "cost_mod", "own_cost", "adds")
    type: str
    token: bool
    domains: tuple[str, ...]
    power: int
    might: int | None
    tags: tuple[str, ...]
    champion: bool
    unique: bool
    is_unit: bool
    cost_mod: bool
    own_cost: tuple
    adds: tuple[int, ...]

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.domains = tuple(self.domains or ())
        self.tags = tuple(self.tags or ())
        self.power = self.power or 0
        self.is_unit = self.type == "unit"
        kws = self.keywords or {}
        #: its cost changes (``cost_more``, ``cost_less``: repeatable), increases first
        self.cost_changes: tuple = (*kws.get("cost_more", ()), *kws.get("cost_less", ()))
        changes = self.cost_changes
        #: it changes other cards' costs (a static ``cost_less`` or ``cost_more``)
        self.cost_mod = any(k.cards != "this" for k in changes)
        #: its changes of its own cost (``cards: this``): increases, then discounts
        self.own_cost = tuple(k for k in changes if k.cards == "this")
        #: its Add abilities (rules notes 2): the activated abilities (their indices) whose
        #: effect adds energy or power; they resolve at once, without the chain
        acts = self.program.activated if self.program is not None else ()
        self.adds = tuple(i for i, ab in enumerate(acts)
                          if isinstance(ab.effect, (AddEnergy, AddPower)))


@state
class RiftCard(Card):
    """A card object. Might is printed Might, +1 for a buff, plus this turn's changes
    (``mods``), plus Assault or Shield while it is an attacker or a defender."""

    __slots__ = ("exhausted", "damage", "buffed", "stunned", "mods", "designation",
                 "hidden_turn", "host", "tags_given")
    STATE = ("host",)  # a card: copied through the memo
    proto: RiftCardDef

    def __init__(self, oid: int, proto: Any, owner: Any, zone: Any = None):
        super().__init__(oid, proto, owner, zone)
        self.exhausted = False
        self.damage = 0
        self.buffed = False
        self.stunned = False
        self.mods: tuple[int, ...] = ()  # Might changes that expire this turn (a tuple: shared)
        self.designation = ""  # "attacker" or "defender" during a combat
        self.hidden_turn = 0  # the turn it was hidden facedown at a battlefield (Hidden)
        #: the unit an equipment (gear) is attached to (rules notes 9, Equipment), if any
        self.host: RiftCard | None = None
        #: the tags static abilities give it now (``counts_as``: the traits layer)
        self.tags_given: tuple[str, ...] = ()

    def has_tag(self, tag: str) -> bool:
        """Whether it has ``tag`` now: printed, or given by a static ability."""
        return tag in self.proto.tags or tag in self.tags_given

    def equipped(self) -> RiftCard | None:
        """The unit this equipment is attached to, while both are on the board: it detaches
        when the unit leaves (rules notes 9; ``Card.equipped``)."""
        h = self.host
        if h is None or h.zone is None or not h.zone.in_play or \
                self.zone is None or not self.zone.in_play:
            return None
        return h

    def might(self) -> int:
        """Current Might (notes 9: below 0 counts as 0)."""
        m = (self.proto.might or 0) + self.buffed + sum(self.mods)
        if self.boosts:  # static abilities' settings, then bonuses (rules notes 5.3)
            base = self.set_to("might")
            if base is not None:
                m += base - (self.proto.might or 0)
            m += self.boost("might")
        if self.designation == "attacker":  # notes 10: instances sum, printed and given
            for kw in self.keywords_named("assault"):
                m += kw.amount
        elif self.designation == "defender":
            for kw in self.keywords_named("shield"):
                m += kw.amount
        return m if m > 0 else 0

    def lethal(self) -> int:
        """Damage that would kill it now: a unit dies from non-zero damage at least its Might."""
        left = self.might() - self.damage
        return left if left > 1 else 1


@state
class RiftPlayer(Player):
    __slots__ = ("deck", "rune_deck", "hand", "base", "runes", "trash", "banishment",
                 "legend", "champion", "aside", "energy", "power", "points", "scored",
                 "channels", "finalized", "xp")
    ZONES = PLAYER_ZONES

    def __init__(self, index: int, name: str):
        super().__init__(index, name)
        self.deck = Zone(DECK, self)
        self.rune_deck = Zone(RUNE_DECK, self)
        self.hand = Zone(HAND, self)
        self.base = Zone(BOARD, self, Base(self), in_play=True)
        self.runes = Zone(RUNES, self, in_play=True)
        self.trash = Zone(TRASH, self)
        self.banishment = Zone(BANISHMENT, self)
        self.legend = Zone(LEGEND, self, in_play=True)
        self.champion = Zone(CHAMPION, self)
        self.aside = Zone(ASIDE, self)
        self.energy = 0  # the rune pool: energy ...
        #: ... and power by domain, in the order of DOMAINS (a tuple: copies share it)
        self.power: tuple[int, ...] = NO_POWER
        self.points = 0
        self.scored: tuple[int, ...] = ()  # battlefields (indices) scored this turn
        self.channels = 0  # Channel phases had: the second player's first channels 3
        self.finalized = 0  # cards this player finalized this turn (Legion)
        self.xp = 0  # experience (rules notes 9, XP: a public, unlimited counter; Hunt, Level)

    def power_of(self, domain: str) -> int:
        return self.power[DOMAIN_INDEX[domain]]

    def add_power(self, domain: str, n: int) -> None:
        i = DOMAIN_INDEX[domain]
        self.power = (*self.power[:i], self.power[i] + n, *self.power[i + 1:])


if TYPE_CHECKING:
    from typing import TypeAlias

    from ...resolve import Trigger

    #: a Riftbound ability resolving: its source a Riftbound card, its controller a Riftbound player
    RiftTrigger: TypeAlias = Trigger[RiftCard, RiftPlayer]
