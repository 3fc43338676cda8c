"""Copy effects (rule 507): a token copy of a Wonder, item or land in The World.

The copy is a new token object of the copied card's printed definition: its printed stats
and abilities, fixed when it is made (the original's counters, modifiers and later changes
are not copied), cost 0 as every token (507 and the rulebook, Tokens). It is not played, so
On Play does not trigger; it arrives, so On Arrival does, and a symbiosis Wonder's copy
copies as it arrives (symbiosis.py; 507: "they do trigger on arrival and symbiosis
abilities"); the copy of a Wonder that copied by symbiosis has its printed abilities. A
card's abilities say ``this`` for itself, so a copy's abilities refer to the copy (507:
"this card" instead of the name).
Only printed abilities are copied: a copy of a copy, or of a nullified card, has blank rules
text (``BLANK_TEXT``), without being nullified itself.

Copies of spells, abilities and effects (507: "virtual card text") are not implemented: a
``copy`` of spells only is refused when the card is compiled, and one whose selection finds
a spell when it resolves refuses it and says so in the log.

Triggering another card's ability (507's Skraal, Ruler of the Three Lakes: "Choose an on
arrival ability of another Wonder you control. Trigger it 3 times." "This doesn't count as a
copy ability") is here too: ``trigger_ability`` makes triggers of that Wonder's own ability.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ...bus import Event
from ...limits import LimitExceeded
from ...registry import Params, Vocabulary
from ...resolve import Trigger
from .state import BLANK_TEXT
from .zones import WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import CardRef, Selector, Value

vocab = Vocabulary("wonders")

#: ``Card.blank`` of a copy whose copied text is blank: it has no abilities, and it is not
#: nullified (1: nullified this round, 2: for good, rulebook Nullify)
#: ``WondersCard.copied``: not a copy; a copy with the printed abilities; a copy without any
NOT_A_COPY, PRINTED, BLANK = 0, 1, 2


class CopyParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"
    realm: Literal["this", "choose"] = "this"


@vocab.effect("copy", CopyParams, text="create {% if card | is_mass %}token copies{% else %}"
              "a token copy{% endif %} of {{ card }} {{ realm | in_realm }}")
class Copy:
    """Create a token copy of a Wonder, item or land under your control (rule 507): printed
    stats and abilities, cost 0; it arrives (On Arrival triggers, On Play does not)."""

    __slots__ = ("card", "realm")

    def __init__(self, p, c):
        self.card = c.card_ref(p.card)
        self.realm = p.realm
        selector = c.ability_target if p.card == "target" else getattr(self.card, "selector",
                                                                        None)
        if getattr(selector, "types", None) == frozenset({"spell"}):
            raise c.error("copies of spells (rule 507: \"virtual card text\") are not "
                          "implemented yet; copy a Wonder, an item or a land")

    def run(self, g, ctx):
        originals = list(self.card.cards(g, ctx))
        if g.objects_created + len(originals) > g.limits.objects:
            raise LimitExceeded("objects", g.limits.objects,
                                f"copy would create {len(originals):,} tokens",
                                ctx.source.proto.id)
        ctx.done = False
        if originals:
            g.pick_realm(ctx, self.realm, None, then=(self.create, g, ctx, originals))

    def create(self, g, ctx, originals: list, realm) -> None:
        if realm is None:
            return
        for original in originals:
            ctx.done = make_copy(g, original, ctx.controller, realm) or ctx.done


def make_copy(g, original, controller, realm) -> bool:
    """Rule 507: a token copy of ``original`` in ``realm`` under ``controller``; False for a
    spell (not implemented: see the module's docstring)."""
    proto = original.proto
    if proto.type == "spell":
        g.log.append(("copy_refused", proto.id, "copies of spells are not implemented yet "
                      "(rule 507)"))
        return False
    blank = original.copied != NOT_A_COPY or original.blank in (1, 2, BLANK_TEXT)
    side = realm.sides[controller.index]
    card = g.new_card(proto, controller, side)
    card.token = True
    card.copied = BLANK if blank else PRINTED
    if blank:
        if card.handlers:  # no abilities: nothing of it listens
            g.bus.unregister(card)
        card.blank = BLANK_TEXT
    card.arrived_round = g.round
    g.log.append(("copy", proto.id, original.oid, card.oid, realm.number))
    g.publish(Event("arrived", card, controller, realm, None, "copy"))
    if card.zone is not None and card.zone.kind == WORLD:
        g.statics_changed()
    return True


__all__ = ["vocab", "Copy", "make_copy"]


class TriggerAbilityParams(Params):
    card: "Selector" = Field(description="Whose abilities may be chosen (cards in The World).")
    times: "Value" = Field(1, description="How many times it triggers.")


@vocab.effect("trigger_ability", TriggerAbilityParams, text=(
    "choose an on arrival ability of {{ card | describe(with_realm=false) }}. Trigger it "
    "{{ times | repetitions }}"))
class TriggerAbility:
    """Rule 507's Skraal: the controller chooses an On Arrival ability of a card the selector
    matches (not nullified); it triggers that many times, each a trigger of that card's own
    ability (its source that card, its controller that card's controller), not a copy. The
    triggers are created together, so they form one batch after the current one (rule 502),
    their targets chosen as they trigger (501.1). With no such ability, nothing happens."""

    __slots__ = ("card", "times")

    def __init__(self, p, c):
        self.card = c.selector(p.card)
        self.times = c.count(p.times)

    def run(self, g, ctx):
        options = [Trigger(ab, card, g.effect_controller(card))
                   for card in self.card.candidates(g, ctx) if not card.blank
                   for ab in card.proto.program.self_triggers.get("arrived", ())
                   if ab.trigger.entry_name == "on_arrival"]
        if not options:
            ctx.done = False
            return
        g.ask(ctx.controller, "ability", options, "choose an On Arrival ability to trigger",
              then=(self.chosen, g, ctx))

    def chosen(self, g, ctx, chosen: Trigger) -> None:
        n = self.times.get(g, ctx)
        g.effect_steps += n  # each trigger is an effect step: a huge count fails at once
        if g.effect_steps > g.limits.effect_steps:
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"trigger an ability {n:,} times", ctx.source.proto.id)
        batch = [Trigger(chosen.ability, chosen.source, chosen.controller) for _ in range(n)]
        g.log.append(("trigger", chosen.source.proto.id, chosen.ability.name, n))
        g.then(g.resolver.add, g, batch)
        g.resolver.choose_targets(g, batch)
        ctx.done = bool(batch)
