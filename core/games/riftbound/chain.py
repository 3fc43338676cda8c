"""Riftbound's chain (seed, "Priority"; rules notes 5.1): the core's
:class:`~cardscript.chain.ChainResolver` with the chain's own priority rules.

- A chain exists only while it holds an item: the state is *closed*. When the last item has
  resolved the state is *open* again, and nobody is asked to pass on an empty chain: the
  turn player's Main phase, or the focus holder of a showdown, goes on (those loops are the
  game's, :mod:`.fight` and :mod:`.rules`).
- Priority in a closed state goes to the controller of the newest item (rules notes 5.1,
  step 2 "When nothing is pending, the newest item's controller gets Priority"); a pass
  gives it to the next player; everyone passing in sequence resolves the newest item, and
  priority goes again to the controller of the newest item left.
- Triggered abilities join the chain in any state (seed, "Closed": "triggered abilities
  join it without needing a keyword at all"): the turn player's first, so theirs resolve
  last (rules notes 5.3).

- A triggered Add ability (its effect adds energy or power) does not join the chain: it
  resolves at once and passes neither priority nor focus (rules notes 2, "Add abilities").
  (Activated ones are the game's: :meth:`.play.Playing.activate`.)

Focus (the showdown's priority) is the game's: it passes when a chain empties during a
showdown (:meth:`.fight.Fights.focus_after`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...chain import ChainResolver
from ...loadable import state, step
from ...resolve import resolve
from .effects import AddEnergy, AddPower

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Player
    from .state import RiftTrigger


@state
class RiftChain(ChainResolver):
    """The chain with Riftbound's priority: nothing to pass on an empty chain."""

    def settle(self, g: Game) -> None:
        """Run the chain until it is empty (the state is open again); re-entered while an
        item resolves or players hold priority, only put new triggers on it."""
        if not (self.resolving or self.running) and (self.items or g.pending):
            self.running = True
            g.then(self.priority, g, None, 0)
        if g.pending:
            self.file_triggers(g)

    @step
    def push(self, g: Game, t: RiftTrigger) -> None:
        ab = t.ability
        if isinstance(ab.effect, (AddEnergy, AddPower)) and ab.trigger.scope != "activated":
            resolve(g, t)  # a triggered Add ability: at once, without the chain
            return
        super().push(g, t)

    def first_player(self, g: Game) -> Player:
        """The controller of the newest item (rules notes 5.1, steps 2 and 5)."""
        top = self.top
        return top.controller if top is not None else g.active

    @step
    def priority(self, g: Game, player: Player | None, passes: int) -> None:
        """``player`` (None: the newest item's controller) gets priority after ``passes``
        passes in sequence. An empty chain is an open state: the settle is over."""
        if g.pending:
            g.then(self.priority, g, player, 0)
            self.file_triggers(g)
            return
        if not self.items:
            self.running = False
            self.holder = None
            return
        if player is None:
            player = self.first_player(g)
        if passes >= len(g.players):
            self.holder = None
            g.then(self.priority, g, None, 0)
            self.resolve_top(g)
            return
        super().priority(g, player, passes)
