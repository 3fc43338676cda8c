"""A last-in-first-out chain with priority passes: the second implementation of the
:class:`~cardscript.resolve.Resolver` protocol, for games whose players answer what is waiting
before it resolves (the generic part of a chain with priority, or of a response window).

Items on the chain are :class:`~cardscript.resolve.Trigger` objects: triggered abilities, and the
played cards and activated abilities a game puts there with :meth:`ChainResolver.add`. The newest
item is on top and resolves first. Nothing here names a game's cards or zones: the game
offers the responses (:meth:`cardscript.game.Game.responses`), does the one chosen
(:meth:`cardscript.game.Game.respond`, which adds to the chain), and runs its state checks after
each resolution (:meth:`cardscript.game.Game.state_checks`).

The rules this module implements, in the reading it documents:

- **Priority.** A round of priority starts with the active player. The player holding
  priority passes or responds. A pass gives priority to the next player in turn order. After
  a response, the responding player holds priority again (they may respond once more, or
  pass). When every player has passed in succession with nothing added, the top item
  resolves; then the game's state checks; then the active player gets priority again. When
  every player passes with the chain empty, the round is over.
- **Triggers** become items when put on the chain, their targets chosen then. Triggers that
  happen together are put on in turn order: the active player's first, then each other
  player's, so the active player's resolve last. A player with several triggers at once puts
  them on one at a time in the order they choose: the last one put resolves first. A
  triggered ability that needs a target and has none is not put on the chain.
- **Re-entry.** A settle while an item resolves, or while players hold priority (a response
  that settles, say), only puts new triggers on the chain: they sit above what is waiting
  and resolve first, as the round in progress goes on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .clone import copy_value
from .decisions import describe
from .loadable import state, step
from .resolve import Resolving, Targeting, Trigger

if TYPE_CHECKING:
    from .game import Game
    from .state import Player

#: the option of passing priority (a string, so a copy or a loaded save still equals it)
PASS = "pass"


@state
class ChainResolver(Targeting, Resolving):
    """Last in, first out, with a round of priority passes before each resolution."""

    def __init__(self) -> None:
        self.items: list[Trigger] = []  # the chain, bottom first: items[-1] resolves next
        self.resolving = 0  # depth of resolutions in progress
        self.current: Trigger | None = None  # the item resolving now
        self.running = False  # a round of priority is in progress
        self.holder: Player | None = None  # who holds priority, while someone does

    def _clone(self, memo: dict) -> "ChainResolver":
        n = type(self).__new__(type(self))
        memo[id(self)] = n
        # every field, so a game's subclass that adds state (focus, say) copies it too
        n.__dict__.update({k: copy_value(v, memo) for k, v in self.__dict__.items()})
        return n

    @property
    def top(self) -> Trigger | None:
        """The item that resolves next, if any."""
        return self.items[-1] if self.items else None

    # -- the protocol ----------------------------------------------------------------------
    def settle(self, g: Game) -> None:
        """Run rounds of priority until every player passes with the chain empty; new
        triggers go on the chain first. Re-entered (see the module's docstring), only put
        new triggers on the chain."""
        if not (self.resolving or self.running):
            self.running = True
            g.then(self.priority, g, self.first_player(g), 0)
        if g.pending:
            self.file_triggers(g)

    def file_triggers(self, g: Game) -> None:
        """Put the triggers collected in ``g.pending`` on the chain: the active player's
        first, then each other player's in turn order, each player ordering their own."""
        raw = g.pending
        if not raw:
            return
        g.pending = []
        order = g.turn_order()
        groups: list[list[Trigger]] = [[] for _ in order]
        for ability, card, event in raw:
            t = Trigger(ability, card, g.effect_controller(card), event)
            groups[order.index(t.controller)].append(t)
        g.then(self.place, g, [grp for grp in groups if grp])

    def add(self, g: Game, triggers: list[Trigger]) -> None:
        """Put items whose targets are chosen on top of the chain, in the order given (the
        last one on top)."""
        for t in triggers:
            self.push(g, t)

    # -- putting items on the chain --------------------------------------------------------
    @step
    def place(self, g: Game, groups: list[list[Trigger]]) -> None:
        """Put the next trigger of the first player who still has some on the chain; with
        several, that player chooses which goes on next."""
        while groups and not groups[0]:
            groups.pop(0)
        if not groups:
            return
        group = groups[0]
        if len(group) > 1:
            g.ask(group[0].controller, "order", list(group),
                  "choose which of your triggers goes on the chain next (the last one put "
                  "on resolves first)", then=(self.placed, g, groups))
        else:
            self.placed(g, groups, group[0])

    @step
    def placed(self, g: Game, groups: list[list[Trigger]], t: Trigger) -> None:
        groups[0].remove(t)
        g.sequence((self.push, g, t), (self.place, g, groups))
        self.choose_targets(g, [t])

    @step
    def push(self, g: Game, t: Trigger) -> None:
        """Put ``t`` on top of the chain, unless it needed a target and found none."""
        if t.no_target:
            g.log.append(("no_target", t.source.proto.id, t.ability.name))
            return
        self.items.append(t)
        g.log.append(("chain", t.controller.name, t.label()))

    def remove(self, g: Game, t: Trigger) -> bool:
        """Take ``t`` off the chain without resolving it (a counter); False if it is not on
        the chain any more."""
        for i, item in enumerate(self.items):
            if item is t:
                del self.items[i]
                g.log.append(("removed", t.controller.name, t.label()))
                return True
        return False

    # -- priority --------------------------------------------------------------------------
    def first_player(self, g: Game) -> Player:
        """Who gets priority when a round starts and after each resolution: the active
        player (a game whose rules differ overrides this)."""
        return g.active

    @step
    def priority(self, g: Game, player: Player, passes: int) -> None:
        """``player`` gets priority after ``passes`` passes in succession; new triggers go
        on the chain first, and then every player must pass again."""
        if g.pending:
            g.then(self.priority, g, player, 0)
            self.file_triggers(g)
            return
        if passes >= len(g.players):
            self.holder = None
            if not self.items:
                self.running = False
                return
            g.then(self.priority, g, self.first_player(g), 0)
            self.resolve_top(g)
            return
        self.holder = player
        top = self.top
        prompt = f"respond to {top.label()}, or pass" if top is not None else \
            "the chain is empty: act, or pass"
        g.ask(player, "priority", [PASS, *g.responses(player)], prompt,
              then=(self.priority_chosen, g, player, passes))

    @step
    def priority_chosen(self, g: Game, player: Player, passes: int, choice: Any) -> None:
        if isinstance(choice, str) and choice == PASS:
            g.log.append(("priority", player.name, PASS))
            self.priority(g, g.players[(player.index + 1) % len(g.players)], passes + 1)
            return
        g.log.append(("priority", player.name, describe(choice)))
        g.then(self.priority, g, player, 0)  # the responder holds priority again
        g.respond(player, choice)

    # -- resolving -------------------------------------------------------------------------
    def resolve_top(self, g: Game) -> None:
        """The top item resolves; the state checks follow once everything it scheduled is
        done."""
        self.run(g, self.items.pop())
