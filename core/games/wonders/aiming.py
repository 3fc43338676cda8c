"""Rule 508.3 and Feline Entity of Dreams: an effect that "would target", nullifying an effect
in progress, and "unless they spend N energy".

Rule 501.1 has a targeted ability's controller choose the target when it triggers; rule
508.3's example has the ability *target* at the stage that uses it: "the Bow's controller
would first draw 2 cards. Then gain 1 energy. Then they would attempt to target an enemy.
If the opponent doesn't spend the 2 energy, the entire effect is nullified. But since the
first two stages of the effect have already happened, only the -1 counters are prevented".
So the core calls ``Game.aim`` before the first stage that names the target
(:class:`cardscript.vocabulary.Stages`), or before a single effect that has one; here that
publishes ``would_target`` and resolves what it triggers at once, nested in the ability
(rulebook, Triggered Effects: "resolve them first … before resolving the action that created
them"; its Example 1 pauses a spell until the discard is chosen), then runs the stage unless
the ability was nullified meanwhile. A nullified ability does none of its later stages; a
nullified spell is nullified as a card too (it resolves as if blank, rulebook Nullify).

The vocabulary (the ``would_target`` trigger, the ``unless_spend`` and ``nullify_effect``
effects) and :func:`aim`, which ``WondersGame.aim`` calls, live together because they are one
rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from pydantic import Field

from ... import entries
from ...bus import Event
from ...limits import AMOUNT_MAX
from ...loadable import step
from ...registry import Params, Vocabulary
from ...resolve import Trigger
from .triggers import _Trigger
from .zones import LIMBO, WORLD

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...model.names import Effect, PlayerRef, Selector
    from .rules import WondersGame
    from .state import WondersCard, WondersTrigger

vocab = Vocabulary("wonders")

#: the event published when a resolving ability is about to use its target
WOULD_TARGET = "would_target"


def aim(g: WondersGame, ctx: WondersTrigger, effect: entries.Effect) -> None:
    """Rule 508.3 (``Game.aim``): ``ctx`` would target its chosen card now. The abilities
    this triggers resolve first, nested in ``ctx`` (they may nullify it); then ``effect`` runs
    unless ``ctx`` was nullified. An ability targets once, however many stages name it;
    one that chose several targets would target each of them (an event for each)."""
    targets = [t for t in ctx.chosen() if hasattr(t, "proto")]
    if ctx.aimed or not targets or not g.bus.handlers.get(WOULD_TARGET):
        ctx.aimed = True
        effect.run(g, ctx)
        return
    ctx.aimed = True
    g.then(aimed, g, ctx, effect)
    for target in targets:
        g.publish(Event(WOULD_TARGET, target, ctx.controller, target.area, data=ctx))
    if g.pending:
        g.resolver.settle_now(g)


@step
def aimed(g: WondersGame, ctx: WondersTrigger, effect: entries.Effect) -> None:
    if not ctx.stopped:  # nullified meanwhile
        effect.run(g, ctx)


class WouldTargetParams(Params):
    __shorthand__ = "card"
    card: "Selector" = Field(description="The cards that would be targeted.")
    by: Literal["opponent", "you", "any"] = Field(
        "opponent", description="Whose spell or effect (its controller's).")


@vocab.trigger("would_target", WouldTargetParams, text=(
    "whenever {{ {'opponent': \"an opponent's\", 'you': 'your', 'any': 'a'}[by] }} spell or "
    "effect would target {{ card | describe(with_realm=false) }},"))
class WouldTarget(_Trigger):
    """Whenever a spell's or ability's effect would target a card the selector matches, at
    the stage that uses its target (rule 508.3), while this card is in The World. It
    resolves at once, before that stage (see the module's docstring); ``it`` is the card
    that would be targeted, and ``nullify_effect`` nullifies the effect."""

    __slots__ = ("selector", "by")
    scope = WORLD
    event = WOULD_TARGET
    it = True  # the card that would be targeted

    def __init__(self, p: WouldTargetParams, c: Compiler) -> None:
        self.selector = c.selector(p.card)
        self.by = p.by

    def matches(self, ev: Event, card: WondersCard) -> bool:
        by = self.by
        if by != "any" and (ev.player is card.controller) != (by == "you"):
            return False
        return self.selector.matches(ev.card, card.controller, card, card.zone.area,
                                     anywhere=True)


class UnlessSpendParams(Params):
    energy: int = Field(ge=1, le=AMOUNT_MAX, description="What the player may spend.")
    player: "PlayerRef" = Field(
        "opponent", description="Who may spend it: \"they\", the opponent, by default.")
    effect: "Effect" = Field(description="What happens unless they spend it.")


@vocab.effect("unless_spend", UnlessSpendParams, text=(
    "{{ effect }} unless {{ {'opponent': 'they', 'you': 'you', 'each': 'each player', "
    "'target': 'that player'}.get(player.name or player, 'they') }} spend {{ energy }} "
    "energy"))
class UnlessSpend:
    """The player (the opponent by default) may spend the energy; unless they do, the effect
    happens. A player who can't spend that much is not asked (rule 508.3's Feline Entity of
    Dreams: "nullify it unless they spend 2 energy")."""

    __slots__ = ("energy", "player", "effect")

    def __init__(self, p: UnlessSpendParams, c: Compiler) -> None:
        self.energy = p.energy
        self.player = c.player_ref(p.player)
        self.effect = c.effect(p.effect)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        self.ask(g, ctx, [p for p in self.player.players(g, ctx) if p.energy >= self.energy])

    def ask(self, g: WondersGame, ctx: WondersTrigger, payers: list) -> None:
        if not payers:
            self.effect.run(g, ctx)
            return
        g.ask(payers[0], "spend", [True, False],
              f"spend {self.energy} energy so that {ctx.source.proto.id} does not happen?",
              then=(self.answered, g, ctx, payers))

    @step
    def answered(self, g: WondersGame, ctx: WondersTrigger, payers: list, spend: bool) -> None:
        if not spend:
            self.ask(g, ctx, payers[1:])
            return
        p = payers[0]
        p.energy -= self.energy
        g.log.append(("spend", p.name, self.energy))
        ctx.done = False


@vocab.effect("nullify_effect", text="nullify it")
class NullifyEffect:
    """Nullify the spell or effect that would target (the ``would_target`` trigger's): the
    stages of it not done yet don't happen (rule 508.3); a spell being played is nullified
    as a card too, so it resolves as if blank (rulebook, Nullify), and so is a copy with virtual
    card text (rule 507: "therefore can be nullified")."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        if getattr(c.ability_trigger, "event", None) != WOULD_TARGET:
            raise c.error("nullify_effect nullifies the spell or effect that would target: "
                          "use it in an ability triggered by would_target")

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        t = ctx.event.data if ctx.event is not None else None
        if not isinstance(t, Trigger) or t.stopped:
            ctx.done = False
            return
        t.stopped = True  # its stages not done yet don't happen (Stages.stage)
        g.log.append(("nullify_effect", t.source.proto.id, t.ability.name))
        spell = cast("WondersCard", t.source)
        if spell.virtual or (spell.proto.type == "spell" and spell.zone is not None
                             and spell.zone.kind == LIMBO):  # a copy too (rule 507)
            g.nullify(spell, "this_round")
        ctx.done = True
