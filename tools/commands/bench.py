"""cardscript bench"""
from __future__ import annotations

import json

from ..common import out
from ._shared import add_game_arguments, pool_and_decks

HELP = "measure games/s, decisions/s and cards loaded per second (cold and warm)"


def add_arguments(p) -> None:
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--synthetic-cards", type=int, default=5000, metavar="N",
                   help="size of the synthetic set for load figures")
    p.add_argument("--json", action="store_true", help="machine-readable figures")


def run(args) -> int:
    from ..bench import bench
    pool, decks = pool_and_decks(args)
    figures = bench(pool, decks, args.games, args.seed, args.synthetic_cards)
    if args.json:
        out.print_json(json.dumps(figures))
    else:
        for k, v in figures.items():
            out.print(f"{k:>20}: {v:,.1f}" if isinstance(v, float) else f"{k:>20}: {v}")
    return 0
