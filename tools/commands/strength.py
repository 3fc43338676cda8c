"""cardscript strength"""
from __future__ import annotations

import argparse
import json
import os

from ..common import UsageError, err, out
from ._shared import (
    add_agent_arguments,
    add_game_arguments,
    add_limit_arguments,
    agents_of,
    limits_of,
    pool_and_decks,
)

HELP = ("measure one agent against another: paired seeds with seats swapped, the score with "
        "its 95% interval (docs/agents.md)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..simjobs import default_jobs
    add_game_arguments(p)
    p.add_argument("--pairs", type=int, default=100, metavar="N",
                   help="seeds to play, each twice with the agents' seats swapped")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                   help="worker processes (default: the cores available)")
    p.add_argument("--rate", action="store_true",
                   help="also measure each search agent's iterations/s at mid-game")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--no-progress", action="store_true")
    add_agent_arguments(p)
    add_limit_arguments(p)


def run(args: argparse.Namespace) -> int:
    from ..simjobs import Workers
    from ..simulate import simulate
    from ..strength import print_strength, search_rate
    if args.pairs < 1 or args.jobs < 1:
        raise UsageError("--pairs and --jobs must be at least 1")
    agents = agents_of(args)
    pool, decks = pool_and_decks(args)
    cards = tuple(os.path.abspath(c) for c in args.cards)
    deck_args = tuple(os.path.abspath(d) if os.path.lexists(d) else d
                      for d in args.decks or ()) or None
    games = 2 * args.pairs
    # search agents' games are slow: a worker pays for its start after a game or two
    count = min(args.jobs - 1, games - 1)
    workers = Workers(count, args.game, cards, deck_args) if count > 0 else None
    try:
        summary = simulate(pool, decks, games, args.seed, args.variant,
                           progress=not args.no_progress and not args.json,
                           limits=limits_of(args, decks), jobs=args.jobs, card_paths=cards,
                           deck_args=deck_args, workers=workers, agents=agents, paired=True)
    finally:
        if workers is not None:
            workers.close()
    rates = []
    if args.rate:
        for spec in dict.fromkeys(agents):
            try:
                rates.append(search_rate(pool, decks, spec, args.seed))
            except ValueError:
                continue  # not a search agent
    if args.json:
        out.print_json(json.dumps({k: summary[k] for k in
                                   ("games", "seed", "agents", "paired", "errors")}
                                  | {"rates": rates}))
    else:
        print_strength(summary)
        for r in rates:
            out.print(f"{r['agent']}: {r['iterations_per_s']:,.0f} iterations/s at mid-game "
                      f"(round {r['round']}, a {r['decision']} decision of {r['options']} "
                      "options)")
        if summary["first_error"]:
            s, tb = summary["first_error"]
            err.print(f"first error (game seed {s}):\n{tb}", markup=False)
    return 0 if summary["errors"] == 0 else 1
