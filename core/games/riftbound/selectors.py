"""Riftbound selectors: which units an ability chooses or affects. ``{unit: {controller:
opponent, at: battlefield}}``: "you" and "opponent" are relative to the ability's
controller; ``at: here`` is the source's battlefield."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import Field

from ...piles import pile_selector
from ...registry import Params, Vocabulary

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...state import Card, Player
    from .rules import RiftboundGame
    from .state import RiftCard, RiftTrigger

vocab = Vocabulary("riftbound")


class UnitFilter(Params):
    controller: Literal["you", "opponent", "any"] = Field("any", description="Who controls it.")
    at: Literal["any", "base", "battlefield", "here"] = Field(
        "any", description="Where it stands: a base, a battlefield, the source's battlefield.")
    other: bool = Field(False, description="Not the source itself.")
    max_might: Optional[int] = Field(None, ge=0, description="Might at most this.")
    damaged: Optional[bool] = None
    exhausted: Optional[bool] = None
    tag: Optional[str] = Field(None, min_length=1, description="With this tag (printed, or "
                               "given by counts_as).")


@vocab.selector("unit", UnitFilter,
                text="{% set adj = ([damaged and 'damaged' or 'undamaged'] if damaged is not "
                     "none else []) + ([exhausted and 'exhausted' or 'ready'] if exhausted is "
                     "not none else []) %}"
                     "{% set what = (adj | join(' ') ~ ' ' if adj else '') ~ "
                     "(tag ~ ' ' if tag else '') ~ ('enemy unit' if "
                     "controller == 'opponent' else 'unit') %}"
                     "{% if form == 'all' %}all {{ 'other ' if other }}{{ what }}s"
                     "{% elif form in ('each', 'bare') %}{{ 'each ' if form == 'each' }}"
                     "{{ 'other ' if other }}{{ what }}"
                     "{% elif form == 'plural' %}{{ 'other ' if other }}{{ what }}s"
                     "{% elif form == 'no' %}no {{ 'other ' if other }}{{ what }}s"
                     "{% elif other %}another {{ what }}"
                     "{% else %}{{ what | article }}{% endif %}"
                     "{% if controller == 'you' %} you control{% endif %}"
                     "{% if at == 'battlefield' %} at "
                     "{{ 'battlefields' if form == 'all' else 'a battlefield' }}"
                     "{% elif at == 'base' %} at {{ 'bases' if form == 'all' else 'a base' }}"
                     "{% elif at == 'here' %} here{% endif %}"
                     "{% if max_might is not none %} with {{ max_might }} Might or less"
                     "{% endif %}")
class UnitSelector:
    """A unit on the board."""

    __slots__ = ("controller", "at", "other", "max_might", "damaged", "exhausted", "tag")

    def __init__(self, p: UnitFilter, c: Compiler) -> None:
        self.controller = p.controller
        self.at = p.at
        self.other = p.other
        self.max_might = p.max_might
        self.damaged = p.damaged
        self.exhausted = p.exhausted
        self.tag = p.tag

    def candidates(self, g: RiftboundGame, ctx: RiftTrigger) -> list[RiftCard]:
        you, source = ctx.controller, ctx.source
        here = source.zone.area if source.zone is not None else None
        return [c for c in g.all_units() if self.matches(c, you, source, here)]

    def still_valid(self, g: RiftboundGame, ctx: RiftTrigger, obj: Any) -> bool:
        if getattr(obj, "zone", None) is None:
            return False
        source = ctx.source
        here = source.zone.area if source.zone is not None else None
        return self.matches(obj, ctx.controller, source, here)

    def matches(self, card: RiftCard, you: Player, source: Card, here: Any,
                anywhere: bool = False) -> bool:
        # an event judges a card where it found it: one that died, as it last was
        zone = card.zone if card.zone is not None or not anywhere else card.last_zone
        if zone is None or not card.proto.is_unit:
            return False
        if self.controller == "you" and card.controller is not you:
            return False
        if self.controller == "opponent" and card.controller is you:
            return False
        if self.other and card is source:
            return False
        area = zone.area
        at_bf = hasattr(area, "units")
        if self.at == "base" and at_bf or self.at == "battlefield" and not at_bf:
            return False
        if self.at == "here" and (area is not here or not at_bf):
            return False
        if self.max_might is not None and card.might() > self.max_might:
            return False
        if self.damaged is not None and (card.damage > 0) != self.damaged:
            return False
        if self.tag is not None and not card.has_tag(self.tag):
            return False
        return self.exhausted is None or card.exhausted == self.exhausted


# the core's selector over cards in a player's pile, in Riftbound's words: a card in a trash,
# a banishment or a hand ("a unit card in your trash")
pile_selector(vocab, "card", {"trash": "trash", "banishment": "banishment", "hand": "hand"},
              ("unit", "gear", "spell"),
              doc="""Cards in a player's trash, banishment or hand: whose, of which types, by
    printed name; ``other`` leaves out the ability's own card.""")
