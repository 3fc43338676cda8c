"""``cardscript simulate``: many full games between agents (random by default; ``--agents``,
:mod:`cardscript.agents`), with a summary table and,
with ``--out``, one record per game (:mod:`cardscript.tools.records`), played in worker
processes (:mod:`cardscript.tools.simjobs`) or as tasks on a Ray cluster
(:mod:`cardscript.tools.simray`). The summary is made from the records, in
game-index order, so it is the same for any number of workers."""
from __future__ import annotations

import math
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.cardpool import CardPool
from cardscript.limits import Limits
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .common import Decks, err, out
from .records import RANDOM, AgentSpec, RecordFile, agent_label, game_seed, job_of
from .simjobs import Stop, Work, Workers, run_games

if TYPE_CHECKING:
    from .simray import RayWorkers

__all__ = ["game_seed", "paired_score", "print_summary", "simulate", "summarise", "wilson"]


class GamesPerSecond(ProgressColumn):
    """The progress bar's speed, in games (rich's estimate over the last 30 s)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "", style="progress.data.speed")


def progress_bar(shown: bool = True) -> Progress:
    """The bar of a run's games: done, games/s, time left (on stderr; gone when done)."""
    return Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                    GamesPerSecond(), TimeRemainingColumn(), console=err, transient=True,
                    disable=not shown)


def deck_names(decks: Decks) -> tuple[str, str]:
    """The decks' names in seat order; a deck against itself is told apart."""
    (name_a, _), (name_b, _) = decks
    return (name_a, f"{name_b} (2)" if name_a == name_b else name_b)


def simulate(pool: CardPool, decks: Decks, games: int, seed: int,
             variants: Iterable[str] = (), progress: bool = True, limits: Limits | None = None,
             *, jobs: int = 1, out_file: str | Path | RecordFile | None = None,
             card_paths: Iterable[str] = (), deck_args: Iterable[str] | None = None,
             workers: Workers | None = None, backend: RayWorkers | None = None,
             agents: tuple[AgentSpec, AgentSpec] = RANDOM,
             paired: bool = False) -> dict[str, Any]:
    """Play ``games`` games on ``jobs`` processes; return the summary (deterministic for a
    seed, whatever ``jobs``). With ``out_file`` (a path, or a
    :class:`~cardscript.tools.records.RecordFile` the caller claimed: it is closed at the
    end) each game's record is written there as it finishes, and the games already there
    (a run resumed) are not played again. Ctrl-C
    stops the run: the summary covers the finished games and says it was interrupted.
    ``card_paths`` and ``deck_args`` are how workers build the same pool and decks;
    ``workers`` (:class:`~cardscript.tools.simjobs.Workers`) may have been started by the
    caller, earlier; a ``backend`` (:class:`~cardscript.tools.simray.RayWorkers`) plays the
    games instead of this process and its workers. ``agents`` play in seat order;
    ``paired`` plays each seed twice, the agents' seats swapped
    (:func:`~cardscript.tools.records.seating`)."""
    names = deck_names(decks)
    job = job_of(pool, decks, names, games, seed, variants, limits, agents, paired)
    records = out_file if isinstance(out_file, RecordFile) or out_file is None \
        else RecordFile(out_file)
    found: dict[int, dict[str, Any]] = {}
    work = Work(pool.spec.name, tuple(card_paths), tuple(deck_args) if deck_args else None,
                names, tuple(variants), limits, seed, games, records is not None,
                job["deck_hash"], agents=agents, paired=paired)
    bar = progress_bar(progress)
    played = 0
    start = time.perf_counter()
    stop = Stop()
    try:
        if records is not None:  # every record there checked before any game is played
            found = records.open(job)
        todo = [i for i in range(games) if i not in found]
        with bar, stop.installed():
            task = bar.add_task("games", total=games, completed=len(found))

            def emit(batch: list[dict]) -> None:
                nonlocal played
                for rec in batch:
                    if records is not None:
                        records.write(rec)
                        rec.pop("cards", None)  # the summary needs none of them
                        rec.pop("abilities", None)
                    found[rec["index"]] = rec
                if records is not None:
                    records.flush()
                played += len(batch)

            def advance(n: int) -> None:
                bar.advance(task, n)

            if backend is not None:
                backend.run(work, todo, stop, emit, advance)
            else:
                run_games(work, pool, decks, todo, jobs, stop, emit, advance, workers)
    finally:
        if records is not None:
            records.close(complete=len(found) == games)
    summary = summarise([found[i] for i in sorted(found)], names, seed)
    summary["agents"] = [agent_label(a) for a in agents]
    if paired:
        summary["paired"] = paired_score([found[i] for i in sorted(found)], names)
    summary.update(requested=games, interrupted=len(found) < games, played=played,
                   elapsed=time.perf_counter() - start)
    return summary


def summarise(records: list[dict[str, Any]], names: tuple[str, str],
              seed: int) -> dict[str, Any]:
    """The summary of a run's records (in game-index order). A game that ends in an error
    (a limit reached) or crashes counts as an error, not a win or a draw."""
    wins = dict.fromkeys(names, 0)
    draws = errors = rounds = decisions = 0
    first_error = None
    for r in records:
        if r["outcome"] == "error":
            errors += 1
            if first_error is None:
                first_error = (r["seed"], r.get("traceback")
                               or f"the game ended in an error: {r['how']}")
            continue
        rounds += r["rounds"]
        decisions += r["decisions"]
        if r["winner"] is None:
            draws += 1
        else:
            wins[r["winner"]] += 1
    ok = len(records) - errors
    return {"games": len(records), "seed": seed, "decks": list(names), "wins": wins,
            "draws": draws, "errors": errors, "mean_rounds": rounds / ok if ok else 0.0,
            "mean_decisions": decisions / ok if ok else 0.0, "first_error": first_error}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    d = 1 + z * z / n
    return (max(0.0, (centre - half) / d), min(1.0, (centre + half) / d))


def paired_score(records: list[dict[str, Any]], names: tuple[str, str]) -> dict[str, Any]:
    """The first agent's results over a paired run (games ``2k``, ``2k + 1``: one seed, seats
    swapped; the first agent sits first in even games): wins, losses, draws, errors, its
    score (a win 1, a draw 1/2) over the games that ended, and the score's Wilson 95%
    interval. Errors count for neither agent."""
    wins = losses = draws = errors = 0
    for r in records:
        if r["outcome"] == "error":
            errors += 1
        elif r["winner"] is None:
            draws += 1
        elif names.index(r["winner"]) == r["index"] % 2:
            wins += 1
        else:
            losses += 1
    n = wins + losses + draws
    score = wins + draws / 2
    lo, hi = wilson(score, n)
    return {"wins": wins, "losses": losses, "draws": draws, "errors": errors,
            "rate": score / n if n else 0.0, "low": lo, "high": hi}


def print_summary(summary: dict[str, Any]) -> None:
    n = summary["games"]
    share = max(n, 1)  # an interrupted run may have finished no game
    # what the shares are, so no one reads them as a game's metagame (issue: Riftbound's
    # tools print no win rates labelled as its metagame data)
    agents = summary.get("agents", ["random", "random"])
    who = f"{agents[0]} agents" if agents[0] == agents[1] else \
        f"agents {agents[0]} (first seat) and {agents[1]}"
    table = Table(title=f"{n} games, seed {summary['seed']}",
                  caption=f"engine measurements between these decks with {escape(who)}; "
                          "not metagame data")
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for deck, w in summary["wins"].items():
        table.add_row(f"{escape(deck)} wins", str(w), f"{100 * w / share:.1f}%")  # a deck's name
    table.add_row("draws", str(summary["draws"]), f"{100 * summary['draws'] / share:.1f}%")
    table.add_row("errors", str(summary["errors"]), f"{100 * summary['errors'] / share:.1f}%")
    out.print(table)
    out.print(f"mean rounds per game: {summary['mean_rounds']:.2f}")
    out.print(f"mean decisions per game: {summary['mean_decisions']:.1f}")
    if summary["first_error"]:
        s, tb = summary["first_error"]
        err.print(f"first error (game seed {s}):\n{tb}", markup=False)
    if summary.get("interrupted"):
        err.print(f"interrupted: {n} of {summary['requested']} games played; run the same "
                  "command again with the same --out to play the rest", markup=False)
    if summary.get("played") and summary["elapsed"] > 0:
        err.print(f"{summary['played'] / summary['elapsed']:.0f} games/s", style="dim")
