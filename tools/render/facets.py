"""What the set spoiler (``cardscript render``) filters and charts by, for any game: the
field that colours the card frame (Wonders' ``orbital``, Riftbound's ``domains``,
Spellfire's ``world``), the card ``type``, and the frame's foot when it is a choice (Wonders'
``tier``) — read from the game's frame (:mod:`.frame`), so a game added later gets its chips
and charts with no code of its own.

Each value of a facet is a chip on the page that writes a query of ``cardscript find``'s
language (:mod:`cardscript.tools.query`): ``orbital:solfera``, ``domains:fury`` (a list field
holds a card under each of its values), ``world=ashmark`` (an open text field compares whole
values: ``:`` would find a part of one), and, for the cards with no value, the negation of
the others: ``-(world=ashmark or world=vael)``."""
from __future__ import annotations

import typing
from collections import Counter
from dataclasses import dataclass, field

from pydantic import BaseModel

from ..facts import FieldSpec
from ..query import Not, Or, Query, Term
from .cards import CardView
from .frame import FrameSpec

#: the key of the cards with no value of a facet (no world, no domain)
NONE = ""


@dataclass(frozen=True)
class Facet:
    name: str  # a field of the game's cards, or "type"
    kind: str  # the field's kind (tools/facts.py): "choice", "list" or "text"
    #: the values the page's cards have, in the order the card model declares them, then
    #: any others alphabetically
    values: tuple[str, ...]
    #: cards per value; a list field counts a card under each of its values; NONE counts
    #: the cards with no value
    counts: dict[str, int] = field(default_factory=dict)
    colours_frame: bool = False

    @property
    def label(self) -> str:
        """The facet named as a heading: "Orbital", "Domain", "Champion type"."""
        name = self.name[:-1] if self.kind == "list" and self.name.endswith("s") else self.name
        return name.replace("_", " ").capitalize()

    @property
    def keys(self) -> tuple[str, ...]:
        """The chips' values: every value, then NONE if some card has no value."""
        return self.values + ((NONE,) if self.counts.get(NONE) else ())

    def title(self, value: str) -> str:
        if value == NONE:
            return f"No {self.label.lower()}"
        return value.replace("_", " ").replace("-", " ").title()

    def term(self, value: str) -> Query:
        if value == NONE:
            terms = [self.term(v) for v in self.values]
            return Not(terms[0] if len(terms) == 1 else Or(tuple(terms)))
        return Term(self.name, "=" if self.kind == "text" else ":", value)

    def query(self, value: str) -> str:
        """The query a chip writes: the cards with ``value`` (NONE: with no value)."""
        return str(self.term(value))


def plural(word: str, n: int = 2) -> str:
    """A card type counted, as the page's summary prints it: "1 unit", "9 allies"."""
    word = word.replace("_", " ")
    if n == 1:
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def declared_types(card_model: type[BaseModel]) -> list[str]:
    """The card types a game's card model declares, in order (none if its type is open)."""
    info = card_model.model_fields.get("type")
    if info is None or typing.get_origin(info.annotation) is not typing.Literal:
        return []
    return [str(v) for v in typing.get_args(info.annotation)]


def _declared(name: str, fields: dict[str, FieldSpec], types: list[str]) -> list[str]:
    if name == "type":
        return types
    spec = fields.get(name)
    return list(spec.choices) if spec else []


def facet_names(spec: FrameSpec, fields: list[FieldSpec]) -> list[str]:
    """The fields the page filters by: the frame's colouring field, ``type``, and the
    frame's foot when it is a choice; each a choice, a list of choices or text."""
    kinds = {f.name: f.kind for f in fields}
    colour = [n for n in spec.colour if n != "type" and kinds.get(n) in ("choice", "list",
                                                                         "text")][:1]
    foot = [spec.foot] if spec.foot and kinds.get(spec.foot) == "choice" else []
    out: list[str] = []
    for name in [*colour, "type", *foot]:
        if name not in out:
            out.append(name)
    return out


def page_facets(spec: FrameSpec, fields: list[FieldSpec], types: list[str],
                cards: list[CardView]) -> list[Facet]:
    """The facets of a page's cards (tokens included: a chip shows what its query shows)."""
    by_name = {f.name: f for f in fields}
    out = []
    for name in facet_names(spec, fields):
        counts: Counter[str] = Counter()
        for card in cards:
            counts.update(card.values(name) or (NONE,))
        declared = _declared(name, by_name, types)
        seen = {v for v in counts if v != NONE}
        values = [v for v in declared if v in seen] + sorted(seen - set(declared))
        kind = "choice" if name == "type" else by_name[name].kind
        out.append(Facet(name, kind, tuple(values), dict(counts),
                         colours_frame=name != "type" and name in spec.colour))
    return out


__all__ = ["NONE", "Facet", "declared_types", "facet_names", "page_facets", "plural"]
