"""``greedy``: one-ply lookahead over copies of the game (docs/agents.md).

For each option of a decision it answers a copy of the game with that option, lets the game
run to the next decision of any player (or the end), and scores the copy from the deciding
player's side with the game's :meth:`~cardscript.game.Game.evaluate`; the best option wins,
ties broken by its own seeded RNG. When that next decision is the same player's again, the
second half of one move (where to put the card just chosen to play), the score is that of
its best option, looked at the same way, ``follow`` levels deep: a move is judged by where
it ends, not half-way. A decision with more than ``width`` options has a random ``width``
of them scored, so a decision costs at most ``width ** (follow + 1)`` copies.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game


class GreedyAgent:
    OPTIONS = {"width": "the most options scored at one decision (default 16; a random "
                        "sample of that many when there are more)",
               "follow": "how many of the player's own next decisions a move's score looks "
                         "through (default 1; 0: the next decision, whoever's)"}

    def __init__(self, seed: int = 0, width: int = 16, follow: int = 1):
        if width < 1 or follow < 0:
            raise ValueError("width must be at least 1 and follow at least 0")
        self.rng = random.Random(seed)
        self.width = width
        self.follow = follow

    def choose(self, game: Game, decision: Decision) -> int:
        if len(decision.options) == 1:
            return 0
        best, _ = self.best(game, decision, decision.player.index, self.follow)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def best(self, game: Game, decision: Decision, me: int,
             follow: int) -> tuple[list[int], float]:
        """The options of ``decision`` that score best for player ``me``, and their score."""
        n = len(decision.options)
        indices = range(n) if n <= self.width else self.rng.sample(range(n), self.width)
        best: list[int] = []
        top = float("-inf")
        for i in indices:
            g = game.clone()
            d = g.choose_index(i)
            if d is not None and follow and d.player.index == me and len(d.options) > 1:
                v = self.best(g, d, me, follow - 1)[1]
            else:
                v = g.evaluate(g.players[me])
            if v > top:
                top, best = v, [i]
            elif v == top:
                best.append(i)
        return best, top
