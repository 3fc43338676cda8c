"""Riftbound's traits layer (rules notes 5.3, Layers: "traits (type, tags, ...) → abilities →
arithmetic"): ``counts_as``, a static effect that gives the units it covers tags they don't
print ("your units here are also Yeti"), and the game's continuous-effects section, which
applies it before the core's keyword grants and stat bonuses. The set-Might part of the
layer is the core's stat setting (``set_might``, effects.py); selectors read the tags a unit
has now (``RiftCard.has_tag``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pydantic import Field

from ...continuous import Continuous as CoreContinuous
from ...continuous import covered_cards, in_static
from ...registry import Params
from ...section import section
from .effects import Covered, covers, vocab

if TYPE_CHECKING:
    from ...bus import Handler
    from ...compiler import Compiler
    from ...resolve import Trigger
    from .rules import RiftboundGame
    from .state import RiftCard


class CountsAsParams(Params):
    card: Covered = Field("this", description="'this', 'equipped' (the unit an equipment is "
                          "attached to), or {all: selector}.")
    tags: list[str] = Field(min_length=1, max_length=8, description="The tags it has as well "
                            "(a legend's champion tag, a unit's kind).")


@vocab.effect("counts_as", CountsAsParams, text=(
    "{{ card | covered | does('count') }} as {{ tags | join(' and ') }} as well"))
class CountsAs:
    """The units it covers have these tags as well as their printed ones while it is in
    force (the traits layer of rules notes 5.3, before abilities and arithmetic): a selector's
    ``tag`` finds them by it."""

    __slots__ = ("card", "tags")
    continuous = True

    def __init__(self, p: CountsAsParams, c: Compiler) -> None:
        in_static(c, "counts_as")
        self.card = covers(c, p.card)
        self.tags = tuple(p.tags)

    def run(self, g: RiftboundGame, ctx: Trigger) -> None:  # pragma: no cover - statics only
        raise AssertionError("a continuous effect is read by the game, never run")


@section
class Continuous(CoreContinuous):
    """The core's static abilities, with Riftbound's traits layer first: ``tagged`` are the
    units ``counts_as`` gave tags at the last refresh (undone at the next)."""

    __slots__ = ("tagged",)

    def __init__(self, g: Any) -> None:
        super().__init__(g)
        self.tagged: list[RiftCard] = []

    def applied(self) -> bool:
        return bool(self.tagged)

    def layers(self, g: Any, on: list[tuple[Handler, Trigger]]) -> None:
        for c in self.tagged:
            c.tags_given = ()
        tagged: list[RiftCard] = []
        for h, ctx in on:
            eff = h.ability.effect
            if type(eff) is not CountsAs:
                continue
            for c in cast("list[RiftCard]", covered_cards(eff.card, g, ctx)):
                if not c.tags_given:
                    tagged.append(c)
                c.tags_given = (*c.tags_given, *eff.tags)
        self.tagged = tagged
