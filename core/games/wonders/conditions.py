"""Conditions and values: what ``if`` tests and what counts count."""
from __future__ import annotations

from ...registry import Params, Vocabulary
from .selectors import Range

vocab = Vocabulary("wonders")


def _in(n: int, r) -> bool:
    return (r.min is None or n >= r.min) and (r.max is None or n <= r.max)


class SelectorParams(Params):
    __shorthand__ = "selector"
    selector: "Selector"


@vocab.condition("you_control", SelectorParams, text="you control {{ selector }}")
class YouControl:
    """True if you control a card the selector matches (own one, outside The World: rule
    505.1)."""

    __slots__ = ("selector",)

    def __init__(self, p, c):
        self.selector = c.selector(p.selector)

    def test(self, g, ctx):
        you = ctx.controller
        return any(g.effect_controller(c) is you for c in self.selector.candidates(g, ctx))


def _range_condition(name, doc, measure, text):
    class Impl:
        __slots__ = ("range",)
        __doc__ = doc

        def __init__(self, p, c):
            self.range = p

        def test(self, g, ctx):
            return _in(measure(g, ctx), self.range)
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    vocab.condition(name, Range, text=text)(Impl)


def _stones(g, ctx):
    return g.stones_of(ctx.controller)


def _lands(g, ctx):
    return sum(1 for c in g.controlled(ctx.controller) if c.proto.type == "land")


_range_condition("stones", "Hoard: the number of stones you control is in range.", _stones,
                 "you control {{ min }} or more stones")
_range_condition("lands", "Kingdom: the number of lands you control is in range.", _lands,
                 "you control {{ min }} or more lands")
_range_condition("round", "The current round number is in range.",
                 lambda g, ctx: g.round, "it is round {{ min }}")
_range_condition("hand_size", "The number of cards in your hand is in range.",
                 lambda g, ctx: len(ctx.controller.hand.cards), "you have {{ min }} cards in hand")


@vocab.condition("took_last_turn", text="you took the last turn")
class TookLastTurn:
    """You were the last player to play, attack, draw with a turn or activate an ability —
    passing does not count (rule 404.5.2)."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def test(self, g, ctx):
        return g.last_turn_taker is ctx.controller


def _simple_value(name, doc, get):
    class Impl:
        __slots__ = ()
        __doc__ = doc

        def __init__(self, p, c):
            pass

        def get(self, g, ctx):
            return get(g, ctx)
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    vocab.value(name, text=f"the {name.replace('_', ' ')}")(Impl)


_simple_value("round_number", "The current round number.", lambda g, ctx: g.round)
_simple_value("stones_you_control", "The number of stones you control.", _stones)
_simple_value("cards_in_hand", "The number of cards in your hand.",
              lambda g, ctx: len(ctx.controller.hand.cards))


@vocab.value("count", SelectorParams, text="the number of {{ selector }}")
class Count:
    """The number of cards the selector matches."""

    __slots__ = ("selector",)

    def __init__(self, p, c):
        self.selector = c.selector(p.selector)

    def get(self, g, ctx):
        return len(self.selector.candidates(g, ctx))
