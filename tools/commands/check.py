"""cardscript check"""
from __future__ import annotations

import argparse

HELP = "load and compile card, deck and scenario files; report every problem"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--game", default="wonders")


def run(args: argparse.Namespace) -> int:
    from ..check import check
    return check(args.paths, args.game)
