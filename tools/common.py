"""Shared pieces of the command-line tools: the console, loading pools and decks, exit codes."""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from cardscript.cardpool import CardPool, bundled_decks
from cardscript.errors import CardError, Diagnostic
from cardscript.plugins import GameSpec
from cardscript.registry import Registry
from cardscript.state import CardDef
from rich.console import Console

if TYPE_CHECKING:  # (not imported by every command's start for a name in an annotation)
    pass

EXIT_OK, EXIT_BAD_INPUT, EXIT_USAGE = 0, 1, 2
#: a bug in cardscript itself (the traceback is shown: it is for the report)
EXIT_INTERNAL = 3
#: a command stopped by Ctrl-C (128 + SIGINT, as shells report it)
EXIT_INTERRUPTED = 130

# emoji=False: a position such as "card.yaml:100:5" or a designer's ":smile:" is text, not
# an emoji code (":100:" would print as one)
out = Console(highlight=False, soft_wrap=True, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


#: decks by name, as :func:`load_decks` reads them: what the commands play
Decks = list[tuple[str, list[CardDef]]]


#: ``--game``'s default: the reference game, found when a command runs (``cli.main``), so that
#: building the parser loads no game
REFERENCE_GAME = "the reference game"


def add_game_option(p: argparse.ArgumentParser, help: str = "the game of the files") -> None:
    """``--game G``, whose default is the installation's reference game."""
    p.add_argument("--game", default=REFERENCE_GAME, metavar="GAME",
                   help=f"{help} (default: {REFERENCE_GAME})")


class UsageError(Exception):
    """Bad command-line usage (exit code 2)."""


def require_paths(paths: Iterable[str | Path], option: str = "") -> None:
    """Every path named on the command line must exist (a link counts, even a broken one:
    reading it then reports why it can't be read); else it is bad usage."""
    for p in paths:
        if not os.path.lexists(p):
            raise UsageError(f"{option + ': ' if option else ''}no such file or directory: {p}")


def _nearest_existing(path: Path) -> Path:
    for p in (path, *path.parents):
        if os.path.lexists(p):
            return p
    return Path(".")


def check_output_dir(path: str | Path, option: str = "--out") -> Path:
    """A folder to write into, checked before the work (it is made when written): an
    existing file there, or a file where one of its parents should be, is bad usage.
    Failing to write it later (permissions, a full disk) is an OSError: exit 1."""
    p = Path(path)
    base = _nearest_existing(p.absolute())
    if not base.is_dir():
        what = "is a file" if base == p.absolute() else f"lies under {base}, which is a file"
        raise UsageError(f"{option} {path}: {what}; expected a folder")
    return p


def check_output_file(path: str | Path, option: str = "-o") -> Path:
    """A file to write: a folder there, or a folder to put it in that does not exist, is
    bad usage."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{option} {path}: is a folder; expected a file")
    parent = p.absolute().parent
    if not parent.is_dir():
        why = "is not a folder" if os.path.lexists(parent) else "does not exist"
        raise UsageError(f"{option} {path}: {parent} {why}")
    return p


def registry_of(spec: GameSpec) -> Registry:
    """The vocabulary of a game's spec as :func:`cardscript.plugins.load_game` builds it (an
    installed spec, from ``games()``, has none until it is loaded)."""
    if spec.registry is None:
        raise RuntimeError(f"game '{spec.name}' has no vocabulary: its spec was not loaded")
    return spec.registry


def report(diagnostics: Iterable[Diagnostic]) -> None:
    for d in diagnostics:
        err.print(str(d), markup=False)


def pool_with(game: str, paths: Iterable[str | Path] = (),
              cache: bool = True) -> CardPool:
    """The game's bundled cards plus the card files under ``paths`` (each file once), compiled
    with the keyword macros of both (:mod:`cardscript.cardset`)."""
    from cardscript.cardset import card_set
    return card_set(game, paths).pool(cache=cache)


def load_decks(pool: CardPool, decks: list[str] | None) -> Decks:
    """Deck files by path, or bundled decks by name; default: the game's two reference decks
    (the first two bundled decks)."""
    bundled = {p.name[: -len(".deck.yaml")]: p for p in bundled_decks(pool.spec)}
    if not decks:
        if len(bundled) < 2:
            raise UsageError("no bundled decks found; give two with --decks")
        paths = list(bundled.values())[:2]
    else:
        paths = []
        for d in decks:
            p = Path(d)
            if os.path.lexists(p):  # a link that can't be read: CS002, not "no deck"
                paths.append(p)
            elif d in bundled:
                paths.append(bundled[d])
            else:
                from cardscript.errors import did_you_mean
                raise UsageError(f"no deck file or bundled deck named '{d}'"
                                 f"{did_you_mean(d, bundled)}; bundled: "
                                 f"{', '.join(bundled)}")
    return [pool.load_deck(p) for p in paths]


def modules_of(package: ModuleType) -> dict[str, ModuleType]:
    """The public modules of a package, by the name each gives itself (``NAME``) or by its
    module name, sorted: how commands and export formats are found (a module each)."""
    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            mod = importlib.import_module(f"{package.__name__}.{info.name}")
            found[getattr(mod, "NAME", info.name)] = mod
    return dict(sorted(found.items()))


def fail_input(exc: CardError) -> int:
    report(exc.diagnostics)
    return EXIT_BAD_INPUT


def stdout_is_tty() -> bool:
    return sys.stdout.isatty()
