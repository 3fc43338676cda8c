"""cardscript simulate"""
from __future__ import annotations

import argparse
import json
import os
from concurrent.futures.process import BrokenProcessPool

from ..common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    UsageError,
    check_output_file,
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
    pool_and_decks,
)

HELP = "play many games between agents (random by default) and summarise the results"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..simjobs import default_jobs
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                   help="worker processes (default: the cores available, "
                   f"{default_jobs()} here); the results are the same for any N")
    p.add_argument("--out", metavar="FILE",
                   help="write one record per game to FILE as JSON Lines (docs/simulate.md); "
                   "a run stopped half-way resumes when run again with the same FILE")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where the games run: local processes (default), or tasks on a Ray "
                   "cluster (needs: pip install 'cardscript[ray]'); the results are the same")
    p.add_argument("--address", metavar="ADDR",
                   help="--backend ray: the cluster to use (auto: the one `ray start` runs "
                   "on this machine; ray://HOST:10001: a remote one); default: start a local "
                   "Ray with --jobs CPUs for this run")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true")
    add_agent_arguments(p)
    add_limit_arguments(p)


def run(args: argparse.Namespace) -> int:
    from ..records import RecordFile
    from ..simjobs import WorkerError, Workers, workers_for
    from ..simulate import print_summary, simulate
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.out is not None:
        check_output_file(args.out, "--out")
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address needs --backend ray")
    agents = agents_of(args)
    require_paths(args.cards, "--cards")
    # how a worker process finds the same cards and decks, whatever its working folder
    cards = tuple(os.path.abspath(c) for c in args.cards)
    deck_args = tuple(os.path.abspath(d) if os.path.lexists(d) else d
                      for d in args.decks or ()) or None
    # claimed first (locked for the run): a file another run is writing is refused at once
    records = RecordFile(args.out) if args.out is not None else None
    # the workers build their pools while this process builds its own
    workers = backend = None
    try:
        if args.backend == "ray":
            from ..simray import BackendError, RayWorkers
            try:
                backend = RayWorkers(args.address, args.jobs, args.game, cards, deck_args)
            except BackendError as exc:
                err.print(f"cardscript simulate: error: {exc}", markup=False)
                return EXIT_BAD_INPUT
        elif count := workers_for(args.games, args.jobs):
            workers = Workers(count, args.game, cards, deck_args)
        pool, decks = pool_and_decks(args)
        summary = simulate(pool, decks, args.games, args.seed, args.variant,
                           progress=not args.no_progress and not args.json,
                           limits=limits_of(args, decks), jobs=args.jobs, out_file=records,
                           card_paths=cards, deck_args=deck_args, workers=workers,
                           backend=backend, agents=agents)
    except (BrokenProcessPool, WorkerError) as exc:  # a worker was killed (out of memory...)
        kept = f"; the finished games are in {args.out}: run again to resume" \
            if args.out else ""
        err.print(f"cardscript simulate: error: a worker process stopped ({exc}){kept}",
                  markup=False)
        return EXIT_BAD_INPUT
    finally:
        if workers is not None:
            workers.close()
        if backend is not None:
            backend.close()
        if records is not None:  # closed by simulate, unless the run stopped before it
            records.close(complete=False)
    if args.json:
        summary = {k: v for k, v in summary.items() if k not in ("elapsed", "played")}
        summary["first_error"] = summary["first_error"] and summary["first_error"][1]
        out.print_json(json.dumps(summary))
    else:
        print_summary(summary)
    if summary["interrupted"]:
        return EXIT_INTERRUPTED
    return 0 if summary["errors"] == 0 else EXIT_BAD_INPUT
