"""Zones: deck, hand, abyss, banishment per player; the world's realms with a side per player
and a centre. A zone is an ordered list of card objects plus who it belongs to."""
from __future__ import annotations

from .clone import copy_value

DECK, HAND, ABYSS, BANISHMENT, WORLD, LIMBO = (
    "deck", "hand", "abyss", "banishment", "world", "limbo")
ZONE_KINDS = (DECK, HAND, ABYSS, BANISHMENT, WORLD, LIMBO)


class Zone:
    __slots__ = ("kind", "player", "realm", "cards")

    def __init__(self, kind: str, player, realm=None):
        self.kind = kind
        self.player = player  # a Player, or None for a realm's centre
        self.realm = realm  # a Realm, for the world
        self.cards: list = []

    def _clone(self, memo: dict) -> "Zone":
        n = Zone.__new__(Zone)
        memo[id(self)] = n
        n.kind = self.kind
        p = self.player
        n.player = np = p if p is None else copy_value(p, memo)
        r = self.realm
        n.realm = r if r is None else copy_value(r, memo)
        get = memo.get
        n.cards = [get(id(c)) or c._clone(memo, n, p, np) for c in self.cards]
        return n

    def __repr__(self) -> str:
        who = self.player.name if self.player is not None else "centre"
        where = f" realm {self.realm.number}" if self.realm is not None else ""
        return f"<{self.kind}{where} {who}: {len(self.cards)}>"

    def label(self) -> str:
        if self.kind == WORLD:
            side = self.player.name if self.player is not None else "centre"
            return f"realm {self.realm.number}/{side}"
        return f"{self.kind}/{self.player.name}" if self.player is not None else self.kind


class Realm:
    """One realm of the world: a side per player, a centre, and its stones."""

    __slots__ = ("number", "active", "sides", "centre", "stones")

    def __init__(self, number: int, players: list):
        self.number = number
        self.active = False
        self.sides = [Zone(WORLD, p, self) for p in players]
        self.centre = Zone(WORLD, None, self)
        self.stones: list = [None]  # owner index per stone; None = in the centre

    def _clone(self, memo: dict) -> "Realm":
        n = Realm.__new__(Realm)
        memo[id(self)] = n
        n.number = self.number
        n.active = self.active
        n.stones = self.stones[:]
        n.sides = [copy_value(s, memo) for s in self.sides]
        n.centre = copy_value(self.centre, memo)
        return n

    def __repr__(self) -> str:
        return f"<realm {self.number}>"

    def label(self) -> str:
        return f"realm {self.number}"

    def controller(self):
        """Rule 505.3: the player with the most stones here, or None if nobody has most."""
        counts: dict = {}
        for s in self.stones:
            if s is not None:
                counts[s] = counts.get(s, 0) + 1
        if not counts:
            return None
        best = max(counts.values())
        top = [p for p, n in counts.items() if n == best]
        return top[0] if len(top) == 1 else None
