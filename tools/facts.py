"""The facts of a set's cards that the designer tools read — ``find``, ``export``,
``import-csv``, ``diff``, ``print`` and ``images``: each card's id, name and type, its game's
printed fields, its keywords and its generated rules text.

The fields come from the game's card model, in the order it declares them, so a game added
later is searched, exported and diffed with no code of its own: a whole number is a stat
(``cost``, ``power``, ``might``, ``level``), a closed list of words is a choice (``tier``,
``orbital``), a list is a set of values (``classes``, ``domains``). What a tool takes as
input is a set, a folder or a deck file (:func:`load_facts`); a deck brings each card as
many times as it holds."""
from __future__ import annotations

import os
import re
import types
import typing
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cardscript.cardpool import CARD_SUFFIX, DECK_SUFFIX, CardPool, real_path, walk
from cardscript.cardset import card_set
from cardscript.errors import CardError
from cardscript.plugins import reference_game
from cardscript.text import card_text
from pydantic import BaseModel

from .common import UsageError

#: card model fields that are not printed facts: the card's identity and its script
NOT_FIELDS = frozenset({"id", "name", "text", "type", "keywords", "abilities"})
#: diagnostics that do not stop a tool: a partial set may name tokens defined elsewhere
SOFT_CODES = frozenset({"CS301"})
#: rule citations in a keyword's docstring, which reminder text on a card leaves out:
#: "(a free action; rulebook, Attuned)" -> "(a free action)", "(rule 404.3)" -> ""
_CITATION_TAIL = re.compile(r";\s*rule(?:book)?\b[^();]*(?=\))")
_CITATION = re.compile(r"\s*\(rule(?:book)?\b[^()]*\)")

Kind = Literal["int", "bool", "choice", "text", "list"]
Value = int | bool | str | tuple[str, ...] | None


@dataclass(frozen=True)
class FieldSpec:
    """One printed field of a game's cards."""

    name: str
    kind: Kind
    #: the values a ``choice`` (or a ``list`` of choices) may take, in declared order
    choices: tuple[str, ...] = ()
    description: str = ""

    @property
    def editable(self) -> bool:
        """Whether ``import-csv`` may change it: a stat (a number) or a choice."""
        return self.kind in ("int", "choice")


@dataclass(frozen=True)
class Keyword:
    name: str  # the vocabulary entry: "overwhelm"
    label: str  # as printed: "Overwhelm 2"
    reminder: str  # the entry's docstring without rule citations


@dataclass
class CardFacts:
    id: str
    name: str
    type: str
    #: the game's printed fields by name (:func:`card_fields`), ``None`` where unset
    fields: dict[str, Value]
    keywords: tuple[Keyword, ...]
    text: str
    #: "generated" from the script, or "printed" (its ``text:``) if generation failed
    text_source: str
    file: str
    token: bool = False

    def value(self, name: str) -> Value:
        """A fact by name: ``id``, ``name``, ``type``, ``text`` or a field."""
        if name in ("id", "name", "type", "text"):
            return getattr(self, name)
        return self.fields.get(name)


@dataclass
class SetFacts:
    """The cards a tool works on. For a deck input, ``copies`` holds how many of each card
    the deck holds, in the deck's order (else one of each, in the set's order)."""

    game: str
    title: str
    fields: list[FieldSpec]
    cards: list[CardFacts]
    copies: dict[str, int]
    pool: CardPool
    deck: str | None = None
    warnings: list[str] = field(default_factory=list)

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)

    def by_id(self) -> dict[str, CardFacts]:
        return {c.id: c for c in self.cards}

    def printed(self) -> list[CardFacts]:
        """Every copy to print, in order: a deck's cards as many times as it holds them."""
        found = self.by_id()
        return [found[cid] for cid, n in self.copies.items() for _ in range(n)]


def _strip_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _kind(annotation: Any) -> tuple[Kind, tuple[str, ...]]:
    ann = _strip_optional(annotation)
    origin = typing.get_origin(ann)
    if ann is bool:
        return "bool", ()
    if ann is int:
        return "int", ()
    if origin is Literal:
        values = typing.get_args(ann)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return "int", ()
        return "choice", tuple(str(v) for v in values)
    if origin in (list, tuple, set, frozenset):
        args = typing.get_args(ann)
        inner = _strip_optional(args[0]) if args else str
        choices = tuple(str(v) for v in typing.get_args(inner)) \
            if typing.get_origin(inner) is Literal else ()
        return "list", choices
    return "text", ()


def card_fields(card_model: type[BaseModel]) -> list[FieldSpec]:
    """The printed fields of a game's cards, from its card model, in declared order."""
    out = []
    for name, info in card_model.model_fields.items():
        if name in NOT_FIELDS:
            continue
        kind, choices = _kind(info.annotation)
        out.append(FieldSpec(name, kind, choices, " ".join((info.description or "").split())))
    return out


def _value(spec: FieldSpec, raw: Any) -> Value:
    if raw is None:
        return None
    if spec.kind == "list":
        return tuple(str(v) for v in raw)
    if spec.kind in ("int", "bool"):
        return raw
    return str(raw)


def rules_text(model: Any, pool: CardPool, warnings: list[str]) -> tuple[str, str]:
    """The card's rules text generated from its script, and where it came from."""
    # the pool describes the tokens cards create, unless some are defined elsewhere
    missing = any(d.code == "CS301" for d in pool.diagnostics)
    try:
        text = card_text(model, pool.registry, cards=None if missing else pool.cards)
        if text or not getattr(model, "text", None):
            return text or "", "generated"
    except Exception as exc:  # a text-template bug must not hide the whole set
        warnings.append(f"{model.id}: rules text could not be generated ({exc}); "
                        "showing the printed text")
    return getattr(model, "text", None) or "", "printed"


def _number(params: Any) -> int | None:
    """The number a keyword prints after its name ("Rally 1", "Seek 3", "Shield 2"): its
    ``count`` or ``amount``, else its only whole-number parameter."""
    names = list(getattr(type(params), "model_fields", ()))
    ints = {n: v for n in names if isinstance(v := getattr(params, n, None), int)
            and not isinstance(v, bool)}
    for n in ("count", "amount"):
        if n in ints:
            return ints[n]
    return next(iter(ints.values())) if len(ints) == 1 else None


def keywords_of(model: Any, pool: CardPool) -> tuple[Keyword, ...]:
    out = []
    for kw in getattr(model, "keywords", ()) or ():
        name = kw if isinstance(kw, str) else pool.registry.by_model[type(kw)].name
        entry = pool.registry.entries["keyword"][name]
        label = name.replace("_", " ").title()
        number = None if isinstance(kw, str) else _number(getattr(kw, name, None))
        if number is not None:
            label = f"{label} {number}"
        reminder = _CITATION.sub("", _CITATION_TAIL.sub("", " ".join(entry.doc.split())))
        out.append(Keyword(name, label, reminder))
    return tuple(out)


def card_facts(pool: CardPool, warnings: list[str] | None = None) -> list[CardFacts]:
    """Every card of a pool loaded with ``keep_models``, in id order."""
    warnings = [] if warnings is None else warnings
    specs = card_fields(pool.spec.card_model)
    out = []
    for card_id, model in sorted((pool.models or {}).items()):
        if card_id not in pool.cards:
            continue
        text, source = rules_text(model, pool, warnings)
        out.append(CardFacts(
            id=card_id, name=model.name, type=str(getattr(model, "type", "") or ""),
            fields={s.name: _value(s, getattr(model, s.name, None)) for s in specs},
            keywords=keywords_of(model, pool), text=text, text_source=source,
            file=os.fspath(pool.files.get(card_id, "")),
            token=bool(getattr(model, "token", False))))
    return out


def is_deck(path: str | Path) -> bool:
    return os.fspath(path).endswith(DECK_SUFFIX)


def load_facts(paths: Iterable[str | Path], game: str | None = None) -> SetFacts:
    """The facts of the cards under ``paths``: card files and folders (the set they make),
    or one deck file (its cards from the bundled set and any card paths given beside it).
    Bad cards or a bad deck raise :class:`CardError`."""
    given = [os.fspath(p) for p in paths]
    decks = [p for p in given if is_deck(p)]
    card_paths = [p for p in given if not is_deck(p)]
    if len(decks) > 1:
        raise UsageError(f"give one deck file at a time, not {len(decks)}: "
                         f"{', '.join(decks)}")
    cards = card_set(game or reference_game(), card_paths)
    pool = cards.pool(cache=False, keep_models=True, with_bundled=bool(decks))
    hard = [d for d in pool.diagnostics if d.code not in SOFT_CODES]
    if hard:
        raise CardError(hard)
    warnings = [str(d) for d in pool.diagnostics]
    facts = card_facts(pool, warnings)
    deck = None
    if decks:
        deck, deck_cards = pool.load_deck(decks[0])
        copies = dict(Counter(c.id for c in deck_cards))
        listed = set(copies)
        facts = [f for f in facts if f.id in listed]
        title = f"{pool.spec.title} — {deck}"
    else:
        copies = {f.id: 1 for f in facts}
        title = set_title(card_paths, pool)
    return SetFacts(pool.spec.name, title, card_fields(pool.spec.card_model), facts, copies, pool,
                    deck, warnings)


def set_title(paths: list[str], pool: CardPool) -> str:
    """The game and the sets shown: folder names; the game's whole card folder by its sets."""
    names: list[str] = []
    for p in map(Path, paths):
        if real_path(p) == real_path(pool.spec.cards_dir):
            names += sorted(d.name for d in p.iterdir() if d.is_dir() and walk([d], CARD_SUFFIX))
        else:
            names.append(Path(real_path(p)).name.removesuffix(CARD_SUFFIX))
    return f"{pool.spec.title} — {', '.join(dict.fromkeys(names))}"


__all__ = ["CardFacts", "FieldSpec", "Keyword", "SetFacts", "card_facts", "card_fields",
           "keywords_of", "load_facts", "rules_text", "is_deck", "set_title"]
