"""How a Wonders game looks to a player, for the search agents (:mod:`cardscript.agents`):
``evaluate`` and the hidden zones ``determinize`` deals again. Rule 405 wins on stones after
round 7, so stones weigh most; then what wins battles for them (rule 404.3.2 step 4: the
higher total power in a realm), the cards and energy that become power, and the actions
left this round.

The weights are tuned by play (docs/agents.md): greedy against random on the bundled decks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .zones import DECK, HAND

#: a stone (405: most stones wins)
STONE = 10.0
#: a realm where the player's Wonders outpower the other's and a stone is there to seize
#: (404.3.2 step 5): a stone in prospect
LEAD = 3.0
#: a point of power of a Wonder in The World
POWER = 1.0
#: a card in hand, a point of energy and an action: power to come, this round or later
CARD = 0.6
ENERGY = 0.1
ACTION = 0.1
#: any other card the player controls in The World (a land, an item): it works each round
PERMANENT = 0.8
EXTRA_CARD = 0.1
#: rule 403.5's hand size
HAND_SIZE = 7


if TYPE_CHECKING:
    from .rules import WondersGame
    from .state import WondersPlayer

#: the hidden zones ``determinize`` deals again, and those their player sees
HIDDEN_ZONES: tuple[tuple[str, ...], ...] = ((DECK, HAND),)
PRIVATE_ZONES: tuple[str, ...] = (HAND,)


def evaluate(g: WondersGame, player: WondersPlayer) -> float:
    """How good the game is for ``player`` while it goes on (``Game.evaluate``)."""
    me = player.index
    score = 0.0
    for realm in g.realms:
        stones = realm.stones
        for s in stones:
            if s is not None:
                score += STONE if s == me else -STONE
        if not realm.active:
            continue
        powers = [sum(c.power() for c in side.cards
                      if c.proto.is_wonder and not c.face_down) for side in realm.sides]
        for side in realm.sides:
            others = sum(1 for c in side.cards if not c.proto.is_wonder)
            score += PERMANENT * others if side.player is player else -PERMANENT * others
        mine = powers[me]
        theirs = sum(powers) - mine
        score += POWER * (mine - theirs)
        if mine > theirs and any(s != me for s in stones):
            score += LEAD
        elif theirs > mine and any(s is None or s == me for s in stones):
            score -= LEAD
    for limbo in g.limbos:  # a card being played counts as played (one-ply search)
        for c in limbo.cards:
            if c.proto.is_wonder:
                score += POWER * (c.proto.power or 0) * (1 if c.owner is player else -1)
    return score + g.zero_sum(player, lambda p: _holding(g, p))


def _holding(g: WondersGame, p: WondersPlayer) -> float:
    """What ``p`` holds: cards in hand, energy, actions, stone cards."""
    hand = len(p.hand.cards)
    # cards past 7 are discarded at round end (403.5): worth a little
    return CARD * min(hand, HAND_SIZE) + EXTRA_CARD * max(hand - HAND_SIZE, 0) + \
        ENERGY * p.energy + ACTION * p.actions + STONE * g.continuous.stone_cards(g, p)
