"""Counting game events (rule 511): "the first time", "the third time" an event happens this
round or this game is the actual number of times it has happened, whether or not the card
that counts was in The World to see the earlier ones.

So the game counts, from its start, the events each counting trigger of each card it can
meet would count (the ``time`` of a ``whenever`` trigger, triggers.py), for each player as
"you". The game names each counting trigger by its card definition and ability index, and
keeps plain numbers; the event being published carries this event's counts to the triggers
it reaches (``Event.data``, unused by those events otherwise), named the same way.
The game counts every event it publishes, the events its rules derive from others
("entered", rules.py) included: :meth:`Counting.count` is called from ``WondersGame.publish``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...bus import Event
from ...section import Section, section
from .triggers import Whenever

if TYPE_CHECKING:
    from ...state import CardDef
    from .primitives import Primitives


@section
class Counting(Section):
    """Rule 511's counts: ``counted`` names each counting trigger (card definition, ability
    index); ``tallies`` holds, per trigger and player, [this game's count, this round's, the
    round that is]."""

    __slots__ = ("counted", "tallies")
    name = "counting"

    def __init__(self, g: Primitives) -> None:
        self.counted: list[tuple[CardDef, int]] = []
        self.tallies: list[list[list[int]]] = []

    def find(self, g: Primitives) -> None:
        """The counting triggers of every card the game can meet: its decks, its tokens, and
        the cards already placed (a scenario's set-up)."""
        protos = {id(d): d for deck in g.decks for d in deck}
        protos.update((id(d), d) for d in g.tokens.values())
        for p in g.players:
            for kind in p.ZONES:
                protos.update((id(c.proto), c.proto) for c in p.zone(kind).cards
                              if hasattr(c, "proto"))
        for c in g.world_cards(every=True):
            protos[id(c.proto)] = c.proto
        self.counted = [(d, i) for d in protos.values()
                        for i, ab in enumerate(d.program.abilities)
                        if isinstance(ab.trigger, Whenever) and ab.trigger.time is not None]
        self.tallies = [[[0, 0, 0] for _ in g.players] for _ in self.counted]

    def count(self, g: Primitives, event: Event) -> None:
        """Count ``event`` for each counting trigger that would see it, for each player as
        "you"; the event carries the counts (game or round, as each trigger asks). Games
        whose cards count nothing pay one test per event."""
        if not self.counted or event.card is None:
            return
        counts = []
        r = g.round
        for (proto, i), per_player in zip(self.counted, self.tallies, strict=True):
            trigger = proto.program.abilities[i].trigger
            if trigger.event != event.kind:
                continue
            ns = []
            for p, tally in zip(g.players, per_player, strict=True):
                if tally[2] != r:  # a new round: this round's count starts again
                    tally[1], tally[2] = 0, r
                if trigger.selector.matches(event.card, p, None, None, anywhere=True):
                    tally[0] += 1
                    tally[1] += 1
                ns.append(tally[1] if trigger.during == "round" else tally[0])
            counts.append((proto.id, i, tuple(ns)))
        if counts:
            event.data = tuple(counts)
