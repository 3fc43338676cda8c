"""Editing a card file's top-level scalars in place, for ``cardscript import-csv``: set a
value, add a key, remove a key, and leave every other byte of the file as it was.

ruamel.yaml's round trip reads the file (its parser gives each node's exact span) but its
dumper is not used to write it: dumping rewrites some layouts it loaded (a flow list of
one-key mappings, ``[{tap: target}]``, comes back as ``[tap: target]``, in 37 of the 334
bundled card files). Here the new value's text is spliced into the file's own text at the
span the parser gave, so comments, key order, quoting, flow style and line ends all stay.
The caller checks the result by loading it again (:func:`apply`)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    CollectionEndEvent,
    CollectionStartEvent,
    MappingStartEvent,
    ScalarEvent,
)

#: a choice written without quotes must read back as the same string (YAML 1.2 core)
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:[ -][A-Za-z0-9_]+)*")
_NOT_PLAIN = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "nan", "inf"}


class EditError(Exception):
    """The file's layout is not one this module edits (the designer edits it by hand)."""


@dataclass
class Entry:
    """One top-level key of the card mapping and its value's span in the text."""

    key: str
    key_start: int
    key_end: int
    #: the value's span for a scalar (start == end for an empty value: ``power:``)
    value_start: int
    value_end: int
    scalar: bool
    style: str | None
    empty: bool
    #: where the entry's content ends (a following line may start here)
    content_end: int


def entries(text: str) -> tuple[dict[str, Entry], int]:
    """The top-level entries of a file holding one block mapping, and its key column."""
    try:
        events = list(YAML(typ="rt").parse(text))
    except YAMLError as exc:
        raise EditError(f"cannot read the YAML: {exc}") from None
    # the document's first node: stream start, document start, then the card's mapping
    top = events[2] if len(events) > 2 else None
    if not isinstance(top, MappingStartEvent) or top.flow_style:
        raise EditError("the card is not written as a block mapping (key: value lines)")
    found: dict[str, Entry] = {}
    i, depth, column = 3, 0, -1
    while i < len(events) and not isinstance(events[i], CollectionEndEvent):
        key = events[i]
        if not isinstance(key, ScalarEvent):
            raise EditError("a key of the card is not a plain word")
        column = key.start_mark.column
        i += 1
        first = events[i]
        end = first.end_mark.index
        if isinstance(first, CollectionStartEvent):
            depth, i = 1, i + 1
            while depth:
                ev = events[i]
                if isinstance(ev, CollectionStartEvent):
                    depth += 1
                elif isinstance(ev, CollectionEndEvent):
                    depth -= 1
                    if ev.end_mark.index > ev.start_mark.index:  # a flow "]" or "}"
                        end = max(end, ev.end_mark.index)
                else:
                    end = max(end, ev.end_mark.index)
                i += 1
        else:
            i += 1
        scalar = isinstance(first, ScalarEvent)
        empty = scalar and first.value == "" and first.start_mark.index == first.end_mark.index
        if empty:  # the value's mark is the next token's: the entry ends at its colon
            end = text.index(":", key.end_mark.index) + 1
        found[str(key.value)] = Entry(
            str(key.value), key.start_mark.index, key.end_mark.index,
            first.start_mark.index, first.end_mark.index, scalar,
            first.style if scalar else None, empty, end)
    return found, column


def _line_after(text: str, index: int) -> int:
    if index > 0 and text[index - 1] == "\n":
        return index
    nl = text.find("\n", index)
    return len(text) if nl < 0 else nl + 1


def token(value: int | str, style: str | None = None) -> str:
    """A value as YAML text: a number as it is, a word plain, or quoted as before."""
    if isinstance(value, int):
        return str(value)
    if style == "'" and "'" not in value and value.isprintable():
        return f"'{value}'"
    if style is None and _PLAIN.fullmatch(value) and value.lower() not in _NOT_PLAIN:
        return value
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML double-quoted one


def edit(text: str, changes: dict[str, int | str | None], order: list[str]) -> str:
    """``text`` with each key of ``changes`` set to its value (``None``: the key removed);
    a key not in the file is added after the nearest key before it in ``order`` (the card
    model's field order)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    found, column = entries(text)
    if not text.endswith("\n") and any(v is not None and k not in found
                                        for k, v in changes.items()):
        text += newline  # a key is added, maybe after the last line
    # splice from the end of the file backwards, so earlier spans stay valid
    splices: list[tuple[int, int, int, str]] = []

    def rank(key: str) -> int:
        return order.index(key) if key in order else len(order)

    for key, value in changes.items():
        entry = found.get(key)
        if entry is None:
            if value is None:
                continue
            before = [k for k in order[: order.index(key)] if k in found] if key in order \
                else list(found)
            anchor = found[before[-1]] if before else None
            at = _line_after(text, anchor.content_end) if anchor else 0
            splices.append((at, at, rank(key), f"{' ' * max(column, 0)}{key}: "
                                    f"{token(value)}{newline}"))
        elif value is None:
            start = text.rfind("\n", 0, entry.key_start) + 1
            if text[start: entry.key_start].strip():
                raise EditError(f"'{key}' does not start its own line")
            splices.append((start, _line_after(text, entry.content_end), rank(key), ""))
        elif not entry.scalar or entry.style in ("|", ">"):
            raise EditError(f"'{key}' is not a one-line value")
        elif entry.empty:
            at = entry.content_end  # after the colon
            splices.append((at, at, rank(key), f" {token(value)}"))
        else:
            splices.append((entry.value_start, entry.value_end, rank(key),
                            token(value, entry.style)))
    # two keys added at one place: the later in model order first, so both end up in it
    for start, end, _, new in sorted(splices, reverse=True):
        text = text[:start] + new + text[end:]
    return text


__all__ = ["EditError", "Entry", "edit", "entries", "token"]
