"""Wonders' resolution model (rules 501-503): triggered and activated abilities resolve at
once, in batches. The triggers created at the same time form a batch; the active player
orders it one trigger at a time; batches created meanwhile wait, in creation order, until the
current batch is done (502). The triggers created while a batch resolves, by any of its
effects, form the one new batch that follows it (502's example: "the new batch of four").
A settle re-entered from a resolving effect only files new triggers, and the outer one
resolves them (501); a card played by a resolving effect (seek) has its play resolved at
once, as from hand (:meth:`BatchResolver.settle_now`). Endless loops are found and broken as
rule 503 says (:mod:`.loops`)."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...clone import copy_value
from ...loadable import state, step
from ...resolve import Targeting, Trigger, count_resolution, resolve
from .loops import BACKSTOP, LoopBreaker

if TYPE_CHECKING:
    from ...game import Game
    from .primitives import Primitives
    from .state import WondersCard, WondersTrigger


@state
class BatchResolver(LoopBreaker, Targeting):
    """Rules 501-502: immediate resolution in batches ordered by the active player."""

    def __init__(self) -> None:
        super().__init__()
        self.queue: deque[list[Trigger]] = deque()
        #: queue[0] is the batch being resolved, and queue[-1] the new batch that the
        #: triggers its effects create are joining (rule 502)
        self.in_batch = False
        self.collecting = False
        self.resolving = 0  # depth of resolutions in progress (rule 501)
        self.current: Trigger | None = None  # the trigger resolving now
        #: (queue, resolving, current, in_batch, collecting) of the resolutions a nested
        #: settle interrupted
        self.outer: list[tuple[deque[list[Trigger]], int, Trigger | None, bool, bool]] = []

    def _clone(self, memo: dict) -> "BatchResolver":
        n = type(self).__new__(type(self))
        memo[id(self)] = n
        n.queue = deque(copy_value(b, memo) for b in self.queue)
        n.in_batch = self.in_batch
        n.collecting = self.collecting
        n.resolving = self.resolving
        n.current = copy_value(self.current, memo)
        n.outer = [(deque(copy_value(b, memo) for b in q), r, copy_value(c, memo), i, k)
                   for q, r, c, i, k in self.outer]
        self.clone_loops(n)
        return n

    @step
    def target_chosen(self, g: Game, t: WondersTrigger, target: Any) -> None:
        """Rulebook, Shield: "If a card with a shield counter would ... be targeted by an enemy
        card or effect, you may remove the shield counter instead": its controller chooses;
        if they do, the ability has no target (what else it does still happens, 508.2)."""
        if getattr(target, "shields", 0) and target.zone is not None and \
                target.zone.in_play and target.controller is not t.controller:
            g.ask(target.controller, "shield", [True, False],
                  f"remove a shield counter from {target.proto.id} instead of it being "
                  f"targeted by {t.label()}?", then=(self.shield_answer, g, t, target))
            return
        super().target_chosen(g, t, target)

    @step
    def shield_answer(self, g: Primitives, t: WondersTrigger, target: WondersCard,
                      remove: bool) -> None:
        if remove:  # it is not one of the targets
            g.remove_shield(target, "target")
        else:
            super().target_chosen(g, t, target)

    @step
    def add(self, g: Primitives, batch: list[Trigger]) -> None:
        """A new batch (rule 502: it waits until the batches created before it are done).
        Created while a batch resolves, it joins the one new batch of that batch's effects."""
        if not batch:
            return
        if not self.in_batch:
            self.queue.append(batch)
        elif self.collecting:
            self.queue[-1].extend(batch)
        else:
            self.queue.append(list(batch))
            self.collecting = True

    @step
    def file_triggers(self, g: Primitives) -> None:
        """Turn the triggers collected since the last flush into a batch (rule 502), choosing
        targets now (rule 501.1), the active player first and then in turn order (rule 508).
        Symbiosis Wonders that arrived copy first, and their arrival is seen then
        (symbiosis.py)."""
        if g.symbiosis.waiting:
            g.then(self.file_triggers, g)
            g.symbiosis.copy_abilities(g)
            return
        raw = g.pending
        if not raw:
            return
        g.pending = []
        batch = []
        for ability, card, event in raw:
            if ability.trigger.gated and not ability.trigger.active(g, card):
                continue  # a hoard or kingdom ability that is not active now
            controller = g.effect_controller(card)
            batch.append(Trigger(ability, card, controller, event))
        g.then(self.add, g, batch)
        self.choose_targets(g, batch)

    def settle(self, g: Primitives) -> None:
        """Resolve everything pending, batch by batch, with state checks after each
        resolution, until nothing is left to do.

        Called while a trigger is resolving (an effect that plays a card, say), it only turns
        new triggers into batches: rule 501 finishes the current effect first, and the outer
        settle resolves them in creation order (rule 502)."""
        if not self.resolving:
            self.reset_loops()
            g.then(self.next, g)
        if g.pending or g.symbiosis.waiting:
            self.file_triggers(g)

    @step
    def settle_now(self, g: Primitives, batch: list[Trigger] | None = None) -> None:
        """Put ``batch`` (if any) to resolve and :meth:`settle`; but called from a resolving
        effect, it resolves the batch and the new triggers now, and what they trigger in
        turn, before that effect goes on. This is for the play of a card, whose triggers and
        On Play resolve before it enters The World (rulebook, On Play) whoever plays it; the
        batches waiting outside wait until this is done."""
        if not self.resolving:
            self.add(g, batch or [])
            self.settle(g)
            return
        self.outer.append((self.queue, self.resolving, self.current, self.in_batch,
                           self.collecting))
        self.queue, self.resolving, self.current = deque([batch] if batch else ()), 0, None
        self.in_batch = self.collecting = False
        g.then(self.unnest)
        g.then(self.next, g)
        if g.pending or g.symbiosis.waiting:
            self.file_triggers(g)

    @step
    def unnest(self) -> None:
        (self.queue, self.resolving, self.current, self.in_batch,
         self.collecting) = self.outer.pop()

    @step
    def next(self, g: Primitives) -> None:
        """One turn of the settle loop: file new triggers, or resolve the next trigger of the
        current batch, or finish with the state checks when nothing is left."""
        if g.pending or g.symbiosis.waiting:
            g.then(self.next, g)
            self.file_triggers(g)
            return
        queue = self.queue
        while queue and not queue[0]:
            queue.popleft()
            if self.in_batch:  # the batch is done: its new batch is complete
                self.in_batch = self.collecting = False
                self.generations += 1
        if queue:
            batch = queue[0]
            if not self.in_batch:  # a new batch starts
                self.in_batch = True
                if self.batch_starts(g):  # rule 503 asks; the answer goes on
                    return
                if self.prevented:  # rule 503: a prevented effect is not ordered, only dropped
                    self.drop_prevented(g, batch)
            elif self.watching and len(self.trail) - self.backstop_from >= BACKSTOP \
                    and self.overrun(g):  # rule 503, a loop whose batches keep growing
                return
            if not batch:
                g.then(self.next, g)
                return
            if len(batch) > 1:
                g.ask(g.active, "order", list(batch),
                      "choose which effect of the batch resolves next",
                      then=(self.picked, g))
            else:
                self.picked(g, batch[0])
            return
        g.state_checks()
        if g.pending or g.symbiosis.waiting:
            g.then(self.next, g)
        elif not self.outer:  # a nested settle is part of the loop outside it
            self.reset_loops()

    @step
    def picked(self, g: Primitives, t: WondersTrigger) -> None:
        self.queue[0].remove(t)
        g.then(self.next, g)
        key = (t.ability, t.source.proto)
        if key in self.prevented:
            g.log.append(("prevented", t.source.proto.id, t.ability.name))
            return
        self.trail.append(key)
        g.then(self.resolve, g, t)

    def drop_prevented(self, g: Primitives, batch: list[Trigger]) -> None:
        prevented = self.prevented
        keep = []
        for t in batch:
            if (t.ability, t.source.proto) in prevented:
                g.log.append(("prevented", t.source.proto.id, t.ability.name))
            else:
                keep.append(t)
        batch[:] = keep

    @step
    def resolve(self, g: Primitives, t: WondersTrigger) -> None:
        """Resolve ``t``; the state checks follow once everything it scheduled is done."""
        count_resolution(g, t)
        self.resolving += 1
        self.current = t
        g.then(self.resolved, g)
        resolve(g, t)

    @step
    def resolved(self, g: Primitives) -> None:
        self.resolving -= 1
        self.current = None
        g.state_checks()

    def waiting(self, g: Primitives) -> Iterator[Trigger]:
        """Every trigger waiting to resolve (for the loop check's state pattern)."""
        for batch in self.queue:
            yield from batch
