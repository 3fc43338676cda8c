"""cardscript docs"""
from __future__ import annotations

import argparse

from ..common import check_output_dir, out

HELP = ("write the card language reference: every trigger, selector, effect, condition, "
        "value and keyword of each game, as HTML")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the HTML pages")
    p.add_argument("--game", default=None, help="only this game (default: every game)")


def run(args: argparse.Namespace) -> int:
    from ..docs import write
    check_output_dir(args.out)
    for path in write(args.out, args.game):
        out.print(f"wrote {path}", markup=False)
    return 0
