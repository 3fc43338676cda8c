"""``mcts``: Monte Carlo tree search over copies of the game, with hidden information handled
by determinization (docs/agents.md).

Single-observer information-set MCTS: one tree per decision, whose nodes are the options
chosen so far, by their labels (what a player sees of an option), for both players. Each
iteration copies the game, deals again what the deciding player can't see
(:meth:`~cardscript.game.Game.determinize`), walks down the tree by UCB1 among the options
that copy offers (counting each child's availability), adds one node, then plays on at random
for ``depth`` decisions and to the end of the move it is in (:data:`FINISH`; that end
chosen greedily by one-ply value unless ``finish`` is 'random'), and scores
the end (a win 1, a loss 0, a draw 0.5) or, cut
off, the game's :meth:`~cardscript.game.Game.evaluate` squashed into (0, 1). Root options start with
``prior`` virtual visits worth their one-ply value (progressive bias). The option
played is the root's most visited. The budget is ``iterations`` per decision, or ``ms``
milliseconds (then how many depends on the machine); with iterations it is deterministic for
a seed.
"""
from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..game import Game


#: the most decisions a rollout plays past its depth to end the move it is in (the player
#: who chose last choosing again: where to put the card just played); a position half-way
#: through a move scores badly
FINISH = 6


class Node:
    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: int):
        self.player = player  # who chose the option this node is (its value is theirs)
        self.visits = 0
        self.total = 0.0
        self.avail = 0  # iterations in which its option could be chosen (ISMCTS)
        self.children: dict[str, Node] = {}


class MctsAgent:
    OPTIONS = {
        "iterations": "iterations per decision (default 200 unless ms is given)",
        "ms": "milliseconds per decision instead of a number of iterations",
        "depth": "random decisions played after the tree before scoring (default 0: the "
                 "evaluation of where the move ends)",
        "c": "UCB1 exploration constant (default 0.3)",
        "scale": "the evaluation that counts as a near-certain win, for cut-off games "
                 "(default 10)",
        "prior": "virtual visits each root option starts with, valued by a one-ply look "
                 "at a dealt copy (greedy's evaluation of where the move ends; default 4; "
                 "0: none)",
        "finish": "how a playout ends the move it is in: 'greedy' (the option of best "
                  "one-ply value for the mover; default) or 'random'",
    }

    def __init__(self, seed: int = 0, iterations: int | None = None, ms: float | None = None,
                 depth: int = 0, c: float = 0.3, scale: float = 10.0, prior: int = 4,
                 finish: str = "greedy"):
        if iterations is None and ms is None:
            iterations = 200
        if (iterations is not None and iterations < 1) or (ms is not None and ms <= 0):
            raise ValueError("iterations and ms must be positive")
        if depth < 0 or scale <= 0 or prior < 0:
            raise ValueError("depth and prior must be at least 0 and scale positive")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.ms = ms
        self.depth = depth
        self.c = c
        self.scale = scale
        self.prior = prior
        if finish not in ("greedy", "random"):
            raise ValueError("finish must be 'greedy' or 'random'")
        self.greedy_finish = finish == "greedy"
        #: iterations run and seconds spent, over all decisions (for iterations/s)
        self.done = 0
        self.spent = 0.0

    def choose(self, game: Game, decision: Decision) -> int:
        if len(decision.options) == 1:
            return 0
        me = decision.player.index
        root = Node(-1)
        rng = self.rng
        start = time.perf_counter()
        deadline = start + self.ms / 1000 if self.ms is not None else None
        if self.prior:
            self.seed_root(game, me, root, rng)
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n and time.perf_counter() >= deadline:
                break
            self.iterate(game, me, root, rng)
            n += 1
        self.done += n
        self.spent += time.perf_counter() - start
        labels = decision.labels
        tried = [(i, root.children[lab]) for i, lab in enumerate(labels)
                 if lab in root.children]
        if not tried:  # no iteration offered the real options (they were all hidden)
            return int(rng.random() * len(labels))
        return max(tried, key=lambda t: (t[1].visits, t[1].total / max(t[1].visits, 1)))[0]

    def seed_root(self, game: Game, me: int, root: Node, rng: random.Random) -> None:
        """Start each root option with ``prior`` visits worth its one-ply value: with few
        iterations the choice leans on greedy's judgement, and the search overrules it
        as visits add up (progressive bias by virtual visits)."""
        g0 = game.clone()
        g0.determinize(g0.players[me], rng)
        d0 = g0.decision
        if d0 is None:
            return
        k = self.prior
        for i, label in enumerate(d0.labels):
            if label in root.children:
                continue
            g = g0.clone()
            d = g.choose_index(i)
            if d is not None and d.player.index == me and len(d.options) > 1:
                v = max(self.after(g, j, me) for j in range(len(d.options)))
            else:
                v = self.result(g, me)
            child = root.children[label] = Node(me)
            child.visits = child.avail = k
            child.total = k * v

    def after(self, game: Game, i: int, me: int) -> float:
        """The value for ``me`` of a copy of ``game`` answered with option ``i``."""
        g = game.clone()
        g.choose_index(i)
        return self.result(g, me)

    def iterate(self, game: Game, me: int, root: Node, rng: random.Random) -> None:
        g = game.clone()
        g.determinize(g.players[me], rng)
        d = g.decision
        node = root
        path = []
        c = self.c
        while d is not None:  # down the tree
            options = d.options
            if len(options) == 1:
                d = g.choose_index(0)
                continue
            labels = d.labels
            children = node.children
            untried = []
            for i, label in enumerate(labels):
                child = children.get(label)
                if child is None:
                    untried.append(i)
                else:
                    child.avail += 1
            if untried:
                i = untried[int(rng.random() * len(untried))]
                child = children[labels[i]] = Node(d.player.index)
                child.avail = 1
                path.append(child)
                d = g.choose_index(i)
                break
            best_i, best_v = 0, -1.0
            seen = set()
            for i, label in enumerate(labels):
                if label in seen:
                    continue
                seen.add(label)
                ch = children[label]
                v = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_i, best_v = i, v
            node = children[labels[best_i]]
            path.append(node)
            d = g.choose_index(best_i)
        steps = self.depth
        last = path[-1].player if path else me
        while d is not None and steps > 0:  # the rollout
            last = d.player.index
            d = g.choose_index(int(rng.random() * len(d.options)))
            steps -= 1
        finish = FINISH
        while d is not None and d.player.index == last and finish > 0:  # the move's end
            n = len(d.options)
            if self.greedy_finish and n > 1:  # judged by where it ends, as greedy's look
                vals = [self.after(g, j, last) for j in range(n)]
                i = vals.index(max(vals))
            else:
                i = int(rng.random() * n)
            d = g.choose_index(i)
            finish -= 1
        r = self.result(g, me)
        for nd in path:
            nd.visits += 1
            nd.total += r if nd.player == me else 1.0 - r

    def result(self, g: Game, me: int) -> float:
        """The game's worth to player ``me`` in [0, 1]."""
        if g.over:
            if g.winner is None:
                return 0.5
            return 1.0 if g.winner.index == me else 0.0
        return 0.5 + 0.5 * math.tanh(g.evaluate(g.players[me]) / self.scale)
