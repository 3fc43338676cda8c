"""Card files a scenario names in its ``cards:`` list, beside its inline cards.

An entry that is a string is a path relative to the scenario file: a ``*.card.yaml`` file or
a folder (every card file under it). It must stay inside the scenario's own folder tree —
a scenario carries its cards with it, and a path that climbs out (``../``, an absolute path,
a link pointing elsewhere) would make it depend on files another project owns — so such a
path is an error at the entry (CS505), as is a missing path or a folder without card files.
Used by :func:`cardscript.tools.scenarios.prepare` and by the linter, so both agree.
"""
from __future__ import annotations

import os
from typing import Any

from cardscript.cardpool import CARD_SUFFIX, real_path, walk
from cardscript.compiler import Compiler
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.loader import Document, load_file
from cardscript.model import validate_document
from cardscript.state import CardDef
from pydantic import BaseModel

CODE = "CS505"


def _inside(folder: str, path: str) -> bool:
    return os.path.commonpath([folder, path]) == folder


def card_paths(doc: Document, entries: list[Any]) -> tuple[list[tuple[int, str]],
                                                           list[Diagnostic]]:
    """``(index of the entry, card file)`` for each card file the string entries of
    ``cards`` name, in order, and a CS505 diagnostic per entry that names none."""
    here = os.path.dirname(doc.path) or "."
    root = real_path(here)
    files: list[tuple[int, str]] = []
    problems: list[Diagnostic] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, str):
            continue
        pos = doc.pos(("cards", i))
        shown = os.path.normpath(os.path.join(here, entry))

        def bad(msg: str, pos: Position = pos) -> None:
            problems.append(Diagnostic(pos, msg, CODE))
        if os.path.isabs(entry):
            bad(f"card path '{entry}' is absolute: name it relative to the scenario's folder "
                f"({here})")
            continue
        if not _inside(root, real_path(shown)):
            bad(f"card path '{entry}' is outside the scenario's folder ({here}): a scenario "
                "names card files beside it or in folders below it; copy the cards there")
            continue
        if os.path.isdir(shown):
            found = walk([shown], CARD_SUFFIX)
            outside = [f for f in found if not _inside(root, real_path(f))]
            if outside:
                bad(f"card folder '{entry}' holds '{outside[0]}', a link to a file outside "
                    f"the scenario's folder ({here}); copy the card there")
            elif not found:
                bad(f"card folder '{entry}' holds no {CARD_SUFFIX} file")
            files.extend((i, f) for f in found if f not in outside)
        elif not os.path.exists(shown):
            bad(f"no card file or folder '{entry}' beside the scenario (looked for {shown})")
        elif not entry.endswith(CARD_SUFFIX):
            bad(f"'{entry}' is not a card file: a card file's name ends in {CARD_SUFFIX}; "
                "name the file, or a folder of card files")
        else:
            files.append((i, shown))
    return files, problems


def load_card_files(doc: Document, entries: list[Any], card_model: type[BaseModel],
                    compiler: Compiler) -> tuple[list[tuple[int, CardDef]], list[Diagnostic]]:
    """The compiled cards of the files ``cards`` names, each with its entry's index, and
    every problem: the entries' (CS505) and the cards' own, at their file, line and col."""
    files, problems = card_paths(doc, entries)
    cards = []
    for i, f in files:
        try:
            sub = load_file(f)
            cards.append((i, compiler.card(validate_document(sub, card_model, "card"),
                                           sub.pos(()), sub.pos)))
        except CardError as exc:
            problems.extend(exc.diagnostics)
    return cards, problems
