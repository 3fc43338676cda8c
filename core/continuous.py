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
   order ("increases then decreases" gives the same total). A stat setting
   (:class:`StatSet`, "my Might is 5") is of the traits layer, before them: the game's stat
   starts from the newest setting (``Card.set_to``) instead of the printed value.

A prohibition (:class:`Prohibition`, "can't") is no layer: the game asks
:meth:`Continuous.forbidden` where the action happens, and "can't" beats "can".

Within a layer, the abilities apply oldest first: a card object's number is its timestamp
(it grows with each zone the card enters). A card keeps what the last refresh gave it in
``Card.boosts``, read by its game's stat (a card class's ``might``, ``level`` or ``power``:
``Card.boost``); a card that leaves play becomes a new object without them, and the
old one keeps them as last known information.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Optional, Self, Union

from pydantic import Field, create_model, model_validator

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


class EquippedRef:
    """``equipped`` (or the game's own word for it): the card the effect's card (an
    equipment) is attached to now, as its game's ``Card.equipped`` says (none if it is
    attached to none)."""

    __slots__ = ("entry_name",)

    def __init__(self, word: str = "equipped") -> None:
        self.entry_name = word

    def cards(self, g: Game, ctx: Trigger) -> list[Card]:
        host = ctx.source.equipped()
        return [host] if host is not None else []


EQUIPPED = EquippedRef()


def equipped_covers(types: frozenset[str], refusal: str,
                    word: str = "equipped") -> Callable[[Compiler, Any], Any]:
    """The cards a continuous effect of a game with equipment covers: ``this``, ``{all:
    ...}``, or ``word`` (``equipped``, or the game's own word) on a card of ``types`` (its
    equipment), refused elsewhere with ``refusal`` (``{kind}``: the card's type)."""
    ref = EQUIPPED if word == "equipped" else EquippedRef(word)

    def covers(c: Compiler, node: Any) -> Any:
        if node == word:
            if c.card_type not in types:
                raise c.error(refusal.format(kind=c.card_type))
            return ref
        return covered_ref(c, node)
    return covers


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

    __slots__ = ("card", "amount", "stat", "key")
    continuous = True

    def __init__(self, p: Any, c: Compiler, name: str, stat: str,
                 covers: Callable[[Compiler, Any], Any],
                 types: frozenset[str] | None = None) -> None:
        in_static(c, name)
        self.key = stat  # what ``Card.boosts`` holds it under (StatSet: "=stat")
        if p.amount == 0 and type(self) is StatBonus:
            raise c.error(f"'{name}' of 0 changes nothing: give +N or -N")
        self.card = covers(c, p.card)
        if isinstance(self.card, ThisRef) and types and c.card_type not in types:
            word = c.registry.stats.get(stat, stat)
            raise c.error(f"'{name}' on this card changes nothing: only "
                          + " or ".join(f"a {t.replace('_', ' ')}" for t in sorted(types))
                          + f" has {word}, and this card is a "
                          f"{(c.card_type or 'card').replace('_', ' ')}")
        self.amount = p.amount
        self.stat = stat

    def run(self, g: Game, ctx: Trigger) -> None:  # pragma: no cover - only in statics
        raise AssertionError("a continuous effect is read by the game, never run")

    def covered(self, g: Game, ctx: Trigger) -> list[Card]:
        return covered_cards(self.card, g, ctx)


class StatSet(StatBonus):
    """A continuous stat setting ("my Might is 5"): the cards it covers have the game's
    ``stat`` set to N (the traits layer, before arithmetic: bonuses add to it), the newest
    setting winning; held in ``Card.boosts`` under ``"=stat"`` (``Card.set_to``)."""

    __slots__ = ()

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.key = "=" + self.stat


def stat_bonus(v: Vocabulary, name: str, stat: str, text: str, doc: str,
               card: Any = "CardRef", covers: Callable[[Compiler, Any], Any] = covered_ref,
               cards: str = "'this', or {all: selector}.",
               types: frozenset[str] | None = None, sets: bool = False) -> None:
    """Name the continuous bonus to ``stat`` (one of the game's ``STATS``) ``name`` in the game
    vocabulary ``v``: ``{name: 2}`` (this card), ``{name: {card: {all: ...}, amount: -1}}``.
    A game whose continuous effects name other cards (an equipment's equipped card) gives
    the parameter's type ``card``, how it compiles (``covers``) and says so (``cards``);
    ``types``, the card types that have the stat, refuses the bonus on ``this`` of another
    type (it would change nothing). ``sets``: the effect sets the stat to N (0 or more)
    instead (:class:`StatSet`)."""
    params = create_model(
        "BonusParams", __base__=BonusParams, __module__=__name__,
        amount=(int, Field(ge=0, le=STAT_MAX, description="The value it is set to.") if sets
                else Field(ge=-STAT_MAX, le=STAT_MAX, description="+N or -N.")),
        card=(card, Field("this", description=cards)))
    kind = StatSet if sets else StatBonus

    def make(p: Any, c: Compiler) -> StatBonus:
        return kind(p, c, name, stat, covers, types)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"{'stat_set' if sets else 'stat_bonus'}({name!r})"
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


def keyword_grant(v: Vocabulary, name: str, text: str, doc: str, card: Any = None,
                  covers: Callable[[Compiler, Any], Any] = covered_ref,
                  cards: str = "'this', or {all: selector}.") -> None:
    """Name the continuous keyword grant ``name`` in the game vocabulary ``v``: ``{name:
    {card: {all: ...}, keywords: [tank]}}``. A game whose continuous effects name other
    cards gives ``card``, ``covers`` and ``cards`` as for :func:`stat_bonus`."""
    if card is None:  # the game's own model (its Keyword union)
        params: Any = type("GrantParams", (GrantParams,), {})
    else:
        params = create_model("GrantParams", __base__=GrantParams, __module__=__name__,
                              card=(card, Field("this", description=cards)))

    def make(p: Any, c: Compiler) -> KeywordGrant:
        return KeywordGrant(p, c, name, covers)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"keyword_grant({name!r})"
    make.continuous = True  # type: ignore[attr-defined]
    v.effect(name, params, text=text)(make)


class Prohibition:
    """A continuous prohibition, "can't": read where the action happens, and "can't" beats
    "can" (an effect or a rule that would do it does not). ``actions`` are what the cards
    can't do, or what players can't do to them (``opponents``: only the opponents of the
    ability's controller)."""

    __slots__ = ("card", "actions", "opponents")
    continuous = True

    def __init__(self, p: Any, c: Compiler, name: str,
                 covers: Callable[[Compiler, Any], Any]) -> None:
        in_static(c, name)
        self.card = covers(c, p.card)
        self.actions = tuple(p.action) if isinstance(p.action, list) else (p.action,)
        self.opponents = getattr(p, "by", "players") == "opponents"

    def run(self, g: Game, ctx: Trigger) -> None:  # pragma: no cover - only in statics
        raise AssertionError("a continuous effect is read by the game, never run")

    def covers(self, g: Game, ctx: Trigger, card: Card) -> bool:
        """Does it apply to ``card`` now?"""
        ref = self.card
        if isinstance(ref, ThisRef):
            return card is ctx.source
        if isinstance(ref, AllRef):
            return card.zone is not None and card.zone.in_play and \
                ref.selector.matches(card, ctx.controller, ctx.source, ctx.area)
        return any(x is card for x in ref.cards(g, ctx))


class CantParams(Params):
    """A prohibition's parameters (:func:`prohibition` makes each game's model, naming its
    actions): one kind of action in one effect, ``by: opponents`` only for what players do."""

    card_actions: ClassVar[tuple[str, ...]] = ()
    player_actions: ClassVar[tuple[str, ...]] = ()
    if TYPE_CHECKING:  # the fields each game's model declares
        action: Any
        by: str

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        cards, players = type(self).card_actions, type(self).player_actions
        action = self.action
        acts = action if isinstance(action, list) else [action]
        if not acts:
            raise ValueError("name at least one action")
        by_players = [a in players for a in acts]
        if any(by_players) and not all(by_players):
            raise ValueError(f"list what the card can't do ({', '.join(cards)}) and what "
                             f"players can't do to it ({', '.join(players)}) in separate "
                             "effects")
        if getattr(self, "by", "players") == "opponents" and not all(by_players):
            raise ValueError("'by: opponents' is for what players do to the card: "
                             + ", ".join(players))
        return self


def prohibition(v: Vocabulary, name: str, card_actions: tuple[str, ...],
                player_actions: tuple[str, ...], text: str, doc: str, card: Any = "CardRef",
                covers: Callable[[Compiler, Any], Any] = covered_ref,
                cards: str = "'this', or {all: selector}.") -> None:
    """Name the continuous prohibition ``name`` in the game vocabulary ``v``: what a card
    can't do (``card_actions``, the game's words: "move", "untap") and what players can't
    do to it (``player_actions``: "choose", "tap"), which ``by: opponents`` forbids to the
    ability controller's opponents only. ``{name: {action: move}}``, ``{name: {action:
    [choose], card: {all: ...}, by: opponents}}``."""
    actions = card_actions + player_actions
    kind: Any = Literal[actions]
    who: Any = Literal["players", "opponents"]

    fields: dict[str, Any] = {
        "action": (Union[kind, list[kind]], Field(
            description="What can't be done: what the card does (" + ", ".join(card_actions)
            + (") or what players do to it (" + ", ".join(player_actions) if player_actions
               else "") + "); one or a list of one kind.")),
        "card": (card, Field("this", description=cards))}
    if player_actions:  # who can't do it to the card
        fields["by"] = (who, Field("players", description="Who can't do it to the card: "
                                   "every player, or the opponents of this ability's "
                                   "controller."))
    params = create_model("CantParams", __base__=CantParams, __module__=__name__, **fields)

    def make(p: Any, c: Compiler) -> Prohibition:
        return Prohibition(p, c, name, covers)
    make.__doc__ = doc
    params.card_actions, params.player_actions = card_actions, player_actions
    make.__qualname__ = make.__name__ = f"prohibition({name!r})"
    make.continuous = True  # type: ignore[attr-defined]
    v.effect(name, params, text=text)(make)


def _oid(h: Handler) -> int:
    return h.card.oid


def in_force(g: Game) -> list[tuple[Handler, Trigger]]:
    """The static abilities in play now, each with its context, oldest card first: not those
    of a card whose text is blank, nor those whose condition does not hold."""
    hs = g.bus.handlers.get("static")
    if not hs:
        return []
    out = []
    for h in sorted(hs, key=_oid) if len(hs) > 1 else hs:
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

    def forbidden(self, g: Game, action: str, card: Card, player: Any = None) -> bool:
        """Can ``card`` not do ``action``, or can ``player`` (None: whoever does it) not do it
        to ``card``? A static ability in force that says so forbids it (its card's text not
        blank, its condition holding); one that forbids it to opponents only forbids it to
        the opponents of its controller. None in play: one dictionary lookup."""
        hs = g.bus.handlers.get("static")
        if not hs:
            return False
        for h in hs:
            eff = h.ability.effect
            if h.card.blank or not isinstance(eff, Prohibition) or action not in eff.actions:
                continue
            ctx = Trigger(h.ability, h.card, h.card.controller)
            if eff.opponents and (player is None or player is ctx.controller):
                continue
            cond = h.ability.trigger.condition
            if eff.covers(g, ctx, card) and (cond is None or cond.test(g, ctx)):
                return True
        return False

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
            bonus = (eff.key, eff.amount)
            for card in eff.covered(g, ctx):
                if not card.boosts:
                    boosted.append(card)
                card.boosts = (*card.boosts, bonus)
        self.boosted = boosted

    def layers(self, g: Game, on: list[tuple[Handler, Trigger]]) -> None:
        """The game's layers before arithmetic, given the abilities in force, oldest first."""


__all__ = ["Continuous", "KeywordGrant", "Prohibition", "StatBonus", "StatSet", "StaticParams",
           "StaticTrigger", "covered_ref", "in_force", "in_static", "keyword_grant",
           "prohibition", "stat_bonus", "static_trigger"]
