"""Saving and replaying games: a game is its seed, decks, variants and the choices made.

Determinism (one seeded RNG per game, options enumerated in a fixed order) means replaying
the choices into a fresh game reproduces its event log byte for byte."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import jsonfile
from .jsonfile import Document
from .limits import Limits

if TYPE_CHECKING:
    from .cardpool import CardPool
    from .game import Game


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(game.record(), indent=1), encoding="utf-8")


def replay(record: dict, pool: CardPool) -> Game:
    """A new game built from ``record`` with every recorded choice made again."""
    decks = [[pool.get(cid) for cid in deck] for deck in record["decks"]]
    limits = record.get("limits")
    if limits is not None:
        try:
            limits = Limits(**limits)
        except TypeError as exc:
            raise ValueError(f"the record's limits are not valid: {exc}") from None
    game = pool.spec.game_class(decks, record["seed"], tokens=pool.tokens,
                                names=record["names"], variants=record["variants"],
                                limits=limits, **record.get("options", {}))
    return _choose_again(game, record["choices"])


def replayed(game: Game) -> Game:
    """``game`` played again from the start by its own record: a new game of its class with
    its seed, decks, tokens, names, deck names, variants, limits and options, every choice
    it made made again. The engine is deterministic, so this is the same game — unless
    ``game``'s state was made some other way (a loaded save that was edited)."""
    again = type(game)(list(game.decks), game.seed, tokens=game.tokens,
                       names=[p.name for p in game.players], variants=game.variants,
                       deck_names=[p.deck_name for p in game.players], limits=game.limits,
                       **game.options())
    return _choose_again(again, game.choices)


def _choose_again(game: Game, choices: list) -> Game:
    game.advance()
    for n, index in enumerate(choices):
        d = game.decision
        if d is None:
            raise ValueError("the record has more choices than the game has decisions")
        if not isinstance(index, int) or not 0 <= index < len(d.options):
            raise ValueError(f"choice {n + 1} of the record is {index!r}, but {d!r} has "
                             f"{len(d.options)} options")
        game.choose_index(index)
    return game


class Record(Document):
    """The shape of a game's record (:meth:`cardscript.game.Game.record`), checked before a
    record read from a file is replayed."""

    game: str
    seed: int
    decks: list[list[str]]
    names: list[str]
    variants: list[str]
    options: dict[str, Any] = {}
    choices: list[int]
    limits: dict[str, int] | None = None


def load(path: str | Path, pool: CardPool) -> Game:
    """Replay a saved game; a file that can't be read, isn't JSON or isn't a record is a
    positioned :class:`CardError` (read through the one reader: size-bounded, regular files
    only)."""
    p = str(Path(path))
    record = jsonfile.read(p, "a saved game")
    jsonfile.check(record, Record, p, "a saved game")
    return replay(record, pool)
