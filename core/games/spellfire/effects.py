"""Spellfire effects: drawing cards."""
from __future__ import annotations

from pydantic import Field

from ...limits import COUNT_MAX
from ...registry import Params, Vocabulary

vocab = Vocabulary("spellfire")


class DrawParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=COUNT_MAX)


@vocab.effect("draw", DrawParams, text="draw {{ amount | number_word }} "
              "{{ 'card' if amount == 1 else 'cards' }}")
class Draw:
    """The ability's controller draws cards."""

    __slots__ = ("amount",)
    finds_cards = True  # a chance to find a realm (the two-draw mulligan)

    def __init__(self, p, c):
        self.amount = p.amount

    def run(self, g, ctx):
        g.draw(ctx.controller, self.amount)
