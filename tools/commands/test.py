"""cardscript test"""
from __future__ import annotations

import argparse

from ..common import EXIT_BAD_INPUT, UsageError, out

HELP = "run scenario files (the designer's tests)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("-q", "--quiet", action="store_true", help="only failures and the total")


def run(args: argparse.Namespace) -> int:
    from cardscript.errors import printable
    from rich.markup import escape  # file names and rules are the user's, not markup

    from ..scenarios import find_scenarios, run_scenarios
    files = find_scenarios(args.paths)
    if not files:
        raise UsageError(f"no *.scenario.yaml files under {' '.join(args.paths)}")
    passed = failed = 0
    for f in files:
        for r in run_scenarios(f, args.paths):
            rule = escape(printable(r.rule))
            run = escape(f" [{printable(r.variants)}]") if r.variants else ""
            if r.passed:
                passed += 1
                if not args.quiet:
                    out.print(f"[green]PASS[/] {escape(str(f))}{run} [dim]({rule})[/]")
            else:
                failed += 1
                out.print(f"[red]FAIL[/] {escape(str(f))}{run} [dim]({rule})[/]")
                for line in r.failures:
                    out.print(f"    {printable(line)}", markup=False)
    out.print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else EXIT_BAD_INPUT
