"""Compiled card and player references used inside effect parameters.

``target`` is the chosen target, or targets (rule 501.1), ``this`` the source card, ``it``
the card the triggering event is about (or the current card of ``for_each``), ``moved`` the
cards an earlier stage drew or moved (the effects whose entry says ``moves``);
``{all: selector}`` is an untargeted selection. ``target``, ``it`` and ``moved`` follow a
card that moved to where it went, so a later stage acts on the card an earlier one moved.
Players: you, opponent, each, target, and the owner or controller of the target card (the
first, of several).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .limits import LimitExceeded

if TYPE_CHECKING:
    from .compiler import Compiler
    from .entries import Selector
    from .game import Game
    from .model import names
    from .resolve import Trigger
    from .state import Card


#: the game's class of cards: a reference means cards of the trigger's game
_C = TypeVar("_C", bound="Card")


class CardRef(Protocol):
    """A compiled card reference: the card objects it means when an effect runs."""

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]: ...


def followed(card: Any) -> Any:
    """``card`` where it is now: a card object that moved is followed to the object it
    became (each move makes one), so that a later stage's ``target`` or ``it`` finds the card
    an earlier stage moved ("remove it from the game, then return it"); None if it is gone
    (a token that left play, a card no longer anywhere)."""
    for _ in range(1000):  # a chain of moves is finite; the bound keeps a bad state finite
        if card is None or card.zone is not None:
            return card
        card = card.moved_to
    return None


class TargetRef:
    __slots__ = ()
    entry_name = "target"

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]:
        t = ctx.target
        if t is None or not hasattr(t, "zone"):  # no target, or a player or a chain item
            return []
        if ctx.more:  # an ability that chose several targets: each of them
            return [c for c in map(followed, ctx.chosen()) if c is not None]
        t = followed(t)
        return [t] if t is not None else []


class ThisRef:
    __slots__ = ()
    entry_name = "this"

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]:
        s = ctx.source
        return [s] if s.zone is not None else []


class ItRef:
    __slots__ = ()
    entry_name = "it"

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]:
        c = followed(ctx.it)  # it moved since: follow it to its new zone
        return [c] if c is not None else []


class MovedRef:
    """The cards an earlier stage's zone move or draw moved, where they are now."""

    __slots__ = ()
    entry_name = "moved"

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]:
        return [c for c in map(followed, ctx.moved) if c is not None]


class AllRef:
    __slots__ = ("selector",)
    entry_name = "all"

    def __init__(self, selector: Selector):
        self.selector = selector

    def cards(self, g: Game, ctx: Trigger[_C, Any]) -> list[_C]:
        cards = self.selector.candidates(g, ctx)
        # each card affected is an effect step: an effect on every card of a huge selection,
        # repeated, can't run for ever or fill memory with its durations
        g.effect_steps += len(cards)
        if g.effect_steps > g.limits.effect_steps:
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"an effect on all {len(cards):,} selected cards",
                                ctx.source.proto.id)
        return cards


_CARD_REFS: dict[str, CardRef] = {"target": TargetRef(), "this": ThisRef(), "it": ItRef(),
                                  "moved": MovedRef()}


def compile_card_ref(node: names.CardRef, compiler: Compiler) -> CardRef:
    if isinstance(node, str):
        return _CARD_REFS[node]
    return AllRef(compiler.selector(node.all))


class PlayerRef:
    __slots__ = ("who",)

    def __init__(self, who: str):
        self.who = who

    def players(self, g: Game, ctx: Trigger) -> list[Any]:
        who = self.who
        if who == "you":
            return [ctx.controller]
        if who == "opponent":
            return g.opponents(ctx.controller)
        if who == "each":
            return g.turn_order()
        t = ctx.target
        if t is None:
            return []
        if who == "target":
            if ctx.more:  # several target players
                return [x for x in ctx.chosen() if not hasattr(x, "proto")]
            return [t] if not hasattr(t, "proto") else []
        if who == "owner":
            return [t.owner] if hasattr(t, "proto") else []
        if who == "controller":
            return [g.effect_controller(t)] if hasattr(t, "proto") else []
        raise ValueError(who)


_PLAYER_REFS: dict[str, PlayerRef] = {}
#: the player references read from the target
TARGET_PLAYERS = frozenset({"target", "owner", "controller"})


def compile_player_ref(node: str) -> PlayerRef:
    ref = _PLAYER_REFS.get(node)
    if ref is None:
        ref = _PLAYER_REFS[node] = PlayerRef(node)
    return ref
