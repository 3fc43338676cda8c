"""Copying a game in progress (``Game.clone``): every state object copies itself once into a
memo, so shared references stay shared and cycles are fine.

State classes implement ``_clone(self, memo)``: make the new object, put it in ``memo`` under
the old one's id *before* copying fields that may lead back to it, copy plain fields as they
are and state fields through :func:`copy_value`. Anything without ``_clone`` is shared by the
copy: compiled cards, abilities and effects, strings, numbers, functions. A step still to do
is a callable and its arguments; a method bound to a state object (the game, its resolver, a
trigger) is bound again to that object's copy.
"""
from __future__ import annotations

import random
from types import MethodType
from typing import Any

ATOMS = frozenset({int, str, bool, float, type(None)})


def copy_value(x: Any, memo: dict[int, Any]) -> Any:
    """``x`` as it is in the copy being made."""
    t = type(x)
    if t in ATOMS:
        return x
    done = memo.get(id(x))
    if done is not None:
        return done
    clone = getattr(t, "_clone", None)
    if clone is not None:
        return clone(x, memo)
    if t is list:
        return [copy_value(v, memo) for v in x] if x else []
    if t is tuple:
        return tuple([copy_value(v, memo) for v in x])
    if t is MethodType:
        return MethodType(x.__func__, copy_value(x.__self__, memo))
    if t is dict:
        return {copy_value(k, memo): copy_value(v, memo) for k, v in x.items()}
    if t is set:
        return {copy_value(v, memo) for v in x}
    return x


class GameRandom:
    """A game's seeded random numbers (docs/architecture.md, Determinism), copied on write: a
    copy of the game shares the generator until either game draws from it, which takes its own copy
    first. Drawing is rare (shuffles, coin flips) and copying a game is not."""

    __slots__ = ("_rng", "_shared")

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._shared = False

    def _own(self) -> random.Random:
        if self._shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._shared = False
        return self._rng

    def random(self) -> float:
        return (self._own() if self._shared else self._rng).random()

    def shuffle(self, items: list) -> None:
        self._own().shuffle(items)

    def getstate(self) -> tuple:
        return self._rng.getstate()

    def setstate(self, state: tuple) -> None:
        self._rng = random.Random.__new__(random.Random)
        self._rng.setstate(state)
        self._shared = False

    def _clone(self, memo: dict) -> "GameRandom":
        n = GameRandom.__new__(GameRandom)
        memo[id(self)] = n
        n._rng = self._rng
        n._shared = self._shared = True
        return n


def copy_slots(obj: Any, new: Any, plain: tuple[str, ...], state: tuple[str, ...],
               memo: dict[int, Any]) -> Any:
    """Fill ``new`` from ``obj``: ``plain`` fields as they are, ``state`` fields copied."""
    memo[id(obj)] = new
    for name in plain:
        setattr(new, name, getattr(obj, name))
    for name in state:
        setattr(new, name, copy_value(getattr(obj, name), memo))
    return new
