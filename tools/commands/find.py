"""cardscript find: the cards of a set that a Scryfall-like query matches (docs/find.md).
Exit codes as grep's: 0 when some card matches, 1 when none does (or the cards are bad),
2 for bad usage or a malformed query."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from cardscript.errors import printable, printable_json

from ..common import add_game_option, err, out, require_paths, stdout_is_tty
from ._shared import designer_cards

if TYPE_CHECKING:  # (imported when the command runs: every command module is loaded at start)
    from ..facts import CardFacts, SetFacts, Value
    from ..query import QueryError

HELP = "list the cards a query matches: 't:TYPE cost<=3 -kw:KEYWORD' (docs/find.md)"
#: the width the rules text is cut to in the table
TEXT_WIDTH = 70


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="QUERY",
                   help="the query, quoted for the shell: 'FIELD:VALUE cost>=4'")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="card files or folders, or one deck file (default: the game's "
                   "bundled set)")
    add_game_option(p)
    p.add_argument("--format", choices=("table", "ids", "json"), default="table",
                   help="table (a table on a terminal, a tab-separated line per card "
                   "otherwise), ids (one id a line) or json (every fact of each card)")


def run(args: argparse.Namespace) -> int:
    from cardscript.cardset import card_set

    from ..query import QueryError, parse
    from ..query_match import compile_query, schema
    require_paths(args.paths)
    try:
        tree = parse(args.query)
    except QueryError as exc:
        return _bad_query(exc)
    paths = args.paths or [card_set(args.game).spec().cards_dir]
    facts = designer_cards("find", paths, args.game, empty_ok=True)
    try:
        match = compile_query(tree, schema(facts), args.query)
    except QueryError as exc:
        return _bad_query(exc)
    found = [c for c in facts.cards if match(c)]
    # a card's words are shown with their control characters escaped (`check` refuses them
    # in a card, but a set is found as it is): printable, printable_json
    if args.format == "ids":
        for c in found:
            out.print(printable(c.id), markup=False)
    elif args.format == "json":
        out.print(printable_json(json.dumps([_as_json(c) for c in found], indent=2,
                                            ensure_ascii=False)), markup=False)
    elif stdout_is_tty():
        _table(found, facts)
    else:
        # plain tab-separated lines for grep and cut (rich would expand the tabs); a tab in
        # a field would add a column: escaped too
        for c in found:
            sys.stdout.write("\t".join(_plain(x) for x in [
                c.id, c.name, c.type, _stats(c, facts), " / ".join(c.text.split("\n"))])
                + "\n")
    return 0 if found else 1


def _plain(text: str) -> str:
    return printable(text).replace("\t", "\\t")


def _bad_query(exc: QueryError) -> int:
    err.print(f"cardscript find: error: bad query: {exc}", markup=False)
    if exc.pointer():
        err.print(exc.pointer(), markup=False)
    return 2


def _stat_fields(cards: list[CardFacts], facts: SetFacts) -> list[str]:
    """The game's stats worth a column: numbers and choices some of these cards have."""
    return [f.name for f in facts.fields
            if (f.kind in ("int", "choice") or (f.kind == "list" and f.choices))
            and any(c.fields.get(f.name) not in (None, ()) for c in cards)]


def _show(value: Value) -> str:
    if value is None:
        return ""
    return ",".join(value) if isinstance(value, tuple) else str(value)


def _stats(card: CardFacts, facts: SetFacts) -> str:
    return " ".join(f"{name}={_show(card.fields[name])}" for name in _stat_fields([card], facts))


def _table(found: list[CardFacts], facts: SetFacts) -> None:
    from rich.table import Table
    from rich.text import Text
    stats = _stat_fields(found, facts)
    table = Table(title=Text(printable(facts.title)), expand=False)
    for name in ["id", "name", "type", *stats, "text"]:
        # the text wraps and keeps a readable width; stats stay one line each
        table.add_column(name, no_wrap=name != "text", overflow="ellipsis",
                         min_width=30 if name == "text" else None,
                         justify="right" if (spec := facts.field(name)) is not None
                         and spec.kind == "int" else "left")
    for c in found:
        text = " ".join(c.text.split())
        if len(text) > TEXT_WIDTH:
            text = text[:TEXT_WIDTH - 1].rstrip() + "…"
        # Text cells: a card's name or text is data, never rich markup
        table.add_row(*(Text(printable(x)) for x in [c.id, c.name, c.type,
                                                    *(_show(c.fields[s]) for s in stats),
                                                    text]))
    if found:
        out.print(table)
    n = len(found)
    err.print(f"{n} card{'s' if n != 1 else ''} of {len(facts.cards)}", markup=False)


def _as_json(card: CardFacts) -> dict[str, Any]:
    return {"id": card.id, "name": card.name, "type": card.type,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in card.fields.items()},
            "keywords": [{"name": k.name, "label": k.label} for k in card.keywords],
            "text": card.text, "file": card.file}


__all__ = ["HELP", "add_arguments", "run"]
