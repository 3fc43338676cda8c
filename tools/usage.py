"""Where card files use each vocabulary entry.

Walks a card's YAML data guided by the game's models — the card model, the ability model and
each entry's parameter model — so a name is only counted where the language reads it as a
node of that kind: in ``{draw: {player: you}}`` ``draw`` is the effect and ``player`` a
parameter, not the selector ``player``. Used by the vocabulary catalogue for its examples.
"""
from __future__ import annotations

import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardscript.loader import Document
from cardscript.registry import KINDS, Params, Registry
from pydantic import BaseModel
from typing_extensions import TypeAliasType

#: the names of the per-game union types (see cardscript.model.nodes) -> vocabulary kind
UNION_KINDS = {k.capitalize(): k for k in KINDS} | {"Target": "selector"}


@dataclass(frozen=True)
class Use:
    kind: str
    name: str
    path: tuple  # path of the node in the card's data


def slots(annotation: Any) -> tuple[set[str], list[type[BaseModel]]]:
    """The vocabulary kinds and the nested models a field's annotation admits."""
    kinds: set[str] = set()
    models: list[type[BaseModel]] = []
    todo = [annotation]
    while todo:
        ann = todo.pop()
        if isinstance(ann, TypeAliasType):
            if ann.__name__ in UNION_KINDS:
                kinds.add(UNION_KINDS[ann.__name__])
            else:
                todo.append(ann.__value__)
        elif isinstance(ann, type) and issubclass(ann, BaseModel):
            models.append(ann)
        else:
            todo.extend(typing.get_args(ann))
    return kinds, models


def _fields(model: type[BaseModel]) -> dict[str, Any]:
    return {(f.alias or n): f for n, f in model.model_fields.items()}


class UsageWalker:
    """Finds every vocabulary node in card data of one game."""

    def __init__(self, registry: Registry, card_model: type[BaseModel]):
        self.registry = registry
        self.card_model = card_model

    def card(self, data: Any) -> list[Use]:
        out: list[Use] = []
        if isinstance(data, dict):
            self._model(self.card_model, data, (), out)
        return out

    def _model(self, model: type[BaseModel], data: dict, path: tuple, out: list[Use]) -> None:
        fields = _fields(model)
        for key, value in data.items():
            info = fields.get(key)
            if info is not None:
                self._value(info.annotation, value, path + (key,), out)

    def _value(self, annotation: Any, value: Any, path: tuple, out: list[Use]) -> None:
        kinds, models = slots(annotation)
        for kind in sorted(kinds):
            if self._node(kind, value, path, out):
                return
        if isinstance(value, list):
            for i, item in enumerate(value):
                self._value(annotation, item, path + (i,), out)
            return
        if isinstance(value, dict):
            for model in models:
                if set(value) <= set(_fields(model)):
                    self._model(model, value, path, out)
                    return

    def _node(self, kind: str, value: Any, path: tuple, out: list[Use]) -> bool:
        """Record ``value`` if it is a node of ``kind``; walk into its parameters."""
        table = self.registry.entries[kind]
        if kind == "effect" and isinstance(value, list) and "stages" in table:
            out.append(Use(kind, "stages", path))
            for i, item in enumerate(value):
                self._node(kind, item, path + (i,), out)
            return True
        if kind == "value" and type(value) is int and "constant" in table:
            out.append(Use(kind, "constant", path))
            return True
        if isinstance(value, str) and value in table:
            out.append(Use(kind, value, path))
            return True
        if isinstance(value, dict) and len(value) == 1:
            name, params = next(iter(value.items()))
            if name not in table:
                return False
            out.append(Use(kind, name, path))
            model = table[name].params
            if model is not None:
                self._params(model, params, path + (name,), out)
            return True
        return False

    def _params(self, model: type[Params], params: Any, path: tuple, out: list[Use]) -> None:
        short = getattr(model, "__shorthand__", None)
        fields = _fields(model)  # by alias: a shorthand may name one (static's "while")
        if short and (not isinstance(params, dict) or (params and not set(fields) &
                                                       set(params))):
            self._value(fields[short].annotation, params, path, out)
        elif isinstance(params, dict):
            self._model(model, params, path, out)


def snippet(doc: Document, path: tuple) -> tuple[int, str]:
    """The first line and the text of the top-level item holding ``path``: one ability of a
    block list, or the whole top-level key (``keywords: [...]``)."""
    lines = doc.text.splitlines()
    if len(path) >= 2 and isinstance(path[1], int):
        pos = doc.pos(path[:2])
        first = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        prefix = first[: pos.col - 1]
        if prefix.strip() == "-":  # a block sequence item: take its indented block
            dash = prefix.index("-")
            return pos.line, _block(lines, pos.line, dash)
    key = doc.key_pos(path[:1])
    return key.line, _block(lines, key.line, key.col - 1)


def _block(lines: list[str], start: int, indent: int) -> str:
    out = [lines[start - 1]]
    for line in lines[start:]:
        body = line.lstrip(" ")
        if body and len(line) - len(body) <= indent and not body.startswith("#"):
            break
        out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def card_uses(paths: list[Path], walker: UsageWalker) -> Iterator[tuple[Path, Document, Use]]:
    """Every use of every entry in the given card files (files that fail to parse are
    skipped: the catalogue shows examples, the linter reports errors)."""
    from cardscript.errors import CardError
    from cardscript.loader import load_file
    for path in paths:
        try:
            doc = load_file(path)
        except CardError:
            continue
        for use in walker.card(doc.data):
            yield path, doc, use
