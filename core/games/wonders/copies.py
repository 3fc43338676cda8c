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

Copies of spells and abilities (507: "A copy of a spell, ability, or effect has virtual card
text, and therefore can be nullified"): ``copy_spell`` (or ``copy``) of a spell being played
(``it`` of a ``whenever: {played: ...}`` ability: it waits in limbo while its play resolves) and
``copy_ability`` of a triggered ability waiting in a batch make a *virtual copy*: a card
object of the copied card's printed definition that is in no zone (it is not a card of any
zone, so it is not played, drawn or counted; it exists only as the source of its triggers
and is gone once they have resolved), controlled by the copy effect's controller (505.2),
with a trigger of each copied printed ability. The triggers are made together, so they are
one new batch (502: "triggered or otherwise generated at the same time is generated as a
batch") after the current one; for a spell being played, that is before the spell's own On
Play (rulebook, Triggered Effects: "resolve them first ... before resolving the action that
created them"). Their targets are chosen anew by the copy's controller as they are made
(501.1). The copy can be nullified (``nullify_effect`` when it would target): then it
resolves as blank. A copy of a nullified spell, of a copy, or of an ability that is not
printed on its card (given by an equipment, 508.1) copies blank text: no trigger, and the
copy is not nullified. A spell that is not being played (in the Abyss, say) is not copied:
the log says so.

Triggering another card's ability (507's Skraal, Ruler of the Three Lakes: "Choose an on
arrival ability of another Wonder you control. Trigger it 3 times." "This doesn't count as a
copy ability") is here too: ``trigger_ability`` makes triggers of that Wonder's own ability.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ...bus import Event
from ...limits import LimitExceeded
from ...loadable import step
from ...registry import Params, Vocabulary
from ...resolve import Trigger
from .state import BLANK_TEXT
from .zones import LIMBO, WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from collections.abc import Sequence

    from ...compiler import AbilityProgram, Compiler
    from ...model.names import CardRef, Selector, Value
    from .primitives import Primitives
    from .rules import WondersGame
    from .state import WondersCard, WondersPlayer, WondersTrigger
    from .zones import Realm

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
    stats and abilities, cost 0; it arrives (On Arrival triggers, On Play does not). A spell
    being played that it finds (``it`` of "whenever a card is played") is copied as
    ``copy_spell`` copies it; one that can only be a spell is refused: that is copy_spell."""

    __slots__ = ("card", "realm")

    def __init__(self, p: CopyParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.realm = p.realm
        selector = c.ability_target if p.card == "target" else getattr(self.card, "selector",
                                                                        None)
        trigger = c.ability_trigger
        if p.card == "it" and getattr(trigger, "event", None) == "played":
            selector = getattr(trigger, "selector", None)  # "it": the card being played
        if getattr(selector, "types", None) == frozenset({"spell"}):
            # selectors find cards in zones, and a spell is copied while it is being played
            raise c.error("a spell is copied while it is being played (rule 507): use "
                          "copy_spell in an ability triggered by whenever: {played: {spell: "
                          "...}}")

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        originals = list(self.card.cards(g, ctx))
        if g.objects_created + len(originals) > g.limits.objects:
            raise LimitExceeded("objects", g.limits.objects,
                                f"copy would create {len(originals):,} tokens",
                                ctx.source.proto.id)
        ctx.done = False
        spells = [c for c in originals if c.proto.type == "spell"]
        if spells:
            originals = [c for c in originals if c.proto.type != "spell"]
            for spell in spells:
                ctx.done = copy_spell(g, spell, ctx.controller) or ctx.done
        if originals:
            g.pick_realm(ctx, self.realm, None, then=(self.create, g, ctx, originals))

    @step
    def create(self, g: WondersGame, ctx: WondersTrigger, originals: list[WondersCard],
               realm: Realm | None) -> None:
        if realm is None:
            return
        for original in originals:
            ctx.done = make_copy(g, original, ctx.controller, realm) or ctx.done


def make_copy(g: Primitives, original: WondersCard, controller: WondersPlayer,
              realm: Realm) -> bool:
    """Rule 507: a token copy of ``original`` in ``realm`` under ``controller``."""
    proto = original.proto
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
        g.continuous.changed(g)
    return True


def copy_spell(g: Primitives, spell: WondersCard, controller: WondersPlayer) -> bool:
    """Rule 507: a virtual copy of ``spell`` if it is being played (in limbo), its On Play
    triggers a new batch (see the module's docstring); False if it is not being played."""
    if spell.zone is None or spell.zone.kind != LIMBO:
        g.log.append(("copy_refused", spell.proto.id, "a spell is copied only while it is "
                      "being played (rule 507)"))
        return False
    blank = spell.copied != NOT_A_COPY or spell.blank in (1, 2, BLANK_TEXT)
    abilities = () if blank else [ab for ab in spell.proto.program.self_triggers.get(
        "played", ()) if ab.trigger.entry_name == "on_play"]
    virtual_copy(g, spell, abilities, controller, None, None)
    return True


def virtual_copy(g: Primitives, original: WondersCard, abilities: Sequence[AbilityProgram],
                 controller: WondersPlayer, area: Realm | None, event: Event | None) -> None:
    """A copy with virtual card text (rule 507) of ``original``'s ``abilities`` (its printed
    ones; none: blank text): a card object in no zone, controlled by ``controller``, whose
    triggers of those abilities are made now, as one new batch (rule 502), their targets
    chosen now by ``controller`` (501.1). Once they have resolved nothing refers to it."""
    if g.objects_created + 1 > g.limits.objects:
        raise LimitExceeded("objects", g.limits.objects, "copy would create an object",
                            original.proto.id)
    copy = g.new_card(original.proto, controller, None)  # in no zone: of no zone's cards
    copy.controller = controller
    copy.token = True  # a virtual card (rulebook, Tokens)
    copy.copied = PRINTED if abilities else BLANK
    if not abilities:
        copy.blank = BLANK_TEXT
    if original.proto.type == "spell":
        g.log.append(("copy_spell", original.proto.id, original.oid, copy.oid, controller.name))
    else:
        g.log.append(("copy_ability", original.proto.id, original.oid, copy.oid,
                      controller.name))
    batch = [Trigger(ab, copy, controller, event, area) for ab in abilities]
    if batch:
        g.then(g.resolver.add, g, batch)
        g.resolver.choose_targets(g, batch)


__all__ = ["vocab", "Copy", "CopySpell", "CopyAbility", "make_copy", "copy_spell",
           "virtual_copy"]


class CopySpellParams(Params):
    __shorthand__ = "card"
    card: Literal["it"] = Field("it", description="The spell being played (``it``).")


@vocab.effect("copy_spell", CopySpellParams, text="copy that spell. You may choose new "
              "targets for the copy")
class CopySpell:
    """Rule 507: copy the spell being played (``it`` of a ``whenever: {played: ...}``
    ability): a copy with virtual card text (see the module's docstring), controlled by this
    effect's controller, who chooses its targets; it resolves before the spell does. A card
    played that is not a spell is not copied (``copy`` makes token copies of those)."""

    __slots__ = ("card",)

    def __init__(self, p: CopySpellParams, c: Compiler) -> None:
        if getattr(c.ability_trigger, "event", None) != "played":
            raise c.error("copy_spell copies the spell being played: use it in an ability "
                          "triggered by whenever: {played: {spell: ...}}")
        self.card = c.card_ref(p.card)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        done = False
        for card in self.card.cards(g, ctx):
            if card.proto.type == "spell":
                done = copy_spell(g, card, ctx.controller) or done
        ctx.done = done


class CopyAbilityParams(Params):
    __shorthand__ = "card"
    card: "Selector" = Field(description="Whose triggered abilities waiting to resolve may be "
                             "copied (judged where the card is, or was last).")


@vocab.effect("copy_ability", CopyAbilityParams, text=(
    "copy a triggered ability of {{ card | describe(with_realm=false) }} waiting to resolve"))
class CopyAbility:
    """Rule 507, "abilities ... can be copied": the controller chooses a triggered ability
    waiting to resolve in a batch whose card the selector matches; its copy has virtual card
    text (see the module's docstring): controlled by this effect's controller, new targets,
    a new batch after the current one. An ability not printed on its card, or of a card whose
    text is blank, is copied as blank text: the copy does nothing."""

    __slots__ = ("card",)

    def __init__(self, p: CopyAbilityParams, c: Compiler) -> None:
        self.card = c.selector(p.card)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        you, source, here, sel = ctx.controller, ctx.source, ctx.area, self.card
        options = [t for t in g.resolver.waiting(g)
                   if sel.matches(t.source, you, source, here, anywhere=True)]
        if not options:
            ctx.done = False
            return
        g.ask(you, "ability", options, "choose a triggered ability to copy",
              then=(self.chosen, g, ctx))

    @step
    def chosen(self, g: WondersGame, ctx: WondersTrigger, t: WondersTrigger) -> None:
        card: WondersCard = t.source
        printed = t.ability in card.proto.program.abilities  # not a given one (508.1)
        blank = not printed or card.copied != NOT_A_COPY or card.blank in (1, 2, BLANK_TEXT)
        virtual_copy(g, card, () if blank else (t.ability,), ctx.controller, t.area, t.event)
        ctx.done = True


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

    def __init__(self, p: TriggerAbilityParams, c: Compiler) -> None:
        self.card = c.selector(p.card)
        self.times = c.count(p.times)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        options = [Trigger(ab, card, g.effect_controller(card))
                   for card in self.card.candidates(g, ctx) if not card.blank
                   for ab in card.proto.program.self_triggers.get("arrived", ())
                   if ab.trigger.entry_name == "on_arrival"]
        if not options:
            ctx.done = False
            return
        g.ask(ctx.controller, "ability", options, "choose an On Arrival ability to trigger",
              then=(self.chosen, g, ctx))

    @step
    def chosen(self, g: WondersGame, ctx: WondersTrigger, chosen: WondersTrigger) -> None:
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
