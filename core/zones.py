"""Zones: ordered lists of card objects that a game declares (its decks, hands, discard piles,
the places of its table). A zone knows its kind (a name the game chooses), the player it
belongs to (None for a shared zone), the area of the table it is part of (a game's object,
one part of its table, or None), and whether cards in it are *in play*: moves
between zones in play keep a card's object, and its controller is the zone's player.

A hidden zone (a deck) may hold :class:`Unseen` cards: a card that no rule has looked at yet
is its object number and definition, and its object is made when a rule looks at it or
moves it (:meth:`~cardscript.game.Game.top`, :meth:`~cardscript.game.Game.look`). Until
then it has no state of its own, so a copy of the game shares it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .clone import copy_value
from .loadable import state

if TYPE_CHECKING:
    from .state import CardDef


class Unseen(NamedTuple):
    """A card in a hidden zone, not yet an object: its object number, given when it was put
    there, and its definition. Read-only code may use ``proto`` as a card's; anything else
    asks the game for the object (:meth:`~cardscript.game.Game.top`)."""
    oid: int
    proto: CardDef


@state
class Zone:
    __slots__ = ("kind", "player", "area", "cards", "in_play")

    def __init__(self, kind: str, player: Any, area: Any = None, in_play: bool = False):
        self.kind = kind
        self.player = player  # a Player, or None for a shared zone
        self.area = area  # the part of the table it belongs to, if the game has such parts
        self.in_play = in_play
        self.cards: list = []

    def _clone(self, memo: dict) -> "Zone":
        n = Zone.__new__(Zone)
        memo[id(self)] = n
        n.kind = self.kind
        n.in_play = self.in_play
        get = memo.get  # what the zone points to is mostly copied already: look there first
        p = self.player
        n.player = np = p if p is None else get(id(p)) or copy_value(p, memo)
        a = self.area
        n.area = a if a is None else get(id(a)) or copy_value(a, memo)
        n.cards = [c if type(c) is Unseen else get(id(c)) or c._clone(memo, n, p, np)
                   for c in self.cards]
        return n

    def __repr__(self) -> str:
        who = self.player.name if self.player is not None else "shared"
        where = f" {self.area.label()}" if self.area is not None else ""
        return f"<{self.kind}{where} {who}: {len(self.cards)}>"

    def label(self) -> str:
        """How options name the zone: ``hand/A``; a zone in play is named by its area (the
        area's ``zone_label``)."""
        if self.in_play and self.area is not None:
            return self.area.zone_label(self)
        return f"{self.kind}/{self.player.name}" if self.player is not None else self.kind
