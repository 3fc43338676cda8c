"""The game-agnostic part of the vocabulary: effect structure, logic and constants, and the
building blocks every game's cards need (:mod:`cardscript.blocks`).

Stages (rule 508.3), ``may``, ``if``, ``if_done`` (rule 508.4), ``choose``, ``for_each`` and
``repeat``; the conditions ``not``/``all_of``/``any_of``; constant values. Every game gets
these; their parameter models are made fresh per game because they nest the game's unions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, TypeVar

from pydantic import Field

from .blocks import blocks
from .limits import LimitExceeded
from .loadable import step
from .registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from . import entries
    from .bus import Event
    from .compiler import Compiler
    from .game import Game
    from .model.names import CardRef, Condition, Effect, PlayerRef, Value
    from .resolve import Trigger
    from .state import Card


class SelfTrigger:
    """A base for a game's triggers about the card itself ("when I die", "when this champion
    attacks"): found from the event's subject (``event`` names its kind), not from the bus;
    ``scope = "activated"`` for what a game puts to resolve itself as the card is played."""

    __slots__ = ()
    scope = "self"
    event = ""

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def matches(self, ev: Event, card: Card) -> bool:
        return ev.card is card


class Stages:
    """A list of effects: each is its own stage, resolved in printed order (rule 508.3).
    ``aim`` is the first stage that uses the ability's target (-1 if none): the ability
    targets there, not before (``Game.aim``), and an ability stopped meanwhile
    (``Trigger.stopped``) does none of its remaining stages."""

    __slots__ = ("stages", "aim")
    entry_name = "stages"

    def __init__(self, nodes: list[Effect], c: Compiler) -> None:
        self.stages: list[entries.Effect] = []
        self.aim = -1
        outer = c.uses_target
        for i, n in enumerate(nodes):
            c.uses_target = False
            self.stages.append(c.effect(n))
            if c.uses_target and self.aim < 0:
                self.aim = i
            outer = outer or c.uses_target
        c.uses_target = outer

    def run(self, g: Game, ctx: Trigger) -> None:
        self.stage(g, ctx, 0)

    @step
    def stage(self, g: Game, ctx: Trigger, i: int) -> None:
        if ctx.stopped:  # rule 508.3: the stages already done stay done; the rest don't
            return
        if i + 1 < len(self.stages):
            g.then(self.stage, g, ctx, i + 1)
        g.then(self.file_triggers, g)
        if i == self.aim and ctx.target is not None:
            g.aim(ctx, self.stages[i])
        else:
            self.stages[i].run(g, ctx)

    @staticmethod
    @step
    def file_triggers(g: Game) -> None:
        if g.pending:  # triggers from one stage form their own batch (rule 502)
            g.resolver.file_triggers(g)


class May:
    """The controller may do the effect; ``if_done`` later asks whether it was done."""

    __slots__ = ("effect",)

    def __init__(self, p: MayParams, c: Compiler) -> None:
        self.effect = c.effect(p.effect)

    def run(self, g: Game, ctx: Trigger) -> None:
        g.ask(ctx.controller, "may", [True, False], "do you want to?",
              then=(self.answered, g, ctx))

    @step
    def answered(self, g: Game, ctx: Trigger, yes: bool) -> None:
        ctx.done = yes
        if yes:
            self.effect.run(g, ctx)


class If:
    """Do ``then`` if the condition holds, else ``else``."""

    __slots__ = ("condition", "then", "otherwise")

    def __init__(self, p: IfParams, c: Compiler) -> None:
        self.condition = c.condition(p.condition)
        self.then = c.effect(p.then)
        self.otherwise = c.effect(p.else_) if p.else_ is not None else None

    def run(self, g: Game, ctx: Trigger) -> None:
        eff = self.then if self.condition.test(g, ctx) else self.otherwise
        if eff is not None:
            eff.run(g, ctx)


class IfDone:
    """Rule 508.4: "if you do" — only if the previous action was completed."""

    __slots__ = ("effect",)

    def __init__(self, p: IfDoneParams, c: Compiler) -> None:
        self.effect = c.effect(p.effect)

    def run(self, g: Game, ctx: Trigger) -> None:
        if ctx.done:
            self.effect.run(g, ctx)


class Choose:
    """A player chooses one of the modes: the controller, or another player the ability
    names (``chooser``: "an opponent chooses one"); the mode chosen is the ability's, done
    by its controller. A chooser the ability names no player for (a target that is a card)
    leaves the choice to the controller."""

    __slots__ = ("modes", "chooser")

    def __init__(self, p: ChooseParams, c: Compiler) -> None:
        if p.chooser == "each":
            raise c.error("one player chooses the mode: 'each' names every player; name one "
                          "(you, opponent, target)")
        self.modes = [c.effect(e) for e in p.modes]
        self.chooser = c.player_ref(p.chooser)

    def run(self, g: Game, ctx: Trigger) -> None:
        labels = [f"mode {i + 1}" for i in range(len(self.modes))]
        who = self.chooser.players(g, ctx)
        g.ask(who[0] if who else ctx.controller, "mode", labels, "choose one",
              then=(self.chosen, g, ctx))

    @step
    def chosen(self, g: Game, ctx: Trigger, label: str) -> None:
        self.modes[int(label.split()[1]) - 1].run(g, ctx)


class ForEach:
    """Do the effect once for each selected card; ``it`` names the current one."""

    __slots__ = ("cards", "effect")

    def __init__(self, p: ForEachParams, c: Compiler) -> None:
        self.cards = c.card_ref(p.cards)
        outer, c.it_named = c.it_named, True
        self.effect = c.effect(p.effect)
        c.it_named = outer

    def run(self, g: Game, ctx: Trigger) -> None:
        # {all: ...} counts its cards as effect steps
        self.each(g, ctx, list(self.cards.cards(g, ctx)), 0, ctx.it)

    @step
    def each(self, g: Game, ctx: Trigger, cards: list[Card], i: int,
             saved: Card | None) -> None:
        if i == len(cards):
            ctx.it = saved
            return
        g.then(self.each, g, ctx, cards, i + 1, saved)
        ctx.it = cards[i]
        self.effect.run(g, ctx)


class Repeat:
    """Do the effect a number of times."""

    __slots__ = ("times", "effect")

    def __init__(self, p: RepeatParams, c: Compiler) -> None:
        self.times = c.count(p.times)
        self.effect = c.effect(p.effect)

    def run(self, g: Game, ctx: Trigger) -> None:
        n = self.times.get(g, ctx)
        # counted before the first time: a count beyond the limit fails at once, and the
        # iterations are never built as a list
        g.effect_steps += n
        if g.effect_steps > g.limits.effect_steps:
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"repeat {n:,} times", ctx.source.proto.id)
        self.again(g, ctx, n)

    @step
    def again(self, g: Game, ctx: Trigger, left: int) -> None:
        if left > 0:
            g.then(self.again, g, ctx, left - 1)
            self.effect.run(g, ctx)


class Not:
    """True when the inner condition is false."""

    __slots__ = ("inner",)

    def __init__(self, p: NotParams, c: Compiler) -> None:
        self.inner = c.condition(p.condition)

    def test(self, g: Game, ctx: Trigger) -> bool:
        return not self.inner.test(g, ctx)


class AllOf:
    """True when every inner condition is true."""

    __slots__ = ("inner",)

    def __init__(self, p: ConditionsParams, c: Compiler) -> None:
        self.inner = [c.condition(x) for x in p.conditions]

    def test(self, g: Game, ctx: Trigger) -> bool:
        return all(x.test(g, ctx) for x in self.inner)


class AnyOf:
    """True when any inner condition is true."""

    __slots__ = ("inner",)

    def __init__(self, p: ConditionsParams, c: Compiler) -> None:
        self.inner = [c.condition(x) for x in p.conditions]

    def test(self, g: Game, ctx: Trigger) -> bool:
        return any(x.test(g, ctx) for x in self.inner)


class Constant:
    """A plain number."""

    __slots__ = ("n",)

    def __init__(self, n: int, c: Compiler) -> None:
        self.n = n

    def get(self, g: Game, ctx: Trigger) -> int:
        return self.n


# the parameter models, declared once: each game gets a subclass of its own (:func:`_fresh`),
# whose quoted unions its registry resolves (model/names.py)

class MayParams(Params):
    __shorthand__ = "effect"
    effect: "Effect"


class IfParams(Params):
    condition: "Condition"
    then: "Effect"
    else_: "Optional[Effect]" = Field(None, alias="else")


class IfDoneParams(Params):
    __shorthand__ = "effect"
    effect: "Effect"


class ChooseParams(Params):
    __shorthand__ = "modes"
    modes: "list[Effect]" = Field(min_length=2)
    chooser: "PlayerRef" = Field("you", description="Who chooses the mode (another player "
                                 "may: 'opponent'); the modes are still the ability's.")


class ForEachParams(Params):
    cards: "CardRef"
    effect: "Effect"


class RepeatParams(Params):
    times: "Value"
    effect: "Effect"


class NotParams(Params):
    __shorthand__ = "condition"
    condition: "Condition"


class ConditionsParams(Params):
    __shorthand__ = "conditions"
    conditions: "list[Condition]" = Field(min_length=1)


_P = TypeVar("_P", bound=Params)


def _fresh(model: type[_P]) -> type[_P]:
    """A parameter model of one game's vocabulary: a subclass of ``model``, so that each
    game's registry resolves the unions it nests in a class of its own."""
    return type(model.__name__, (model,), {})


def core_vocabulary(game: str) -> Vocabulary:
    """The structural entries, with parameter models made fresh for ``game``."""
    v = Vocabulary(game)
    conditions = _fresh(ConditionsParams)
    v.effect("stages", internal=True, text="{{ stages | join_stages }}")(Stages)
    v.effect("may", _fresh(MayParams), text="you may {{ effect }}")(May)
    v.effect("if", _fresh(IfParams), text="if {{ condition }}, {{ then }}"
             "{% if else_ is not none %}. Otherwise, {{ else_ }}{% endif %}")(If)
    v.effect("if_done", _fresh(IfDoneParams), text="if you do, {{ effect }}")(IfDone)
    v.effect("choose", _fresh(ChooseParams),
             text="{{ 'an opponent chooses' if chooser.name == 'opponent' else chooser | "
             "does('choose') }} one — {{ modes | join('; or ') | upper_first }}")(Choose)
    v.effect("for_each", _fresh(ForEachParams),
             text="{{ effect }} for each {{ cards | describe('bare') }}")(ForEach)
    v.effect("repeat", _fresh(RepeatParams), text="{{ effect }} {{ times | repetitions }}")(Repeat)
    v.condition("not", _fresh(NotParams), text="{% if negated %}{{ condition }}"
                "{% else %}{{ condition | negate }}{% endif %}")(Not)
    # De Morgan when negated: "not (A and B)" reads "not A or not B"
    v.condition("all_of", conditions, text="{{ conditions | join_clauses("
                "'or' if negated else 'and', negated=negated) }}")(AllOf)
    v.condition("any_of", conditions, text="{{ conditions | join_clauses("
                "'and' if negated else 'or', negated=negated) }}")(AnyOf)
    v.value("constant", internal=True, text="{{ n }}")(Constant)
    blocks(v)
    return v
