"""One-shot modifiers in the core: an effect that changes the next thing a player does ("the
next card of this type you play this turn costs 1 less") waits until that happens, applies
once and ends; or ends with its period unused.

:class:`Modifiers` is the rules section that keeps them (``g.modifiers``); a game lists it in
``SECTIONS`` and reads it where the rules apply what it changes: a card's cost
(:meth:`Modifiers.discount`, every modifier of that player for that kind of card that is
still in its period, summed), and, as the card is played, :meth:`Modifiers.use` ends those
that applied. While none waits, each read is one test.

:func:`next_cost` names the effect that makes one in a game's vocabulary, in its words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Union

from pydantic import Field, create_model

from .clone import copy_slots
from .limits import STAT_MAX, LimitExceeded
from .loadable import state
from .registry import Params, Vocabulary
from .section import Section, section

if TYPE_CHECKING:
    from .compiler import Compiler
    from .game import Game
    from .resolve import Trigger
    from .state import Player


@state
class NextCost:
    """A discount waiting for ``player``'s next card of type ``cards`` ("any": any card),
    made in the period ``during`` whose number was ``at``: ``amount`` less, and ``extra``
    less of a cost's second part (a game whose costs have two: Riftbound's power)."""

    __slots__ = ("player", "cards", "amount", "extra", "during", "at")

    def __init__(self, player: Player, cards: str, amount: int, extra: int, during: str,
                 at: int) -> None:
        self.player = player
        self.cards = cards
        self.amount = amount
        self.extra = extra
        self.during = during
        self.at = at

    def _clone(self, memo: dict) -> "NextCost":
        return copy_slots(self, NextCost.__new__(NextCost),
                          ("cards", "amount", "extra", "during", "at"), ("player",), memo)

    def covers(self, g: Game, player: Player, card_type: str) -> bool:
        return self.player is player and self.cards in ("any", card_type) and \
            g.period(self.during) == self.at


@section
class Modifiers(Section):
    """The one-shot modifiers waiting, oldest first."""

    __slots__ = ("waiting",)
    name = "modifiers"

    def __init__(self, g: Game) -> None:
        self.waiting: list[NextCost] = []

    def discount(self, g: Game, player: Player, card_type: str) -> tuple[int, int]:
        """How much less ``player``'s next card of ``card_type`` costs now: (its cost, the
        second part of its cost)."""
        if not self.waiting:
            return (0, 0)
        amount = extra = 0
        for m in self.waiting:
            if m.covers(g, player, card_type):
                amount += m.amount
                extra += m.extra
        return amount, extra

    def use(self, g: Game, player: Player, card_type: str) -> None:
        """``player`` plays a card of ``card_type``: the modifiers that applied to it end, and
        so do those whose period is over."""
        if self.waiting:
            self.waiting = [m for m in self.waiting if g.period(m.during) == m.at
                            and not m.covers(g, player, card_type)]

    def add(self, g: Game, m: NextCost, card_id: str) -> None:
        if len(self.waiting) >= g.limits.effect_steps:  # a loop making them can't fill memory
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"{len(self.waiting):,} one-shot modifiers waiting", card_id)
        self.waiting.append(m)


class MakeNextCost:
    """The effect: the controller's next card of the type costs less, once, this period."""

    __slots__ = ("cards", "amount", "extra", "during")

    def __init__(self, p: Any, c: Compiler) -> None:
        c.one_of("period", p.during, c.registry.periods, "during")
        self.cards = p.cards
        self.amount = p.amount
        self.extra = getattr(p, "power", 0)
        self.during = p.during

    def run(self, g: Game, ctx: Trigger) -> None:
        section = getattr(g, "modifiers", None)
        if not isinstance(section, Modifiers):
            raise TypeError(f"{type(g).__name__} lists no Modifiers section")
        section.add(g, NextCost(ctx.controller, self.cards, self.amount, self.extra,
                                self.during, g.period(self.during)),
                    ctx.source.proto.id)
        ctx.done = True


def next_cost(v: Vocabulary, name: str, text: str, doc: str, types: tuple[str, ...],
              default: str, power: str = "", during: str = "turn") -> None:
    """Name the one-shot discount ``name`` in the game vocabulary ``v`` (its words in
    ``text``): ``{name: {amount: 1, cards: <type>, during: turn}}``, for ``types`` of card
    (or ``any``; ``default`` if not given), waiting ``during`` a period by default;
    ``power``: it may discount the second part of a cost too (its parameter ``power``,
    described so). The game lists :class:`Modifiers` and reads it
    where it prices a card."""
    fields: dict[str, Any] = {
        "amount": (int, Field(1, ge=0, le=STAT_MAX, description="How much less it costs.")),
        "cards": (Union[Literal[types], Literal["any"]],
                  Field(default, description="The type of the next card it applies to "
                        "(any: the next card).")),
        "during": (str, Field(during, description="The period it waits in (a period the "
                              "game names): unused by its end, it ends.")),
    }
    if power:
        fields["power"] = (int, Field(0, ge=0, le=STAT_MAX, description=power))
    params = create_model(f"{name}_params", __base__=Params, **fields)
    params.__doc__ = doc

    def make(p: Any, c: Compiler) -> MakeNextCost:
        if not p.amount and not getattr(p, "power", 0):
            raise c.error(f"{name} of 0 changes nothing: give `amount`"
                          + (" or `power`" if power else ""))
        return MakeNextCost(p, c)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"next_cost({name!r})"
    v.effect(name, params, text=text)(make)
