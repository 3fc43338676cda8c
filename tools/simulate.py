"""``cardscript simulate``: many full games between random agents, with a summary table."""
from __future__ import annotations

import time
import traceback

from cardscript.decisions import RandomAgent
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from .common import err, out


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def simulate(pool, decks, games: int, seed: int, variants=(), progress: bool = True,
             limits=None) -> dict:
    """Play ``games`` games; return the summary (deterministic for a seed). A game that ends
    in an error (a limit reached) or crashes counts as an error, not a win or a draw."""
    cls = pool.spec.game_class
    (name_a, deck_a), (name_b, deck_b) = decks
    wins = {name_a: 0, name_b: 0}
    if name_a == name_b:
        name_b = f"{name_b} (2)"
        wins = {name_a: 0, name_b: 0}
    draws = errors = 0
    rounds = decisions = 0
    first_error = None
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                   console=err, transient=True, disable=not progress)
    start = time.perf_counter()
    with bar:
        task = bar.add_task("games", total=games)
        for i in range(games):
            s = game_seed(seed, i)
            try:
                g = cls([list(deck_a), list(deck_b)], s, tokens=pool.tokens,
                        variants=variants, deck_names=(name_a, name_b), limits=limits)
                g.play([RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)])
            except Exception:  # a crash is a finding, not the end of the run
                errors += 1
                if first_error is None:
                    first_error = (s, traceback.format_exc())
            else:
                if g.error is not None:  # it ended in an error: a limit was reached
                    errors += 1
                    if first_error is None:
                        first_error = (s, f"the game ended in an error: {g.error}")
                    bar.advance(task)
                    continue
                rounds += g.round
                decisions += len(g.choices)
                if g.winner is None:
                    draws += 1
                else:
                    wins[(name_a, name_b)[g.winner.index]] += 1
            bar.advance(task)
    elapsed = time.perf_counter() - start
    ok = games - errors
    return {"games": games, "seed": seed, "decks": [name_a, name_b], "wins": wins,
            "draws": draws, "errors": errors, "mean_rounds": rounds / ok if ok else 0.0,
            "mean_decisions": decisions / ok if ok else 0.0, "first_error": first_error,
            "elapsed": elapsed}


def print_summary(summary: dict) -> None:
    n = summary["games"]
    # what the shares are, so no one reads them as a game's metagame (issue: Riftbound's
    # tools print no win rates labelled as its metagame data)
    table = Table(title=f"{n} games, seed {summary['seed']}",
                  caption="engine measurements between these decks with random agents; "
                          "not metagame data")
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for deck, w in summary["wins"].items():
        table.add_row(f"{escape(deck)} wins", str(w), f"{100 * w / n:.1f}%")  # a deck's name
    table.add_row("draws", str(summary["draws"]), f"{100 * summary['draws'] / n:.1f}%")
    table.add_row("errors", str(summary["errors"]), f"{100 * summary['errors'] / n:.1f}%")
    out.print(table)
    out.print(f"mean rounds per game: {summary['mean_rounds']:.2f}")
    out.print(f"mean decisions per game: {summary['mean_decisions']:.1f}")
    if summary["first_error"]:
        s, tb = summary["first_error"]
        err.print(f"first error (game seed {s}):\n{tb}", markup=False)
    err.print(f"{n / summary['elapsed']:.0f} games/s", style="dim")
