"""``cardscript export --to csv``: one row per card for a spreadsheet, and the cell codec
``cardscript import-csv`` reads the same columns back with (:mod:`cardscript.tools.csv_import`).

Columns: ``id``, ``name``, ``type``, then every printed field of the game's cards in the
order its card model declares them (:func:`cardscript.tools.facts.card_fields`), then
``keywords`` (as printed) and ``text`` (the generated rules text); a deck adds ``copies``.
UTF-8, a header row, RFC 4180 quoting and line ends, the set's id order or the deck's order:
the same set always writes the same bytes.

Spreadsheets run a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (CSV
injection), so a text cell starting with one of those (or with a tab, a carriage return or
an apostrophe, to keep the rule reversible) is written with a leading apostrophe, which
``import-csv`` removes. Number cells are written as they are: ``-1`` is a number to a
spreadsheet, not a formula. (The module is not named ``csv``: that would shadow the
standard library's.)"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ..facts import CardFacts, FieldSpec, SetFacts, Value

NAME = "csv"
HELP = "a spreadsheet: one row per card (id, name, type, stats, keywords, rules text)"

#: columns written before and after the game's fields; none of them is editable
HEAD = ("id", "name", "type")
TAIL = ("keywords", "text")
COPIES = "copies"
#: what a list cell's values are joined with
LIST_SEP = "; "
#: a text cell starting with one of these is guarded with a leading apostrophe
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def guard(text: str) -> str:
    """A text cell as written: a spreadsheet must not read it as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def unguard(text: str) -> str:
    """A text cell as read back: the inverse of :func:`guard`."""
    return text[1:] if text.startswith("'") and text[1:].startswith(_FORMULA_START) else text


def field_cell(spec: FieldSpec, value: Value) -> str:
    """A field's value as its cell shows it."""
    if value is None:
        return ""
    if spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # never guarded: a number is not a formula
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return guard(LIST_SEP.join(str(v) for v in value))
    return guard(str(value))


def columns(facts: SetFacts) -> list[str]:
    out = [*HEAD, *(f.name for f in facts.fields), *TAIL]
    return [*out, COPIES] if facts.deck else out


def row(facts: SetFacts, card: CardFacts) -> list[str]:
    cells = [guard(card.id), guard(card.name), guard(card.type)]
    cells += [field_cell(f, card.fields.get(f.name)) for f in facts.fields]
    cells += [guard(LIST_SEP.join(k.label for k in card.keywords)), guard(card.text)]
    if facts.deck:
        cells.append(str(facts.copies.get(card.id, 0)))
    return cells


def ordered(facts: SetFacts) -> list[CardFacts]:
    """The set's cards in id order, or a deck's cards in the deck's order (each once)."""
    found = facts.by_id()
    return [found[cid] for cid in facts.copies if cid in found] if facts.deck \
        else list(facts.cards)


def to_csv(facts: SetFacts) -> str:
    buf = io.StringIO()
    # RFC 4180: CRLF line ends, fields quoted only when they hold a comma, a quote or a
    # line break, quotes doubled
    w = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(columns(facts))
    for card in ordered(facts):
        w.writerow(row(facts, card))
    return buf.getvalue()


def file_stem(facts: SetFacts) -> str:
    """The name the export's files take: the deck's, or the set's (its folders), as a slug."""
    name = facts.deck or facts.title.split(" — ", 1)[-1]
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug or facts.game


def write(facts: SetFacts, out: Path) -> list[Path]:
    path = Path(out) / f"{file_stem(facts)}.csv"
    path.write_bytes(to_csv(facts).encode("utf-8"))
    return [path]


__all__ = ["COPIES", "HEAD", "LIST_SEP", "TAIL", "columns", "field_cell", "file_stem", "guard",
           "ordered", "row", "to_csv", "unguard", "write"]
