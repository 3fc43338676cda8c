"""What a player sees of a game at the table, in words no game owns: the board as areas of
cards (each with its name, stats, statuses and counters), each player's resources and the
sizes of their hidden piles, and the viewer's own hand. A game describes its board through
:meth:`cardscript.game.Game.table` (the generic one, :func:`generic_table`, shows every zone
in play); tools (``cardscript play``) only print it. Nothing here is hidden information the
viewer can't see: a face-down card of another player is a :data:`FACE_DOWN` card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import printable

if TYPE_CHECKING:
    from .game import Game
    from .state import Card, Player


@dataclass
class CardView:
    """One card as the viewer sees it. ``id`` is empty for a card they can't see."""

    name: str
    id: str = ""
    #: its numbers and words by name, as the game prints them (power, might, level, cost)
    stats: dict[str, Any] = field(default_factory=dict)
    #: what is true of it now: tapped, exhausted, razed, face down, stunned ...
    statuses: list[str] = field(default_factory=list)
    #: counters on it by kind (+1, -1, shield, damage ...); only those it has
    counters: dict[str, int] = field(default_factory=dict)
    #: cards attached to it (equipment, a champion's magical items)
    attached: list[CardView] = field(default_factory=list)


#: the name of a card the viewer can't see
FACE_DOWN = "face-down card"


def hidden_card() -> CardView:
    return CardView(FACE_DOWN, statuses=["face down"])


@dataclass
class AreaView:
    """A part of the table: one player's side of a shared place, a place of their own, a
    shared place. ``owner`` is the player's name, or None for a shared area; ``notes`` say
    what else is true of it (who holds it, what it holds besides cards)."""

    name: str
    owner: str | None
    cards: list[CardView]
    notes: list[str] = field(default_factory=list)


@dataclass
class PlayerView:
    """A player's resources (points, what they can spend ...) and the sizes of their piles
    (hand, deck, discard ...), by name, in the game's order."""

    name: str
    resources: dict[str, Any] = field(default_factory=dict)
    piles: dict[str, int] = field(default_factory=dict)


@dataclass
class TableView:
    """The whole table as ``viewer`` sees it: where the game stands (``heading``), the
    players, the areas of the board and the viewer's hand (each card with its cost among
    its stats, where the game has one)."""

    heading: str
    viewer: str
    players: list[PlayerView]
    areas: list[AreaView]
    hand: list[CardView]

    def __post_init__(self) -> None:
        # the table is printed as it is: once assembled, every word on it (card names,
        # statuses, notes, player names) has its control characters escaped, so no name
        # can drive the terminal it is shown on (`check` refuses them in cards, not decks)
        self.heading, self.viewer = printable(self.heading), printable(self.viewer)
        for p in self.players:
            p.name = printable(p.name)
            p.resources = {printable(k): _shown(v) for k, v in p.resources.items()}
            p.piles = {printable(k): n for k, n in p.piles.items()}
        for a in self.areas:
            a.name, a.notes = printable(a.name), [printable(n) for n in a.notes]
            if a.owner is not None:
                a.owner = printable(a.owner)
            _printable_cards(a.cards)
        _printable_cards(self.hand)


def _shown(value: Any) -> Any:
    return printable(value) if isinstance(value, str) else value


def _printable_cards(cards: list[CardView]) -> None:
    for c in cards:
        c.name, c.id = printable(c.name), printable(c.id)
        c.stats = {printable(k): _shown(v) for k, v in c.stats.items()}
        c.statuses = [printable(s) for s in c.statuses]
        c.counters = {printable(k): n for k, n in c.counters.items()}
        _printable_cards(c.attached)


def hidden_kinds(game: Game, viewer: Player, owner: Player | None) -> set[str]:
    """The kinds of ``owner``'s zones whose cards ``viewer`` can't see (the game's
    ``HIDDEN_ZONES``, less its ``PRIVATE_ZONES`` when they are the viewer's own)."""
    kinds = {k for group in game.HIDDEN_ZONES for k in group}
    if owner is viewer:
        kinds -= set(game.PRIVATE_ZONES)
    return kinds


def plain_card(card: Card, **stats: Any) -> CardView:
    """A card by its name, with the printed cost when it has one, and ``stats``."""
    shown: dict[str, Any] = {}
    cost = getattr(card.proto, "cost", None)
    if cost is not None:
        shown["cost"] = cost
    shown.update({k: v for k, v in stats.items() if v is not None})
    return CardView(card.proto.name, card.proto.id, shown)


def generic_table(game: Game, viewer: Player) -> TableView:
    """The table of a game that does not describe its own: each player's zones in play as
    areas, the size of every other zone of theirs, and the viewer's hand (a zone of the
    kind ``hand``, when they have one)."""
    players: list[PlayerView] = []
    areas: list[AreaView] = []
    hand: list[CardView] = []
    for p in game.players:
        pv = PlayerView(p.name)
        for kind in p.ZONES:
            zone = getattr(p, kind, None)
            if zone is None or not hasattr(zone, "cards"):
                continue
            if zone.in_play:
                areas.append(AreaView(zone.label(), p.name,
                                      [plain_card(c) for c in zone.cards]))
            else:
                pv.piles[kind] = len(zone.cards)
            if kind == "hand" and p is viewer:
                hand = [plain_card(c) for c in zone.cards]
        players.append(pv)
    who = getattr(game.active, "name", "")
    return TableView(f"{who}'s turn" if who else "", viewer.name, players, areas, hand)
