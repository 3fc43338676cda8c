"""Saving and replaying games: a game is its seed, decks, variants and the choices made.

Determinism (one seeded RNG per game, options enumerated in a fixed order) means replaying
the choices into a fresh game reproduces its event log byte for byte."""
from __future__ import annotations

import json
from pathlib import Path

from .limits import Limits


def save(game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(game.record(), indent=1), encoding="utf-8")


def replay(record: dict, pool):
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
    game.advance()
    for n, index in enumerate(record["choices"]):
        d = game.decision
        if d is None:
            raise ValueError("the record has more choices than the game has decisions")
        if not isinstance(index, int) or not 0 <= index < len(d.options):
            raise ValueError(f"choice {n + 1} of the record is {index!r}, but {d!r} has "
                             f"{len(d.options)} options")
        game.choose_index(index)
    return game


def load(path: str | Path, pool):
    return replay(json.loads(Path(path).read_text(encoding="utf-8")), pool)
