"""Resolution: triggered and activated abilities wait as :class:`Trigger` objects and resolve
through the game's :class:`Resolver`; targets are chosen when they are put to resolve.

The :class:`Resolver` protocol is the door every resolution model goes through: Wonders'
batches (:class:`BatchResolver`, rules 501-502: the triggers created at the same time form a
batch the active player orders, and batches created meanwhile wait in creation order), and a
last-in-first-out chain with priority passes (:mod:`cardscript.chain`). Effects and rules never
assume one of them: they ask the resolver to ``settle``, to ``file_triggers`` after a stage,
and to ``add`` abilities they activate.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from .clone import copy_slots, copy_value

if TYPE_CHECKING:  # the game imports its resolver: typing only, no import at run time
    from .game import Game

from .limits import LimitExceeded


class Trigger:
    """A triggered or activated ability waiting to resolve; also the effect context."""

    __slots__ = ("ability", "source", "controller", "event", "target", "realm", "done",
                 "it", "no_target", "seq")

    def __init__(self, ability, source, controller, event=None, realm=None):
        self.ability = ability
        self.source = source
        self.controller = controller
        self.event = event
        self.target = None
        self.no_target = False
        self.realm = realm if realm is not None else source.realm
        self.done = True  # did the last "you may"/action happen (rule 508.4, "if you do")
        self.it = event.card if event is not None else None
        self.seq = 0

    def _clone(self, memo: dict) -> "Trigger":
        return copy_slots(self, Trigger.__new__(Trigger), _TRIGGER_PLAIN, _TRIGGER_STATE, memo)

    def label(self) -> str:
        return f"{self.source.proto.id}: {self.ability.name}"

    def __repr__(self) -> str:
        return f"<trigger {self.label()}>"


_TRIGGER_STATE = ("source", "controller", "event", "target", "realm", "it")
_TRIGGER_PLAIN = tuple(n for n in Trigger.__slots__ if n not in _TRIGGER_STATE)


class Resolver(Protocol):
    """How a game resolves what is waiting (see the module's docstring)."""

    #: the ability resolving now, if any (a game that ends in an error names its card)
    current: Trigger | None

    def settle(self, g: Game) -> None:
        """Schedule the resolution of everything pending until nothing is left, with the
        game's state checks after each resolution. Called while an ability is resolving (an
        effect that plays a card, say), it only files the new triggers: the outer settle
        resolves them when that ability is done."""

    def file_triggers(self, g: Game) -> None:
        """Turn the triggers the bus collected into ``g.pending`` into resolutions waiting
        their turn (a batch, items on a chain), their targets chosen now (scheduled)."""

    def choose_targets(self, g: Game, triggers: list[Trigger]) -> None:
        """Schedule the choice of each trigger's target, in turn order."""

    def add(self, g: Game, triggers: list[Trigger]) -> None:
        """Put abilities whose targets are chosen (activated ones, say) to resolve."""


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

    def choose_target(self, g: Game, batch: list[Trigger], i: int) -> None:
        while i < len(batch):
            t = batch[i]
            i += 1
            sel = t.ability.target
            if sel is None:
                continue
            options = sel.candidates(g, t)
            if options:
                g.then(self.choose_target, g, batch, i)
                g.ask(t.controller, "target", options, f"choose a target for {t.label()}",
                      then=(self.target_chosen, g, t))
                return
            t.no_target = True

    @staticmethod
    def target_chosen(g: Game, t: Trigger, target: Any) -> None:
        t.target = target
        g.log.append(("target", t.source.proto.id, _ref(target)))


class BatchResolver(Targeting):
    """Rules 501-502: immediate resolution in batches ordered by the active player."""

    def __init__(self):
        self.queue: deque[list[Trigger]] = deque()
        self.resolving = 0  # depth of resolutions in progress (rule 501)
        self.prevented: set = set()  # abilities stopped by rule 503 until the loop ends
        self.counts: dict = {}  # resolutions per ability in this settle (rule 503)
        self.total = 0
        self.current: Trigger | None = None  # the trigger resolving now

    def _clone(self, memo: dict) -> "BatchResolver":
        n = type(self).__new__(type(self))
        memo[id(self)] = n
        n.queue = deque(copy_value(b, memo) for b in self.queue)
        n.resolving = self.resolving
        n.prevented = set(self.prevented)  # (ability, card definition): shared
        n.counts = dict(self.counts)
        n.total = self.total
        n.current = copy_value(self.current, memo)
        return n

    def add(self, g, batch: list[Trigger]) -> None:
        """A new batch (rule 502: it waits until the batches created before it are done)."""
        if batch:
            self.queue.append(batch)

    def file_triggers(self, g) -> None:
        """Turn the triggers collected since the last flush into one batch (rule 502), choosing
        targets now (rule 501.1), the active player first and then in turn order (rule 508)."""
        raw = g.pending
        if not raw:
            return
        g.pending = []
        batch = []
        for ability, card, event in raw:
            controller = g.effect_controller(card)
            batch.append(Trigger(ability, card, controller, event))
        g.then(self.add, g, batch)
        self.choose_targets(g, batch)

    def settle(self, g) -> None:
        """Resolve everything pending, batch by batch, with state checks after each
        resolution, until nothing is left to do.

        Called while a trigger is resolving (an effect that plays a card, say), it only turns
        new triggers into batches: rule 501 finishes the current effect first, and the outer
        settle resolves them in creation order (rule 502)."""
        if not self.resolving:
            self.counts = {}
            self.total = 0
            g.then(self.next, g)
        if g.pending:
            self.file_triggers(g)

    def next(self, g) -> None:
        """One turn of the settle loop: file new triggers, or resolve the next trigger of the
        current batch, or finish with the state checks when nothing is left."""
        if g.pending:
            g.then(self.next, g)
            self.file_triggers(g)
            return
        queue = self.queue
        while queue and not queue[0]:
            queue.popleft()
        if queue:
            batch = queue[0]
            if len(batch) > 1:
                g.ask(g.active, "order", list(batch),
                      "choose which effect of the batch resolves next",
                      then=(self.picked, g))
            else:
                self.picked(g, batch[0])
            return
        g.state_checks()
        if g.pending:
            g.then(self.next, g)
        else:
            self.prevented.clear()

    def picked(self, g, t: Trigger) -> None:
        self.queue[0].remove(t)
        g.then(self.next, g)
        key = (t.ability, t.source.proto)
        if key in self.prevented:
            g.log.append(("prevented", t.source.proto.id, t.ability.name))
            return
        counts = self.counts
        counts[key] = counts.get(key, 0) + 1
        self.total += 1
        g.then(self.resolve, g, t)
        if self.total % LOOP_LIMIT == 0:
            self.break_loop(g)

    def resolve(self, g, t: Trigger) -> None:
        """Resolve ``t``; the state checks follow once everything it scheduled is done."""
        g.resolutions += 1
        if g.resolutions > g.limits.resolutions:
            raise _named(LimitExceeded("resolutions", g.limits.resolutions,
                                       f"resolution {g.resolutions:,} of the game"), t)
        self.resolving += 1
        self.current = t
        g.then(self.resolved, g)
        resolve(g, t)

    def resolved(self, g) -> None:
        self.resolving -= 1
        self.current = None
        g.state_checks()

    def break_loop(self, g) -> None:
        """Rule 503, involuntary loops: the game prevents one of the effects that keeps the
        sequence going, chosen by the active player among those repeating. (Simplified: the
        loop is allowed LOOP_LIMIT resolutions before the choice, rather than a number the
        player names.)"""
        counts = self.counts
        top = max(counts.values())
        looping = [k for k, n in counts.items() if n * 4 >= top]
        labels = {f"{proto.id}: {ability.name}": (ability, proto) for ability, proto in looping}
        g.ask(g.active, "prevent", sorted(labels),
              "an endless loop: choose an effect to prevent (rule 503)",
              then=(self.prevent, g, labels))

    def prevent(self, g, labels: dict, pick: str) -> None:
        self.prevented.add(labels[pick])
        g.log.append(("loop", pick))


LOOP_LIMIT = 500


def _named(exc: LimitExceeded, t: Trigger) -> LimitExceeded:
    exc.card, exc.ability = t.source.proto.id, t.ability.name
    return exc


def _ref(obj):
    if obj is None:
        return None
    if isinstance(obj, Trigger):  # an ability on a chain, targeted by a counter
        return obj.label()
    return f"{obj.proto.id}#{obj.oid}" if hasattr(obj, "proto") else obj.name


def resolve(g, t: Trigger) -> None:
    """Resolve one trigger. Rule 501.1: a target that is no longer valid makes it fail; a
    source nullified before it resolves resolves with blank text (rulebook, Nullify)."""
    a = t.ability
    if t.source.null:
        g.log.append(("fizzle", t.source.proto.id, a.name, "nullified"))
        return
    if t.target is not None and not a.target.still_valid(g, t, t.target):
        g.log.append(("fizzle", t.source.proto.id, a.name, "invalid target"))
        return
    g.log.append(("resolve", t.source.proto.id, a.name))
    a.effect.run(g, t)
