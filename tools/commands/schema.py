"""cardscript schema"""
from __future__ import annotations

import argparse
from pathlib import Path

from ..common import check_output_dir, out

HELP = "write JSON Schemas of card, deck and scenario files for editors into ./schemas/"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=None,
                   help="one installed game (default: every installed game, each in its folder)")
    p.add_argument("--out", default=None, help="folder (default: schemas/ in the current folder)")


def run(args: argparse.Namespace) -> int:
    from ..schema import SCHEMA_DIR, write
    if args.out:
        check_output_dir(args.out)
    from cardscript.plugins import games, load_game
    names = [args.game] if args.game else sorted(games())
    for name in names:
        load_game(name)  # an unknown --game: the error naming the installed games
        for path in write(name, Path(args.out) if args.out else SCHEMA_DIR):
            out.print(f"wrote {path}", markup=False)
    return 0
