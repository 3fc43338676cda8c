"""Input generators of the command-line fuzz test (test_fuzz_inputs.py): random bytes, random
YAML trees, and mutations of the bundled files' data, written out by a small YAML emitter of
our own so that the files can hold what a dumper would never write (duplicate keys, tags,
anchors and aliases, keys that are not names, raw scalars such as ``0x1F`` or ``.NaN``)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "cardscripts" / "wonders"

# -- nodes the emitter writes besides plain dicts, lists and scalars ---------------------------


@dataclass(frozen=True)
class Raw:
    """A scalar written exactly as given (``0x1F``, ``~``, ``.inf``, ``*undefined``)."""
    text: str


@dataclass(frozen=True)
class Tagged:
    tag: str
    node: Any


@dataclass(frozen=True)
class Anchored:
    name: str
    node: Any


@dataclass(frozen=True)
class Alias:
    name: str


@dataclass(frozen=True)
class Pairs:
    """A mapping as (key, value) pairs: keys may repeat, and may be Raw (``[a, b]: 1``)."""
    items: tuple


@dataclass(frozen=True)
class Flow:
    """A collection written in flow style (``{a: 1, b: [2]}``)."""
    node: Any


# -- the emitter -------------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ .-]*\Z")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def scalar(value: Any) -> str:
    """One scalar in YAML: loads back as the same value (see test_emitter_round_trips)."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Alias):
        return f"*{value.name}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return ".nan"
        if value in (float("inf"), float("-inf")):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith(" ") \
            and ": " not in text and " #" not in text:
        return text
    return _quoted(text)


def _quoted(text: str) -> str:
    out = ['"']
    for ch in text:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif o < 0x20 or o == 0x7F or 0x80 <= o < 0xA0 or 0xD800 <= o < 0xE000 \
                or o in (0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF):
            out.append(f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _is_block(node: Any) -> bool:
    """A collection written on lines of its own below its key or dash."""
    return (isinstance(node, dict | list) and len(node) > 0) or (
        isinstance(node, Pairs) and len(node.items) > 0)


def _props(node: Any) -> tuple[str, Any]:
    """A node's tag and anchor as a prefix, and the node under them."""
    prefix = ""
    while isinstance(node, Tagged | Anchored):
        if isinstance(node, Tagged):
            prefix += f"{node.tag} "
        else:
            prefix += f"&{node.name} "
        node = node.node
    return prefix, node


def _flow(node: Any) -> str:
    prefix, node = _props(node)
    if isinstance(node, Flow):
        node = node.node
    if isinstance(node, dict):
        node = Pairs(tuple(node.items()))
    if isinstance(node, Pairs):
        return prefix + "{" + ", ".join(f"{_key(k)}: {_flow(v)}" for k, v in node.items) + "}"
    if isinstance(node, list):
        return prefix + "[" + ", ".join(_flow(v) for v in node) + "]"
    return prefix + scalar(node)


def _key(key: Any) -> str:
    if isinstance(key, Raw):
        return key.text
    if isinstance(key, str | int) and not isinstance(key, bool):
        return scalar(key)
    return _flow(key)


def _block(node: Any, indent: int) -> list[str]:
    """Lines of a block collection at ``indent``."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(node, dict):
        node = Pairs(tuple(node.items()))
    if isinstance(node, Pairs):
        for k, v in node.items:
            lines.extend(_entry(f"{pad}{_key(k)}:", v, indent))
    else:
        for v in node:
            lines.extend(_entry(f"{pad}-", v, indent))
    return lines


def _entry(head: str, value: Any, indent: int) -> list[str]:
    prefix, inner = _props(value)
    if _is_block(inner):
        return [f"{head} {prefix}".rstrip(), *_block(inner, indent + 2)]
    text = _flow(inner) if not isinstance(inner, Flow) else _flow(inner.node)
    return [f"{head} {prefix}{text}".rstrip() if (prefix + text) else head]


def dump(node: Any) -> str:
    prefix, inner = _props(node)
    if _is_block(inner):
        return (prefix.rstrip() + "\n" if prefix else "") + "\n".join(_block(inner, 0)) + "\n"
    return (prefix + _flow(inner)).strip() + "\n"


# -- what the generators draw from --------------------------------------------------------------

KINDS = ("card", "deck", "scenario", "keyword")
SUFFIX = {k: f".{k}.yaml" for k in KINDS}


@cache
def vocabulary() -> tuple[str, ...]:
    """Every name of the game's vocabulary, every top-level key of every kind of file, and
    names that are nowhere (a typo, another game's word)."""
    from cardscript.plugins import load_game
    spec = load_game("wonders")
    names = {n for table in spec.registry.entries.values() for n in table}
    for model in (spec.card_model, spec.deck_model, spec.scenario.Setup,
                  spec.scenario.Expect):
        names.update(model.model_fields)
    names.update(["scenario", "rule", "setup", "steps", "expect", "keyword", "params",
                  "reminder", "count", "card", "target", "trigger", "effect", "amount",
                  "drawx", "on_arival", "teleport", "1", "-", ""])
    return tuple(sorted(names))


STRINGS = (
    "", " ", "$amount", "$", "$x", "$1", "$__class__", "{{ amount }}", "{{", "}}",
    "{{ amount | upper }}", "{{ ''.__class__.__mro__ }}", "{% for i in range(10**9) %}x"
    "{% endfor %}", "{% raw %}", "{{ 9**9**9 }}", "{% if %}", "{# #}", "'", '"', "\\", "%",
    "a\nb", "\r", "\t", "\x00", "\x1b[31m", "\u2028", "\u202e", "\ufeff", "\ud800", "\U0001f600",
    "e\u0301", "#", "- x", "? x", ": x", "*a", "&a", "!!str", "[x]", "{x: 1}", "@", "`",
    "[red]markup[/]", "x" * 5000, "wonder", "draw", "on_play", "solfera", "primary",
)
RAWS = (
    "~", "null", "Null", "NULL", "", "true", "False", "0x1F", "0o17", "0x", "0b101", "1_000",
    "+12", "-0", "007", ".inf", "-.Inf", ".NaN", "1e400", "-1e400", "1e-400", "3.",
    "123456789012345678901234567890", "9" * 1001, "*undefined", "!!int x", "!!float ''",
    "!!bool yes", "!!null x", "!!binary aGk=", "!!timestamp 2001-12-14", "!!set {a}",
    "!!python/object:os.system ls", "!!python/name:os.system ''", "!custom x",
    "!<tag:yaml.org,2002:str> x", "|\n  literal", ">-\n  folded", "'single'", "\"double\"",
    "[unclosed", "{unclosed", "'unclosed", "a: b: c", "@x", "`x", "%x",
)
TAGS = ("!!python/object:os.system", "!!python/object/apply:os.system", "!!str", "!!int",
        "!!float", "!!bool", "!!null", "!!map", "!!seq", "!!binary", "!!set", "!!omap",
        "!custom", "!", "!<tag:yaml.org,2002:str>")
INTS = (0, -1, 1, 2**31, -(2**31) - 1, 2**63, -(2**63) - 1, 10**20, 10**999, -(10**999),
        10**1000)
FLOATS = (0.0, -0.0, 0.5, 1e308, -1e308, 5e-324, float("inf"), float("-inf"), float("nan"))


#: names Python and pydantic keep for themselves: a key or parameter named so must not reach
#: an attribute
PYTHONIC = ("model_config", "model_fields", "model_dump", "schema", "copy", "json", "dict",
            "validate", "construct", "fields", "__class__", "__init__", "__dict__", "_private",
            "self", "mro", "items", "keys", "get", "x y")


def names() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(vocabulary()), st.sampled_from(PYTHONIC),
                     st.text(max_size=12))


def leaves() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.sampled_from(INTS), st.floats(),
        st.sampled_from(FLOATS), st.text(max_size=30), st.sampled_from(STRINGS), names(),
        st.sampled_from(RAWS).map(Raw), st.sampled_from(("a", "b")).map(Alias),
    )


def _bomb(levels: int) -> Any:
    """The billion laughs: each level a list of ten aliases of the one below."""
    node: Any = Anchored("l0", ["lol"] * 10)
    items = [node]
    for i in range(1, levels):
        items.append(Anchored(f"l{i}", [Alias(f"l{i - 1}")] * 10))
    return {"bomb": items}


def _deep(depth: int, flow: bool) -> Any:
    node: Any = "bottom"
    for _ in range(depth):
        node = [node]
    return Flow(node) if flow else node


def trees(max_leaves: int = 20) -> st.SearchStrategy[Any]:
    def extend(children):
        return st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(names(), children, max_size=5),
            st.lists(st.tuples(st.one_of(names(), st.integers(), st.sampled_from(
                (Raw("[a, b]"), Raw("{a: 1}"), Raw("? x"), Raw("<<"), Raw("null"),
                 Raw("1.5"), Raw("true"), Raw("*a"))), st.just("id")), children),
                max_size=4).map(lambda items: Pairs(tuple(items))),
            st.builds(Tagged, st.sampled_from(TAGS), children),
            st.builds(Anchored, st.sampled_from(("a", "b")), children),
            children.map(Flow),
        )
    specials = st.one_of(st.integers(2, 9).map(_bomb),
                         st.builds(_deep, st.integers(50, 80), st.booleans()))
    return st.one_of(st.recursive(leaves(), extend, max_leaves=max_leaves), specials)


TOP = {
    "card": ("id", "name", "type", "orbital", "tier", "cost", "power", "classes", "text",
             "keywords", "abilities", "token", "lineage", "faction", "core"),
    "deck": ("name", "game", "cards"),
    "scenario": ("scenario", "rule", "game", "cards", "setup", "steps", "expect"),
    "keyword": ("keyword", "text", "reminder", "params", "abilities"),
}


def documents(kind: str) -> st.SearchStrategy[str]:
    """YAML text of random trees; mostly a mapping with the kind's own top-level keys, to
    get past the first check."""
    top = st.dictionaries(st.sampled_from(TOP[kind]), trees(), min_size=1).flatmap(
        lambda d: st.dictionaries(names(), trees(6), max_size=2).map(
            lambda extra: {**d, **extra}))
    return st.one_of(top, top, trees()).map(dump)


_FRAGMENTS = (b"\xef\xbb\xbf", b"\x00", b"\xff", b"\xfe", b"\xc0\xaf", b"\xed\xa0\x80",
              b"\xf4\x90\x80\x80", b"\xe2\x80\xa8", b"\xc2\x85", b"\n", b"\r\n", b"\r",
              b"\t", b" ", b"id: ", b"- ", b": ", b"{", b"}", b"[", b"]", b"&a ", b"*a",
              b"'", b'"', b"#", b"---\n", b"...\n", b"%YAML 1.1\n", b"%TAG ! !x\n",
              b"!!python/object:os.system ", b"? ", b"<<: ", b"|\n", b">\n",
              b"abilities:\n  - trigger: on_play\n    effect: {draw: 1}\n")


def raw_bytes() -> st.SearchStrategy[bytes]:
    """Bytes: noise, YAML-ish fragments (invalid UTF-8, NULs, BOMs, odd line breaks), and a
    long line now and then."""
    pieces = st.one_of(st.sampled_from(_FRAGMENTS), st.binary(max_size=20),
                       st.text(max_size=10).map(lambda s: s.encode("utf-8", "surrogatepass")),
                       st.integers(1000, 200_000).map(lambda n: b"x" * n))
    return st.one_of(st.binary(max_size=200), st.lists(pieces, max_size=25).map(b"".join))


# -- the bundled files, and mutations of their data ---------------------------------------------

@cache
def corpus() -> dict[str, tuple[tuple[str, Any], ...]]:
    """The bundled files of each kind as (file name, plain data), as the loader reads them."""
    from cardscript.loader import load_file
    folders = {"card": [GAME / "core"], "deck": [GAME / "decks"],
               "scenario": [ROOT / "tests" / "rulings" / "wonders"],
               "keyword": [GAME / "keywords"]}
    out = {}
    for kind, dirs in folders.items():
        files = sorted(f for d in dirs for f in d.glob(f"*{SUFFIX[kind]}"))
        out[kind] = tuple((f.name, load_file(f).data) for f in files)
    return out


@cache
def donors() -> tuple[Any, ...]:
    """Every subtree of every bundled file: grafted elsewhere, they are valid pieces in the
    wrong place (an effect as a trigger, an ability as a deck entry)."""
    found = []
    for files in corpus().values():
        for _, data in files:
            for path in paths(data):
                found.append(get(data, path))
    return tuple(found)


def donor() -> st.SearchStrategy[Any]:
    return st.sampled_from(donors()).map(fresh_copy)


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths(v, prefix + (k,)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(paths(v, prefix + (i,)))
    return out


def get(data: Any, path: tuple) -> Any:
    for p in path:
        data = data[p]
    return data


def _put(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


OPS = ("drop", "rename", "duplicate", "swap", "retype", "extreme", "nest", "vocabulary",
       "graft", "insert", "tag", "alias")


def mutate(data: Any, draw, steps: int) -> Any:
    """``data`` (a fresh copy) changed ``steps`` times by operations drawn with ``draw``."""
    for _ in range(steps):
        where = paths(data)
        path = draw(st.sampled_from(where))
        op = draw(st.sampled_from(OPS))
        value = get(data, path)
        parent = get(data, path[:-1]) if path else None
        if op == "drop" and path and isinstance(parent, dict | list):
            del parent[path[-1]]
        elif op == "rename" and path and isinstance(parent, dict):
            new = draw(names())
            items = [(new if k == path[-1] else k, v) for k, v in parent.items()]
            parent.clear()
            parent.update(items)  # a name already there: the two merge, as a typo would
        elif op == "duplicate" and path and isinstance(parent, dict):
            other = draw(st.one_of(st.just(value), leaves(), donor()))
            data = _put(data, path[:-1], Pairs((*parent.items(), (path[-1], other))))
        elif op == "duplicate" and path and isinstance(parent, list):
            parent.insert(path[-1], fresh_copy(value))  # shared, a later change would cycle
        elif op == "swap":
            other = draw(st.sampled_from(where))
            if other[:len(path)] != path and path[:len(other)] != other:
                b = get(data, other)
                data = _put(data, path, b)
                data = _put(data, other, value)
        elif op == "retype":
            data = _put(data, path, draw(st.one_of(leaves(), st.sampled_from(
                ([], {}, [value], {"x": value}, Flow([value]))))))
        elif op == "extreme":
            pool = INTS + FLOATS if isinstance(value, int | float) else STRINGS
            data = _put(data, path, draw(st.sampled_from(pool)))
        elif op == "nest":
            depth = draw(st.sampled_from((1, 2, 5, 63, 70)))
            for _ in range(depth):
                value = draw(st.sampled_from(([value], {draw(names()): value})))
            data = _put(data, path, value)
        elif op == "vocabulary":
            data = _put(data, path, draw(names()))
        elif op == "graft":
            data = _put(data, path, draw(donor()))
        elif op == "insert" and isinstance(value, dict):
            value[draw(names())] = draw(st.one_of(leaves(), donor()))
        elif op == "insert" and isinstance(value, list):
            value.insert(draw(st.integers(0, len(value))), draw(donor()))
        elif op == "tag":
            data = _put(data, path, Tagged(draw(st.sampled_from(TAGS)), value))
        elif op == "alias":
            other = draw(st.sampled_from(where))
            if other[:len(path)] != path and path[:len(other)] != other:
                data = _put(data, path, Anchored("m", value))
                data = _put(data, other, Alias("m"))
        if not isinstance(data, dict | list):
            break  # the root is now a scalar or a wrapper: nothing left to walk
    return data


#: answers a scenario may give: the common decisions' labels and the cards on the table
ANSWERS = ("pass", "draw", "done", "yes", "no", "realm 1", "realm 2", "realm 3",
           "attack realm 1", "attack realm 2", "left", "right", "A", "B", "banner-squire",
           "bonepicker-ghoul", "bastion-warden", "ayu-goss")


def in_play(card: Any, cid: str, answers: list[str]) -> dict:
    """A scenario that plays ``card`` (an inline card, id ``cid``) from A's hand with
    bundled cards on the table, then gives ``answers``."""
    return {
        "scenario": "a mutated card in play", "rule": "0", "cards": [card],
        "setup": {"round": 2,
                  "players": {"A": {"actions": 3, "energy": 10, "hand": [cid, cid]},
                              "B": {"actions": 3, "energy": 10, "hand": ["ayu-goss"]}},
                  "realms": {"1": {"A": ["banner-squire"], "B": ["bonepicker-ghoul"]},
                             "2": {"A": ["ayu-goss"], "B": ["bastion-warden"]}}},
        "steps": [f"play {cid}", *answers],
    }


def fresh_copy(data: Any) -> Any:
    """A deep copy of a bundled file's data (mutations change it in place)."""
    if isinstance(data, dict):
        return {k: fresh_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [fresh_copy(v) for v in data]
    return data
