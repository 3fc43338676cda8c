"""Replacement effects (rule 504): the rules section (:class:`Replacements`, the game's
``replacements``) that asks, before an event happens to a card, whether an ability replaces
it, and does the replacement's effect instead.

The events a replacement can name are the triggers' ``REPLACEABLE`` ones (triggers.py); the
game's actions that are such an event (dying, being banished, drawn, denied, discarded,
buried, put into a hand, entering The World) ask :meth:`Replacements.replaced` first and
report themselves not done when it says so (rule 508.4).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...bus import Event
from ...loadable import step
from ...resolve import Trigger, resolve
from ...section import Section, section

if TYPE_CHECKING:
    from ...compiler import AbilityProgram
    from ...state import Card
    from .primitives import Primitives
    from .state import WondersTrigger


@section
class Replacements(Section):
    """``applying``: the replacements whose effect is being done, (ability, its card's
    object number), so that one never replaces the event its own effect causes."""

    __slots__ = ("applying",)
    name = "replacements"

    def __init__(self, g: Primitives) -> None:
        self.applying: list[tuple[AbilityProgram, int]] = []

    def replaced(self, g: Primitives, kind: str, card: Card, after: tuple = ()) -> bool:
        """Rule 504: is the event ``kind`` (``dies``, ``banished``, ...: ``REPLACEABLE`` in
        triggers.py) about to happen to ``card`` replaced? If so the replacement's effect is
        scheduled (targets first), the event does not happen, and the caller reports it not
        done (rule 508.4). The card's own replacements work from any zone (504: "work from
        any area"), first; then those of cards in The World, oldest first. A replacement
        applies at most once while its own effect is being done: competing replacements
        that would replace each other for ever end there (504, 503). The step ``after``,
        if given, runs once the replacement's effect is done."""
        ev = "instead:" + kind
        own = card.proto.program.self_triggers.get(ev)
        others = g.bus.handlers.get(ev)
        if not own and not others:
            return False
        event = Event(ev, card, card.controller, card.area)
        candidates = [(a, card) for a in own or ()] + [(h.ability, h.card) for h in others or ()]
        for ability, source in candidates:
            key = (ability, source.oid)
            if source.blank or key in self.applying or \
                    not ability.trigger.matches(event, source):
                continue
            t = Trigger(ability, source, g.effect_controller(source), event)
            g.log.append(("instead", source.proto.id, ability.name, card.proto.id, card.oid,
                          kind))
            if after:
                g.then(*after)
            g.then(self.done, key)
            g.then(self.apply, g, t, key)
            if ability.target is not None:
                g.resolver.choose_targets(g, [t])
            return True
        return False

    @step
    def apply(self, g: Primitives, t: WondersTrigger, key: tuple) -> None:
        self.applying.append(key)
        resolve(g, t)

    @step
    def done(self, key: tuple) -> None:
        self.applying.remove(key)
