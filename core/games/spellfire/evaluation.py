"""How a Spellfire game looks to a player, for the search agents (:mod:`cardscript.agents`):
``evaluate`` and the hidden zones ``determinize`` deals again. Unrazed realms in a player's
formation win (the format's ``victory_realms``), so they weigh most; a razed realm still
fills its slot and can be rebuilt; champions in the pool or in a battle defend realms and raze
the other's (their levels: what wins a battle); cards in hand become both.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .zones import DECK, HAND

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfirePlayer

REALM = 10.0  # an unrazed realm in the formation
RAZED = 3.0  # a razed one
LEVEL = 1.0  # a level of a champion in the pool
CARD = 0.6  # a card in hand

#: the hidden zones ``determinize`` deals again, and those their player sees
HIDDEN_ZONES: tuple[tuple[str, ...], ...] = ((DECK, HAND),)
PRIVATE_ZONES: tuple[str, ...] = (HAND,)


def evaluate(g: SpellfireGame, player: SpellfirePlayer) -> float:
    """How ``player`` stands in a game not over (``SpellfireGame.evaluate``)."""
    return g.zero_sum(player, holding)


def holding(p: SpellfirePlayer) -> float:
    """What ``p`` has: realms (razed ones less), champions' levels, cards in hand."""
    realms = p.realms()
    unrazed = sum(not c.razed for c in realms)
    return REALM * unrazed + RAZED * (len(realms) - unrazed) + \
        LEVEL * sum(c.proto.level or 0 for z in (p.pool, p.battle) for c in z.cards
                    if c.proto.type == "champion") + \
        CARD * len(p.hand.cards)
