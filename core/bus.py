"""The event bus: handlers indexed by event kind, so publishing never scans every card.

Handlers are registered when a card object enters a zone where they work (a card's "whenever"
abilities while it is in play, say) and removed when it leaves. Abilities about the card
itself (on play, on arrival, on death) are found from the event's subject, not the bus.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .clone import copy_slots, copy_value
from .loadable import state

if TYPE_CHECKING:
    from .compiler import AbilityProgram
    from .state import Card, Player


@state
class Event:
    """Something that happened. ``card`` is the subject object, as it was (last known)."""

    __slots__ = ("kind", "card", "player", "area", "source", "cause", "data")

    def __init__(self, kind: str, card: Card | None = None, player: Player | None = None,
                 area: Any = None, source: str | None = None, cause: str | None = None,
                 data: Any = None):
        self.kind = kind
        self.card = card
        self.player = player
        self.area = area  # where it happened (a game's area of the table), if anywhere
        self.source = source  # the zone kind a card came from, for zone-change events
        self.cause = cause
        self.data = data

    def _clone(self, memo: dict) -> "Event":
        return copy_slots(self, Event.__new__(Event), ("kind", "source", "cause"),
                          ("card", "player", "area", "data"), memo)

    def __repr__(self) -> str:
        return f"<event {self.kind} {self.card or ''}>"


@state
class Handler:
    """One ability of one card object, listening for one event kind."""

    __slots__ = ("card", "ability")

    def __init__(self, card: Card, ability: AbilityProgram):
        self.card = card
        self.ability = ability


@state
class Delayed:
    """A delayed ability waiting for its moment (:class:`cardscript.blocks.Later`): its
    compiled ability, the card that made it, its controller and what ``it`` and the target
    were then."""

    __slots__ = ("ability", "card", "controller", "it", "target", "more")

    def __init__(self, ability: AbilityProgram, card: Card, controller: Player,
                 it: Card | None, target: Any, more: tuple = ()):
        self.ability = ability
        self.card = card
        self.controller = controller
        self.it = it
        self.target = target
        self.more = more  # the targets after the first, of several

    def _clone(self, memo: dict) -> "Delayed":
        return copy_slots(self, Delayed.__new__(Delayed), ("ability",),
                          ("card", "controller", "it", "target", "more"), memo)


@state
class Bus:
    __slots__ = ("handlers", "delayed")

    def __init__(self) -> None:
        self.handlers: dict[str, list[Handler]] = {}
        #: delayed abilities waiting for their moment, in the order they were made
        self.delayed: list[Delayed] = []

    def _clone(self, memo: dict) -> "Bus":
        n = Bus()
        memo[id(self)] = n
        if self.delayed:
            n.delayed = [copy_value(d, memo) for d in self.delayed]
        for kind, hs in self.handlers.items():
            copies = []
            for h in hs:
                card = copy_value(h.card, memo)
                nh = Handler(card, h.ability)
                card.handlers = [*card.handlers, nh]
                copies.append(nh)
            n.handlers[kind] = copies
        return n

    def register(self, card: Card, zone_kind: str) -> None:
        mine = []
        for ability in card.proto.program.zone_handlers.get(zone_kind, ()):
            h = Handler(card, ability)
            self.handlers.setdefault(ability.trigger.event, []).append(h)
            mine.append(h)
        card.handlers = mine

    def unregister(self, card: Card) -> None:
        for h in card.handlers:
            self.handlers[h.ability.trigger.event].remove(h)
        card.handlers = ()

    def collect(self, event: Event, out: list) -> None:
        """Append a pending trigger for every handler this event fires."""
        hs = self.handlers.get(event.kind)
        if hs:
            for h in hs:
                card = h.card
                if not card.blank and h.ability.trigger.matches(event, card):
                    out.append((h.ability, card, event))
        subject = event.card
        if subject is not None:
            own = subject.proto.program.self_triggers.get(event.kind)
            if own and not subject.blank:
                for ability in own:
                    if ability.trigger.matches(event, subject):
                        out.append((ability, subject, event))
        if self.delayed:
            self.collect_delayed(event, out)

    def collect_delayed(self, event: Event, out: list) -> None:
        """Fire each delayed ability whose moment ``event`` is, once: its event carries
        what the ability named when it was made (``it`` as its card, the targets as its
        data), for :class:`cardscript.blocks.Carried`."""
        kind = event.kind
        fired = [d for d in self.delayed if d.ability.trigger.event == kind
                 and d.ability.trigger.matches(event, d.controller)]
        if fired:
            self.delayed = [d for d in self.delayed if not any(d is f for f in fired)]
            for d in fired:
                out.append((d.ability, d.card,
                            Event("later", d.it, d.controller, event.area,
                                  data=(d.target, d.more))))

    @staticmethod
    def collect_from(card: Card, handlers: Any, event: Event, out: list) -> None:
        """Append a pending trigger for each of ``handlers`` (those ``card`` had before it
        left its zone) that ``event`` fires: a card that left together with the event's
        subject still sees it, by its last known information."""
        if card.blank:
            return
        kind = event.kind
        for h in handlers:
            ability = h.ability
            if ability.trigger.event == kind and ability.trigger.matches(event, card):
                out.append((ability, card, event))
