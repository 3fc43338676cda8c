"""``cardscript docs``: the vocabulary catalogue — every trigger, selector, effect, condition,
value and keyword of a game with its parameters (from the entry's pydantic model), rules-text
template, docstring and an example from the bundled cards; and the game's "How do I
write…" patterns (:mod:`.patterns`). Read from the registry itself, so
it cannot drift from the code. One HTML page per game, an anchor per entry."""
from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.cardpool import CARD_SUFFIX, find_files
from cardscript.limits import COUNT_MAX
from cardscript.plugins import GameSpec, games, load_game
from cardscript.registry import KINDS, Entry, Registry
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from typing_extensions import TypeAliasType

from .common import registry_of
from .patterns import patterns
from .templates import render
from .usage import UNION_KINDS, UsageWalker, card_uses, snippet

KIND_TITLES = {"trigger": "Triggers", "selector": "Selectors", "effect": "Effects",
               "condition": "Conditions", "value": "Values", "keyword": "Keywords"}
KIND_HELP = {
    "trigger": "When an ability happens, or what activating it costs (an ability's "
               "`trigger:`).",
    "selector": "Which cards or players an ability chooses (`target:`) or affects "
                "(`{all: selector}`).",
    "effect": "What an ability does (`effect:`): one effect, or a list of stages resolved "
              "in order.",
    "condition": "What `if` tests.",
    "value": f"Numbers that effects count with; a bare number (0 to {COUNT_MAX}) is a "
             "constant.",
    "keyword": "Keyword abilities listed under a card's `keywords:`.",
}

Part = tuple[str, str | None]  # text, anchor it links to
_CODE = re.compile(r"``(.+?)``|`(.+?)`")


def code_runs(text: str) -> list[tuple[bool, str]]:
    """Split prose into (is code, text) runs at `code` and ``code`` marks."""
    out, at = [], 0
    for m in _CODE.finditer(text or ""):
        if m.start() > at:
            out.append((False, text[at:m.start()]))
        out.append((True, m.group(1) or m.group(2)))
        at = m.end()
    if at < len(text or ""):
        out.append((False, text[at:]))
    return out


@dataclass
class Param:
    name: str
    type: list[Part]
    default: str | None  # None: required
    description: str
    shorthand: bool = False


@dataclass
class Example:
    card: str
    file: str
    line: int
    text: str
    uses: int  # bundled cards using the entry


@dataclass
class EntryDoc:
    kind: str
    name: str
    anchor: str
    doc: str
    text: str | None
    params: list[Param]
    forms: list[str]
    declared_in: str
    internal: bool = False
    facts: list[tuple[str, str]] = field(default_factory=list)
    example: Example | None = None


def type_parts(ann: Any, registry: Registry) -> list[Part]:
    """A field's type as designers write it, linking vocabulary kinds to their section."""
    if ann is type(None):
        return [("null", None)]
    if isinstance(ann, TypeAliasType):
        kind = UNION_KINDS.get(ann.__name__)
        return [(ann.__name__, f"kind-{kind}" if kind else None)]
    if ann is getattr(registry, "all_node", None):
        return [("{all: ", None), ("Selector", "kind-selector"), ("}", None)]
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is typing.Literal:
        return [(" | ".join(str(a) for a in args), None)]
    if origin is typing.Annotated:
        return type_parts(args[0], registry)
    if origin in (list, tuple, set, frozenset):
        return [("list of ", None), *type_parts(args[0], registry)] if args else [("list", None)]
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        out: list[Part] = []
        for i, a in enumerate(args):
            out += ([(" | ", None)] if i else []) + type_parts(a, registry)
        return out
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        inner = ", ".join(f.alias or n for n, f in ann.model_fields.items())
        return [(f"{ann.__name__} {{{inner}}}", None)]
    return [(getattr(ann, "__name__", str(ann)), None)]


def _default(info: FieldInfo) -> str | None:
    if info.default_factory is not None:
        value = info.get_default(call_default_factory=True)
    elif info.default is PydanticUndefined:
        return None
    else:
        value = info.default
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "[]" if value == [] else str(value)


def _bounds(info: FieldInfo) -> str:
    """A number's declared bounds (``Field(ge=..., le=...)``): " (1 to 100)"."""
    lo = hi = None
    for m in info.metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    if lo is not None and hi is not None:
        return f" ({lo} to {hi})"
    if lo is not None:
        return f" (at least {lo})"
    return f" (at most {hi})" if hi is not None else ""


def params_of(entry: Entry, registry: Registry) -> list[Param]:
    if entry.params is None:
        return []
    short = getattr(entry.params, "__shorthand__", None)
    out = []
    for name, info in entry.params.model_fields.items():
        parts = type_parts(info.annotation, registry)
        bounds = _bounds(info)
        if bounds:
            parts = [*parts, (bounds, None)]
        out.append(Param(info.alias or name, parts, _default(info), info.description or "",
                         name == short))
    return out


def forms_of(entry: Entry, params: list[Param]) -> list[str]:
    """How a designer writes the entry."""
    n = entry.name
    if entry.meta.get("internal"):
        return {"stages": ["[effect, effect, ...]"], "constant": ["3"]}.get(n, [n])
    if not params or entry.params is None:  # (an entry with parameters has their model)
        return [n]
    out = []
    try:  # the bare name means "no parameters": offered only if the model accepts that
        entry.params.model_validate({})
        out.append(n)
    except ValueError:
        pass
    out.append(f"{{{n}: {{{', '.join(p.name + ': ...' for p in params)}}}}}")
    short = next((p for p in params if p.shorthand), None)
    if short is not None:
        out.append(f"{{{n}: <{short.name}>}}")
    return out


def facts_of(entry: Entry) -> list[tuple[str, str]]:
    """For triggers: the event they listen for and where they work; for triggers and
    keywords, the card types they work on (:mod:`cardscript.places`); for effects that move
    cards, that a later stage's ``moved`` names them."""
    moves = entry.meta.get("moves")
    if entry.kind == "effect" and moves:
        return [("moves cards", f"a later stage's moved names them (\"the card {moves} this "
                                f"way\")")]
    if entry.kind not in ("trigger", "keyword") or not isinstance(entry.impl, type):
        return []
    facts = []
    for attr, label in (("event", "event"), ("scope", "works from"), ("place", "place"),
                        ("cost", "cost")):
        value = getattr(entry.impl, attr, None)
        if isinstance(value, str) and value:
            facts.append((label, value))
    types = getattr(entry.impl, "types", None)
    if isinstance(types, frozenset):
        facts.append(("card types", ", ".join(sorted(types))))
    if getattr(entry.impl, "free", False) is True:
        facts.append(("free", "spends no action"))
    return facts


def examples(spec: GameSpec) -> dict[tuple[str, str], Example]:
    """The shortest bundled ability or keyword list using each entry."""
    walker = UsageWalker(registry_of(spec), spec.card_model)
    best: dict[tuple[str, str], Example] = {}
    counts: dict[tuple[str, str], set[str]] = {}
    root = spec.cards_dir.parent.parent
    for path, doc, use in card_uses(find_files([spec.cards_dir], CARD_SUFFIX), walker):
        key = (use.kind, use.name)
        card = str(doc.data.get("id", path.name))
        counts.setdefault(key, set()).add(card)
        line, text = snippet(doc, use.path)
        rel = path.relative_to(root) if path.is_relative_to(root) else path
        ex = Example(card, str(rel), line, text, 0)
        old = best.get(key)
        if old is None or (text.count("\n"), len(text), card) < \
                (old.text.count("\n"), len(old.text), old.card):
            best[key] = ex
    for key, ex in best.items():
        ex.uses = len(counts[key])
    return best


def catalogue(game: str) -> tuple[GameSpec, dict[str, list[EntryDoc]]]:
    spec = load_game(game)
    registry = registry_of(spec)
    found = examples(spec)
    out: dict[str, list[EntryDoc]] = {}
    for kind in KINDS:
        docs = []
        for name, entry in sorted(registry.entries[kind].items()):
            params = params_of(entry, registry)
            impl = entry.impl
            docs.append(EntryDoc(
                kind, name, f"{kind}-{name}", entry.doc, entry.text, params,
                forms_of(entry, params),
                f"{impl.__module__}.{getattr(impl, '__qualname__', impl.__class__.__name__)}",
                bool(entry.meta.get("internal")), facts_of(entry), found.get((kind, name))))
        out[kind] = docs
    return spec, out


def write(out_dir: str | Path, game: str | None = None) -> list[Path]:
    """Write one page per game (or only ``game``) and an index; return the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = [game] if game else sorted(games())
    written, pages = [], []
    for name in names:
        spec, entries = catalogue(name)
        page = out / f"{name}.html"
        page.write_text(render("docs/game.html.j2", spec=spec, entries=entries,
                               titles=KIND_TITLES, help=KIND_HELP, code_runs=code_runs,
                               patterns=patterns(spec)),
                        encoding="utf-8")
        written.append(page)
        pages.append((spec, page.name, {k: len(v) for k, v in entries.items()}))
    index = out / "index.html"
    index.write_text(render("docs/index.html.j2", pages=pages, titles=KIND_TITLES),
                     encoding="utf-8")
    return [index, *written]
