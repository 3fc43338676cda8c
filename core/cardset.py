"""The set a command works on: the game's bundled cards, the designer's paths and the keyword
macros both bring, each file once. Every command that takes card paths — ``check``, ``lint``
(and its configured ``context`` folders), ``text``, ``render``, ``explain``, ``test`` and the
``--cards`` of ``simulate``, ``play`` and ``bench`` — builds its set with :func:`card_set`, so
these rules are the same for all of them:

- **Keyword macros** (:func:`find_macros`): a path brings every ``*.keyword.yaml`` file at or
  under it, found the way card files are (a file named, or every file under a folder; hidden
  folders skipped). A path with none at or under it brings those of the nearest folder named
  ``keywords`` above it — beside it, or beside the closest of its parent folders that has one
  — so a card or scenario file named alone still sees its set's keywords. The bundled
  folder's own macros always come first. Two files declaring one keyword is an error at the
  second one's ``keyword:`` key (CS300), as is a macro naming a keyword the game declares.
- **The bundled set** (:func:`bundled_folder`) is a folder, identified by its resolved path:
  the game's folder in the installation's ``cardscripts`` package, or in another copy of that
  package (a second checkout run with the first one's installation) when a path given lies in
  it, is it, or holds it (its ``cardscripts`` folder, or the checkout's root): that copy is
  then the bundled set, instead of the installed one. Either way it is loaded once: a path
  given inside it (or a link to it) names files of the bundled set, not a second set.
  Any other folder is a set of its own, even one holding copies of the bundled cards: an id
  both use is a duplicate (CS300).
- **Other games' bundled folders** (:func:`other_games`): a file in another installed
  game's bundled folder (or its copy, found as above) belongs to that game: a folder given
  that holds it (the ``cardscripts`` folder, say) does not bring it into this game's set.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .cardpool import CARD_SUFFIX, CardPool, real_path, walk
from .macros import KEYWORD_SUFFIX, KEYWORDS_DIR
from .plugins import GameSpec, games, load_game


def macros_under(path: str | Path) -> list[Path]:
    """The keyword macro files at or under ``path``, found as card files are."""
    return [Path(f) for f in walk([path], KEYWORD_SUFFIX)]


def find_macros(paths: Iterable[str | Path]) -> list[Path]:
    """The keyword macro files the given paths bring (the rule in the module's docstring),
    in order; a file reached twice is listed where first met."""
    out: list[Path] = []
    seen: set[str] = set()
    for p in paths:
        found = macros_under(p)
        if not found:
            for parent in Path(os.path.abspath(p)).parents:
                if (parent / KEYWORDS_DIR).is_dir():
                    found = macros_under(_shown(parent / KEYWORDS_DIR))
                    break
        for f in found:
            r = real_path(f)
            if r not in seen:
                seen.add(r)
                out.append(f)
    return out


def _shown(path: Path) -> Path:
    """An absolute path as messages show it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if rel.startswith("..") else Path(rel)


def bundled_folder(spec: GameSpec, paths: Iterable[str | Path] = ()) -> Path:
    """The game's bundled folder for a run over ``paths``: the installation's, unless a path
    lies in, is, or holds the same folder of another copy of the ``cardscripts`` package."""
    installed = spec.cards_dir
    real = Path(real_path(installed))
    package = real.parent
    if not (package / "__init__.py").is_file():  # not package data: no copies to look for
        return installed

    def is_copy(folder: Path) -> bool:
        return folder.name == real.name and folder.parent.name == package.name and \
            (folder.parent / "__init__.py").is_file() and folder.is_dir()

    for p in paths:
        r = Path(real_path(p))
        for folder in (r, *r.parents, r / real.name, r / package.name / real.name):
            if is_copy(folder):
                return installed if folder == real else folder
    return installed


def other_games(game: str, paths: Iterable[str | Path] = ()) -> tuple[str, ...]:
    """The resolved paths, each ending in a separator, of every other installed game's
    bundled folder as a run over ``paths`` finds it: what their files' resolved paths start
    with (a card file's location names its game)."""
    paths = tuple(paths)
    return tuple(real_path(bundled_folder(spec, paths)) + os.sep
                 for name, spec in sorted(games().items()) if name != game)


def of_this_game(files: Iterable, foreign: tuple[str, ...]) -> list:
    """``files`` without those in another game's bundled folder (:func:`other_games`)."""
    if not foreign:
        return list(files)
    return [f for f in files if not real_path(f).startswith(foreign)]


@dataclass(frozen=True)
class CardSet:
    """A command's cards and macros: the bundled folder in use, the paths given (and context
    folders), and every keyword macro file the set compiles with (bundled ones first)."""

    game: str
    bundled: Path
    paths: tuple[str | Path, ...]
    macros: tuple[Path, ...]

    @cached_property
    def foreign(self) -> tuple[str, ...]:
        """Other games' bundled folders (:func:`other_games`): their files are not this
        set's."""
        return other_games(self.game, self.paths)

    def spec(self) -> GameSpec:
        """The game built with this set's macros."""
        return load_game(self.game, self.macros)

    @cached_property
    def bundled_prefix(self) -> str:
        """The bundled folder's resolved path and a separator: what the resolved path of
        each of its files starts with."""
        return real_path(self.bundled) + os.sep

    def in_bundled(self, path: str | Path) -> bool:
        """Whether ``path`` is a file of the bundled set, however it is reached."""
        return real_path(path).startswith(self.bundled_prefix)

    def designer_macros(self) -> list[Path]:
        """The macro files in use that are not the bundled set's: the designer's, which
        ``check`` and ``lint`` report on even when found above the paths given."""
        return [m for m in self.macros if not self.in_bundled(m)]

    def card_files(self, *, with_bundled: bool = True) -> list[str]:
        """Every card file of the set, each real file once: the bundled folder's first
        (unless ``with_bundled`` is false), then the paths'. A file is shown as the path
        given reaches it."""
        given = [(f, real_path(f)) for f in of_this_game(walk(self.paths, CARD_SUFFIX),
                                                         self.foreign)]
        bundled = [(f, real_path(f)) for f in walk([self.bundled], CARD_SUFFIX)] \
            if with_bundled else []
        shown: dict[str, str] = {}
        for f, r in given:
            shown.setdefault(r, f)
        out: list[str] = []
        seen: set[str] = set()
        for f, r in [*bundled, *given]:
            if r not in seen:
                seen.add(r)
                out.append(shown.get(r, f))
        return out

    def pool(self, *, cache: bool = True, keep_models: bool = False,
             with_bundled: bool = True) -> CardPool:
        """The set's cards loaded and compiled with its macros."""
        pool = CardPool(self.game, cache=cache, keep_models=keep_models, macros=self.macros)
        return pool.load(self.card_files(with_bundled=with_bundled))


def card_set(game: str, paths: Iterable[str | Path] = (),
             context: Iterable[str | Path] = ()) -> CardSet:
    """The set of a run over ``paths`` (plus ``context`` folders, whose cards and macros
    belong to the set although the command does not report on them)."""
    spec = games().get(game)
    if spec is None:
        spec = load_game(game)  # raises the error naming the installed games
    paths = tuple(os.fspath(p) for p in paths)
    context = tuple(os.fspath(p) for p in context)
    bundled = bundled_folder(spec, (*paths, *context))
    # another game's bundled macros are that game's, as its cards are (other_games)
    found = of_this_game(find_macros((*paths, *context)), other_games(game, (*paths, *context)))
    macros: list[Path] = []
    seen: set[str] = set()
    for f in [*macros_under(bundled), *found]:
        r = real_path(f)
        if r not in seen:
            seen.add(r)
            macros.append(f)
    return CardSet(game, bundled, paths + context, tuple(macros))


__all__ = ["CardSet", "card_set", "find_macros", "bundled_folder", "macros_under",
           "other_games", "of_this_game"]
