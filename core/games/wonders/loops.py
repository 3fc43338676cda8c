"""Rule 503, endless loops of effects: found while a settle resolves its batches, and broken
as the rule says. A mixin of :class:`~cardscript.games.wonders.batches.BatchResolver`.

**Finding a loop.** Every batch after the first ones of a settle is made by the batch before
it (rule 502), so a loop of triggered effects is a chain of batches that never ends. When a
batch is about to resolve, its *state pattern* is compared with those of the earlier batches
of the settle: the triggers waiting (this batch's and any other's), by ability and card
definition, and the cards in each zone, by definition and status (tapped, nullified, token),
not by object number. A pattern that holds everything an earlier one held (as many of each,
or more) means nothing the sequence needs was used up since: the effects that resolved in
between will come round again, and again. That is an endless loop, and the effects that
resolved in between are the loop's. The numbers a loop piles up (energy, actions, counters,
power changes) are left out of the pattern, or a loop that gains energy each time would never
be found; a loop that a condition on them would end is then found too early, and only costs
the active player a count (it ends on its own). Any endless chain of batches is found this
way in the end: patterns are counts over a finite set of items, and an endless sequence of
them always has a later one that holds an earlier one (Dickson's lemma); but tangled loops
that feed batches growing without end may take too long, so a settle that has resolved
``BACKSTOP`` effects since its last check is treated as an endless loop too, made of the
effects of the batch just done. A settle of one batch of a hundred triggers (a hundred
tokens made at once) is not a loop.

**Breaking it.** A loop during which a player made a choice (answered a decision) is
*voluntary*: the player who kept it going (the active player, if both did) names how many
more times it repeats; then, in this settle, that player must choose differently from each
choice they made in the loop, where another option exists. Otherwise, or if the loop still
goes on after that, it is *involuntary*: the active player names how many more times it
repeats, then chooses one of the effects that resolved in the loop, which is prevented until
the settle ends. Both are decisions at the game's door (``loop``, then ``prevent``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...decisions import describe
from ...loadable import step

if TYPE_CHECKING:
    from .primitives import Primitives
    from .state import WondersPlayer

#: the counts a player may name for "how many more times the loop repeats" (rule 503)
LOOP_COUNTS = (0, 1, 2, 3, 4, 5, 10, 20, 50, 100)
#: batches of a settle before patterns are compared (fewer cost nothing: normal play)
WATCH_FROM = 2
#: earlier patterns kept per settle (memory; the game's limits stand behind it)
HISTORY = 1000
#: resolutions in one settle after which a chain of batches is endless whatever its patterns
#: say (the bundled decks' longest settles are a few dozen; checked as a batch starts)
BACKSTOP = 200
#: decisions that never keep a loop going: the order of a batch (502) and rule 503's own
_NOT_LOOP_CHOICES = frozenset({"order", "loop", "prevent"})


class LoopBreaker:
    """Rule 503 for a resolver: ``batch_starts`` as each batch starts, ``reset_loops`` when
    a settle starts or ends, ``trail`` noted for each resolution; the game passes each of its
    decisions through ``asked`` while ``watching``."""

    def __init__(self) -> None:
        self.prevented: set = set()  # (ability, card definition) stopped until the settle ends
        self.generations = 0  # batches resolved in this settle
        self.watching = False  # patterns are compared (the settle has had WATCH_FROM batches)
        #: (pattern, len(trail), len(answers), generation) at each batch start watched
        self.history: list = []
        self.trail: list = []  # the abilities resolved in this settle, in order
        self.batch_at = 0  # len(trail) when the current batch started
        self.backstop_from = 0  # len(trail) when BACKSTOP was last reached
        #: (player index, decision kind, label) of the choices made while watching
        self.answers: list = []
        #: the loop being let run: (batches left, its effects, voluntary breaker or None)
        self.loop: tuple | None = None
        #: a voluntary loop's breaker and the choices they may no longer make
        self.breaker: int | None = None
        self.forbidden: list = []

    def clone_loops(self, n: Any) -> None:
        n.prevented = set(self.prevented)  # compiled abilities and definitions: shared
        n.generations = self.generations
        n.watching = self.watching
        n.history = list(self.history)  # patterns are never changed once made
        n.trail = list(self.trail)
        n.batch_at = self.batch_at
        n.backstop_from = self.backstop_from
        n.answers = list(self.answers)
        n.loop = self.loop
        n.breaker = self.breaker
        n.forbidden = list(self.forbidden)

    def reset_loops(self) -> None:
        if self.generations or self.trail or self.prevented:
            self.prevented.clear()
            self.generations = 0
            self.watching = False
            self.history = []
            self.trail = []
            self.batch_at = self.backstop_from = 0
            self.answers = []
            self.loop = None
            self.breaker = None
            self.forbidden = []

    # -- the game's decisions ------------------------------------------------------------------
    def asked(self, g: Primitives, player: WondersPlayer, kind: str, options: list,
              then: tuple) -> tuple[list, tuple]:
        """A decision the game is about to ask while loops are watched: a voluntary loop's
        breaker may not make again a choice that kept the loop going (rule 503); the answer
        is noted (it makes a loop voluntary)."""
        if kind in _NOT_LOOP_CHOICES:
            return options, then
        if self.breaker == player.index and self.forbidden:
            keep = [o for o in options if (kind, describe(o)) not in self.forbidden]
            if keep:
                options = keep
        if len(options) > 1:
            then = (self.answered, g, player.index, kind, then)
        return options, then

    @step
    def answered(self, g: Primitives, who: int, kind: str, then: tuple, option: Any) -> None:
        self.answers.append((who, kind, describe(option)))
        g.then(then[0], *then[1:], option)

    # -- finding and breaking loops ------------------------------------------------------------
    def batch_starts(self, g: Primitives) -> bool:
        """A batch is about to resolve: rule 503. True when a decision was asked (its answer
        goes on with the settle)."""
        loop = self.loop
        if loop is not None:
            return self.repeat(g, loop)
        if self.generations < WATCH_FROM:
            self.batch_at = len(self.trail)
            return False
        self.watching = True
        found = self.repeated(g)
        if found is None and len(self.trail) - self.backstop_from >= BACKSTOP:
            found = self.overlong()
        self.batch_at = len(self.trail)
        if found is None:
            return False
        self.found(g, found)
        return True

    def overrun(self, g: Primitives) -> bool:
        """``BACKSTOP`` effects resolved since the last check, in the middle of a batch (the
        batches of a growing loop get longer and longer): the loop being let run has used
        up its count; else this is an endless loop, found by its length. True when a
        decision was asked."""
        loop = self.loop
        if loop is not None:
            return self.repeat(g, (0, loop[1], loop[2]))
        self.found(g, self.overlong())
        return True

    def overlong(self) -> tuple:
        """A settle that goes on and on although no pattern holds an earlier one (tangled
        loops that feed batches growing without end): the effects of the last batch are the
        loop's, and nobody's choice is counted (it is broken as involuntary)."""
        self.backstop_from = len(self.trail)
        return list(dict.fromkeys(self.trail[self.batch_at:])), [], [], 1

    def pattern(self, g: Primitives) -> dict:
        """The state pattern of the module's docstring: item -> how many."""
        out: dict = {}

        def add(item: tuple) -> None:
            out[item] = out.get(item, 0) + 1

        for w in self.waiting(g):  # type: ignore[attr-defined]
            add(("waiting", w.ability.name, w.source.proto.id))
        for ability, card, _ in g.pending:
            add(("waiting", ability.name, card.proto.id))
        for p in g.players:
            for zone in (p.deck, p.hand, p.abyss, p.banishment):
                for c in zone.cards:
                    add((zone.kind, p.index, c.proto.id))
        for realm in g.realms:
            if realm.active:
                for i, zone in enumerate((*realm.sides, realm.centre)):
                    for c in zone.cards:
                        add((realm.number, i, c.proto.id, c.tapped, bool(c.blank), c.token))
        return out

    def repeated(self, g: Primitives) -> tuple | None:
        """(the loop's effects, the players who chose in it, their choices), if this batch's
        pattern holds an earlier one's (the module's docstring); else None. The pattern is
        noted."""
        now = self.pattern(g)
        found = None
        for old, at, answered, generation in reversed(self.history):
            if all(now.get(k, 0) >= v for k, v in old.items()):
                found = (at, answered, generation)
                break
        self.history.append((now, len(self.trail), len(self.answers), self.generations))
        if len(self.history) > HISTORY:
            del self.history[0]
        if found is None:
            return None
        at, answered, generation = found
        choices = self.answers[answered:]
        deciders = sorted({c[0] for c in choices})
        return (list(dict.fromkeys(self.trail[at:])), deciders, choices,
                self.generations - generation)

    def found(self, g: Primitives, found: tuple) -> None:
        """Rule 503: a loop. Voluntary: the player keeping it going names a count; else the
        active player does."""
        cycle, deciders, choices, batches = found
        names = " ".join(f"{proto.id}:{ability.name}" for ability, proto in cycle)
        options = self.counts_allowed(g, cycle)
        if self.breaker is None and deciders:
            who = g.players[deciders[0]] if len(deciders) == 1 else g.active
            mine = [(kind, label) for i, kind, label in choices if i == who.index]
            g.log.append(("loop", "voluntary", who.name, names))
            g.ask(who, "loop", options,
                  "a loop you keep going: how many more times will it repeat? (rule 503)",
                  then=(self.counted, g, cycle, batches, (who.index, mine)))
            return
        g.log.append(("loop", "involuntary", g.active.name, names))  # who names the count
        g.ask(g.active, "loop", options,
              "an endless loop: how many more times will it repeat? (rule 503)",
              then=(self.counted, g, cycle, batches, None))

    @staticmethod
    def counts_allowed(g: Primitives, cycle: list) -> list[int]:
        room = (g.limits.resolutions - g.resolutions) // max(len(cycle), 1)
        return [n for n in LOOP_COUNTS if n == 0 or n < room]

    @step
    def counted(self, g: Primitives, cycle: list, batches: int, voluntary: tuple | None,
                n: int) -> None:
        g.log.append(("loop_count", n))
        self.loop = (n * batches, cycle, voluntary)
        self.backstop_from = len(self.trail)
        if not self.repeat(g, self.loop):
            g.then(self.next, g)  # type: ignore[attr-defined]

    def repeat(self, g: Primitives, loop: tuple) -> bool:
        """A batch of the loop starts: it goes on while repetitions are left (and, for a loop
        whose batches grow, while it has resolved fewer than ``BACKSTOP`` effects since the
        count was named); then a voluntary loop's breaker must choose differently, and an
        involuntary loop has one of its effects prevented, chosen by the active player. True
        when that is asked."""
        left, cycle, voluntary = loop
        # a loop that grows may not get through its count: BACKSTOP cuts it short
        if left > 0 and len(self.trail) - self.backstop_from < BACKSTOP:
            self.loop = (left - 1, cycle, voluntary)
            return False
        self.loop = None
        self.history = []
        self.backstop_from = len(self.trail)
        if voluntary is not None:
            self.breaker, self.forbidden = voluntary
            return False
        labels = {f"{proto.id}: {ability.name}": (ability, proto) for ability, proto in cycle}
        g.ask(g.active, "prevent", list(labels),
              "an endless loop: choose an effect to prevent (rule 503)",
              then=(self.prevent, g, labels))
        return True

    @step
    def prevent(self, g: Primitives, labels: dict, pick: str) -> None:
        self.prevented.add(labels[pick])
        g.log.append(("prevent", pick))
        for batch in self.queue:  # type: ignore[attr-defined]
            self.drop_prevented(g, batch)  # type: ignore[attr-defined]
        g.then(self.next, g)  # type: ignore[attr-defined]
