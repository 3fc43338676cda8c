"""Run-time state: compiled card definitions, card objects, players and durations.

A card object is one instance of a card in one zone. Rule "Areas of the Game": whenever a card
moves from one area to another it is a new instance and loses all effects on it, so the engine
makes a new object (new ``oid``) on every zone change except realm-to-realm moves.
"""
from __future__ import annotations

from typing import Any

from .clone import copy_slots, copy_value


class CardDef:
    """A compiled card: printed stats plus its :class:`~cardscript.compiler.CardProgram`."""

    __slots__ = ("id", "name", "type", "cost", "power", "orbital", "classes", "tier", "core",
                 "token", "faction", "lineage", "keywords", "program", "text", "source",
                 "is_wonder", "references", "digest")

    def __init__(self, **kw: Any):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))
        self.is_wonder = self.type == "wonder"

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


class Card:
    """One object in one zone."""

    __slots__ = ("oid", "proto", "owner", "controller", "zone", "tapped", "plus", "minus",
                 "mods", "null", "base", "handlers", "face_down", "token", "orbital",
                 "arrived_round", "attacked", "last_zone", "moved_to")

    def __init__(self, oid: int, proto: CardDef, owner, zone=None):
        self.oid = oid
        self.proto = proto
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.plus = 0
        self.minus = 0
        #: power modifiers with durations held by the game; a tuple, so copies share it
        self.mods: tuple[int, ...] = ()
        self.null = 0  # 0: not nullified; 1: this round; 2: permanently (null counter)
        self.base = proto.power  # base power; stun sets it to 0 this round
        self.handlers: tuple | list = ()  # the bus's handlers for it, while registered
        self.face_down = False
        self.token = bool(proto.token)
        self.orbital = proto.orbital
        self.arrived_round = 0
        self.attacked = False
        self.last_zone = zone  # where it was when it left (last known information)
        self.moved_to = None  # the object it became in its new zone

    def _clone(self, memo: dict, zone: Any = None, player: Any = None,
               new_player: Any = None) -> "Card":
        """The copy of this card. When its zone is copying its cards (the common case, made
        fast: this runs for every card of a game), ``zone`` is the zone's copy and
        ``player``, ``new_player`` the zone's player and its copy."""
        n = Card.__new__(Card)
        memo[id(self)] = n
        n.oid = self.oid
        n.proto = self.proto
        owner = self.owner
        n.owner = new_owner = new_player if owner is player and player is not None else \
            memo.get(id(owner)) or copy_value(owner, memo)
        c = self.controller
        n.controller = new_owner if c is owner else copy_value(c, memo)
        z = self.zone
        if zone is None and z is not None:
            zone = copy_value(z, memo)
        n.zone = zone
        n.tapped = self.tapped
        n.plus = self.plus
        n.minus = self.minus
        n.mods = self.mods
        n.null = self.null
        n.base = self.base
        n.handlers = ()  # filled by the bus's copy
        n.face_down = self.face_down
        n.token = self.token
        n.orbital = self.orbital
        n.arrived_round = self.arrived_round
        n.attacked = self.attacked
        last = self.last_zone
        n.last_zone = zone if last is z else copy_value(last, memo)
        m = self.moved_to
        n.moved_to = m if m is None else copy_value(m, memo)
        return n

    @property
    def id(self) -> str:
        return self.proto.id

    @property
    def realm(self):
        z = self.zone or self.last_zone
        return z.realm if z is not None else None

    @property
    def gone(self) -> bool:
        return self.zone is None

    def power(self) -> int:
        p = (self.base or 0) + self.plus - self.minus
        for m in self.mods:
            p += m
        return p

    def has_keyword(self, name: str) -> bool:
        return not self.null and name in self.proto.keywords

    def __repr__(self) -> str:
        where = self.zone.label() if self.zone is not None else "gone"
        return f"<{self.proto.id}#{self.oid} {where}>"

    def label(self) -> str:
        where = self.zone.label() if self.zone is not None else "gone"
        return f"{self.proto.id} @{where}"


class Player:
    __slots__ = ("index", "name", "deck", "hand", "abyss", "banishment", "energy", "actions",
                 "harvested_actions", "lost", "passes", "deck_name", "turns")

    def __init__(self, index: int, name: str):
        from .zones import ABYSS, BANISHMENT, DECK, HAND, Zone
        self.index = index
        self.name = name
        self.deck = Zone(DECK, self)
        self.hand = Zone(HAND, self)
        self.abyss = Zone(ABYSS, self)
        self.banishment = Zone(BANISHMENT, self)
        self.energy = 0
        self.actions = 0
        self.harvested_actions = 0  # gained by harvest: usable from the next turn (harvest)
        self.lost = False
        self.passes = 0  # consecutive passes this round (rule 404.5.1)
        self.deck_name = ""
        self.turns = 0

    def _clone(self, memo: dict) -> "Player":
        return copy_slots(self, Player.__new__(Player), _PLAYER_PLAIN, _PLAYER_ZONES, memo)

    def __repr__(self) -> str:
        return f"<player {self.name}>"

    def label(self) -> str:
        return self.name

    def zone(self, kind: str):
        return getattr(self, kind)


_PLAYER_ZONES = ("deck", "hand", "abyss", "banishment")
_PLAYER_PLAIN = tuple(n for n in Player.__slots__ if n not in _PLAYER_ZONES)
