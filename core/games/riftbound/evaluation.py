"""How a Riftbound game looks to a player, for the search agents (:mod:`cardscript.agents`):
``evaluate`` and the hidden zones ``determinize`` deals again. Points win (rules notes 8:
the first to 8); battlefields held score them (conquer and hold); units' Might holds and
takes battlefields; cards in hand and runes become units and spells.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .zones import DECK, HAND, RUNE_DECK

POINT = 10.0
BATTLEFIELD = 4.0  # a battlefield controlled: it scores when held
MIGHT = 1.0  # a point of Might of a unit on the board
CARD = 0.6
RUNE = 0.8  # a rune in play: energy and power every turn


if TYPE_CHECKING:
    from .play import Playing
    from .state import RiftPlayer

#: the hidden zones ``determinize`` deals again, and those their player sees
HIDDEN_ZONES: tuple[tuple[str, ...], ...] = ((DECK, HAND), (RUNE_DECK,))
PRIVATE_ZONES: tuple[str, ...] = (HAND,)


def evaluate(g: Playing, player: RiftPlayer) -> float:
    """How good the game is for ``player`` while it goes on (``Game.evaluate``)."""
    return g.zero_sum(player, lambda p: (
        POINT * p.points + MIGHT * sum(c.might() for c in g.units_of(p))
        + CARD * len(p.hand.cards) + RUNE * len(p.runes.cards)
        + BATTLEFIELD * sum(bf.controller is p for bf in g.battlefields)))
