"""Resolution: pending triggers become batches and resolve; targets are chosen when triggered.

Wonders resolves triggers immediately in batches (rules 501-502): the triggers created at the
same time form a batch, the active player orders it one trigger at a time, and batches created
meanwhile wait, in creation order, until the current batch is done. Riftbound's chain with
priority is meant to be a second strategy behind the same ``settle`` door.
"""
from __future__ import annotations

from collections import deque

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

    def label(self) -> str:
        return f"{self.source.proto.id}: {self.ability.name}"

    def __repr__(self) -> str:
        return f"<trigger {self.label()}>"


class BatchResolver:
    """Rules 501-502: immediate resolution in batches ordered by the active player."""

    def __init__(self):
        self.queue: deque[list[Trigger]] = deque()
        self.resolving = 0  # depth of resolutions in progress (rule 501)
        self.prevented: set = set()  # abilities stopped by rule 503 until the loop ends

    def enqueue(self, batch: list[Trigger]) -> None:
        if batch:
            self.queue.append(batch)

    def flush(self, g):
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
        yield from self.choose_targets(g, batch)
        self.queue.append(batch)

    def choose_targets(self, g, batch: list[Trigger]):
        order = g.turn_order()
        for t in sorted(batch, key=lambda t: order.index(t.controller)):
            sel = t.ability.target
            if sel is None:
                continue
            options = sel.candidates(g, t)
            if options:
                t.target = yield from g.ask(t.controller, "target", options,
                                            f"choose a target for {t.label()}")
                g.log.append(("target", t.source.proto.id, _ref(t.target)))
            else:
                t.no_target = True

    def settle(self, g):
        """Resolve everything pending, batch by batch, with state checks after each
        resolution, until nothing is left to do.

        Called while a trigger is resolving (an effect that plays a card, say), it only turns
        new triggers into batches: rule 501 finishes the current effect first, and the outer
        settle resolves them in creation order (rule 502)."""
        if g.pending:
            yield from self.flush(g)
        if self.resolving:
            return
        queue = self.queue
        counts: dict = {}
        total = 0
        while True:
            if g.pending:
                yield from self.flush(g)
            if queue:
                batch = queue[0]
                if not batch:
                    queue.popleft()
                    continue
                if len(batch) > 1:
                    t = yield from g.ask(g.active, "order", list(batch),
                                         "choose which effect of the batch resolves next")
                    batch.remove(t)
                else:
                    t = batch.pop(0)
                key = (t.ability, t.source.proto)
                if key in self.prevented:
                    g.log.append(("prevented", t.source.proto.id, t.ability.name))
                    continue
                counts[key] = counts.get(key, 0) + 1
                total += 1
                if total % LOOP_LIMIT == 0:
                    yield from self.break_loop(g, counts)
                g.resolutions += 1
                if g.resolutions > g.limits.resolutions:
                    raise _named(LimitExceeded("resolutions", g.limits.resolutions,
                                               f"resolution {g.resolutions:,} of the game"), t)
                self.resolving += 1
                try:
                    yield from resolve(g, t)
                except LimitExceeded as exc:  # name the card whose ability reached it
                    _named(exc, t)
                    raise
                finally:
                    self.resolving -= 1
                g.state_checks()
                continue
            g.state_checks()
            if not g.pending:
                self.prevented.clear()
                return

    def break_loop(self, g, counts: dict):
        """Rule 503, involuntary loops: the game prevents one of the effects that keeps the
        sequence going, chosen by the active player among those repeating. (Simplified: the
        loop is allowed LOOP_LIMIT resolutions before the choice, rather than a number the
        player names.)"""
        top = max(counts.values())
        looping = [k for k, n in counts.items() if n * 4 >= top]
        labels = {f"{proto.id}: {ability.name}": (ability, proto) for ability, proto in looping}
        pick = yield from g.ask(g.active, "prevent", sorted(labels),
                                "an endless loop: choose an effect to prevent (rule 503)")
        self.prevented.add(labels[pick])
        g.log.append(("loop", pick))


LOOP_LIMIT = 500


def _named(exc: LimitExceeded, t: Trigger) -> LimitExceeded:
    exc.card, exc.ability = t.source.proto.id, t.ability.name
    return exc


def _ref(obj):
    if obj is None:
        return None
    return f"{obj.proto.id}#{obj.oid}" if hasattr(obj, "proto") else obj.name


def resolve(g, t: Trigger):
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
    r = a.effect.run(g, t)
    if r is not None:
        yield from r
