"""Pipeline stage 1: YAML text -> plain data plus a position index (file:line:col of every node).

YAML is read safely: the C composer builds a node tree and this module turns it into dicts,
lists and scalars itself, so no tag can ever construct an object. Aliases are followed under
a node budget (an alias bomb is refused, not expanded), and duplicate keys are errors.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .errors import CardError, Diagnostic, Position

MAX_BYTES = 1_000_000
MAX_NODES = 50_000
MAX_DEPTH = 64

_TAG = "tag:yaml.org,2002:"
_TRUE = {"true", "True", "TRUE"}
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
        path = tuple(path)
        while path not in self.positions and path:
            path = path[:-1]
        line, col = self.positions.get(path, (0, 0))
        return Position(self.path, line + 1, col + 1)

    def key_pos(self, path: tuple) -> Position:
        """Position of the key of a mapping entry (for unknown-key errors)."""
        key = ("<key>",) + tuple(path)
        if key in self.positions:
            line, col = self.positions[key]
            return Position(self.path, line + 1, col + 1)
        return self.pos(path)


_yaml = YAML(typ="safe")


def _error(path: str, line: int, col: int, message: str, code: str = "CS001") -> CardError:
    return CardError([Diagnostic(Position(path, line + 1, col + 1), message, code)])


def load_text(text: str, path: str = "<string>") -> Document:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _error(path, 0, 0, f"file is larger than {MAX_BYTES} bytes; refusing to read it",
                     "CS003")
    if "\t" in text:
        for n, line in enumerate(text.splitlines()):
            stripped = line.lstrip(" ")
            if stripped.startswith("\t"):
                raise _error(path, n, len(line) - len(stripped),
                             "tab used for indentation; YAML indents with spaces")
    try:
        node = _yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = " ".join(x for x in (exc.context, exc.problem) if x) or str(exc)
        raise _error(path, mark.line if mark else 0, mark.column if mark else 0,
                     f"YAML syntax error: {msg}") from None
    except YAMLError as exc:
        raise _error(path, 0, 0, f"YAML error: {exc}") from None
    positions: dict[tuple, tuple[int, int]] = {}
    if node is None:
        return Document(path, None, positions, text)
    budget = [MAX_NODES]
    data = _convert(node, (), positions, path, budget, 0)
    return Document(path, data, positions, text)


def load_file(path: str | Path) -> Document:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise _error(str(p), 0, 0, f"cannot read file: {exc.strerror}", "CS002") from None
    return load_bytes(raw, str(p))


def load_bytes(raw: bytes, path: str) -> Document:
    """Decode UTF-8 (a BOM is allowed) and load; bad bytes are a positioned error."""
    p = path
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n")
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1)
        raise _error(str(p), line, col, "file is not valid UTF-8", "CS002") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return load_text(text, str(p))


def _convert(node, path: tuple, positions: dict, file: str, budget: list, depth: int) -> Any:
    budget[0] -= 1
    mark = node.start_mark
    if budget[0] < 0:
        raise _error(file, mark.line, mark.column,
                     f"document expands to more than {MAX_NODES} nodes (alias bomb?); refused",
                     "CS003")
    if depth > MAX_DEPTH:
        raise _error(file, mark.line, mark.column,
                     f"nesting deeper than {MAX_DEPTH} levels; refused", "CS003")
    positions[path] = (mark.line, mark.column)
    tag = node.tag or ""
    if isinstance(node, MappingNode):
        if tag != _TAG + "map":
            raise _error(file, mark.line, mark.column, f"unsupported YAML tag {tag!r}")
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if knode.tag == _TAG + "merge":
                raise _error(file, knode.start_mark.line, knode.start_mark.column,
                             "merge keys ('<<') are not supported in card files")
            if not isinstance(knode, ScalarNode) or knode.tag not in (_TAG + "str", _TAG + "int"):
                raise _error(file, knode.start_mark.line, knode.start_mark.column,
                             "mapping keys must be plain names")
            key = knode.value
            if key in out:
                raise _error(file, knode.start_mark.line, knode.start_mark.column,
                             f"duplicate key '{key}'", "CS004")
            positions[("<key>",) + path + (key,)] = (knode.start_mark.line, knode.start_mark.column)
            out[key] = _convert(vnode, path + (key,), positions, file, budget, depth + 1)
        return out
    if isinstance(node, SequenceNode):
        if tag != _TAG + "seq":
            raise _error(file, mark.line, mark.column, f"unsupported YAML tag {tag!r}")
        return [_convert(v, path + (i,), positions, file, budget, depth + 1)
                for i, v in enumerate(node.value)]
    return _scalar(node, file)


def _scalar(node: ScalarNode, file: str) -> Any:
    tag, value = node.tag, node.value
    if tag == _TAG + "str":
        return value
    if tag == _TAG + "int":
        v = value.replace("_", "")
        try:
            return int(v, 0) if v.lstrip("+-")[:2].lower() in ("0x", "0o", "0b") else int(v)
        except ValueError:
            pass
    elif tag == _TAG + "float":
        try:
            return float(value.replace("_", "").replace(".inf", "inf").replace(".nan", "nan"))
        except ValueError:
            pass
    elif tag == _TAG + "bool":
        return value in _TRUE
    elif tag == _TAG + "null":
        return None
    mark = node.start_mark
    raise _error(file, mark.line, mark.column, f"unsupported YAML tag {tag!r} on {value!r}")
