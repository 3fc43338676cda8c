"""cardscript import-csv"""
from __future__ import annotations

import argparse

from ..common import UsageError, add_game_option, out, require_paths

NAME = "import-csv"
HELP = "update the stats of card files from a CSV written by `export --to csv`"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("csv", metavar="FILE", help="the CSV file (as `export --to csv` writes it)")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="the card files or folders to update")
    add_game_option(p)
    p.add_argument("--dry-run", action="store_true",
                   help="show what would change; write nothing")


def _shown(value: object) -> str:
    return "(none)" if value is None else str(value)


def run(args: argparse.Namespace) -> int:
    from ..csv_import import apply, plan
    from ..facts import is_deck
    require_paths([args.csv, *args.paths])
    decks = [p for p in args.paths if is_deck(p)]
    if decks:
        raise UsageError(f"import-csv updates card files: give card files or folders, not "
                         f"the deck {decks[0]}")
    todo = plan(args.csv, args.paths, args.game)
    if not todo.changes:
        out.print("no changes", markup=False)
        return 0
    for c in todo.changes:
        out.print(f"{c.file}: {c.card}: {c.field} {_shown(c.old)} → {_shown(c.new)}",
                  markup=False)
    files = len(todo.texts)
    if args.dry_run:
        out.print(f"{len(todo.changes)} change(s) in {files} file(s) (dry run: nothing "
                  "written)", markup=False)
        return 0
    apply(todo)
    out.print(f"{len(todo.changes)} change(s) written to {files} file(s)", markup=False)
    return 0
