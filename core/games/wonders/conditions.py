"""Conditions and values: what ``if`` tests and what counts count."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...registry import Vocabulary
from .selectors import Range

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from .rules import WondersGame
    from .state import WondersTrigger

vocab = Vocabulary("wonders")


def _in(n: int, r: Range) -> bool:
    return (r.min is None or n >= r.min) and (r.max is None or n <= r.max)


def _range_condition(name: str, doc: str, measure: Callable[[WondersGame, WondersTrigger], int],
                     text: str) -> None:
    class Impl:
        __slots__ = ("range",)
        __doc__ = doc

        def __init__(self, p: Range, c: Compiler) -> None:
            self.range = p

        def test(self, g: WondersGame, ctx: WondersTrigger) -> bool:
            return _in(measure(g, ctx), self.range)
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    vocab.condition(name, Range, text=text)(Impl)


def _stones(g: WondersGame, ctx: WondersTrigger) -> int:
    return g.stones_of(ctx.controller)


def _lands(g: WondersGame, ctx: WondersTrigger) -> int:
    return g.lands_of(ctx.controller)


_range_condition("stones", "Hoard: the number of stones you control is in range.", _stones,
                 "you control {{ count_range(min, max, 'stone', negated) }}")
_range_condition("lands", "Kingdom: the number of lands you control is in range.", _lands,
                 "you control {{ count_range(min, max, 'land', negated) }}")
_range_condition("round", "The current round number is in range.",
                 lambda g, ctx: g.round,
                 "it {{ 'is not' if negated else 'is' }} round "
                 "{% if min == max %}{{ min }}{% elif max is none %}{{ min }} or later"
                 "{% elif min is none %}{{ max }} or earlier{% else %}{{ min }} to {{ max }}"
                 "{% endif %}")
_range_condition("hand_size", "The number of cards in your hand is in range.",
                 lambda g, ctx: len(ctx.controller.hand.cards),
                 "you have {{ count_range(min, max, 'card', negated) }} in hand")


@vocab.condition("took_last_turn", text="you {{ \"didn't take\" if negated else 'took' }} "
                 "the last turn of the round")
class TookLastTurn:
    """You were the last player to play, attack, draw with a turn or activate an ability —
    passing does not count (rule 404.5.2)."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def test(self, g: WondersGame, ctx: WondersTrigger) -> bool:
        return g.last_turn_taker is ctx.controller


def _simple_value(name: str, doc: str, get: Callable[[WondersGame, WondersTrigger], int],
                  text: str) -> None:
    class Impl:
        __slots__ = ()
        __doc__ = doc

        def __init__(self, p: None, c: Compiler) -> None:
            pass

        def get(self, g: WondersGame, ctx: WondersTrigger) -> int:
            return get(g, ctx)
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    vocab.value(name, text=text)(Impl)


# a value prints "the number of X", or, asked for its ``per`` form, "for each X" (or nothing
# when it has none: "energy equal to the round number")
_simple_value("round_number", "The current round number.", lambda g, ctx: g.round,
              "{% if not per %}the round number{% endif %}")
_simple_value("stones_you_control", "The number of stones you control.", _stones,
              "{{ 'for each stone' if per else 'the number of stones' }} you control")
_simple_value("faith_spent", "X of a \"spend X faith\" ability: the faith its controller "
              "spent on it (rulebook, Faith).",
              lambda g, ctx: ctx.controller.faith_spent,
              "{% if not per %}X{% endif %}")
_simple_value("cards_in_hand", "The number of cards in your hand.",
              lambda g, ctx: len(ctx.controller.hand.cards),
              "{{ 'for each card' if per else 'the number of cards' }} in your hand")


