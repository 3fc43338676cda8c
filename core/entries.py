"""The entry protocols: what the objects a vocabulary entry compiles into must do, by kind.

A vocabulary entry (:mod:`cardscript.registry`) pairs a name, a parameter model and a text
template with an implementation: a class (or a factory function) that the compiler calls as
``impl(params, compiler)`` once per node of a card, and whose instance the engine then calls
at run time. These protocols are those instances' contract; a plugin's classes satisfy them by
having the methods, without inheriting from anything. ``g`` is the running
:class:`~cardscript.game.Game`, ``ctx`` the :class:`~cardscript.resolve.Trigger` that is
resolving (its controller, source card, target, event and ``it``).

Each protocol is generic in what its game's implementations take (for the type checker
only): a game's effect runs on its own class of game (``g: MyGame``), its trigger matches
its own cards. Named bare (``Effect``), a protocol takes any game's: what the core holds.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .bus import Event
    from .game import Game
    from .resolve import Trigger
    from .state import Card, Player

#: the game, card and player classes an entry's implementation takes
_G = TypeVar("_G", bound="Game", contravariant=True)
_C = TypeVar("_C", bound="Card", contravariant=True)
_P = TypeVar("_P", bound="Player", contravariant=True)


@runtime_checkable
class Effect(Protocol[_G]):
    """What an ability does. ``run`` does it now, or schedules steps for what needs a decision
    (:mod:`cardscript.procedure`); it sets ``ctx.done`` to whether it happened ("if you do")."""

    def run(self, g: _G, ctx: Trigger) -> None: ...


@runtime_checkable
class TriggerPattern(Protocol[_C]):
    """When an ability works. ``event`` is the kind of event it waits for (an activated
    ability's is ""); ``scope`` is where its card must be: "self" (events about the card
    itself), "activated", or the kind of zone whose cards listen on the bus."""

    event: str
    scope: str

    def matches(self, event: Event, card: _C) -> bool: ...


@runtime_checkable
class Selector(Protocol[_G, _C, _P]):
    """Which cards: the candidates for a target or an ``{all: ...}`` selection, checked again
    when the ability resolves; ``matches`` judges one card as seen by player ``you`` from
    ``source`` in area ``here`` (``anywhere``: wherever the card is)."""

    def candidates(self, g: _G, ctx: Trigger) -> list: ...

    def still_valid(self, g: _G, ctx: Trigger, target: Any) -> bool: ...

    def matches(self, card: _C, you: _P, source: _C, here: Any,
                anywhere: bool = False) -> bool: ...


@runtime_checkable
class Condition(Protocol[_G]):
    """Whether something is so (for ``if`` and conditional triggers)."""

    def test(self, g: _G, ctx: Trigger) -> bool: ...


@runtime_checkable
class Value(Protocol[_G]):
    """A number, counted when it is needed."""

    def get(self, g: _G, ctx: Trigger) -> int: ...


@runtime_checkable
class Keyword(Protocol):
    """A keyword on a card: the abilities (card-language data) it adds, which the compiler
    validates and compiles like the card's own."""

    def abilities(self) -> Iterable[dict]: ...


#: the protocol of each vocabulary kind
PROTOCOLS: dict[str, type] = {"effect": Effect, "trigger": TriggerPattern,
                              "selector": Selector, "condition": Condition, "value": Value,
                              "keyword": Keyword}
