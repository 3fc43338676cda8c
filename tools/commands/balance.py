"""cardscript balance"""
from __future__ import annotations

import argparse
import os
from concurrent.futures.process import BrokenProcessPool

from ..common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    UsageError,
    check_output_dir,
    err,
    out,
    require_paths,
)
from ._shared import (
    add_agent_arguments,
    add_game_arguments,
    add_limit_arguments,
    agents_of,
    limits_of,
)

HELP = ("play every pair of decks against each other (paired seeds, seats swapped) and write "
        "a balance report: win-rate matrix, first-player advantage, per-card metrics")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..simjobs import default_jobs
    p.add_argument("decks", nargs="*", metavar="DECK",
                   help="deck files or bundled deck names (default: the game's two reference "
                   "decks); one deck plays a mirror")
    add_game_arguments(p, decks=False)
    p.add_argument("--variant", action="append", default=[],
                   help="a named rules variant (repeatable)")
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="seeds per pair of decks; each is played twice, seats swapped")
    add_agent_arguments(p, "the agent of each pair's first deck and (if given) of its "
                        "second")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                   help=f"processes (default: the cores available, {default_jobs()} here); "
                   "the report is the same for any N")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="folder for report.html, report.json, cards.csv, matrix.csv and "
                   "games.jsonl")
    p.add_argument("--compare", metavar="OLD.json",
                   help="an older report.json: say what changed since")
    p.add_argument("--no-progress", action="store_true")
    add_limit_arguments(p)


def _old_report(path: str) -> dict:
    """The --compare report, read and checked whole before any game is played: a file that
    is not one (or not readable) is bad input, at the file and the JSON path."""
    from ..balance.report import read_report
    require_paths([path], "--compare")
    return read_report(path)


def run(args: argparse.Namespace) -> int:
    from cardscript.errors import CardError, printable

    from ..balance import balance
    from ..simjobs import WorkerError, Workers, workers_for
    from ._shared import pool_and_decks
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    agents = agents_of(args)
    out_dir = check_output_dir(args.out)
    old = _old_report(args.compare) if args.compare else None
    require_paths(args.cards, "--cards")
    cards = tuple(os.path.abspath(c) for c in args.cards)
    deck_args = tuple(os.path.abspath(d) if os.path.lexists(d) else d
                      for d in args.decks) or None
    args.decks = list(deck_args) if deck_args else None
    pool, decks = pool_and_decks(args)
    names = [n for n, _ in decks]
    if len(set(names)) < len(names):
        raise UsageError(f"two decks share a name ({', '.join(names)}); give each deck once "
                         "(one deck alone plays a mirror)")
    if pool.diagnostics:
        raise CardError(pool.diagnostics)
    pairs = max(1, len(decks) * (len(decks) - 1) // 2)
    count = workers_for(2 * args.games * pairs, args.jobs)
    workers = Workers(count, args.game, cards, deck_args) if count else None
    try:
        doc = balance(pool, decks, args.games, agents, args.seed, out_dir, args.variant,
                      limits_of(args, decks), jobs=args.jobs, progress=not args.no_progress,
                      card_paths=cards, deck_args=deck_args, workers=workers,
                      compare_with=old, compare_path=args.compare)
    except (BrokenProcessPool, WorkerError) as exc:
        err.print(f"cardscript balance: error: a worker process stopped ({exc})", markup=False)
        return EXIT_BAD_INPUT
    finally:
        if workers is not None:
            workers.close()
    s = doc["summary"]
    out.print(f"wrote {out_dir / 'report.html'} ({s['games']} games, {s['errors']} errors, "
              f"{len(doc['outliers'])} outliers, {len(doc['dead_text'])} dead abilities)",
              markup=False)
    out.print(printable(doc["label"]), markup=False)  # it names the decks
    if doc["elapsed"] > 0:
        err.print(f"{s['games'] / doc['elapsed']:.0f} games/s", style="dim")
    if doc["interrupted"]:
        err.print("interrupted: the report covers the games played", markup=False)
        return EXIT_INTERRUPTED
    return 0 if s["errors"] == 0 else EXIT_BAD_INPUT
