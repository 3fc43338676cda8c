"""The vocabulary: every trigger, selector, effect, condition, value and keyword, declared once.

An entry carries its name, its parameter model (pydantic), its implementation (the class the
compiler instantiates) and its rules-text template. Games and third-party packages add entries
through the ``cardscript`` entry-point group (see :mod:`cardscript.plugins`); a :class:`Registry` is
the frozen vocabulary of one game, from which the card model's unions are built.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_validator

from .places import Moment, Places
from .slots import compact
from .state import CardDef

if TYPE_CHECKING:
    from pydantic import GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import CoreSchema

KINDS = ("trigger", "selector", "effect", "condition", "value", "keyword")

class Params(BaseModel):
    """Base of every parameter model: unknown keys are errors; a scalar may fill one field."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    #: name of the field a bare scalar (or list) fills: ``{draw: 2}`` means ``{draw: {count: 2}}``
    __shorthand__: ClassVar[str | None] = None
    #: parameters renamed since card files were written, old name -> new: the old one is an
    #: error naming the new one (CS101), which ``cardscript lint --fix`` writes
    __renamed__: ClassVar[dict[str, str]] = {}

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        short = cls.__shorthand__
        if not short:
            return value
        if not isinstance(value, dict):
            return {short: value}
        # a mapping none of whose keys is a field is the shorthand's value: {may: {draw: 1}}
        names = {f.alias or n for n, f in cls.model_fields.items()} | set(cls.model_fields) \
            | set(cls.__renamed__)
        if value and not any(k in names for k in value):
            return {short: value}
        return value

    @classmethod
    def schema_alternatives(cls, full: dict) -> list[dict]:
        """Other JSON shapes this model accepts (editors' schemas): the shorthand's value."""
        if not cls.__shorthand__:
            return []
        alt = dict(full["properties"][cls.__shorthand__])
        alt.pop("default", None)
        return [alt]

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        js = handler(core_schema)
        alternatives = cls.schema_alternatives(handler.resolve_ref_schema(js))
        return {"anyOf": [js, *alternatives]} if alternatives else js


@dataclass
class Entry:
    kind: str
    name: str
    impl: Any
    params: type[Params] | None = None
    text: str | None = None
    doc: str = ""
    game: str = ""
    #: for triggers: the kind of zone where its handler works and its role
    meta: dict[str, Any] = field(default_factory=dict)


class Vocabulary:
    """A bag of entries a plugin declares with decorators, one per vocabulary item."""

    def __init__(self, game: str = ""):
        self.game = game
        self.entries: list[Entry] = []
        self.reserved: dict[tuple[str, str], str] = {}

    def _decorator(self, kind: str, name: str, params: type[Params] | None = None,
                   text: str | None = None, **meta: Any) -> Callable[[Any], Any]:
        def wrap(impl: Any) -> Any:
            doc = (impl.__doc__ or "").strip()
            self.entries.append(Entry(kind, name, impl, params, text, doc, self.game, meta))
            impl.entry_name = name
            if isinstance(impl, type):
                compact(impl)  # the compile cache holds every card's implementations
            return impl
        return wrap

    def trigger(self, name: str, params: type[Params] | None = None, text: str | None = None,
                **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("trigger", name, params, text, **meta)

    def selector(self, name: str, params: type[Params] | None = None, text: str | None = None,
                 **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("selector", name, params, text, **meta)

    def effect(self, name: str, params: type[Params] | None = None, text: str | None = None,
               **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("effect", name, params, text, **meta)

    def condition(self, name: str, params: type[Params] | None = None, text: str | None = None,
                  **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("condition", name, params, text, **meta)

    def value(self, name: str, params: type[Params] | None = None, text: str | None = None,
              **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("value", name, params, text, **meta)

    def keyword(self, name: str, params: type[Params] | None = None, text: str | None = None,
                **meta: Any) -> Callable[[Any], Any]:
        return self._decorator("keyword", name, params, text, **meta)

    def planned(self, kind: str, name: str, why: str) -> None:
        """Reserve ``name`` for a rule not implemented yet: a card that uses it gets an
        error that says so (``why``), not "unknown name"."""
        self.reserved[(kind, name)] = why


class DuplicateEntry(Exception):
    pass


class Registry:
    """The frozen vocabulary of one game."""

    #: the model of ``{all: selector}`` card references (made by
    #: :func:`~cardscript.model.nodes.build_types`)
    all_node: type[BaseModel]

    def __init__(self, game: str, card_def_class: type[CardDef] = CardDef,
                 rules: type | None = None):
        self.game = game
        self.entries: dict[str, dict[str, Entry]] = {k: {} for k in KINDS}
        self.by_model: dict[type[BaseModel], Entry] = {}
        self.types: dict[str, Any] = {}
        #: (kind, name) reserved for rules not implemented yet, with why (see
        #: :meth:`Vocabulary.planned`)
        self.planned: dict[tuple[str, str], str] = {}
        #: the class of the game's compiled card definitions
        self.card_def_class = card_def_class
        #: the game's class of rules (a :class:`~cardscript.game.Game`), whose tables the
        #: card language reads: where its cards can be (``PLACES``), the later moments a
        #: delayed ability waits for (``MOMENTS``), the periods of ``once_each``
        #: (``PERIODS``), the stats a ``stat`` value reads (``STATS``)
        self.rules = rules
        self.places: Places = getattr(rules, "PLACES", None) or Places()
        self.moments: Mapping[str, Moment] = dict(getattr(rules, "MOMENTS", {}))
        self.periods: Mapping[str, str] = dict(getattr(rules, "PERIODS", {"turn": "turn"}))
        self.stats: Mapping[str, str] = dict(getattr(rules, "STATS", {}))
        self.frozen = False
        #: the keyword macro files it holds, resolved and by content (compile caches key on it)
        self.macro_digest = ""

    def add(self, entry: Entry) -> None:
        if self.frozen:
            raise RuntimeError("registry is frozen")
        table = self.entries[entry.kind]
        if entry.name in table:
            raise DuplicateEntry(
                f"{entry.kind} '{entry.name}' is declared twice for game '{self.game}' "
                f"({table[entry.name].impl.__module__} and {entry.impl.__module__})")
        table[entry.name] = entry

    def extend(self, vocab: Vocabulary) -> None:
        for e in vocab.entries:
            self.add(e)
        self.planned.update(vocab.reserved)

    def get(self, kind: str, name: str) -> Entry:
        return self.entries[kind][name]

    def names(self, kind: str) -> list[str]:
        return sorted(self.entries[kind])
