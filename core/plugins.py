"""Plugins: games and vocabulary come from the ``cardscript`` entry-point group via pluggy.

A plugin module implements any of the hooks below. The built-in games register exactly the
way a third-party package would, so nothing in ``core`` names a particular game.
"""
from __future__ import annotations

import dataclasses
import hashlib
import os
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pluggy
from pydantic import BaseModel

from .registry import Registry, Vocabulary

if TYPE_CHECKING:
    from .game import Game
    from .text import TextVocabulary

hookspec = pluggy.HookspecMarker("cardscript")
hookimpl = pluggy.HookimplMarker("cardscript")


class Hooks:
    # specifications: pluggy reads their signatures and never runs their bodies (hence the
    # empty-body ignores)
    @hookspec
    def cardscript_games(self) -> list["GameSpec"]:  # type: ignore[empty-body]
        """Return the games this plugin provides."""

    @hookspec
    def cardscript_vocabulary(self, game: str) -> list[Vocabulary]:  # type: ignore[empty-body]
        """Return vocabularies to add to ``game``."""

    @hookspec
    def cardscript_text(self, game: str) -> list[TextVocabulary]:  # type: ignore[empty-body]
        """Return what ``game``'s rules text adds to the core's: template filters and
        functions, nouns, resources, durations (:class:`cardscript.text.TextVocabulary`)."""

    @hookspec
    def cardscript_lint_rules(self) -> list[type]:  # type: ignore[empty-body]
        """Return linter rule classes (see :mod:`cardscript.tools.lint`)."""

    @hookspec
    def cardscript_agents(self) -> dict[str, type]:  # type: ignore[empty-body]
        """Return agent classes by name (:class:`cardscript.decisions.Agent`, made as
        ``cls(seed, **options)``; :mod:`cardscript.agents`)."""


class UnknownGame(KeyError):
    """A game named that is not installed (the message lists those that are)."""

    def __str__(self) -> str:
        return str(self.args[0])


class DeckPool(Protocol):
    """What a game's ``validate_deck`` asks of a pool: its cards by id (a card pool's
    definitions, or the linter's facts about cards it has not compiled)."""

    @property
    def cards(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Sensible:
    """A printed number a card may have but almost surely should not (``lint``'s CS113): the
    value of ``field`` below ``low`` or above ``high`` (None: no bound there), on any card or
    (``tokens``) on tokens only; ``why`` says so, ``{value}`` the number printed."""

    field: str
    low: int | None = None
    high: int | None = None
    why: str = "{field} {value} is outside the range a card sensibly has; a typo?"
    tokens: bool = False

    def breaks(self, value: int) -> bool:
        return (self.low is not None and value < self.low) or \
            (self.high is not None and value > self.high)


@dataclass
class GameSpec:
    """Everything the tools need to know about one game."""

    name: str
    title: str
    game_class: type[Game]
    card_model: type[BaseModel]
    cards_dir: Path
    deck_model: type[BaseModel]
    validate_deck: Callable[..., list]
    #: module with the scenario models and functions (Setup, Expect, card_ids, known_card,
    #: setup_problems, build, check; docs/architecture.md)
    scenario: Any
    registry: Registry | None = None
    #: the bundled decks (file names without ``.deck.yaml``) that commands play by default and
    #: `cardscript bench` measures: the game's reference decks, kept as others are added
    reference_decks: tuple[str, ...] = ()
    #: problems in the game's keyword macro files (a broken macro is left out)
    macro_diagnostics: list = field(default_factory=list)
    #: the keyword macro files the registry was built with (see :func:`load_game`)
    macro_files: tuple = ()
    #: the cards a game is made with from a validated deck file, ``(model, pool) -> cards``,
    #: for a game whose deck file has several parts (default: each ``cards`` entry, counted)
    deck_cards: Callable[..., list] | None = None
    #: the installation's reference game: what a command plays and checks when no ``--game``
    #: names one (:func:`reference_game`)
    reference: bool = False
    #: the order a card file's keys are written in (``lint``'s CS120; empty: the order of the
    #: card model's fields)
    key_order: tuple[str, ...] = ()
    #: printed numbers a card may have but should almost never (``lint``'s CS113)
    sensible: tuple[Sensible, ...] = ()
    extra: dict = field(default_factory=dict)


@lru_cache(maxsize=1)
def plugin_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("cardscript")
    pm.add_hookspecs(Hooks)
    pm.load_setuptools_entrypoints("cardscript")
    return pm


@cache
def games() -> dict[str, GameSpec]:
    out: dict[str, GameSpec] = {}
    for specs in plugin_manager().hook.cardscript_games():
        for spec in specs:
            out[spec.name] = spec
    return out


def reference_game() -> str:
    """The game a command works on when none is named: the installed game that says it is the
    reference game, else the first installed one by name."""
    specs = games()
    if not specs:
        raise UnknownGame("no game is installed")
    return next((n for n, s in sorted(specs.items()) if s.reference), min(specs))


@cache
def agents() -> dict[str, type]:
    """Every installed agent class by name (the ``cardscript_agents`` hook)."""
    out: dict[str, type] = {}
    for found in plugin_manager().hook.cardscript_agents():
        out.update(found or {})
    return dict(sorted(out.items()))


@cache
def _vocabulary(name: str) -> Registry:
    """The game's vocabulary without keyword macros (core + plugins), its types built once:
    what each set of macros extends (:func:`cardscript.model.with_keywords`)."""
    from .model import build_types
    from .vocabulary import core_vocabulary

    spec = games()[name]
    registry = Registry(name, spec.game_class.card_def_class, spec.game_class)
    registry.extend(core_vocabulary(name))
    for vocabs in plugin_manager().hook.cardscript_vocabulary(game=name):
        for v in vocabs or ():
            registry.extend(v)
    build_types(registry, spec.card_model)
    return registry


@cache
def bundled_macros(name: str) -> tuple[Path, ...]:
    """The keyword macro files of the game's bundled folder: every ``*.keyword.yaml`` under
    it, found as any set's are (:func:`cardscript.cardset.macros_under`)."""
    from .cardpool import walk
    from .macros import KEYWORD_SUFFIX
    return tuple(Path(f) for f in walk([games()[name].cards_dir], KEYWORD_SUFFIX))


def _digest(sources: Iterable[tuple[Any, Any]]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for path, raw in sources:  # resolved and by content: what compiled cards depend on
        h.update(os.fsencode(os.path.realpath(path)) + b"\0")
        h.update(raw if isinstance(raw, bytes) else str(raw).encode())
        h.update(b"\0")
    return h.hexdigest()


def macro_digest(macro_files: Iterable[str | Path]) -> str:
    """What identifies a set of keyword macro files for the caches of compiled cards and
    lint findings: their resolved paths and content (without building anything)."""
    from .macros import read_macros
    return _digest(read_macros(macro_files))


#: built specs by game and macro files (their paths and content), the most recent last
_SPECS: OrderedDict[tuple, GameSpec] = OrderedDict()
_KEEP = 16


def load_game(name: str, macro_files: Iterable[str | Path] | None = None) -> GameSpec:
    """The game's spec with its registry built and frozen: the core vocabulary, the plugins'
    and the keyword macros of ``macro_files`` (default: the game's bundled ones; which files
    a command's paths bring is :mod:`cardscript.cardset`'s rule).

    Each distinct set of macro files — by path, resolved path and content — has its own
    registry and card model, built once and remembered (changing a file builds a new one);
    any number coexist. Problems in the macro files are ``spec.macro_diagnostics``: a
    broken macro is left out, never fatal."""
    from .macros import expansion_problems, macro_vocabulary, read_macros
    from .model import with_keywords

    all_games = games()
    if name not in all_games:
        from .errors import did_you_mean
        raise UnknownGame(f"unknown game '{name}'{did_you_mean(name, all_games)}; "
                          f"installed: {', '.join(sorted(all_games))}")
    files = bundled_macros(name) if macro_files is None else tuple(macro_files)
    sources = read_macros(files)
    digest = _digest(sources)
    key = (name, tuple(p for p, _ in sources), digest)
    if key in _SPECS:
        _SPECS.move_to_end(key)
        return _SPECS[key]
    base = _vocabulary(name)
    vocab, problems, loaded = macro_vocabulary(name, sources,
                                               reserved=base.entries["keyword"])
    registry = Registry(name, base.card_def_class, base.rules)
    for kind, table in base.entries.items():
        registry.entries[kind].update(table)
    registry.planned.update(base.planned)
    registry.extend(vocab)
    registry.macro_digest = digest
    types = with_keywords(registry, base)
    problems.extend(expansion_problems(registry, loaded))
    spec = dataclasses.replace(all_games[name], registry=registry, card_model=types["Card"],
                               macro_diagnostics=problems, macro_files=files)
    _SPECS[key] = spec
    while len(_SPECS) > _KEEP:
        _SPECS.popitem(last=False)
    return spec
