"""Continuous effects in the core: static abilities in play, applied in layers, oldest first.

A **static ability** (trigger ``static``, :class:`StaticTrigger`, ``while`` an optional
condition) has no event: its handler sits on the bus under ``static`` while its card is in
play, so the game finds every static ability in force without looking at any other card.
Its effect is one *continuous* effect (an effect class with ``continuous = True``), which
never runs: the game reads it.

:class:`Continuous` is the rules section that applies them (``g.continuous``), when something
they depend on may have changed (a card entering or leaving a zone, an event, the end of a
resolution: the game calls :meth:`Continuous.changed` from its own hooks), never per
decision. It applies the abilities in force in the order of the layers:

1. the game's own layers first (:meth:`Continuous.layers`: characteristics a card gets,
   abilities it is given, as the game's rules order them);
2. keywords: each keyword grant (:class:`KeywordGrant`, "your other units here have Tank")
   gives the cards it covers its keywords (``Card.given``, read by ``Card.has_keyword``
   and ``Card.keywords_named`` as printed ones are);
3. then arithmetic: each stat bonus (:class:`StatBonus`, "I have +2 Might", "your other
   units get +1 power") adds to the stat of the cards it covers now. Sums don't depend on
   order ("increases then decreases" gives the same total).

Within a layer, the abilities apply oldest first: a card object's number is its timestamp
(it grows with each zone the card enters). A card keeps what the last refresh gave it in
``Card.boosts``, read by its game's stat (a card class's ``might``, ``level`` or ``power``:
``Card.boost``); a card that leaves play becomes a new object without them, and the
old one keeps them as last known information.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

from pydantic import Field, create_model

from .limits import STAT_MAX
from .places import IN_PLAY, PLAYED
from .refs import AllRef, ThisRef
from .registry import Params, Vocabulary
from .resolve import Trigger
from .section import Section, section

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from .bus import Event, Handler
    from .compiler import Compiler
    from .entries import Effect, Selector
    from .game import Game
    from .model.names import CardRef, Condition, Keyword
    from .state import Card


class StaticParams(Params):
    __shorthand__ = "while"
    while_: "Optional[Condition]" = Field(
        None, alias="while", description="The ability is on only while this holds.")


class StaticTrigger:
    """A static ability: its continuous effect is on while its card is in play (and the
    condition holds), off at once otherwise; nothing triggers it. A game names it
    ``static`` (:func:`static_trigger`)."""

    __slots__ = ("condition",)
    scope = IN_PLAY
    event = "static"  # never published: the game reads these handlers (Continuous)
    continuous = True  # applies while in play, never resolves (balance: not dead text)

    def __init__(self, p: StaticParams, c: Compiler) -> None:
        self.condition = c.condition(p.while_) if p.while_ is not None else None

    def matches(self, ev: Event, card: Card) -> bool:
        return False

    @staticmethod
    def check_ability(target: Selector | None, effect: Effect, c: Compiler) -> None:
        if target is not None:
            raise c.error("a static ability has no target: nothing triggers it")
        if not getattr(effect, "continuous", False):
            name = getattr(effect, "entry_name", "")
            found = "a list of effects" if name == "stages" else f"'{name}'"
            kinds = sorted(e.name for e in c.registry.entries["effect"].values()
                           if getattr(e.impl, "continuous", False))
            raise c.error("a static ability's effect must be one continuous effect ("
                          + ", ".join(kinds) + f"); found {found}")


def static_trigger(v: Vocabulary, impl: type[StaticTrigger] = StaticTrigger) -> None:
    """Name the static ability ``static`` in the game vocabulary ``v`` ("While X, ..."), its
    parameters a model of the game's own (its registry resolves the condition union)."""
    params = type("StaticParams", (StaticParams,), {})
    v.trigger("static", params,
              text="{% if while_ %}while {{ while_ }},{% endif %}")(impl)


def in_static(c: Compiler, name: str) -> None:
    """Refuse the continuous effect ``name`` anywhere but alone in a static ability."""
    if getattr(c.ability_trigger, "entry_name", None) != "static":
        raise c.error(f"'{name}' is a continuous effect: it belongs alone in a static "
                      "ability (trigger: static)")


def covered_ref(c: Compiler, node: Any) -> ThisRef | AllRef:
    """The cards a continuous effect covers: ``this`` or ``{all: selector}``."""
    ref = c.card_ref(node)
    if not isinstance(ref, AllRef | ThisRef):
        raise c.error("a continuous effect applies to 'this' or to {all: ...} cards; found "
                      f"'{node}'")
    return ref


def covered_cards(ref: Any, g: Game, ctx: Trigger) -> list[Card]:
    """The cards in play a continuous effect's reference covers now (a selection, never an
    effect step)."""
    cards = ref.selector.candidates(g, ctx) if isinstance(ref, AllRef) else ref.cards(g, ctx)
    return [x for x in cards if x.zone is not None and x.zone.in_play]


class BonusParams(Params):
    """A stat bonus's parameters (:func:`stat_bonus` makes each game's model)."""

    __shorthand__ = "amount"


class StatBonus:
    """A continuous stat bonus: the cards it covers have +N (or -N) to the game's ``stat``
    while it is in force (the arithmetic layer)."""

    __slots__ = ("card", "amount", "stat")
    continuous = True

    def __init__(self, p: Any, c: Compiler, name: str, stat: str,
                 covers: Callable[[Compiler, Any], Any]) -> None:
        in_static(c, name)
        if p.amount == 0:
            raise c.error(f"'{name}' of 0 changes nothing: give +N or -N")
        self.card = covers(c, p.card)
        self.amount = p.amount
        self.stat = stat

    def run(self, g: Game, ctx: Trigger) -> None:  # pragma: no cover - only in statics
        raise AssertionError("a continuous effect is read by the game, never run")

    def covered(self, g: Game, ctx: Trigger) -> list[Card]:
        return covered_cards(self.card, g, ctx)


def stat_bonus(v: Vocabulary, name: str, stat: str, text: str, doc: str,
               card: Any = "CardRef", covers: Callable[[Compiler, Any], Any] = covered_ref,
               cards: str = "'this', or {all: selector}.") -> None:
    """Name the continuous bonus to ``stat`` (one of the game's ``STATS``) ``name`` in the game
    vocabulary ``v``: ``{name: 2}`` (this card), ``{name: {card: {all: ...}, amount: -1}}``.
    A game whose continuous effects name other cards (an equipment's equipped card) gives
    the parameter's type ``card``, how it compiles (``covers``) and says so (``cards``)."""
    params = create_model(
        "BonusParams", __base__=BonusParams, __module__=__name__,
        amount=(int, Field(ge=-STAT_MAX, le=STAT_MAX, description="+N or -N.")),
        card=(card, Field("this", description=cards)))

    def make(p: Any, c: Compiler) -> StatBonus:
        return StatBonus(p, c, name, stat, covers)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"stat_bonus({name!r})"
    make.continuous = True  # type: ignore[attr-defined]
    v.effect(name, params, text=text)(make)


class GrantParams(Params):
    card: "CardRef" = Field("this", description="'this', or {all: selector}.")
    keywords: "list[Keyword]" = Field(min_length=1, max_length=8,
                                      description="The keywords they have.")


class KeywordGrant:
    """A continuous keyword grant: the cards it covers have these keywords while it is in
    force (the abilities layer), each read where the rules apply it, as a printed one is.
    Only keywords the rules read from a card in play can be given: not one that adds
    abilities of its own, nor one read as its card is played, nor one its game marks
    ``giveable = False``; a card of a type the keyword is not read on does not get it."""

    __slots__ = ("card", "keywords")
    continuous = True

    def __init__(self, p: Any, c: Compiler, name: str,
                 covers: Callable[[Compiler, Any], Any]) -> None:
        in_static(c, name)
        self.card = covers(c, p.card)
        at = c.at
        given = []
        for i, kw in enumerate(p.keywords):
            c.at = (*at, "effect", name, "keywords", i)
            kname, impl, abilities = c.keyword(kw, 0)
            why = ("it adds abilities of its own" if abilities else
                   "the rules read it as its card is played" if getattr(impl, "place", None)
                   == PLAYED else "the game reads it from the printed card only"
                   if not getattr(impl, "giveable", True) else None)
            if why is not None:
                raise c.error(f"keyword '{kname}' can't be given by a static ability: {why}")
            given.append((kname, impl))
        c.at = at
        self.keywords = tuple(given)

    def run(self, g: Game, ctx: Trigger) -> None:  # pragma: no cover - only in statics
        raise AssertionError("a continuous effect is read by the game, never run")

    def covered(self, g: Game, ctx: Trigger) -> list[Card]:
        return covered_cards(self.card, g, ctx)


def keyword_grant(v: Vocabulary, name: str, text: str, doc: str) -> None:
    """Name the continuous keyword grant ``name`` in the game vocabulary ``v``: ``{name:
    {card: {all: ...}, keywords: [tank]}}``."""
    params = type("GrantParams", (GrantParams,), {})  # the game's own (its Keyword union)

    def make(p: Any, c: Compiler) -> KeywordGrant:
        return KeywordGrant(p, c, name, covered_ref)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"keyword_grant({name!r})"
    make.continuous = True  # type: ignore[attr-defined]
    v.effect(name, params, text=text)(make)


def in_force(g: Game) -> list[tuple[Handler, Trigger]]:
    """The static abilities in play now, each with its context, oldest card first: not those
    of a card whose text is blank, nor those whose condition does not hold."""
    hs = g.bus.handlers.get("static")
    if not hs:
        return []
    out = []
    for h in sorted(hs, key=lambda h: h.card.oid):
        card = h.card
        if card.blank:
            continue
        ctx = Trigger(h.ability, card, card.controller)
        cond = h.ability.trigger.condition
        if cond is None or cond.test(g, ctx):
            out.append((h, ctx))
    return out


@section
class Continuous(Section):
    """The static abilities in play, applied (see the module docstring). ``boosted``: the
    cards stat bonuses covered at the last refresh (each undone at the next)."""

    __slots__ = ("boosted", "given")
    name = "continuous"

    def __init__(self, g: Game) -> None:
        self.boosted: list[Card] = []
        self.given: list[Card] = []

    def changed(self, g: Game) -> None:
        """Something static abilities depend on changed: apply them again, if any are in play
        or were (the one way in: most games have none, and pay only this test)."""
        if self.boosted or self.given or g.bus.handlers.get("static") or self.applied():
            self.refresh(g)

    def applied(self) -> bool:
        """Whether the game's own layers changed cards at the last refresh (to undo)."""
        return False

    def refresh(self, g: Game) -> None:
        """Apply the static abilities in force, layer by layer, to the cards they cover now;
        undo them on the cards they covered before."""
        on = in_force(g)
        for card in self.given:
            card.given = ()
        self.layers(g, on)
        given: list[Card] = []
        for h, ctx in on:
            eff = h.ability.effect
            if not isinstance(eff, KeywordGrant):
                continue
            for card in eff.covered(g, ctx):
                kind = card.proto.type
                add = tuple(kw for kw in eff.keywords
                            if getattr(kw[1], "types", None) is None or kind in kw[1].types)
                if add:
                    if not card.given:
                        given.append(card)
                    card.given = (*card.given, *add)
        self.given = given
        for card in self.boosted:
            card.boosts = ()
        boosted: list[Card] = []
        for h, ctx in on:
            eff = h.ability.effect
            if not isinstance(eff, StatBonus):
                continue
            bonus = (eff.stat, eff.amount)
            for card in eff.covered(g, ctx):
                if not card.boosts:
                    boosted.append(card)
                card.boosts = (*card.boosts, bonus)
        self.boosted = boosted

    def layers(self, g: Game, on: list[tuple[Handler, Trigger]]) -> None:
        """The game's layers before arithmetic, given the abilities in force, oldest first."""


__all__ = ["Continuous", "KeywordGrant", "StatBonus", "StaticParams", "StaticTrigger",
           "covered_ref", "in_force", "in_static", "keyword_grant", "stat_bonus",
           "static_trigger"]
