"""The ``cardscript`` command: simulate, play, test, check, bench.

Exit codes: 0 success, 1 bad input (card, deck or scenario data) or failing tests, 2 bad
usage. Errors go to stderr; designer errors never show a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from core.errors import CardError

from .common import EXIT_BAD_INPUT, EXIT_USAGE, UsageError, err, fail_input, load_decks, out, \
    pool_with


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardscript", description="Data-driven card games: "
                                "YAML cards, compiled handlers, full rules engines.")
    p.add_argument("--version", action="version", version="cardscript 0.1.0")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp, decks=True):
        sp.add_argument("--game", default="wonders", help="game to play (default: wonders)")
        sp.add_argument("--cards", nargs="*", default=[], metavar="PATH",
                        help="extra card files or folders, beside the bundled set")
        if decks:
            sp.add_argument("--decks", nargs=2, metavar=("A", "B"),
                            help="two deck files or bundled deck names")
            sp.add_argument("--variant", action="append", default=[],
                            help="a named rules variant (repeatable)")

    s = sub.add_parser("simulate", help="play many games between random agents")
    common(s)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--no-progress", action="store_true")

    s = sub.add_parser("play", help="play a game against the random agent in the terminal")
    common(s)
    s.add_argument("--seed", type=int, default=0)

    s = sub.add_parser("test", help="run scenario files")
    s.add_argument("paths", nargs="+", metavar="PATH")
    s.add_argument("-q", "--quiet", action="store_true", help="only failures and the total")

    s = sub.add_parser("check", help="load and compile card, deck and scenario files")
    s.add_argument("paths", nargs="+", metavar="PATH")
    s.add_argument("--game", default="wonders")

    s = sub.add_parser("schema", help="write JSON Schemas for editors into schemas/")
    s.add_argument("--game", default="wonders")
    s.add_argument("--out", default=None, help="folder (default: the repository's schemas/)")

    s = sub.add_parser("bench", help="measure games/s and cards/s")
    common(s)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--synthetic-cards", type=int, default=5000, metavar="N",
                   help="size of the synthetic set for load figures")
    s.add_argument("--json", action="store_true", help="machine-readable figures")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except UsageError as exc:
        err.print(f"cardscript {args.command}: error: {exc}", markup=False)
        return EXIT_USAGE
    except CardError as exc:
        return fail_input(exc)
    except KeyError as exc:  # unknown game and the like
        err.print(f"cardscript {args.command}: error: {exc.args[0]}", markup=False)
        return EXIT_USAGE


def _pool_and_decks(args):
    pool = pool_with(args.game, args.cards)
    if pool.diagnostics:
        raise CardError(pool.diagnostics)
    return pool, load_decks(pool, args.decks)


def _run(args) -> int:
    if args.command == "simulate":
        from .simulate import print_summary, simulate
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        pool, decks = _pool_and_decks(args)
        summary = simulate(pool, decks, args.games, args.seed, args.variant,
                           progress=not args.no_progress and not args.json)
        if args.json:
            summary = {k: v for k, v in summary.items() if k not in ("elapsed",)}
            summary["first_error"] = summary["first_error"] and summary["first_error"][1]
            out.print_json(json.dumps(summary))
        else:
            print_summary(summary)
        return 0 if summary["errors"] == 0 else EXIT_BAD_INPUT
    if args.command == "play":
        from .play import play
        pool, decks = _pool_and_decks(args)
        return play(pool, decks, args.seed, args.variant)
    if args.command == "test":
        from .scenarios import find_scenarios, run_scenario
        files = find_scenarios(args.paths)
        if not files:
            raise UsageError(f"no *.scenario.yaml files under {' '.join(args.paths)}")
        passed = failed = 0
        for f in files:
            r = run_scenario(f)
            if r.passed:
                passed += 1
                if not args.quiet:
                    out.print(f"[green]PASS[/] {f} [dim]({r.rule})[/]")
            else:
                failed += 1
                out.print(f"[red]FAIL[/] {f} [dim]({r.rule})[/]")
                for line in r.failures:
                    out.print(f"    {line}", markup=False)
        out.print(f"{passed} passed, {failed} failed")
        return 0 if failed == 0 else EXIT_BAD_INPUT
    if args.command == "check":
        from .check import check
        return check(args.paths, args.game)
    if args.command == "schema":
        from pathlib import Path

        from .schema import SCHEMA_DIR, write
        for path in write(args.game, Path(args.out) if args.out else SCHEMA_DIR):
            out.print(f"wrote {path}")
        return 0
    if args.command == "bench":
        from .bench import bench
        pool, decks = _pool_and_decks(args)
        figures = bench(pool, decks, args.games, args.seed, args.synthetic_cards)
        if args.json:
            out.print_json(json.dumps(figures))
        else:
            for k, v in figures.items():
                out.print(f"{k:>20}: {v:,.1f}" if isinstance(v, float) else f"{k:>20}: {v}")
        return 0
    raise UsageError(f"unknown command {args.command}")  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
