"""cardscript export"""
from __future__ import annotations

import argparse

from ..common import add_game_option, check_output_dir, out, require_paths
from ._shared import designer_cards

HELP = "export a set or a deck for a play platform or a spreadsheet (--to FORMAT)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..exports import formats
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="card files or folders, or one deck file (.deck.yaml)")
    p.add_argument("--to", required=True, choices=list(formats()), metavar="FORMAT",
                   help="the format: " + "; ".join(f"{name}: {mod.HELP}"
                                                   for name, mod in formats().items()))
    p.add_argument("--out", required=True, metavar="DIR", help="folder to write into")
    add_game_option(p)


def run(args: argparse.Namespace) -> int:
    from ..exports import formats
    require_paths(args.paths)
    folder = check_output_dir(args.out)
    facts = designer_cards("export", args.paths, args.game)
    if facts is None:
        return 1
    folder.mkdir(parents=True, exist_ok=True)
    for path in formats()[args.to].write(facts, folder):
        out.print(f"wrote {path}", markup=False)
    return 0
