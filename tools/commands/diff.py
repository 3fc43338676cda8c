"""cardscript diff"""
from __future__ import annotations

import argparse

from ..common import add_game_option, check_output_file, err, out

HELP = ("a changelog between two versions of a set (folders, or git revisions as "
        "REV:PATH): cards added, removed, renamed and changed")
FORMATS = ("text", "markdown", "html", "json")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", metavar="OLD", help="the old side: a folder or card file, or a "
                   "folder at a git revision, as HEAD~1:cards (an existing path wins; "
                   "write ./NAME to force a path)")
    p.add_argument("new", metavar="NEW", help="the new side, as OLD")
    add_game_option(p)
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default; coloured on a terminal), markdown, html or json")
    p.add_argument("--out", metavar="FILE", help="write the changelog to FILE, not stdout")
    p.add_argument("--exit-code", action="store_true",
                   help="exit with 1 when the sides differ, as git diff --exit-code (else 0)")


def run(args: argparse.Namespace) -> int:
    from cardscript.errors import printable, printable_lines
    from rich.text import Text

    from ..diff import diff_sides
    from ..diff.formats import FORMATS as WRITERS
    from ..diff.formats import summary, text_lines
    target = check_output_file(args.out, "--out") if args.out else None
    diff = diff_sides(args.old, args.new, args.game)
    for w in diff.warnings:
        err.print(f"warning: {printable(w)}", markup=False)
    if target is not None:
        target.write_text(WRITERS[args.format](diff), encoding="utf-8")
        out.print(f"wrote {target} ({summary(diff)})", markup=False)
    elif args.format == "text":  # styled: rich colours it on a terminal only
        for line in text_lines(diff):  # a card's words shown, their controls escaped
            out.print(Text.assemble(*((printable_lines(t), style) for t, style in line)))
    else:
        out.print(WRITERS[args.format](diff), end="", markup=False)
    return 1 if args.exit_code and not diff.empty else 0
