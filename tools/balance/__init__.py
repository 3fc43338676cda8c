"""``cardscript balance``: every pair of decks played against each other with paired seeds and
seat swaps, on simulate's parallel runner (:func:`cardscript.tools.simjobs.run_games`, one
record per game from :func:`cardscript.tools.records.play_game`), and a report of the results
(:mod:`.stats` computes the figures, :mod:`.report` writes HTML, JSON and CSV).

Game ``i`` of a run is pair ``i // (2 * games)``, seed index ``(i % (2 * games)) // 2``, and
its seats swapped when ``i`` is odd (:class:`Pairing`): each seed is played twice, once with
each deck in the first seat, so the seat's advantage and the shuffles cancel out between a
pair's decks. Agents follow their decks, not the seats: the first named agent plays the
first deck of each pair, the second (if given) the other one.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardscript.cardpool import CardPool
from cardscript.limits import Limits
from cardscript.save import engine_version

from ..common import Decks
from ..records import AgentSpec, agent_label, deck_hash, play_game
from ..simjobs import Stop, Work, Workers, run_games
from .stats import Tally, seat_names

#: report.json's ``format`` (a type too: what a report read back must say)
Format = Literal["cardscript-balance-report/1"]
FORMAT: Format = "cardscript-balance-report/1"


@dataclass(frozen=True)
class Pairing:
    """Which decks and agents sit where in each game of a balance run: plain data, sent to
    the worker processes with the run's :class:`~cardscript.tools.simjobs.Work`."""
    pairs: tuple[tuple[int, int], ...]  # indices into the run's decks
    games: int  # seeds per pair: each is played twice
    names: tuple[str, ...]  # the decks' names
    agents: tuple[AgentSpec, AgentSpec]  # the first deck's of a pair, the second's

    @property
    def total(self) -> int:
        return 2 * self.games * len(self.pairs)

    def seats(self, i: int) -> tuple[tuple[int, int], tuple[str, str],
                                     tuple[AgentSpec, AgentSpec], int]:
        """Game ``i``'s decks by seat (indices), their names and agents, and its seed index."""
        p, j = divmod(i, 2 * self.games)
        k, swap = divmod(j, 2)
        a, b = self.pairs[p]
        names = seat_names(self.names[a], True) if a == b else (self.names[a], self.names[b])
        decks, agents = (a, b), self.agents
        if swap:
            decks, names, agents = decks[::-1], names[::-1], agents[::-1]
        return decks, (names[0], names[1]), (agents[0], agents[1]), k

    def play(self, pool: CardPool, decks: Decks, w: Work, i: int) -> dict[str, Any]:
        seat_decks, names, agents, k = self.seats(i)
        rec = play_game(pool, [decks[d] for d in seat_decks], names, k, w.seed, w.variants,
                        w.limits, w.cards_data, agents)
        rec["index"] = i  # the seed stays the seed index's: the two games of a seed share it
        return rec


def pairs_of(count: int) -> tuple[tuple[int, int], ...]:
    """Every pair of ``count`` decks, in the order given; a single deck plays itself."""
    if count == 1:
        return ((0, 0),)
    return tuple((a, b) for a in range(count) for b in range(a + 1, count))


def balance(pool: CardPool, decks: Decks, games: int, agents: tuple[AgentSpec, AgentSpec],
            seed: int, out_dir: Path, variants: Iterable[str] = (),
            limits: Limits | None = None, *, jobs: int = 1, progress: bool = True,
            card_paths: Iterable[str] = (), deck_args: Iterable[str] | None = None,
            workers: Workers | None = None, compare_with: dict[str, Any] | None = None,
            compare_path: str | None = None) -> dict[str, Any]:
    """Play the run and write its report into ``out_dir``; return the report (report.json).
    Ctrl-C stops the run: the report covers the finished games and says so."""
    from ..simulate import progress_bar
    from .report import document, write_report

    names = tuple(n for n, _ in decks)
    plan = Pairing(pairs_of(len(decks)), games, names, agents)
    first = plan.seats(0)[1]
    work = Work(pool.spec.name, tuple(card_paths), tuple(deck_args) if deck_args else None,
                first, tuple(variants), limits, seed, plan.total, True,
                deck_hash(pool, decks), plan=plan)
    tally = Tally({n: [c.id for c in cards] for n, cards in decks},
                  {c.id: [a.name for a in c.program.abilities]
                   for _, cards in decks for c in cards},
                  {c.id: {a.name for a in c.program.abilities
                          if getattr(a.trigger, "continuous", False)}
                   for _, cards in decks for c in cards})
    out_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    stop = Stop()
    bar = progress_bar(progress)
    with open(out_dir / "games.jsonl", "w", encoding="utf-8") as records, bar, \
            stop.installed():
        task = bar.add_task("games", total=plan.total)

        def emit(batch: list[dict]) -> None:
            for rec in batch:
                records.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
                              + "\n")
                tally.add(rec)

        run_games(work, pool, decks, list(range(plan.total)), jobs, stop, emit,
                  lambda n: bar.advance(task, n), workers)
    run = {"format": FORMAT, "game": pool.spec.name, "game_title": pool.spec.title,
           "decks": list(names), "agents": [agent_label(a) for a in agents],
           "games_per_pair": games,
           "seed": seed, "variants": sorted(variants), "engine": engine_version(),
           "interrupted": tally.games < plan.total}
    doc = document(run, tally, pool, decks, compare_with, compare_path)
    write_report(doc, out_dir)
    doc["elapsed"] = time.perf_counter() - start  # not in the files: they are the same each run
    return doc
