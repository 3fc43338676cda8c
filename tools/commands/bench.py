"""cardscript bench"""
from __future__ import annotations

import argparse
import json

from ..common import UsageError, out
from ._shared import add_game_arguments, pool_and_decks

HELP = ("measure games/s, decisions/s, clone and save/load times, and cards loaded per "
        "second (cold and warm)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--synthetic-cards", type=int, default=5000, metavar="N",
                   help="size of the synthetic set for load figures")
    p.add_argument("--json", action="store_true", help="machine-readable figures")
    p.add_argument("--lint", action="store_true",
                   help="also time `cardscript lint` on the synthetic set, cold and warm "
                   "(adds the lint_* figures)")
    p.add_argument("--make-set", metavar="DIR",
                   help="only write the synthetic set (--synthetic-cards files, each with its "
                   "own id, name and file name, its tokens too) into DIR, to time other "
                   "commands on; `check` and `lint` find it clean")


def run(args: argparse.Namespace) -> int:
    from ..bench import bench
    if args.make_set:
        return _make_set(args)
    if args.games < 1 or args.synthetic_cards < 1:
        raise UsageError("--games and --synthetic-cards must be at least 1")
    pool, decks = pool_and_decks(args)
    figures = bench(pool, decks, args.games, args.seed, args.synthetic_cards, lint=args.lint,
                    variants=args.variant)
    if args.json:
        out.print_json(json.dumps(figures))
    else:
        w = max(20, *map(len, figures))
        for k, v in figures.items():
            out.print(f"{k:>{w}}: {v:,.1f}" if isinstance(v, float) else f"{k:>{w}}: {v}")
    return 0


def _make_set(args: argparse.Namespace) -> int:
    from cardscript.plugins import games

    from ..bench import make_synthetic_set
    from ..common import UsageError, check_output_dir
    spec = games().get(args.game)
    if spec is None:
        raise UsageError(f"unknown game '{args.game}'")
    out_dir = check_output_dir(args.make_set, "--make-set")
    out_dir.mkdir(parents=True, exist_ok=True)
    if any(out_dir.iterdir()):
        raise UsageError(f"{out_dir} is not empty")
    n = make_synthetic_set(spec.cards_dir, out_dir, args.synthetic_cards, distinct=True)
    out.print(f"wrote {n} card files to {out_dir}", markup=False)
    return 0
