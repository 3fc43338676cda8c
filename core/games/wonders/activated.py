"""Activated abilities (rulebook, "Timing Keywords": tap and sacrifice actions, free
actions, Harvest, Faith): what the player pays to use them. They are not on the bus: the
game offers them as uses of a turn (actions.py) while their card is in The World.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Self, Union

from pydantic import Field, model_validator

from ...limits import COUNT_MAX
from ...registry import Params, Vocabulary
from .triggers import _Trigger

if TYPE_CHECKING:
    from ...compiler import Compiler

vocab = Vocabulary("wonders")


class _Activated(_Trigger):
    scope = "activated"


@vocab.trigger("tap_action", text="TAP ACTION:")
class TapAction(_Activated):
    """Spend an action and tap this card (rule 404.4)."""

    cost = "tap"


@vocab.trigger("tap_free", text="TAP FREE:")
class TapFree(_Activated):
    """Tap this card; costs no action (a free action, rule 403.3)."""

    cost = "tap"
    free = True


@vocab.trigger("sacrifice_action", text="SACRIFICE ACTION:")
class SacrificeAction(_Activated):
    """Spend an action and destroy this card."""

    cost = "sacrifice"


@vocab.trigger("sacrifice_free", text="SACRIFICE FREE:")
class SacrificeFree(_Activated):
    """Destroy this card; costs no action."""

    cost = "sacrifice"
    free = True


@vocab.trigger("harvest", text="HARVEST:")
class Harvest(_Activated):
    """A tap free ability; any number may be harvested together in one turn, and actions it
    gains are usable from the next turn (rulebook, Harvest)."""

    cost = "tap"
    free = True
    is_harvest = True


class FaithParams(Params):
    __shorthand__ = "amount"
    amount: Union[int, Literal["x"]] = Field(
        description="The faith to spend: a number of at least 1, or x (any amount, never "
        "0; the faith_spent value reads it).")

    @model_validator(mode="after")
    def _not_zero(self) -> Self:
        if self.amount != "x" and not 1 <= self.amount <= COUNT_MAX:
            raise ValueError(f"spend at least 1 faith (and at most {COUNT_MAX:,})")
        return self


@vocab.trigger("faith", FaithParams, text="SPEND {{ 'X' if amount == 'x' else amount }} FAITH:")
class SpendFaith(_Activated):
    """Rulebook, Faith: "once per round they may spend faith as a free action to activate
    one of those abilities"; "X faith" or "any amount of faith" can't be 0. Offered while
    its controller has enough faith and has not spent faith this round."""

    __slots__ = ("amount",)
    cost = "faith"
    free = True

    def __init__(self, p: FaithParams, c: Compiler) -> None:
        self.amount = None if p.amount == "x" else p.amount  # None: X, chosen on paying

    def least(self) -> int:
        return self.amount or 1
