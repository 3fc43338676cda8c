"""Replacement effects in the core ("if this would die, ... instead"): the rules section that
asks, before an event happens to a card, whether an ability replaces it, and does the
replacement's effect instead; and the base of a game's ``instead_of`` trigger.

A game lists :class:`Replacements` in ``SECTIONS`` (``g.replacements``) and has each action
that is a replaceable event (a unit dying, a card leaving play) ask
:meth:`Replacements.replaced` first: when it says so, the action does not happen to that card,
nor anything it would trigger. Its ``instead_of`` trigger (a subclass of :class:`InsteadOf`,
in the game's words) names the events, and is never published: the section looks the
abilities up by the event's name, ``instead:<event>``. While no card has one, each question
is two dictionary lookups.

When several replacements apply, the game says who chooses the one that does
(:meth:`~cardscript.game.Game.replacement_chooser`); the others then have nothing to replace.
A replacement applies at most once while its own effect is being done, so replacements that
would replace each other for ever end there; a game's rules on loops may say more.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .bus import Event
from .loadable import step
from .places import ANYWHERE, IN_PLAY
from .resolve import Trigger, count_resolution, resolve
from .section import Section, section

if TYPE_CHECKING:
    from .compiler import AbilityProgram, Compiler
    from .game import Game
    from .state import Card


@section
class Replacements(Section):
    """``applying``: the replacements whose effect is being done, (ability, its card's
    object number), so that one never replaces the event its own effect causes."""

    __slots__ = ("applying",)
    name = "replacements"

    def __init__(self, g: Game) -> None:
        self.applying: list[tuple[AbilityProgram, int]] = []

    def candidates(self, g: Game, kind: str, card: Card) -> list[Trigger]:
        """The replacements that would replace ``kind`` happening to ``card`` now: the
        card's own first (they work from any zone), then those of cards in play, oldest
        first; none that is being applied."""
        ev = "instead:" + kind
        own = card.proto.program.self_triggers.get(ev)
        others = g.bus.handlers.get(ev)
        if not own and not others:
            return []
        event = Event(ev, card, card.controller, card.area)
        found = []
        for ability, source in [(a, card) for a in own or ()] + \
                [(h.ability, h.card) for h in others or ()]:
            if source.blank or (ability, source.oid) in self.applying or \
                    not ability.trigger.matches(event, source):
                continue
            found.append(Trigger(ability, source, g.effect_controller(source), event))
        return found

    def replaced(self, g: Game, kind: str, card: Card, after: tuple = ()) -> bool:
        """Is the event ``kind`` (the game's ``instead_of`` events) about to happen to
        ``card`` replaced? If so the replacement's effect is scheduled (targets first), the
        event does not happen, and the caller does not do it (nor report it done). With
        several, the game's chooser picks the one that applies (none: the first). The step
        ``after``, if given, runs once the replacement's effect is done."""
        found = self.candidates(g, kind, card)
        if not found:
            return False
        if after:
            g.then(*after)
        chooser = g.replacement_chooser(card) if len(found) > 1 else None
        if chooser is None:
            self.use(g, card, kind, found[0])
        else:  # asked by a step of its own: the caller's step goes on first
            g.then(self.ask_which, g, chooser, card, kind, found)
        return True

    @step
    def ask_which(self, g: Game, chooser: Any, card: Card, kind: str,
                  found: list[Trigger]) -> None:
        g.ask(chooser, "order", found,
              f"choose which replacement applies to {card.proto.id} (it would "
              f"{kind.replace('_', ' ')}): the others then have nothing to replace",
              then=(self.use, g, card, kind))

    @step
    def use(self, g: Game, card: Card, kind: str, t: Trigger) -> None:
        key = (t.ability, t.source.oid)
        g.log.append(("instead", t.source.proto.id, t.ability.name, card.proto.id, card.oid,
                      kind))
        g.then(self.done, key)
        g.then(self.apply, g, t, key)
        if t.ability.target is not None:
            g.resolver.choose_targets(g, [t])

    @step
    def apply(self, g: Game, t: Trigger, key: tuple) -> None:
        count_resolution(g, t)  # replacements replacing for ever end in the game's limit
        self.applying.append(key)
        resolve(g, t)

    @step
    def done(self, key: tuple) -> None:
        self.applying.remove(key)


class InsteadOf:
    """The base of a game's ``instead_of`` trigger: a replacement effect. Its parameters name
    the ``event`` (a game's literal of the events it can replace) and, optionally, ``card``:
    which cards (a selector). About its card itself it works from any zone (replacing a
    movement works "from any area"), except for the events in ``IN_PLAY_ONLY``, which
    happen only to a card in play; about other cards, from ``OTHERS`` (the game's zone
    kind, or :data:`~cardscript.places.IN_PLAY`). ``it`` is the card the event would have
    happened to."""

    __slots__ = ("event", "selector", "scope", "place")
    it = True
    OTHERS: str = IN_PLAY
    IN_PLAY_ONLY: tuple[str, ...] = ()

    def __init__(self, p: Any, c: Compiler) -> None:
        # never published: the section looks these up by name before the event happens
        self.event = "instead:" + p.event
        self.selector = c.selector(p.card) if p.card is not None else None
        self.scope = "self" if p.card is None else self.OTHERS
        self.place = ANYWHERE if p.card is None and p.event not in self.IN_PLAY_ONLY \
            else IN_PLAY

    def matches(self, ev: Event, card: Any) -> bool:
        if self.selector is None:
            return ev.card is card
        return self.selector.matches(ev.card, card.controller, card, card.zone.area,
                                     anywhere=True)
