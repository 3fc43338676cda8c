"""The clause numbers of a game's comprehensive rules, read from the rules text: what
``cardscript coverage`` counts scenarios against.

The installed package can't read the rules documents, so the game ships their index as data
(``cardscripts/<game>/rules-index.yaml``), written by this module from the texts and checked
against them by the tests when they are at hand::

    python -m cardscript.tools.rules_index SECTION.txt... > cardscripts/wonders/rules-index.yaml

A clause is a heading line ``403.1 Beginning of Round`` (a number, a space, a title, from the
start of the line), and each numbered step written from the start of a line under a heading
(``3. Trigger On Round Start effects ...`` under 403.1 is 403.1.3, as the scenario files
``403-1-3-*`` name it). An indented numbered list (403's "Steps of the round are: 1.
Beginning of Round ...") only names the sections that follow, so it is no clause.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

_HEADING = re.compile(r"^(?P<number>[0-9]{3}(?:\.[0-9]+)*) (?P<title>\S.*)$")
_STEP = re.compile(r"^(?P<n>[0-9]+)\. (?P<text>\S.*)$")
#: where a step's short title ends: its dash, its first sentence, or a length
_TITLE_END = re.compile(r" — |\. |\.$|: ")
FILE_NAME = "rules-index.yaml"


def _short(text: str, width: int = 60) -> str:
    m = _TITLE_END.search(text)
    title = text[: m.start()] if m else text
    return title if len(title) <= width else title[: width - 1].rstrip() + "…"


def clauses(text: str) -> list[tuple[str, str]]:
    """(number, title) of every clause of one rules text, in order."""
    out: list[tuple[str, str]] = []
    section = None
    for line in text.splitlines():
        line = line.rstrip()
        m = _HEADING.match(line)
        if m:
            section = m["number"]
            out.append((section, m["title"].strip()))
            continue
        m = _STEP.match(line)
        if m and section is not None:
            out.append((f"{section}.{m['n']}", _short(m["text"].strip())))
    return out


def index(texts: Iterable[str]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for text in texts:
        found.extend(clauses(text))
    return found


def dump(entries: list[tuple[str, str]], sources: list[str]) -> str:
    """The index file's text (YAML, one clause a line)."""
    lines = ["# The clauses of the comprehensive rules (their numbers and short titles), for",
             "# `cardscript coverage`. Generated from the rules texts by",
             "#   python -m cardscript.tools.rules_index " + " ".join(sources),
             "# tests/tools/test_coverage.py checks it against them; do not edit by hand.",
             "clauses:"]
    for number, title in entries:
        quoted = title.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'  - {{number: "{number}", title: "{quoted}"}}')
    return "\n".join(lines) + "\n"


def load(path: str | Path) -> list[tuple[str, str]]:
    """The (number, title) pairs of an index file."""
    from cardscript.loader import load_file
    data = load_file(path).data
    return [(str(c["number"]), str(c["title"])) for c in (data or {}).get("clauses", ())]


def main(argv: list[str] | None = None) -> int:
    files = list(sys.argv[1:] if argv is None else argv)
    if not files:
        print("usage: python -m cardscript.tools.rules_index SECTION.txt...", file=sys.stderr)
        return 2
    from cardscript.errors import CardError
    from cardscript.loader import read_source
    texts = []
    for f in files:
        try:  # the one reader of input files: a FIFO or a device is refused, never waited on
            texts.append(read_source(f).decode("utf-8"))
        except CardError as exc:
            print(exc, file=sys.stderr)
            return 1
        except UnicodeDecodeError as exc:
            print(f"{f}:1:1: not UTF-8 (byte 0x{exc.object[exc.start]:02x})", file=sys.stderr)
            return 1
    sys.stdout.write(dump(index(texts), [Path(f).name for f in files]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
