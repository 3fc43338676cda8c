"""``cardscript strength``: how strong one agent is against another (docs/agents.md).

A paired run of :func:`~cardscript.tools.simulate.simulate`: each seed is played twice, the
agents' seats swapped, so neither the deal nor the seat favours one; the first agent's score
(a win 1, a draw 1/2) comes with its Wilson 95% interval. :func:`search_rate` measures how
many iterations a search agent runs per second at mid-game.
"""
from __future__ import annotations

import time
from typing import Any

from cardscript.agents import make_agent
from cardscript.cardpool import CardPool
from cardscript.decisions import Decision, RandomAgent
from cardscript.game import Game
from rich.markup import escape
from rich.table import Table

from .common import Decks, out
from .records import AgentSpec, agent_label


def print_strength(summary: dict) -> None:
    a, b = summary["agents"]
    s = summary["paired"]
    table = Table(title=f"{escape(a)} against {escape(b)}: {summary['games']} games "
                        f"({summary['games'] // 2} seeds, seats swapped), seed {summary['seed']}",
                  caption="engine measurements between agents on these decks; not metagame "
                          "data")
    for col in ("agent", "wins", "losses", "draws", "errors", "score", "95% interval"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    table.add_row(escape(a), str(s["wins"]), str(s["losses"]), str(s["draws"]),
                  str(s["errors"]), f"{100 * s['rate']:.1f}%",
                  f"{100 * s['low']:.1f}% – {100 * s['high']:.1f}%")
    out.print(table)
    if summary.get("played") and summary.get("elapsed"):
        out.print(f"{summary['played'] / summary['elapsed']:.2f} games/s", style="dim")


def mid_game(pool: CardPool, decks: Decks, seed: int) -> tuple[Game, Decision | None]:
    """A game of seed ``seed`` between random agents, stopped at the decision half-way
    through it (by the number of decisions the whole game asks)."""
    def new() -> Game:
        (_, da), (_, db) = decks
        return pool.spec.game_class([list(da), list(db)], seed, tokens=pool.tokens)
    agents = [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]
    total = len(new().play(agents).choices)
    g = new()
    agents = [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]
    d = g.advance()
    while d is not None and (len(g.choices) < total // 2 or len(d.options) < 2):
        d = g.choose_index(agents[d.player.index].choose(g, d))
    return g, d


def search_rate(pool: CardPool, decks: Decks, spec: AgentSpec, seed: int = 0,
                seconds: float = 2.0) -> dict[str, Any]:
    """Iterations per second of the search agent ``spec`` (one that counts its iterations,
    ``done`` and ``spent``) at mid-game (:func:`mid_game`), asked the same decision again
    until ``seconds`` have passed."""
    name, options = spec
    agent = make_agent(name, seed, dict(options))
    if not (hasattr(agent, "done") and hasattr(agent, "spent")):
        raise ValueError(f"agent '{name}' does not count its iterations")
    g, d = mid_game(pool, decks, seed)
    if d is None:
        raise ValueError(f"the game of seed {seed} has no decision half-way")
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent.choose(g, d)
        decisions += 1
    return {"agent": agent_label(spec), "round": getattr(g, "round", None),
            "decision": d.kind, "options": len(d.options), "decisions": decisions,
            "iterations_per_s": agent.done / agent.spent}
