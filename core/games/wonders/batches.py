"""Wonders' resolution model (rules 501-503): triggered and activated abilities resolve at
once, in batches. The triggers created at the same time form a batch; the active player
orders it one trigger at a time; batches created meanwhile wait, in creation order, until the
current batch is done (502). A settle re-entered from a resolving effect only files new
triggers, and the outer one resolves them (501). Involuntary loops are broken after
``LOOP_LIMIT`` resolutions (503, simplified)."""
from __future__ import annotations

from collections import deque
from typing import Any

from ...clone import copy_value
from ...limits import LimitExceeded
from ...resolve import Targeting, Trigger, named, resolve


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

    def target_chosen(self, g, t: Trigger, target: Any) -> None:
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

    def shield_answer(self, g, t: Trigger, target, remove: bool) -> None:
        if remove:
            g.remove_shield(target, "target")
            t.target = None
        else:
            super().target_chosen(g, t, target)

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
            if ability.trigger.gated and not ability.trigger.active(g, card):
                continue  # a hoard or kingdom ability that is not active now
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
            raise named(LimitExceeded("resolutions", g.limits.resolutions,
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


LOOP_LIMIT = 500
