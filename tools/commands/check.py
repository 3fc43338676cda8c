"""cardscript check"""
from __future__ import annotations

import argparse

from ..common import add_game_option

HELP = "load and compile card, deck and scenario files; report every problem"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH")
    add_game_option(p)


def run(args: argparse.Namespace) -> int:
    from ..check import check
    return check(args.paths, args.game)
