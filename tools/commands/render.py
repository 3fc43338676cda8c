"""cardscript render"""
from __future__ import annotations

import argparse

from ..common import add_game_option, check_output_dir, err, out, require_paths

HELP = "write a static HTML spoiler of a card set: card frames, filters and set statistics"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files or folders")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for index.html")
    add_game_option(p)
    p.add_argument("--title", default=None, help="page title (default: game and set names)")


def run(args: argparse.Namespace) -> int:
    from ..render import render_set
    require_paths(args.paths)
    check_output_dir(args.out)
    result = render_set(args.paths, args.out, args.game, args.title)
    for w in result.warnings:
        err.print(f"warning: {w}", markup=False)
    if not result.cards:
        err.print("no card files found")
        return 1
    n = len(result.cards)
    out.print(f"wrote {result.path} ({n} card{'s' if n != 1 else ''})", markup=False)
    return 0
