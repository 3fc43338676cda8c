"""Pipeline stage 1: YAML text -> plain data plus a position index (file:line:col of every node).

YAML is read safely: ruamel's C parser yields events and this module builds dicts, lists and
scalars from them itself (YAML 1.2 core schema), so no tag can ever construct an object.
Building is iterative with a depth limit (deep nesting can't exhaust the stack), aliases are
counted at their expanded size under a node budget (an alias bomb is refused, not expanded),
and duplicate keys are errors.
"""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from .errors import CardError, Diagnostic, Position

MAX_BYTES = 1_000_000
MAX_NODES = 50_000
MAX_DEPTH = 64

_TAG = "tag:yaml.org,2002:"
_NULL = {"", "~", "null", "Null", "NULL"}


class Document:
    """Data loaded from one YAML file, with the position of every node by its path."""

    __slots__ = ("path", "data", "positions", "text")

    def __init__(self, path: str, data: Any, positions: dict[tuple, tuple[int, int]], text: str):
        self.path = path
        self.data = data
        self.positions = positions
        self.text = text

    def pos(self, path: tuple = ()) -> Position:
        """Position of the node at ``path``, or of its nearest ancestor that has one."""
        path = self._as_loaded(path)
        while path not in self.positions and path:
            path = path[:-1]
        line, col = self.positions.get(path, (0, 0))
        return Position(self.path, line + 1, col + 1)

    def _as_loaded(self, path: tuple) -> tuple:
        """``path`` with each mapping key as the loader stored it: keys are strings in the
        data (``'1'``), while a model may key the same mapping by number (``{1: ...}``)."""
        out = []
        node = self.data
        for p in path:
            if isinstance(node, dict):
                if p not in node and not isinstance(p, str) and str(p) in node:
                    p = str(p)
                node = node.get(p)
            elif isinstance(node, list) and isinstance(p, int) and 0 <= p < len(node):
                node = node[p]
            else:
                node = None
            out.append(p)
        return tuple(out)

    def sub(self, path: tuple) -> "Document":
        """The node at ``path`` as a document of its own, positions kept (for validating a
        part of a file with its own model)."""
        data = self.data
        for p in path:
            data = data[p]
        n = len(path)
        positions = {}
        for k, v in self.positions.items():
            if k[:1] == ("<key>",) and k[1:n + 1] == tuple(path):
                positions[("<key>",) + k[n + 1:]] = v
            elif k[:n] == tuple(path):
                positions[k[n:]] = v
        return Document(self.path, data, positions, self.text)

    def key_pos(self, path: tuple) -> Position:
        """Position of the key of a mapping entry (for unknown-key errors)."""
        key = ("<key>",) + self._as_loaded(path)
        if key in self.positions:
            line, col = self.positions[key]
            return Position(self.path, line + 1, col + 1)
        return self.pos(path)


_yaml = YAML(typ="safe")


def _error(path: str, line: int, col: int, message: str, code: str = "CS001") -> CardError:
    return CardError([Diagnostic(Position(path, line + 1, col + 1), message, code)])


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)


def load_text(text: str, path: str = "<string>") -> Document:
    if len(text) > MAX_BYTES:
        raise _too_large(path)
    stray = text.find("\ufeff")
    if stray >= 0:
        line, col = _line_col(text, stray)
        raise _error(path, line, col, "stray byte-order mark (U+FEFF, invisible) inside the "
                     "file; delete it")
    positions: dict[tuple, tuple[int, int]] = {}
    try:
        data = _build(_yaml.parse(text), positions, path)
    except MarkedYAMLError as exc:
        line, col, msg = _syntax_error(text, exc)
        raise _error(path, line, col, msg) from None
    except YAMLError as exc:
        where = getattr(exc, "position", None)
        line, col = _line_col(text, where) if isinstance(where, int) else (0, 0)
        msg = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        raise _error(path, line, col, f"YAML error: {msg}") from None
    return Document(path, data, positions, text)


#: parser contexts whose start is where the designer must look (an unclosed bracket or quote,
#: a key without its colon), not where the parser gave up
_OPENED = ("flow mapping", "flow sequence", "quoted scalar", "simple key")


def _syntax_error(text: str, exc: MarkedYAMLError) -> tuple[int, int, str]:
    """Where and what, for a YAML syntax error: at the opening of what was never closed, on
    the tab that indents, and never past the end of the file."""
    context, problem = exc.context or "", exc.problem or ""
    mark = exc.problem_mark or exc.context_mark
    opened = exc.context_mark
    if opened is not None and any(k in context for k in _OPENED) and (
            mark is None or mark.line > opened.line):
        mark = opened  # the parser ran on past the line: point where it was opened
    line, col = (mark.line, mark.column) if mark else (0, 0)
    lines = text.split("\n")
    if line >= len(lines) or (line == len(lines) - 1 and not lines[line].strip()):
        last = max((i for i, ln in enumerate(lines) if ln.strip()), default=0)
        line, col = last, 0
    if "'\\t'" in problem or "\\t" in problem or (line < len(lines) and
                                                   lines[line][col:col + 1] == "\t"):
        return line, col, "tab used for indentation; YAML indents with spaces"
    if "simple key" in context:
        if line < len(lines) and len(lines[line]) > 1024:
            return line, col, ("YAML syntax error: a key longer than 1024 characters (YAML's "
                               "limit for a plain key)")
        return line, col, (f"YAML syntax error: a key without its ': ' ({problem}); write "
                           f"'key: value' with a space after the colon")
    msg = " ".join(x for x in (context, problem) if x) or str(exc)
    return line, col, f"YAML syntax error: {msg}"


def read_source(path: str | Path) -> bytes:
    """The bytes of one input file (card, deck, scenario, keyword macro, replay): the one
    reader every tool goes through, so none of them can hang or run out of memory on what
    a path turns out to be. Refuses, as a positioned CS002 or CS003 error, anything but a
    regular file (a FIFO, a device such as /dev/zero, a folder; a link is followed) and
    files over MAX_BYTES."""
    return read_source_stat(path)[0]


def read_source_stat(path: str | Path) -> tuple[bytes, os.stat_result]:
    """:func:`read_source`, with the file's status as it was opened (taken before reading,
    so a change made while it is read is never recorded against the old content)."""
    p = os.fspath(path)
    fd, st = open_regular(p)
    try:
        if st.st_size > MAX_BYTES:
            raise _too_large(p)
        chunks, size = [], 0
        while size <= MAX_BYTES:  # the file may grow while it is read: at most MAX_BYTES+1
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _error(p, 0, 0, f"cannot read file: {exc.strerror or exc}", "CS002") from None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise _too_large(p)
    return b"".join(chunks), st


def open_regular(path: str | Path) -> tuple[int, os.stat_result]:
    """A descriptor open for reading on ``path`` and its status, if it is a regular file (a
    link is followed): the one way input files are opened, by :func:`read_source` and by
    readers of files too large to take whole (:mod:`cardscript.jsonfile`'s JSON Lines).
    Anything else — a FIFO, a device, a folder, a missing file — is a positioned CS002
    error, and opening never blocks. The caller closes the descriptor."""
    p = os.fspath(path)
    try:
        # checked before opening too: opening some devices has effects of its own
        _regular(p, os.stat(p).st_mode)
        # O_NONBLOCK: a FIFO put there since the check opens at once instead of waiting for
        # a writer; the descriptor's own stat decides
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise _error(p, 0, 0, f"cannot read file: {why}", "CS002") from None
    try:
        st = os.fstat(fd)
        _regular(p, st.st_mode)
    except OSError as exc:
        os.close(fd)
        raise _error(p, 0, 0, f"cannot read file: {exc.strerror or exc}", "CS002") from None
    except CardError:
        os.close(fd)
        raise
    return fd, st


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR,
          "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def file_kind(mode: int) -> str | None:
    """What a file of status mode ``mode`` is, for messages ("a FIFO", "a folder"), if it is
    not a regular file; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _regular(path: str, mode: int) -> None:
    kind = file_kind(mode)
    if kind is not None:
        raise _error(path, 0, 0, f"cannot read file: {kind}, not a regular file", "CS002")


def _too_large(path: str) -> CardError:
    return _error(path, 0, 0, f"file is larger than {MAX_BYTES} bytes; refusing to read it",
                  "CS003")


def load_file(path: str | Path) -> Document:
    p = str(Path(path))
    return load_bytes(read_source(p), p)


def load_bytes(raw: bytes, path: str) -> Document:
    """Decode UTF-8 (a BOM is allowed) and load; bad bytes are a positioned error."""
    p = path
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n")
        start = raw.rfind(b"\n", 0, exc.start) + 1
        if start == 0 and raw.startswith(b"\xef\xbb\xbf"):
            start = 3  # a leading BOM is not a column
        col = len(raw[start: exc.start].decode("utf-8", "replace"))  # characters, not bytes
        raise _error(str(p), line, col, f"file is not valid UTF-8 (byte "
                     f"0x{raw[exc.start]:02x})", "CS002") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return load_text(text, str(p))


_INT = re.compile(r"[-+]?[0-9][0-9_]*$|0o[0-7]+$|0x[0-9a-fA-F]+$")
MAX_DIGITS = 1000
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$"
                    r"|[-+]?\.(inf|Inf|INF)$|\.(nan|NaN|NAN)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}
_STD = {_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}


class _Frame:
    __slots__ = ("value", "path", "key", "key_mark", "size", "anchor")

    def __init__(self, value: dict | list, path: tuple, anchor: str | None):
        self.value = value
        self.path = path
        self.key: Any = _NOKEY  # the pending key of a mapping, or _NOKEY
        self.key_mark = None
        self.size = 1
        self.anchor = anchor


_NOKEY = object()


def _build(events: Iterable[Any], positions: dict, file: str) -> Any:
    """Build plain data from parse events, iteratively: no recursion however deep the
    input, nesting bounded by MAX_DEPTH, aliases counted at their expanded size. (The
    events are ruamel's, told apart by their exact class: typed loosely.)"""
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    budget = MAX_NODES
    root: Any = None
    documents = 0
    for ev in events:
        cls = type(ev)
        if cls is ScalarEvent:
            value, size = _scalar(ev, file), 1
        elif cls is MappingStartEvent or cls is SequenceStartEvent:
            mark = ev.start_mark
            if ev.tag is not None and ev.tag not in _STD:
                raise _error(file, mark.line, mark.column, f"unsupported YAML tag {ev.tag!r}")
            if len(stack) > MAX_DEPTH:
                raise _error(file, mark.line, mark.column,
                             f"nesting deeper than {MAX_DEPTH} levels; refused", "CS003")
            path = _child_path(stack)
            positions[path] = (mark.line, mark.column)
            budget -= 1
            stack.append(_Frame({} if cls is MappingStartEvent else [], path, ev.anchor))
            continue
        elif cls is MappingEndEvent or cls is SequenceEndEvent:
            frame = stack.pop()
            value, size = frame.value, frame.size
            if frame.anchor is not None:
                anchors[frame.anchor] = (value, size)
            _attach(stack, value, size, None, positions, file, positions.get(frame.path))
            if not stack:
                root = value
            continue
        elif cls is AliasEvent:
            mark = ev.start_mark
            if ev.anchor not in anchors:
                raise _error(file, mark.line, mark.column, f"unknown alias *{ev.anchor}")
            value, size = anchors[ev.anchor]
            budget -= size
            if budget < 0:
                raise _error(file, mark.line, mark.column, f"alias *{ev.anchor} makes the "
                             f"document expand past {MAX_NODES} nodes (alias bomb?); refused",
                             "CS003")
            if not stack:
                root = value
            else:
                _attach(stack, value, size, ev, positions, file)
            continue
        elif cls is DocumentStartEvent:
            documents += 1
            if documents > 1:
                mark = ev.start_mark
                raise _error(file, mark.line, mark.column,
                             "more than one YAML document; a file holds one")
            continue
        else:
            continue
        # a scalar
        budget -= 1
        if budget < 0:
            mark = ev.start_mark
            raise _error(file, mark.line, mark.column,
                         f"document has more than {MAX_NODES} nodes; refused", "CS003")
        if ev.anchor is not None:
            anchors[ev.anchor] = (value, 1)
        if not stack:
            root = value
            positions[()] = (ev.start_mark.line, ev.start_mark.column)
        else:
            _attach(stack, value, size, ev, positions, file)
    return root


def _child_path(stack: list) -> tuple:
    if not stack:
        return ()
    top = stack[-1]
    if isinstance(top.value, list):
        return top.path + (len(top.value),)
    return top.path + (top.key,)


def _attach(stack: list[_Frame], value: Any, size: int, ev: Any, positions: dict, file: str,
            start: tuple[int, int] | None = None) -> None:
    """Put a finished node into the collection on top of the stack."""
    if not stack:
        return
    top = stack[-1]
    top.size += size
    if isinstance(top.value, list):
        if ev is not None:
            positions[top.path + (len(top.value),)] = (ev.start_mark.line, ev.start_mark.column)
        top.value.append(value)
        return
    if top.key is _NOKEY:  # this node is a key
        if ev is None or type(ev) is not ScalarEvent or not isinstance(value, (str, int)) \
                or isinstance(value, bool):
            mark = ev.start_mark if ev is not None else None
            line, col = (mark.line, mark.column) if mark else start or (0, 0)
            raise _error(file, line, col, "mapping keys must be plain names")
        mark = ev.start_mark
        key = str(value)
        if key == "<<" and ev.style == "":
            raise _error(file, mark.line, mark.column,
                         "merge keys ('<<') are not supported in card files")
        if key in top.value:
            raise _error(file, mark.line, mark.column, f"duplicate key '{key}'", "CS004")
        top.key = key
        positions[("<key>",) + top.path + (key,)] = (mark.line, mark.column)
        return
    key = top.key
    if ev is not None:
        positions[top.path + (key,)] = (ev.start_mark.line, ev.start_mark.column)
    top.value[key] = value
    top.key = _NOKEY


def _scalar(ev: ScalarEvent, file: str) -> Any:
    value, tag = ev.value, ev.tag
    mark = ev.start_mark
    if tag is not None and tag != "!":
        if tag not in _STD or tag in (_TAG + "map", _TAG + "seq"):
            raise _error(file, mark.line, mark.column, f"unsupported YAML tag {tag!r}")
        if tag == _TAG + "str":
            return value
        kind = tag[len(_TAG):]
    elif ev.style or not ev.implicit[0]:
        return value  # quoted: always a string
    else:
        kind = _resolve(value)
    try:
        if kind == "null":
            if value not in _NULL:
                raise ValueError
            return None
        if kind == "bool":
            return _BOOL[value]
        if kind == "int":
            v = value.replace("_", "")
            if len(v) > MAX_DIGITS:
                raise _error(file, mark.line, mark.column, f"a number with {len(v)} digits is "
                             f"larger than this reader takes ({MAX_DIGITS}); refused", "CS003")
            if v[:2] in ("0x", "0o"):
                return int(v, 0)
            return int(v)
        if kind == "float":
            v = value.replace("_", "").lower()
            return float(v.replace(".inf", "inf").replace(".nan", "nan"))
        return value
    except (ValueError, KeyError):
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise _error(file, mark.line, mark.column,
                     f"{shown!r} is not a valid {kind}") from None


def _resolve(value: str) -> str:
    """YAML 1.2 core schema for plain scalars: null, booleans, ints, floats, else str."""
    if value in _NULL:
        return "null"
    if value in _BOOL:
        return "bool"
    first = value[:1]
    if first.isdigit() or first in "+-.":
        if _INT.match(value):
            return "int"
        if _FLOAT.match(value):
            return "float"
    return "str"
