"""Rules sections as components: a part of a game's rules that holds state of its own (rule
511's counts, rule 505's controls, rule 508.1's continuous effects) keeps it in a small object
the game reaches by name (``g.counting``), as the resolver keeps its batches.

A section is a class with ``__slots__`` for its state, declared with :func:`section`: that
makes it game state a save may hold (:mod:`cardscript.loadable`) and gives it a ``_clone``
that copies each slot as state (:func:`cardscript.clone.copy_value`), so a new field is
copied and saved with nothing more written. A game lists its sections in ``SECTIONS``; the
core makes one of each when the game is made (:meth:`cardscript.game.Game.__init__`), in any
order: a section's constructor sees the game's players and decks, never another section.

A section's methods take the game as a parameter; its steps are its own methods
(``g.then(self.end_control, g, card)``). Sections never reach each other through ``super()``
or through an order of base classes: the game calls them from its own hooks (one explicit
``publish`` per game, in the order its rules give), and a section calls another by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .clone import ATOMS, copy_value
from .loadable import state
from .slots import slots_of

if TYPE_CHECKING:
    from .game import Game

_S = TypeVar("_S", bound="type[Section]")


class Section:
    """A rules section's state. ``name`` is the game's field that holds it."""

    __slots__ = ()
    name: ClassVar[str]

    def __init__(self, g: Game) -> None:
        pass


def section(cls: _S) -> _S:
    """Declare ``cls`` a rules section: game state, copied slot by slot."""
    if not getattr(cls, "name", None):
        raise TypeError(f"{cls.__qualname__}: a section names the game's field that holds "
                        "it (name = ...)")
    if cls.__dictoffset__:
        raise TypeError(f"{cls.__qualname__}: a section keeps its state in __slots__")
    names = slots_of(cls)

    def _clone(self: Any, memo: dict) -> Any:
        n = cls.__new__(cls)
        memo[id(self)] = n
        for k in names:
            v = getattr(self, k)
            setattr(n, k, v if type(v) in ATOMS else copy_value(v, memo))
        return n

    cls._clone = _clone  # type: ignore[attr-defined]
    return state(cls)
