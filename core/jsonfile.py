"""JSON documents and JSON Lines files as untrusted input: the one way the tools read any JSON
(saves, ``simulate`` records and their sidecars, ``balance --compare`` reports, replays).

Reading goes through the loader's one opener (:func:`cardscript.loader.open_regular`: regular
files only, never a hang) and is bounded: a whole document at the loader's ``MAX_BYTES``, a
JSON Lines file line by line, each line at most ``max_line`` bytes. Parsing is strict JSON:
no ``NaN`` or ``Infinity``, no duplicate keys, no number past Python's digit limit, nesting
at most :data:`MAX_DEPTH` deep. A value is then checked against a schema (a pydantic model
or type) before anything uses it. Every refusal is a :class:`~cardscript.errors.CardError`
at ``file:line:col`` (for a schema, the JSON path of the value: ``at cards.3.win_rate``),
never a traceback.
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import CardError, Diagnostic, Position, printable
from .loader import MAX_BYTES, open_regular, read_source

#: how deeply a JSON value may nest (as a card file's YAML)
MAX_DEPTH = 64
#: the schema errors reported of one value: the rest are counted
MAX_REPORTED = 10

_T = TypeVar("_T")


class Document(BaseModel):
    """A base for the schemas of JSON documents: unknown fields are errors, as in a card."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _diag(path: str, line: int, col: int, message: str, code: str) -> Diagnostic:
    return Diagnostic(Position(path, line, col), message, code)


def _refuse(path: str, line: int, col: int, message: str, code: str) -> CardError:
    return CardError([_diag(path, line, col, message, code)])


def _constant(name: str) -> Any:
    raise ValueError(f"'{name}' is not a JSON number")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(k)
            seen.add(k)
    return out


class _DuplicateKey(ValueError):
    pass


def parse(raw: bytes, path: str, what: str, line: int = 1, *, unique_keys: bool = True) -> Any:
    """The JSON value of ``raw`` (the text of ``path``, or its line ``line`` of a JSON Lines
    file); ``what`` names what the file should be, for messages ("a save", "a report").
    ``unique_keys=False`` lets a repeated key keep its last value, as JSON readers do: for a
    document of many small mappings whose every value is checked after (a save), where
    refusing repeats would cost more than the rest of reading it."""
    try:
        text = raw.decode("utf-8-sig" if line == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        at = line + raw[: exc.start].count(b"\n")
        raise _refuse(path, at, 1, f"not {what}: the file is not valid UTF-8 (byte "
                      f"0x{raw[exc.start]:02x})", "CS002") from None
    try:
        value = json.loads(text, parse_constant=_constant,
                           object_pairs_hook=_pairs if unique_keys else None)
    except _DuplicateKey as exc:
        raise _refuse(path, line, 1, f"not {what}: duplicate key {printable(repr(exc.args[0]))}"
                      , "CS004") from None
    except json.JSONDecodeError as exc:
        raise _refuse(path, line + exc.lineno - 1, exc.colno,
                      f"not {what}: JSON error: {exc.msg}", "CS001") from None
    except RecursionError:
        raise _refuse(path, line, 1, f"not {what}: JSON nested more than {MAX_DEPTH} deep",
                      "CS003") from None
    except ValueError as exc:  # NaN, Infinity, a number past the digit limit
        why = str(exc) if "digits" not in str(exc) else \
            f"a number of more than {sys.get_int_max_str_digits()} digits"
        raise _refuse(path, line, 1, f"not {what}: {why}", "CS003") from None
    if _deeper_than(value, MAX_DEPTH):
        raise _refuse(path, line, 1, f"not {what}: JSON nested more than {MAX_DEPTH} deep",
                      "CS003")
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests deeper than ``limit``: walked a level at a time, containers
    only (a save's tens of thousands of values in about a millisecond)."""
    level = [value] if type(value) in (dict, list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below = []
        for x in level:
            for v in (x.values() if type(x) is dict else x):
                if type(v) is dict or type(v) is list:
                    below.append(v)
        level = below
    return False


def read(path: str | Path, what: str) -> Any:
    """The JSON value of the document ``path`` (at most the loader's ``MAX_BYTES``)."""
    p = os.fspath(path)
    return parse(read_source(p), p, what)


def check(value: Any, schema: type[_T] | TypeAdapter[_T], path: str, what: str,
          line: int = 1) -> _T:
    """``value`` validated against ``schema`` (a pydantic model or a type, strict: no
    coercion from strings); each problem is a diagnostic naming the JSON path of the value."""
    adapter = schema if isinstance(schema, TypeAdapter) else _adapter(schema)
    try:
        return adapter.validate_python(value, strict=True)
    except ValidationError as exc:
        raise CardError(schema_problems(exc, path, what, line)) from None


def schema_problems(exc: ValidationError, path: str, what: str, line: int = 1
                    ) -> list[Diagnostic]:
    """The diagnostics of a failed schema check: one per problem (at most
    :data:`MAX_REPORTED`), each naming where in the value it is."""
    out = []
    errors = exc.errors(include_url=False, include_input=False)
    for e in errors[:MAX_REPORTED]:
        at = ".".join(str(x) for x in e["loc"])
        kind = e["type"]
        code = "CS104" if kind == "missing" else "CS101" if kind == "extra_forbidden" \
            else "CS105"
        msg = {"missing": "a required field is missing",
               "extra_forbidden": "unknown field"}.get(kind, e["msg"])
        out.append(_diag(path, line, 1, f"not {what}: {msg}" + (f" (at {at})" if at else ""),
                         code))
    if len(errors) > MAX_REPORTED:
        out.append(_diag(path, line, 1, f"not {what}: and {len(errors) - MAX_REPORTED} more "
                         "problems", "CS105"))
    return out


_ADAPTERS: dict[Any, TypeAdapter] = {}


def _adapter(schema: Any) -> TypeAdapter:
    a = _ADAPTERS.get(schema)
    if a is None:
        a = _ADAPTERS[schema] = TypeAdapter(schema)
    return a


def load(path: str | Path, schema: type[_T] | TypeAdapter[_T], what: str) -> _T:
    """The document ``path`` read (:func:`read`) and checked (:func:`check`)."""
    p = os.fspath(path)
    return check(read(p, what), schema, p, what)


def lines(path: str | Path, what: str, max_line: int = MAX_BYTES
          ) -> Iterator[tuple[int, int, bytes]]:
    """The lines of the JSON Lines file ``path``: ``(line number, offset, bytes)`` for each,
    its end of line kept (a last line without one was cut short as it was written). The
    file may be of any size; a line longer than ``max_line`` bytes is a CS003 error at it."""
    p = os.fspath(path)
    fd, _ = open_regular(p)
    with os.fdopen(fd, "rb") as f:
        offset = 0
        for n, chunk in enumerate(iter(lambda: f.readline(max_line + 1), b""), 1):
            if len(chunk) > max_line:
                raise _refuse(p, n, 1, f"not {what}: a line longer than {max_line} bytes",
                              "CS003")
            yield n, offset, chunk
            offset += len(chunk)
