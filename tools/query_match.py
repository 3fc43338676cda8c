"""What a query (:mod:`.query`) means for one game's cards: the fields it may name — ``name``,
``id``, ``type``, ``text``, ``keyword`` and every printed field of the game's card model, as
:mod:`.facts` derives them — the values each takes, and which cards match.

A term is checked against the set before any card is read, so a typo is an error with a
suggestion, never an empty result: an unknown field, a number field given a word, a choice
given a value outside its choices. :func:`schema_json` hands the same schema and the cards'
facts to the spoiler's JavaScript port, which must match the same cards (a test checks)."""
from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardscript.errors import did_you_mean
from markupsafe import Markup

from .facts import CardFacts, SetFacts
from .query import And, Not, Or, Query, QueryError, Term

#: how a field matches: "text" (substring), "int", "bool", "choice", "list", "keyword"
Kind = str
ORDERING = ("<", "<=", ">", ">=")
BUILTIN_ALIASES = {"t": "type", "o": "text", "kw": "keyword", "keywords": "keyword"}
TRUE, FALSE = ("true", "yes"), ("false", "no")
_INT = re.compile(r"-?[0-9]{1,9}")
#: longer words get no did-you-mean (no name is that long; the matcher is quadratic)
_SUGGEST_MAX = 60


@dataclass(frozen=True)
class QField:
    name: str
    kind: Kind
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schema:
    fields: dict[str, QField]
    aliases: dict[str, str]
    #: the keyword labels printed on the set's cards, lower case ("assault 2")
    labels: frozenset[str] = frozenset()

    def names(self) -> list[str]:
        return [*self.fields, *self.aliases]


def _singular(name: str) -> str | None:
    if name.endswith(("sses", "ches", "shes", "xes")):
        return name[:-2]
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return None


def schema(facts: SetFacts) -> Schema:
    """The fields a query may name for ``facts``' game, and the values they take."""
    model = facts.pool.spec.card_model
    types = list(_literal_values(model, "type"))
    types += sorted({c.type for c in facts.cards if c.type} - set(types))
    vocabulary = facts.pool.registry.entries.get("keyword", {})
    fields = {
        "name": QField("name", "text"), "id": QField("id", "text"),
        "type": QField("type", "choice", tuple(types)), "text": QField("text", "text"),
        "keyword": QField("keyword", "keyword", tuple(sorted(vocabulary))),
    }
    for spec in facts.fields:
        fields[spec.name] = QField(spec.name, spec.kind, spec.choices)
    aliases = {a: n for a, n in BUILTIN_ALIASES.items() if a not in fields}
    for spec in facts.fields:
        one = _singular(spec.name) if spec.kind == "list" else None
        if one and one not in fields and one not in aliases:
            aliases[one] = spec.name
    labels = frozenset(k.label.lower() for c in facts.cards for k in c.keywords)
    return Schema(fields, aliases, labels)


def _literal_values(model: Any, name: str) -> tuple[str, ...]:
    info = model.model_fields.get(name)
    if info is None or typing.get_origin(info.annotation) is not typing.Literal:
        return ()
    return tuple(str(v) for v in typing.get_args(info.annotation))


def _suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    return did_you_mean(word, choices) if len(word) <= _SUGGEST_MAX else ""


def _resolve_choice(term: Term, spec: QField, query: str) -> str:
    """The choice a value names: itself, or with ``:`` the one choice it begins."""
    value = term.value.lower()
    if spec.kind == "keyword":
        value = value.replace(" ", "_").replace("-", "_")
    if value in spec.choices:
        return value
    if term.op == ":" and value:
        starts = [c for c in spec.choices if c.startswith(value)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise QueryError(f"'{term.value}' is ambiguous for '{spec.name}': it begins "
                             f"{', '.join(starts)}", query, term.value_column)
    shown = ", ".join(spec.choices) if len(spec.choices) <= 20 else \
        ", ".join(spec.choices[:20]) + ", …"
    raise QueryError(f"'{spec.name}' has no value '{term.value}'"
                     f"{_suggest(value, spec.choices)}; its values: {shown or 'none'}",
                     query, term.value_column)


Match = Callable[[CardFacts], bool]


def _value(card: CardFacts, name: str) -> Any:
    if name == "keyword":
        return card.keywords
    return card.value(name)


def _compile_term(term: Term, sch: Schema, query: str) -> Match:
    name = term.key or "name"
    name = sch.aliases.get(name, name)
    spec = sch.fields.get(name)
    if spec is None:
        raise QueryError(f"unknown field '{term.key}'{_suggest(name, sch.names())}",
                         query, term.column)
    op, kind = term.op, spec.kind
    if op in ORDERING and kind != "int":
        raise QueryError(f"'{term.op}' compares numbers and '{spec.name}' is not a number: "
                         "use ':', '=' or '!='", query, term.column + len(term.key or ""))
    negate = op == "!="
    test: Callable[[Any], bool]
    if kind == "int":
        if not _INT.fullmatch(term.value):
            raise QueryError(f"'{spec.name}' takes a whole number, not '{term.value}'",
                             query, term.value_column)
        n = int(term.value)
        compare: dict[str, Callable[[int], bool]] = {
            ":": lambda v: v == n, "=": lambda v: v == n, "!=": lambda v: v != n,
            "<": lambda v: v < n, "<=": lambda v: v <= n, ">": lambda v: v > n,
            ">=": lambda v: v >= n}
        check = compare[op]
        return lambda card: isinstance(v := _value(card, name), int) and check(v)
    if kind == "bool":
        word = term.value.lower()
        if word not in TRUE + FALSE:
            raise QueryError(f"'{spec.name}' takes true or false, not '{term.value}'",
                             query, term.value_column)
        want = (word in TRUE) != negate
        return lambda card: bool(_value(card, name)) == want
    if kind == "keyword":
        label = term.value.lower()
        normal = label.replace(" ", "_").replace("-", "_")
        if normal not in spec.choices and label in sch.labels:
            test = lambda kws: any(k.label.lower() == label for k in kws)  # noqa: E731
        else:
            chosen = _resolve_choice(term, spec, query)
            test = lambda kws: any(k.name == chosen for k in kws)  # noqa: E731
        return lambda card: test(_value(card, name)) != negate
    if kind == "choice" or (kind == "list" and spec.choices):
        chosen = _resolve_choice(term, spec, query)
        if kind == "choice":
            test = lambda v: str(v).lower() == chosen  # noqa: E731
        else:
            test = lambda v: chosen in (str(x).lower() for x in v)  # noqa: E731
    else:  # free text, or a list of free text
        text = term.value.lower()
        one: Callable[[str], bool] = (lambda s: text in s) if op == ":" \
            else (lambda s: s == text)
        if kind == "list":
            test = lambda v: any(one(str(x).lower()) for x in v)  # noqa: E731
        else:
            test = lambda v: one(str(v).lower())  # noqa: E731
    return lambda card: (v := _value(card, name)) is not None and test(v) != negate


def compile_query(tree: Query, sch: Schema, query: str = "") -> Match:
    """A predicate over cards; :class:`QueryError` for the first term, left to right, that
    does not fit the schema."""
    query = query or str(tree)
    if isinstance(tree, Term):
        return _compile_term(tree, sch, query)
    if isinstance(tree, Not):
        inner = compile_query(tree.query, sch, query)
        return lambda card: not inner(card)
    parts = [compile_query(p, sch, query) for p in tree.parts]
    if isinstance(tree, And):
        return lambda card: all(p(card) for p in parts)
    assert isinstance(tree, Or)
    return lambda card: any(p(card) for p in parts)


def search(query: str | Query, facts: SetFacts) -> list[CardFacts]:
    """The cards of ``facts`` that ``query`` matches, in the set's order."""
    from .query import parse
    tree = parse(query) if isinstance(query, str) else query
    match = compile_query(tree, schema(facts), query if isinstance(query, str) else "")
    return [c for c in facts.cards if match(c)]


def schema_json(facts: SetFacts) -> dict:
    """The schema and every card's facts, as the spoiler's search box reads them."""
    sch = schema(facts)
    return {
        "fields": [[f.name, f.kind, list(f.choices)] for f in sch.fields.values()],
        "aliases": sch.aliases,
        "labels": sorted(sch.labels),
        "cards": {c.id: {
            "name": c.name, "id": c.id, "type": c.type, "text": c.text,
            "keyword": [[k.name, k.label] for k in c.keywords],
            **{f.name: (list(v) if isinstance(v := c.fields.get(f.name), tuple) else v)
               for f in facts.fields}} for c in facts.cards},
    }


#: what must not appear raw inside a <script> block: "</script>", "<!--", and the line
#: separators older JavaScript parsers reject in strings
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028",
                   "\u2029": "\\u2029"}


def script_json(facts: SetFacts) -> Markup:
    """:func:`schema_json` as JSON safe to place in an HTML ``<script>`` block."""
    text = json.dumps(schema_json(facts), ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _SCRIPT_ESCAPES.items():
        text = text.replace(raw, escaped)
    return Markup(text)


__all__ = ["QField", "Schema", "compile_query", "schema", "schema_json", "script_json",
           "search"]
