"""Per-card events read from log entries in the shape card games share, for the records of
``cardscript simulate --out`` (:meth:`cardscript.game.Game.card_events`).

A game whose log says ``("draw", player, count)`` after moving the drawn cards onto its
hand, ``("play", player, card id, ...)`` as a card is played and ``("first", player, ...)``
for who takes the first turn calls :func:`logged_card_events` from its ``card_events``,
naming the entry after which the hands are the opening hands. It sits in the core because
the shapes are no one game's; a game logging otherwise writes its own ``card_events``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .state import Player

#: the metrics :func:`logged_card_events` reports (``CARD_METRICS`` of a game using it)
METRICS = ("opening_hand", "drawn", "played")


def logged_card_events(game: Game, entry: tuple, *, opening: bool, setup_over: bool,
                       hand: str = "hand") -> Iterator[tuple[str, int, str]]:
    """``(metric, player index, card id)`` for ``entry``: at the entry that marks the end of
    the setup (``opening``), every card of each player's hand (the zone in the player's
    slot ``hand``) is in their opening hand; after it (``setup_over``) a draw draws the top
    ``count`` cards of the hand, the ones just put there; a play plays its card."""
    kind = entry[0]
    if opening:
        for p in game.players:
            for c in getattr(p, hand).cards:
                yield "opening_hand", p.index, c.proto.id
    elif kind == "draw" and setup_over and entry[2]:
        p = _player(game, entry[1])
        for c in getattr(p, hand).cards[-entry[2]:]:
            yield "drawn", p.index, c.proto.id
    elif kind == "play":
        yield "played", _player(game, entry[1]).index, entry[2]
    elif kind == "first":
        yield "first", _player(game, entry[1]).index, ""


def _player(game: Game, name: str) -> Player:
    for p in game.players:
        if p.name == name:
            return p
    raise ValueError(f"no player named {name!r} in the log entry")
