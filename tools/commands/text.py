"""cardscript text: the rules text generated from each card's script (core/text.py).

``CARD_OR_PATH`` is a card id of the bundled set, a card file or a folder of card files. Each
card prints as its id, then its generated text indented, a line per ability. With ``--diff``,
cards whose printed ``text:`` differs from the generated text (compared by
:func:`cardscript.text.normalize`) show a unified diff, a sentence per line, printed text first;
the exit code is 1 if any differ. Cards that don't load, or whose text can't be generated,
are reported on stderr and also exit 1.
"""
from __future__ import annotations

import argparse
import difflib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..common import add_game_option

if TYPE_CHECKING:
    from cardscript.cardpool import CardPool
    from cardscript.errors import Diagnostic

HELP = "print the rules text generated from card scripts; --diff compares the printed text"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="CARD_OR_PATH",
                   help="a card id of the bundled set, a card file, or a folder")
    add_game_option(p)
    p.add_argument("--diff", action="store_true",
                   help="show a unified diff against each card's printed text: where they "
                   "differ; exit 1 if any do")


def _sentences(text: str) -> list[str]:
    """One sentence (or ability) per line: diffs then point at the sentence that drifted."""
    from cardscript.text import normalize
    flat = normalize(text)
    return [s for s in re.split(r"(?<=[.;])\s+", flat + "." if flat else "") if s]


def _select(target: str, game: str) -> tuple[CardPool, list[str], list[Diagnostic]]:
    """The pool (bundled set plus the given files) and the ids of the cards to show."""
    from cardscript.cardpool import CARD_SUFFIX, find_files, real_path
    from cardscript.cardset import card_set
    from cardscript.errors import did_you_mean

    from ..common import UsageError

    path = Path(target)
    wanted: list[Path] = []
    exists = os.path.lexists(path)  # a link that can't be read is still the file meant
    if exists:
        wanted = find_files([path], CARD_SUFFIX)
        if not wanted:
            raise UsageError(f"no *{CARD_SUFFIX} files at {target}")
    # the bundled set and the files given, each once, with the macros both bring
    cards = card_set(game, [target] if exists else [])
    pool = cards.pool(cache=False, keep_models=True)
    if not exists:
        if target not in pool.cards:
            raise UsageError(f"no card file, folder or bundled card named '{target}'"
                             f"{did_you_mean(target, pool.cards)}")
        return pool, [target], []
    # the files given, and the designer's keyword macros they use
    mine = {real_path(f) for f in [*wanted, *cards.designer_macros()]}
    ids = [cid for cid, f in pool.files.items() if real_path(f) in mine]
    problems = [d for d in pool.diagnostics if real_path(d.pos.file) in mine]
    return pool, ids, problems


def run(args: argparse.Namespace) -> int:
    from cardscript.errors import printable
    from cardscript.text import TextError, card_text, normalize

    from ..common import err, out, report

    pool, ids, problems = _select(args.target, args.game)
    report(problems)
    failed = bool(problems)
    differ = 0
    models = pool.models
    assert models is not None  # _select loads the pool with keep_models
    for cid in ids:
        model = models[cid]
        try:
            text = card_text(model, pool.registry, cards=pool.cards)
        except TextError as exc:
            err.print(printable(f"{pool.files[cid]}: [{cid}] rules text could not be "
                                f"generated: {exc}"), markup=False)
            failed = True
            continue
        printed = getattr(model, "text", None) or ""
        if args.diff:
            if normalize(text) == normalize(printed):
                continue
            differ += 1
            out.print(f"{cid}: generated text differs from the printed text", markup=False)
            lines = difflib.unified_diff(_sentences(printed), _sentences(text),
                                         f"{pool.files[cid]} (printed)", f"{cid} (generated)",
                                         lineterm="")
            for line in lines:
                out.print(printable(line), markup=False)
            continue
        out.print(cid, markup=False)
        # the text is shown, not obeyed: a macro's parameter may have put anything in it
        body = text.rstrip("\n")
        for line in body.split("\n") if body else ["(no rules text)"]:
            out.print(f"  {printable(line)}", markup=False)
    if args.diff:
        n = len(ids)
        out.print(f"{differ} of {n} card{'s' if n != 1 else ''}: generated text differs from "
                  "the printed text" if differ else f"all {n} card{'s' if n != 1 else ''} "
                  "match their printed text", markup=False)
    return 1 if failed or differ else 0
