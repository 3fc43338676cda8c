"""Plugins: games and vocabulary come from the ``cardscript`` entry-point group via pluggy.

A plugin module implements any of the hooks below. The built-in games register exactly the
way a third-party package would, so nothing in ``core`` names a particular game.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

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


@dataclass
class GameSpec:
    """Everything the tools need to know about one game."""

    name: str
    title: str
    game_class: type[Game]
    card_model: type
    cards_dir: Path
    deck_model: type
    validate_deck: Callable[..., list]
    scenario: Any  # module with setup(game, data) and expectations
    registry: Registry | None = None
    #: problems in the game's keyword macro files (a broken macro is left out)
    macro_diagnostics: list = field(default_factory=list)
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


@cache
def load_game(name: str) -> GameSpec:
    """The game's spec with its registry built and frozen (core vocabulary + plugins)."""
    from .errors import Diagnostic
    from .macros import check_expansions, macro_vocabulary
    from .model import build_types
    from .vocabulary import core_vocabulary

    all_games = games()
    if name not in all_games:
        from .errors import did_you_mean
        raise KeyError(f"unknown game '{name}'{did_you_mean(name, all_games)}; "
                       f"installed: {', '.join(sorted(all_games))}")
    spec = all_games[name]
    registry = Registry(name, spec.game_class.card_def_class)
    registry.extend(core_vocabulary(name))
    for vocabs in plugin_manager().hook.cardscript_vocabulary(game=name):
        for v in vocabs or ():
            registry.extend(v)
    macros, problems, loaded = macro_vocabulary(name, spec.cards_dir)
    for entry in macros.entries:
        if entry.name in registry.entries["keyword"]:
            doc = next(d for d, m in loaded if m.keyword == entry.name)
            problems.append(Diagnostic(doc.pos(("keyword",)), f"keyword '{entry.name}' is "
                                       "already declared by the game; a macro can't replace "
                                       "it", "CS300"))
            loaded = [(d, m) for d, m in loaded if m.keyword != entry.name]
        else:
            registry.add(entry)
    build_types(registry, spec.card_model)
    problems.extend(check_expansions(registry, loaded))
    spec.registry = registry
    spec.macro_diagnostics = problems
    return spec
