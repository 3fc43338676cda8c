"""A response window after each played card, without a stack: the third implementation of
the :class:`~cardscript.resolve.Resolver` protocol (after a game's batches and the
last-in-first-out chain of :mod:`cardscript.chain`), for games whose players answer each card
as it is played and where nothing waits on anything else.

The rules this module implements, in the reading it documents:

- **Triggered abilities** resolve one at a time in the order they happened (those that
  happen together: the active player's first, then each other player's in turn order),
  their targets chosen as they are filed. The game's state checks follow each one.
- **A played item** (:meth:`ResponseWindow.open`: a card's effect as it is played) waits
  while each other player, in turn order from its controller, gets one chance to respond:
  the game offers the responses (:meth:`cardscript.game.Game.responses`) and does the one
  chosen (:meth:`cardscript.game.Game.respond`). A response takes effect at once, with no
  window of its own: responses do not nest. A response may stop the waiting item
  (``Trigger.stopped``): it then does nothing. Otherwise it resolves once everyone has had
  their chance.
- **Re-entry.** A settle while something resolves only files the new triggers: the outer
  settle resolves them when that is done.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .chain import PASS
from .clone import copy_slots, copy_value
from .decisions import describe
from .loadable import state, step
from .resolve import Resolving, Targeting, Trigger

if TYPE_CHECKING:
    from .game import Game
    from .state import Player


@state
class Played:
    """A card played with nothing of its own to resolve (a champion put into play, say):
    still answered in a window; a response that stops it stops the play."""

    __slots__ = ("source", "controller", "stopped")

    def __init__(self, source: Any, controller: Player):
        self.source = source
        self.controller = controller
        self.stopped = False

    def _clone(self, memo: dict) -> "Played":
        return copy_slots(self, Played.__new__(Played), ("stopped",), ("source", "controller"),
                          memo)

    def label(self) -> str:
        return self.source.proto.id


@state
class ResponseWindow(Targeting, Resolving):
    """Triggers in the order they happened; a window of responses before a played item."""

    def __init__(self) -> None:
        self.items: list[Trigger] = []  # triggers waiting, the next first
        self.resolving = 0  # depth of resolutions in progress
        self.draining = False  # a settle is resolving the waiting triggers
        self.current: Trigger | None = None  # what resolves now
        #: the played items whose window is open, the newest last (what a response answers)
        self.open_items: list[Trigger | Played] = []

    def _clone(self, memo: dict) -> "ResponseWindow":
        n = type(self).__new__(type(self))
        memo[id(self)] = n
        n.__dict__.update({k: copy_value(v, memo) for k, v in self.__dict__.items()})
        return n

    @property
    def answering(self) -> Trigger | Played | None:
        """The played item a response now answers, if a window is open."""
        return self.open_items[-1] if self.open_items else None

    # -- the protocol ----------------------------------------------------------------------
    @step
    def settle(self, g: Game) -> None:
        """Resolve the waiting triggers, new ones included, until none is left."""
        if not (self.resolving or self.draining):
            self.draining = True
            g.then(self.drain, g)
        if g.pending:
            self.file_triggers(g)

    def file_triggers(self, g: Game) -> None:
        raw = g.pending
        if not raw:
            return
        g.pending = []
        order = g.turn_order()
        new = [Trigger(ability, card, g.effect_controller(card), event)
               for ability, card, event in raw]
        new.sort(key=lambda t: order.index(t.controller))  # stable: in the order they happened
        g.then(self.queue, g, new)
        self.choose_targets(g, new)

    @step
    def queue(self, g: Game, triggers: list[Trigger]) -> None:
        for t in triggers:
            if t.no_target:
                g.log.append(("no_target", t.source.proto.id, t.ability.name))
            else:
                self.items.append(t)

    def add(self, g: Game, triggers: list[Trigger]) -> None:
        self.items.extend(triggers)
        self.settle(g)

    @step
    def drain(self, g: Game) -> None:
        if g.pending:
            g.then(self.drain, g)
            self.file_triggers(g)
            return
        if not self.items:
            self.draining = False
            return
        g.then(self.drain, g)
        self.run(g, self.items.pop(0))

    # -- played items and their window -----------------------------------------------------
    @step
    def open(self, g: Game, t: Trigger | Played) -> None:
        """``t`` was played (a card's effect, or a :class:`Played` card): each other player
        may respond before it resolves."""
        self.open_items.append(t)
        order = g.turn_order()
        i = order.index(t.controller)
        others = [p for p in order[i + 1:] + order[:i] if p is not t.controller]
        g.then(self.close, g, t)
        g.then(self.poll, g, t, others)

    @step
    def poll(self, g: Game, t: Trigger | Played, others: list[Player]) -> None:
        if g.pending:  # what a response set off resolves before the next player answers
            g.then(self.poll, g, t, others)
            self.settle(g)
            return
        if not others or t.stopped:
            return
        p, rest = others[0], others[1:]
        g.then(self.poll, g, t, rest)
        options = g.responses(p)
        if options:
            g.ask(p, "respond", [PASS, *options], f"respond to {t.label()}, or pass",
                  then=(self.responded, g, p))

    @step
    def responded(self, g: Game, p: Player, choice: Any) -> None:
        if isinstance(choice, str) and choice == PASS:
            g.log.append(("pass", p.name))
            return
        g.log.append(("respond", p.name, describe(choice)))
        g.respond(p, choice)

    @step
    def close(self, g: Game, t: Trigger | Played) -> None:
        self.open_items.remove(t)
        if t.stopped:
            g.log.append(("negated", t.label()))
            return
        g.then(self.settle, g)
        if isinstance(t, Trigger):
            self.run(g, t)
