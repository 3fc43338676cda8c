"""Resolution: triggered and activated abilities wait as :class:`Trigger` objects and resolve
through the game's :class:`Resolver`; targets are chosen when they are put to resolve.

The :class:`Resolver` protocol is the door every resolution model goes through: a game's own
resolver (batches resolved at once, in a game package), or a last-in-first-out chain with
priority passes (:mod:`cardscript.chain`). Effects and rules never assume one of them:
they ask the resolver to ``settle``, to ``file_triggers`` after a stage, and to ``add``
abilities they activate.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from .clone import copy_slots

if TYPE_CHECKING:  # the game imports its resolver: typing only, no import at run time
    from .bus import Event
    from .compiler import AbilityProgram
    from .entries import Selector
    from .game import Game
    from .state import Card, Player

from .limits import LimitExceeded
from .loadable import state, step

#: a game's class of cards and of players, which a trigger's source and controller are
CardT = TypeVar("CardT", bound="Card")
PlayerT = TypeVar("PlayerT", bound="Player")
#: the class of game a resolver works for
_G = TypeVar("_G", bound="Game", contravariant=True)


@state
class Trigger(Generic[CardT, PlayerT]):
    """A triggered or activated ability waiting to resolve; also the effect context. It is
    generic in its game's classes of cards and players, for the type checker: a game's
    effects read its own fields on them (``Trigger[MyCard, MyPlayer]``)."""

    __slots__ = ("ability", "source", "controller", "event", "target", "area", "done",
                 "it", "no_target", "seq", "aimed", "stopped", "more", "moved", "times")

    def __init__(self, ability: AbilityProgram, source: CardT, controller: PlayerT,
                 event: Event | None = None, area: Any = None):
        self.ability = ability
        self.source = source
        self.controller = controller
        self.event = event
        #: the chosen target: a card, a player or (on a chain) another trigger
        self.target: Any = None
        #: the targets chosen after the first, for an ability that chooses more than one
        #: (``AbilityProgram.targets``)
        self.more: tuple = ()
        #: the cards the latest of its effects that move cards moved (drew, returned,
        #: discarded...), where they went: what ``moved`` names in a later stage
        self.moved: tuple = ()
        #: how many times its effect runs as it resolves (a game's rule may make it more:
        #: Riftbound's Repeat), each after the last is done
        self.times = 1
        self.no_target = False
        #: where it happens: its source's area of the table
        self.area = area if area is not None else source.area
        self.done = True  # did the last "you may"/action happen (rule 508.4, "if you do")
        it: Any = event.card if event is not None else None  # an event about a game's card
        self.it: CardT | None = it
        self.seq = 0
        #: the ability has come to use its target (``Game.aim``), once
        self.aimed = False
        #: the ability was stopped while it resolves (a game's rule): the stages not done yet
        #: don't happen, those done stay done
        self.stopped = False

    def _clone(self, memo: dict) -> "Trigger[CardT, PlayerT]":
        return copy_slots(self, Trigger.__new__(Trigger), _TRIGGER_PLAIN, _TRIGGER_STATE, memo)

    def label(self) -> str:
        return f"{self.source.proto.id}: {self.ability.name}"

    def chosen(self) -> tuple:
        """Every target chosen, the first first (none if none was)."""
        return (self.target, *self.more) if self.target is not None else self.more

    def __repr__(self) -> str:
        return f"<trigger {self.label()}>"


_TRIGGER_STATE = ("source", "controller", "event", "target", "area", "it", "more", "moved")
_TRIGGER_PLAIN = tuple(n for n in Trigger.__slots__ if n not in _TRIGGER_STATE)


class Resolver(Protocol[_G]):
    """How a game resolves what is waiting (see the module's docstring). Generic in the
    class of game it works for, for the type checker (a game's own resolver takes its game;
    named bare, any game's)."""

    #: the ability resolving now, if any (a game that ends in an error names its card)
    current: Trigger | None

    def settle(self, g: _G) -> None:
        """Schedule the resolution of everything pending until nothing is left, with the
        game's state checks after each resolution. Called while an ability is resolving (an
        effect that plays a card, say), it only files the new triggers: the outer settle
        resolves them when that ability is done."""

    def file_triggers(self, g: _G) -> None:
        """Turn the triggers the bus collected into ``g.pending`` into resolutions waiting
        their turn (a batch, items on a chain), their targets chosen now (scheduled)."""

    def choose_targets(self, g: _G, triggers: list[Trigger]) -> None:
        """Schedule the choice of each trigger's target, in turn order."""

    def add(self, g: _G, triggers: list[Trigger]) -> None:
        """Put abilities whose targets are chosen (activated ones, say) to resolve."""

    def target_chosen(self, g: _G, t: Trigger, target: Any) -> None:
        """A target of ``t`` is chosen (:class:`Targeting`'s; a game may first offer what
        prevents it)."""


class Targeting:
    """Choosing targets as abilities are put to resolve (rule 501.1), shared by resolvers: one
    trigger after another in turn order, each asked of its controller. A trigger whose
    selector finds no candidate is marked ``no_target``; each resolver says what that means."""

    def choose_targets(self, g: Game, batch: list[Trigger]) -> None:
        """Schedule the choice of each trigger's target, in turn order (rule 508)."""
        if any(t.ability.target is not None for t in batch):
            order = g.turn_order()
            g.then(self.choose_target, g, sorted(batch, key=lambda t: order.index(t.controller)),
                   0)

    @step
    def choose_target(self, g: Game, batch: list[Trigger], i: int) -> None:
        while i < len(batch):
            t = batch[i]
            i += 1
            sel = t.ability.target
            if sel is None:
                continue
            options = g.targets(t)
            if options:
                g.then(self.choose_target, g, batch, i)
                ask_targets(g, t.controller, t, options)
                return
            t.no_target = True

    @step
    def target_chosen(self, g: Game, t: Trigger, target: Any) -> None:
        """A target is chosen (a game's resolver may first offer what prevents it): the
        first is ``t.target``, those after it ``t.more``."""
        if t.target is None:
            t.target = target
        else:
            t.more = (*t.more, target)
        g.log.append(("target", t.source.proto.id, ref(target)))


#: the answer that ends the choice of more targets
DONE = "done"


def ask_targets(g: Game, player: Any, t: Trigger, options: list, extra: Any = None,
                least: int = 0) -> None:
    """Ask ``player`` to choose the targets of ``t`` among ``options`` (rule 501.1: "its
    controller chooses the target or targets"), each through the resolver's
    ``target_chosen``. One target is one decision. More are chosen one decision at a time,
    each a different card, "done" offered once enough are chosen (at once for "up to", or
    after ``least``, a game's own minimum), as many as there are if fewer than the ability
    names. ``extra`` is passed to :meth:`Game.more_targets`, which a game uses to narrow
    each later choice."""
    if t.ability.targets == (1, 1):
        g.ask(player, "target", options, f"choose a target for {t.label()}",
              then=(g.resolver.target_chosen, g, t))
        return
    more_targets(g, player, t, options, (), extra, least)


@step
def more_targets(g: Game, player: Any, t: Trigger, options: list, chosen: tuple,
                 extra: Any, at_least: int) -> None:
    least, most = t.ability.targets
    least = max(least, at_least)
    n = len(chosen)
    if most is not None and n >= most:
        return
    left = g.more_targets(t, [o for o in options if all(o is not c for c in chosen)],
                          chosen, extra)
    if not left:
        return
    of = f" of {most}" if most is not None else ""
    g.ask(player, "target", left if n < least else [*left, DONE],
          f"choose target {n + 1}{of} for {t.label()}" + (" or done" if n >= least else ""),
          then=(target_picked, g, player, t, options, chosen, extra, at_least))


@step
def target_picked(g: Game, player: Any, t: Trigger, options: list, chosen: tuple,
                  extra: Any, at_least: int, pick: Any) -> None:
    if pick == DONE:
        return
    g.then(more_targets, g, player, t, options, (*chosen, pick), extra, at_least)
    g.resolver.target_chosen(g, t, pick)


class Resolving:
    """Resolving one item at a time, counted against the game's limit, with the state checks
    once everything it scheduled is done: shared by the chain and the response window."""

    resolving: int  # depth of resolutions in progress
    current: Trigger | None  # what resolves now

    @step
    def run(self, g: Game, t: Trigger) -> None:
        count_resolution(g, t)
        self.resolving += 1
        self.current = t
        g.then(self.resolved, g)
        resolve(g, t)

    @step
    def resolved(self, g: Game) -> None:
        self.resolving -= 1
        self.current = None
        g.state_checks()


def count_resolution(g: Game, t: Trigger) -> None:
    """One more ability resolves in ``g`` (``t``): past the game's limit, the game ends in an
    error naming it (an endless loop of abilities, or of replacements, ends so)."""
    g.resolutions += 1
    if g.resolutions > g.limits.resolutions:
        raise named(LimitExceeded("resolutions", g.limits.resolutions,
                                  f"resolution {g.resolutions:,} of the game"), t)


def named(exc: LimitExceeded, t: Trigger) -> LimitExceeded:
    """``exc``, naming the card and ability of ``t`` as what reached the limit."""
    exc.card, exc.ability = t.source.proto.id, t.ability.name
    return exc


def ref(obj: Any) -> str | None:
    """How the log names a card object, a player or a chain item."""
    if obj is None:
        return None
    if isinstance(obj, Trigger):  # an ability on a chain, targeted by a counter
        return obj.label()
    return f"{obj.proto.id}#{obj.oid}" if hasattr(obj, "proto") else obj.name


def still_valid(g: Game, t: Trigger, sel: Selector) -> bool:
    """Whether ``t``'s targets are still valid as it resolves (rule 501.1). Of several, those
    no longer valid are dropped and the ability does nothing to them (Riftbound's rules
    notes, Resolving: "illegal targets are unaffected"); it fails if none is left."""
    if not t.more:
        return sel.still_valid(g, t, t.target)
    valid = [x for x in t.chosen() if sel.still_valid(g, t, x)]
    if not valid:
        return False
    t.target, t.more = valid[0], tuple(valid[1:])
    return True


def resolve(g: Game, t: Trigger) -> None:
    """Resolve one trigger: a target that is no longer valid makes it fail, and a source whose
    text became blank before it resolves does nothing (the game names that reason in
    ``Game.BLANK``)."""
    a = t.ability
    if t.source.blank and not a.from_rules:
        g.log.append(("fizzle", t.source.proto.id, a.name, g.BLANK))
        return
    # a trigger has a target only if its ability has a selector
    if t.target is not None and not still_valid(g, t, cast("Selector", a.target)):
        g.log.append(("fizzle", t.source.proto.id, a.name, "invalid target"))
        return
    g.log.append(("resolve", t.source.proto.id, a.name))
    if t.times > 1:  # its effect again, once this run of it is done
        g.then(again, g, t, t.times - 1)
    if t.target is not None and not hasattr(a.effect, "aim"):
        g.aim(t, a.effect)  # one effect: it uses its target at once (stages: Stages.stage)
    else:
        a.effect.run(g, t)


@step
def again(g: Game, t: Trigger, left: int) -> None:
    """``t``'s effect once more (``Trigger.times``), unless it was stopped meanwhile."""
    if left > 0 and not t.stopped:
        g.then(again, g, t, left - 1)
        t.ability.effect.run(g, t)
