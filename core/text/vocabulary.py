"""What a game adds to rules text, and one game's rules text merged from its parts.

The renderer (:mod:`cardscript.text.views`) and its generic filters know no game. A game — or
any plugin that adds vocabulary to a game — contributes a :class:`TextVocabulary` through
the ``cardscript_text`` hook (:mod:`cardscript.plugins`): template filters and globals for
its own nouns and phrasing, and word tables the generic filters read. :class:`GameText`
merges the core's part with every plugin's for one game and owns that game's bounded
sandbox (:mod:`cardscript.text.sandbox`), so each game's templates see its own filters only.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, meta

from ..registry import DuplicateEntry
from . import english
from .sandbox import BoundedSandbox


class TextVocabulary:
    """One plugin's part of a game's rules text.

    - ``filters`` and ``globals``: template filters (``{{ lane | lane_name }}``) and functions
      (``{{ phrase('unit') }}``), registered with the :meth:`filter` and :meth:`function`
      decorators; a filter reaches the node being rendered through
      :func:`cardscript.text.current`.
    - ``resources``: nouns counted with a numeral even for one ("1 gold"), singular -> plural
      (``{"gold": "gold", "action": "actions"}``); :func:`~cardscript.text.english.plural`,
      ``counted`` and ``quantity`` read it.
    - ``nouns``: how a card type is printed (``{"unit": "Unit"}``; the type's own name if
      absent), for the ``noun`` filter and a game's phrase builder.
    - ``durations``: how a duration value is printed (``{"this_turn": "this turn"}``, the
      ``duration`` filter); a stage ending in one ends its sentence (house style).
    - ``options``: template options per node kind with their defaults (``{"selector":
      {"with_range": True}}``): a template reads them, ``describe(...)`` passes them on, and a
      parameter may not shadow one. Besides the node kinds, ``targets``: ``word``, the
      word printed before the targets of an ability that chooses several ("target").
    """

    def __init__(self, name: str, *, resources: Mapping[str, str] | None = None,
                 nouns: Mapping[str, str] | None = None,
                 durations: Mapping[str, str] | None = None,
                 options: Mapping[str, Mapping[str, Any]] | None = None):
        self.name = name
        self.filters: dict[str, Callable] = {}
        self.globals: dict[str, Callable] = {}
        self.resources = dict(resources or {})
        self.nouns = dict(nouns or {})
        self.durations = dict(durations or {})
        self.options = {kind: dict(values) for kind, values in (options or {}).items()}

    def filter(self, name: str) -> Callable:
        """Register a template filter: ``@text.filter("lane_name")``."""
        def wrap(f: Callable) -> Callable:
            self.filters[name] = f
            return f
        return wrap

    def function(self, name: str) -> Callable:
        """Register a template function (a global): ``@text.function("phrase")``."""
        def wrap(f: Callable) -> Callable:
            self.globals[name] = f
            return f
        return wrap


class GameText:
    """The rules text of one game: the core's :class:`TextVocabulary` and its plugins' merged
    (a name declared by two parts is an error naming both), and the sandbox its templates
    run in. The word tables' filters (``plural``, ``counted``, ``noun``, ``duration``) are
    its own methods, bound to the merged tables."""

    def __init__(self, game: str | None, parts: Iterable[TextVocabulary]):
        self.game = game
        self.filters: dict[str, Callable] = {}
        self.globals: dict[str, Callable] = {}
        self.resources: dict[str, str] = {}
        self.nouns: dict[str, str] = {}
        self.durations: dict[str, str] = {}
        self.options: dict[str, dict[str, Any]] = {}
        self.parts = list(parts)
        owners: dict[tuple[str, str], str] = {}
        for part in self.parts:
            tables: list[tuple[str, dict[str, Any], Mapping[str, Any]]] = [
                ("filter", self.filters, part.filters),
                ("template function", self.globals, part.globals),
                ("resource", self.resources, part.resources),
                ("noun", self.nouns, part.nouns),
                ("duration", self.durations, part.durations)]
            tables += [(f"{kind} option", self.options.setdefault(kind, {}), values)
                        for kind, values in part.options.items()]
            for what, merged, own in tables:
                for key, value in own.items():
                    if (what, key) in owners:
                        raise DuplicateEntry(
                            f"rules-text {what} '{key}' is declared by both "
                            f"'{owners[what, key]}' and '{part.name}' for game '{game}'")
                    owners[what, key] = part.name
                    merged[key] = value
        ends = sorted(self.durations.values(), key=len, reverse=True)
        self._duration_end = re.compile(f" ({'|'.join(map(re.escape, ends))})$") if ends \
            else None
        self.env = self._environment()
        # per game: a template's compiled form and the names it reads
        self.template = lru_cache(maxsize=4096)(self.env.from_string)
        self.supports = lru_cache(maxsize=4096)(self._supports)

    def _environment(self) -> BoundedSandbox:
        env = BoundedSandbox(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                             lstrip_blocks=True)
        env.globals.update(self.globals)
        env.trust(*self.globals.values())
        env.filters.update(self.filters)
        for name, f in (("plural", self.plural), ("counted", self.counted),
                        ("noun", self.noun), ("duration", self.duration)):
            if name in self.filters:
                raise DuplicateEntry(f"rules-text filter '{name}' is the core's word-table "
                                     f"filter; game '{self.game}' can't declare it")
            env.filters[name] = f
        return env

    def _supports(self, template: str, name: str) -> bool:
        """Whether a template reads ``name`` (a condition's ``negated``, a value's ``per``)."""
        return name in meta.find_undeclared_variables(self.env.parse(template))

    # -- the word tables
    def plural(self, noun: str) -> str:
        return english.plural(noun, self.resources)

    def counted(self, n: int, noun: str) -> str:
        return english.counted(n, noun, self.resources)

    def noun(self, card_type: str) -> str:
        return self.nouns.get(card_type, card_type)

    def duration(self, d: str) -> str:
        return self.durations.get(d, d.replace("_", " "))

    def ends_in_duration(self, text: str) -> bool:
        return self._duration_end is not None and self._duration_end.search(text) is not None
