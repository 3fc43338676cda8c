"""cardscript simulate"""
from __future__ import annotations

import json

from ..common import EXIT_BAD_INPUT, UsageError, out
from ._shared import add_game_arguments, add_limit_arguments, limits_of, pool_and_decks

HELP = "play many games between random agents and summarise the results"


def add_arguments(p) -> None:
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true")
    add_limit_arguments(p)


def run(args) -> int:
    from ..simulate import print_summary, simulate
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    pool, decks = pool_and_decks(args)
    summary = simulate(pool, decks, args.games, args.seed, args.variant,
                       progress=not args.no_progress and not args.json,
                       limits=limits_of(args, decks))
    if args.json:
        summary = {k: v for k, v in summary.items() if k != "elapsed"}
        summary["first_error"] = summary["first_error"] and summary["first_error"][1]
        out.print_json(json.dumps(summary))
    else:
        print_summary(summary)
    return 0 if summary["errors"] == 0 else EXIT_BAD_INPUT
