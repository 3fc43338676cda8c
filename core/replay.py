"""Saving and replaying games: a game is its seed, decks, variants and the choices made.

Determinism (one seeded RNG per game, options enumerated in a fixed order) means replaying
the choices into a fresh game reproduces its event log byte for byte."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import CardError, Diagnostic, Position
from .limits import Limits
from .loader import read_source

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


def load(path: str | Path, pool: CardPool) -> Game:
    """Replay a saved game; a file that can't be read or isn't JSON is a positioned
    :class:`CardError` (read through the loader's one reader: size-bounded, regular files
    only)."""
    p = str(Path(path))
    raw = read_source(p)
    try:
        record = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n")
        raise CardError([Diagnostic(Position(p, line + 1, 1), "file is not valid UTF-8 (byte "
                                    f"0x{raw[exc.start]:02x})", "CS002")]) from None
    except json.JSONDecodeError as exc:
        raise CardError([Diagnostic(Position(p, exc.lineno, exc.colno),
                                    f"not a saved game: JSON error: {exc.msg}", "CS001")]) \
            from None
    except ValueError as exc:  # a number past Python's digit limit
        raise CardError([Diagnostic(Position(p, 1, 1), f"not a saved game: {exc}", "CS003")]) \
            from None
    except RecursionError:
        raise CardError([Diagnostic(Position(p, 1, 1), "not a saved game: JSON nested too "
                                    "deeply", "CS003")]) from None
    return replay(record, pool)
