"""Wonders' card definitions, card objects and players: what the core's carry, plus what
Wonders prints on a card (power, orbital, tier, classes, core, faction, lineage), what a card
in play has (tapped, counters, shield counters, power modifiers, stun, face down, when it
arrived, whether it attacked) and a player's zones and resources (energy, actions, faith)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...loadable import state
from ...state import Card, CardDef, Player
from ...zones import Zone
from .zones import ABYSS, BANISHMENT, DECK, HAND, PLAYER_ZONES, WORLD

if TYPE_CHECKING:
    from .zones import Realm

#: the class that makes an item equipment (rulebook, Card Types and Game Terms, Equip)
EQUIPMENT = "Equipment"


class WondersCardDef(CardDef):
    __slots__ = ("power", "orbital", "classes", "tier", "core", "faction", "lineage",
                 "is_wonder", "is_equipment")
    # every Wonders card prints its type, cost and whether it is a token
    type: str
    cost: int
    token: bool
    power: int | None
    orbital: str
    classes: tuple[str, ...]
    tier: str
    core: bool
    faction: str | None
    lineage: str | None
    is_wonder: bool
    is_equipment: bool

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.classes = tuple(self.classes or ())
        self.is_wonder = self.type == "wonder"
        # rulebook, Equip: "Some items have the equipment class"
        self.is_equipment = self.type == "item" and EQUIPMENT in self.classes


#: ``WondersCard.blank``: its text is blank without it being nullified (a face-down card,
#: rule 510; a copy of blank text, rule 507). 1 and 2 are nullification (this round, for good)
BLANK_TEXT = 3


@state
class WondersCard(Card):
    """A card object. ``blank`` is its nullification (rulebook, Nullify): 1 this round, 2
    for good (a null counter); 3 is a copy's blank text, not nullified (rule 507)."""

    __slots__ = ("tapped", "plus", "minus", "mods", "base", "face_down", "orbital",
                 "arrived_round", "attacked", "shields", "equipped_to", "classes", "static_base",
                 "stunned", "copied", "grants")
    proto: WondersCardDef
    STATE = ("equipped_to",)

    def __init__(self, oid: int, proto: Any, owner: Any, zone: Any = None):
        super().__init__(oid, proto, owner, zone)
        self.tapped = False
        self.plus = 0  # +1 counters
        self.minus = 0  # -1 counters
        #: power modifiers with durations held by the game; a tuple, so copies share it
        self.mods: tuple[int, ...] = ()
        self.base = proto.power  # base power; stun sets it to 0 this round
        self.face_down = False
        self.orbital = proto.orbital
        self.arrived_round = 0
        self.attacked = False
        self.shields = 0  # shield counters (rulebook, Shield)
        self.equipped_to: WondersCard | None = None  # an equipment's Wonder (Equip)
        #: its classes: the printed ones, and those continuous effects add (rule 508.1)
        self.classes: tuple[str, ...] = proto.classes
        #: its base power set by a continuous effect, over ``base`` (rule 508.1)
        self.static_base: int | None = None
        #: when it was last stunned (the game's object count then; 0: not stunned): a
        #: continuous effect older than that does not overwrite the stun's base power
        self.stunned = 0
        #: a copy (rule 507)? 0 no, 1 with its printed abilities, 2 with blank text (copies.py)
        self.copied = 0
        #: abilities continuous effects give it (an equipment's "equipped Wonder gets ...",
        #: rule 508.1): its own while given, never printed (rule 507); the game's handlers of
        #: the abilities are in ``handlers`` with its own (continuous.py); the keywords they
        #: give are the core's ``given``
        self.grants: tuple = ()

    def equipped(self) -> WondersCard | None:
        """The Wonder this equipment is equipped to, while it is in The World (rulebook,
        Equip; ``Card.equipped``)."""
        w = self.equipped_to
        return w if w is not None and w.zone is not None and w.zone.kind == WORLD else None

    @property
    def realm(self) -> Realm | None:
        """The realm it is in, or was in when it left (last known information)."""
        z = self.zone or self.last_zone
        return z.area if z is not None else None  # a realm is the area of its zones

    @property
    def virtual(self) -> bool:
        """A copy with virtual card text (rule 507, copies.py): in no zone, and never was."""
        return self.copied != 0 and self.zone is None and self.last_zone is None

    @property
    def nullified(self) -> bool:
        return self.blank in (1, 2)

    def power(self) -> int:
        b = self.base if self.static_base is None else self.static_base
        p = (b or 0) + self.plus - self.minus
        for m in self.mods:
            p += m
        if self.boosts:  # static abilities' bonuses (rule 508.1)
            p += self.boost("power")
        return p


@state
class WondersPlayer(Player):
    __slots__ = ("deck", "hand", "abyss", "banishment", "energy", "actions",
                 "harvested_actions", "passes", "faith", "faith_round", "faith_spent")
    ZONES = PLAYER_ZONES

    def __init__(self, index: int, name: str):
        super().__init__(index, name)
        self.deck = Zone(DECK, self)
        self.hand = Zone(HAND, self)
        self.abyss = Zone(ABYSS, self)
        self.banishment = Zone(BANISHMENT, self)
        self.energy = 0
        self.actions = 0
        self.harvested_actions = 0  # gained by harvest: usable from the next turn (harvest)
        self.passes = 0  # consecutive passes this round (rule 404.5.1)
        self.faith = 0  # carries over between rounds (rulebook, Faith)
        self.faith_round = 0  # the round faith was last spent in: once per round
        self.faith_spent = 0  # how much was spent then: the X of "spend X faith"


if TYPE_CHECKING:
    from typing import TypeAlias

    from ...resolve import Trigger

    #: a Wonders ability resolving: its source a Wonders card, its controller a Wonders player
    WondersTrigger: TypeAlias = Trigger[WondersCard, WondersPlayer]
