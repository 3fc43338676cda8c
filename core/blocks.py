"""The card language's building blocks every card game's cards need, beside the structure of
:mod:`cardscript.vocabulary`: each is one vocabulary entry, written once here, that every
game gets, its words the game's own (a game's ``TextVocabulary`` names its zones and nouns).

- :class:`KeywordBase`: the base of a compiled keyword: it keeps no parameters and adds no
  abilities, which is all a keyword the rules read where they apply it is (Tank where
  damage is assigned); one that expands into abilities overrides ``abilities``.
- ``you_control``: a condition, true if the ability's controller controls a card the
  selector matches (an effect's controller, ``Game.effect_controller``: a card's owner
  stands in outside play).
- ``draw``: a player draws cards, ``{draw: 2}``, ``{draw: {count: 2, player: opponent}}``;
  how a draw works (replaced draws, burning out, an empty pile) is the game's own
  ``Game.draw``. Done (rule 508.4's "if you do") when at least one card was drawn.
- ``count``: a dynamic value, the number of cards a selector matches ("for each X",
  "equal to the number of X").
- ``stat``: a dynamic value, a card's stat now (its Might, level, power: the stats a game
  names in ``Game.STATS``, read by ``Game.stat``), or the total of a selection's.
- :class:`Whenever`: a trigger on an event about another card while this card is in play
  ("when a unit you control dies"), the card judged where the event found it; a game
  subclasses it with its own event words and text.
- Zone moves (:func:`pile_move`): a card in play, or in another pile, to a pile of its
  owner's (the hand, the discard pile, a pile of cards removed from the game), one concept
  each game names in its own words; how a card leaves play, and how the game logs it, is
  the game's own ``Game.leave_play``.
- Cards in a player's pile (:func:`pile_selector`): a selector over the cards of a hand, a
  discard pile, a pile of cards removed from the game, by owner, card type, name and
  ``other``, named and worded by each game ("a unit card in your trash").
- Looking at the top of a deck (:func:`look_at_top`): the top N cards of your deck, up to K
  of them (that a selector accepts) into your hand, the rest on the bottom, in the order
  they were; a game names it in its words ("recycle the rest").
- ``later``: a delayed ability ("at the start of your next turn, draw a card"): the effect
  waits on the bus (:class:`~cardscript.bus.Delayed`) for the first event of a
  :class:`Moment` the game names (``Game.MOMENTS``), then triggers once, ``it`` and
  ``target`` naming what they named when it was made.

A parameter renamed since a card file was written (``draw``'s ``amount``, one game's old
name for its ``count``) is named in its model's ``__renamed__``: the old name is an error
saying the new one, which ``cardscript lint --fix`` writes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional, cast

from pydantic import Field

from .bus import Delayed
from .errors import did_you_mean
from .limits import COUNT_MAX, LimitExceeded
from .loadable import step
from .places import IN_PLAY, Moment, article
from .registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from .bus import Event
    from .compiler import Compiler
    from .game import Game
    from .model.names import CardRef, Effect, PlayerRef, Selector, Value
    from .refs import CardRef as CompiledCardRef
    from .resolve import Trigger


class KeywordBase:
    """A compiled keyword that keeps no parameters and adds no abilities: a keyword the rules
    read from the card where they apply it (one that expands into abilities overrides
    :meth:`abilities`). ``types``: the card types the rules read it on (None: any); ``place``:
    where they read it (:data:`~cardscript.places.IN_PLAY`, or
    :data:`~cardscript.places.PLAYED` as its card is played; None: anywhere). ``check``
    holds a card to both (CS112, :func:`cardscript.places.keyword_inert`)."""

    __slots__ = ()
    types: frozenset[str] | None = None
    place: str | None = None

    def __init__(self, p: Any, c: Compiler) -> None:
        pass

    def abilities(self) -> list[dict]:
        return []


class YouControl:
    """True if the ability's controller controls a card the selector matches (an effect's
    controller stands for each card: its owner outside play)."""

    __slots__ = ("selector",)

    def __init__(self, p: Any, c: Compiler) -> None:
        self.selector = c.selector(p.selector)

    def test(self, g: Game, ctx: Trigger) -> bool:
        you = ctx.controller
        return any(g.effect_controller(c) is you for c in self.selector.candidates(g, ctx))


class Count:
    """A dynamic value: the number of cards the selector matches now (any zone the game's
    selectors reach), for "for each X" and "equal to the number of X"; at most ``max``, if
    given ("up to 3")."""

    __slots__ = ("selector", "max")

    def __init__(self, p: Any, c: Compiler) -> None:
        self.selector = c.selector(p.selector)
        self.max = p.max

    def get(self, g: Game, ctx: Trigger) -> int:
        n = len(self.selector.candidates(g, ctx))
        return n if self.max is None or n <= self.max else self.max


class Stat:
    """A dynamic value: the stat ``name`` of the cards the reference names, now (their
    total; 0 if it names none), as the game reads it (``Game.stat``); at most ``max``, if
    given."""

    __slots__ = ("name", "card", "max")

    def __init__(self, p: Any, c: Compiler) -> None:
        stats = c.registry.stats
        if p.stat not in stats:
            raise c.error(f"unknown stat '{p.stat}'{did_you_mean(p.stat, stats)}; expected "
                          f"one of: {', '.join(sorted(stats)) or 'none in this game'}")
        self.name = p.stat
        self.card = c.card_ref(p.card)
        self.max = p.max

    def get(self, g: Game, ctx: Trigger) -> int:
        name = self.name
        n = sum(g.stat(x, name) for x in self.card.cards(g, ctx))
        return n if self.max is None or n <= self.max else self.max


class Whenever:
    """A trigger on an event about a card the selector matches, while this card is in play:
    ``event`` the event's kind, the card judged where the event found it (a card that died,
    as it last was: ``anywhere``); ``it`` names that card. A game's entry subclasses it,
    choosing the event from its own words."""

    __slots__ = ("event", "selector")
    scope = IN_PLAY
    it = True

    def __init__(self, event: str, selector: Any) -> None:
        self.event = event
        self.selector = selector

    def matches(self, ev: Any, card: Any) -> bool:
        subject = ev.card
        if subject is None:
            return False
        zone = card.zone
        return bool(self.selector.matches(subject, card.controller, card,
                                          zone.area if zone is not None else None,
                                          anywhere=True))


class ToPile:
    """A zone move: each card the reference names (of ``types``, if given) goes to its
    owner's ``pile`` (the player's zone of that name): a card in play that may leave it
    (``Game.can_leave_play``) as the game moves a card out of play (``Game.leave_play``,
    told the move's word ``logged``); a card in another of a player's piles (a trash, a
    hand) as the game moves one between piles (``Game.leave_pile``). Into an ordered pile
    (a deck), ``position`` says where: on top, at the bottom (in the order moved, each
    under the last), or shuffled in. Done when a card moved."""

    __slots__ = ("card", "pile", "logged", "types", "position")

    def __init__(self, card: CompiledCardRef, pile: str, logged: str,
                 types: tuple[str, ...], position: str = "top") -> None:
        self.card = card
        self.pile = pile
        self.logged = logged
        self.types = types
        self.position = position

    def run(self, g: Game, ctx: Trigger) -> None:
        types, pile = self.types, self.pile
        cards = [x for x in self.card.cards(g, ctx)
                 if (not types or x.proto.type in types) and x.zone is not None
                 and x.zone is not getattr(x.owner, pile)
                 and (g.can_leave_play(x) if x.zone.in_play else x.zone.player is not None)]
        ctx.done = bool(cards)
        position = self.position
        shuffled: list = []
        for x in cards:
            dest = getattr(x.owner, pile)
            if x.zone.in_play:
                g.leave_play(x, dest, self.logged)
            else:  # from one of a player's piles to another
                g.leave_pile(x, dest, self.logged, ctx.controller)
            new = x.moved_to
            if new is None or new.zone is not dest or position == "top":
                continue  # a token that ceased to exist; a card on top, where moves put it
            if position == "bottom":
                dest.cards.remove(new)
                dest.cards.insert(0, new)
            elif not any(z is dest for z in shuffled):
                shuffled.append(dest)
        for z in shuffled:
            g.rng.shuffle(z.cards)


def pile_move(v: Vocabulary, name: str, pile: str, text: str, doc: str, logged: str = "",
              types: tuple[str, ...] = (), position: str = "top") -> None:
    """Name the zone move to ``pile`` ``name`` in the game vocabulary ``v``: ``{name:
    target}``, ``{name: {all: selector}}``, with its rules text and docstring in the
    game's words; into a deck, ``position`` is "top", "bottom" or "shuffle"."""
    if position not in ("top", "bottom", "shuffle"):
        raise ValueError(f"pile_move position {position!r}: top, bottom or shuffle")
    class PileParams(Params):
        __shorthand__ = "card"
        card: "CardRef" = "target"

    def make(p: PileParams, c: Compiler) -> ToPile:
        kind = c.card_type
        c.this_can_be(p.card, name, types)
        if p.card == "this" and kind in c.registry.places.fixed:
            raise c.error(f"{name} moves a card out of play, and this card "
                          f"({article(kind)}) is never moved so: it would do nothing")
        return ToPile(c.card_ref(p.card), pile, logged or name, types, position)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"pile_move({name!r})"
    v.effect(name, PileParams, text=text)(make)


class LookAtTop:
    """The controller looks at the top ``count`` cards of their deck and may put up to
    ``take`` of them (each one ``filter`` accepts, if given) into their hand, one choice at a
    time; the rest go to the bottom of the deck, the highest of them highest. Done when a
    card was taken."""

    __slots__ = ("count", "take", "filter")

    def __init__(self, p: Any, c: Compiler) -> None:
        self.count = p.count
        self.take = p.take
        self.filter = c.selector(p.filter) if p.filter is not None else None

    def run(self, g: Game, ctx: Trigger) -> None:
        you = ctx.controller
        looked = g.top(you.deck, self.count)
        ctx.done = False
        g.log.append(("look", you.name, len(looked)))
        self.offer(g, ctx, looked, 0)

    @step
    def offer(self, g: Game, ctx: Trigger, looked: list, taken: int) -> None:
        you, sel = ctx.controller, self.filter
        options = [c for c in looked if sel is None
                   or sel.matches(c, you, ctx.source, ctx.area, anywhere=True)]
        if taken < self.take and options:
            g.ask(you, "look", [*options, "none"],
                  f"put a card into your hand ({taken} of up to {self.take} taken)",
                  then=(self.picked, g, ctx, looked, taken))
        else:
            self.bottom(g, you, looked)

    @step
    def picked(self, g: Game, ctx: Trigger, looked: list, taken: int, card: Any) -> None:
        you = ctx.controller
        if card == "none":
            self.bottom(g, you, looked)
            return
        looked = [c for c in looked if c is not card]
        g.move(card, you.hand)
        g.log.append(("take", you.name, card.proto.id))
        ctx.done = True
        self.offer(g, ctx, looked, taken + 1)

    @staticmethod
    def bottom(g: Game, you: Any, looked: list) -> None:
        for c in looked:  # each goes under the last: the highest stays highest
            if c.zone is you.deck:
                g.move(c, you.deck, top=False)
        if looked:
            g.log.append(("bottom", you.name, len(looked)))


def look_at_top(v: Vocabulary, name: str, text: str, doc: str) -> None:
    """Name looking at the top of a deck ``name`` in the game vocabulary ``v`` (its words in
    ``text``): ``{name: 3}``, ``{name: {count: 3, take: 2, filter: selector}}``."""
    class LookParams(Params):
        __shorthand__ = "count"
        count: int = Field(ge=1, le=COUNT_MAX)
        take: int = Field(1, ge=1, le=COUNT_MAX)
        filter: "Selector | None" = None

    def make(p: LookParams, c: Compiler) -> LookAtTop:
        if p.take > p.count:
            raise c.error(f"{name} takes up to {p.take} of {p.count} cards: it can't take "
                          f"more than it looks at (take at most {p.count})")
        return LookAtTop(p, c)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"look_at_top({name!r})"
    v.effect(name, LookParams, text=text)(make)


class PileSelector:
    """Cards in a player's pile of kind ``zone`` (a hand, a discard pile): whose (``owner``,
    relative to the ability's controller), of ``types``, with the printed ``name``, not the
    source (``other``). A hidden pile's cards are made objects as they are looked at
    (``Game.look``)."""

    __slots__ = ("zone", "owner", "types", "name", "other")

    def __init__(self, p: Any, c: Compiler) -> None:
        self.zone = p.zone
        self.owner = p.owner
        self.types = frozenset(p.type or ())
        self.name = p.name
        self.other = p.other

    def candidates(self, g: Game, ctx: Trigger) -> list:
        you, owner = ctx.controller, self.owner
        players = [you] if owner == "you" else g.opponents(you) if owner == "opponent" \
            else g.turn_order()
        return [c for p in players for c in g.look(getattr(p, self.zone))
                if self.matches(c, you, ctx.source, None)]

    def still_valid(self, g: Game, ctx: Trigger, obj: Any) -> bool:
        return getattr(obj, "zone", None) is not None and \
            self.matches(obj, ctx.controller, ctx.source, None)

    def matches(self, card: Any, you: Any, source: Any, here: Any,
                anywhere: bool = False) -> bool:
        zone = card.zone
        if zone is None or zone.kind != self.zone:
            return False
        owner = self.owner
        if owner == "you" and card.owner is not you or owner == "opponent" and \
                card.owner is you:
            return False
        if self.types and card.proto.type not in self.types:
            return False
        if self.name is not None and card.proto.name != self.name:
            return False
        return not (self.other and card is source)


#: a pile selector's rules text: "a unit card in your trash", "cards in an opponent's hand"
PILE_TEXT = (
    "{% set kinds = (type | map('noun') | join(' or ') ~ ' ') if type else '' %}"
    "{% set what = kinds ~ 'card' %}"
    "{% set named = (' named ' ~ name) if name else '' %}"
    "{% set whose = {'you': 'your', 'opponent': \"an opponent's\", 'any': \"a player's\"}"
    "[owner] %}"
    "{% if form in ('all', 'plural', 'no') %}"
    "{{ {'all': 'all ', 'no': 'no '}.get(form, '') }}{{ 'other ' if other }}{{ what }}s"
    "{% elif form in ('each', 'bare') %}{{ 'each ' if form == 'each' }}{{ 'other ' if other }}"
    "{{ what }}{% elif other %}another {{ what }}{% else %}{{ what | article }}{% endif %}"
    "{{ named }} in {{ whose }} {zone}")


def pile_selector(v: Vocabulary, name: str, zones: dict[str, str], types: tuple[str, ...],
                  doc: str) -> None:
    """Name the selector over cards in a player's pile ``name`` in the game vocabulary ``v``:
    ``zones`` its pile kinds, each with its words ("trash"), ``types`` the card types a
    filter may name."""
    from typing import Literal

    class PileFilter(Params):
        zone: Literal[tuple(zones)]  # type: ignore[valid-type]
        owner: Literal["you", "opponent", "any"] = Field(
            "you", description="Whose pile, from the ability's controller.")
        type: Optional[list[Literal[types]]] = Field(  # type: ignore[valid-type]
            None, min_length=1, description="Of one of these card types.")
        name: Optional[str] = Field(None, min_length=1, max_length=80,
                                    description="The card's printed name.")
        other: bool = Field(False, description="Not the ability's own card.")

    def make(p: PileFilter, c: Compiler) -> PileSelector:
        return PileSelector(p, c)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"pile_selector({name!r})"
    words = "{{ " + repr(zones) + "[zone] }}"
    v.selector(name, PileFilter, text=PILE_TEXT.replace("{zone}", words))(make)


class Draw:
    """The player draws cards from their deck, as the game's rules draw (``Game.draw``)."""

    __slots__ = ("count", "player")
    #: it may bring cards into a hand: a chance to find what a player lacks (a game's rule
    #: may ask, as a mulligan that needs every chance used)
    finds_cards = True

    def __init__(self, p: Any, c: Compiler) -> None:
        self.count = c.count(p.count)
        self.player = c.player_ref(p.player)

    def run(self, g: Game, ctx: Trigger) -> None:
        n = self.count.get(g, ctx)
        done = False
        for pl in self.player.players(g, ctx):
            done = g.draw(pl, n) > 0 or done
        ctx.done = done


class MomentTrigger:
    """The trigger of a delayed ability: the first event of its moment, once."""

    __slots__ = ("event", "yours")
    entry_name = "later"
    scope = "delayed"
    gated = False

    def __init__(self, moment: Moment) -> None:
        self.event = moment.event
        self.yours = moment.yours

    def matches(self, ev: Event, controller: Any) -> bool:
        return not self.yours or ev.player is controller


class Carried:
    """The effect of a delayed ability, run with what its maker named: its controller (the
    fired event's player), its target, ``it`` (the event's card); ``target`` and ``it``
    follow a card to where it moved. The target is not targeted again (``Trigger.aimed``)."""

    __slots__ = ("effect",)

    def __init__(self, effect: Any) -> None:
        self.effect = effect

    def run(self, g: Game, ctx: Trigger) -> None:
        ev = cast("Event", ctx.event)  # the delayed ability's own (Bus.collect_delayed)
        ctx.controller = ev.player
        ctx.target = ev.data  # a card is followed where it moved when named (refs.followed)
        ctx.aimed = True
        self.effect.run(g, ctx)


class Later:
    """A delayed ability: made when this effect runs, waiting on the bus for its moment."""

    __slots__ = ("ability",)

    def __init__(self, p: Any, c: Compiler) -> None:
        from .compiler import AbilityProgram
        moments = c.registry.moments
        moment = moments.get(p.at)
        if moment is None:
            known = ", ".join(sorted(moments)) or "none in this game"
            raise c.error(f"unknown moment '{p.at}' for later{did_you_mean(p.at, moments)}; "
                          f"expected one of: {known}")
        self.ability = AbilityProgram(-1, MomentTrigger(moment), None,
                                      Carried(c.effect(p.effect)), c.card_id)

    def run(self, g: Game, ctx: Trigger) -> None:
        waiting = g.bus.delayed
        if len(waiting) >= g.limits.effect_steps:  # a loop making them can't fill memory
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"{len(waiting):,} delayed abilities waiting",
                                ctx.source.proto.id)
        waiting.append(Delayed(self.ability, ctx.source, ctx.controller, ctx.it, ctx.target))
        ctx.done = True


def blocks(v: Vocabulary) -> None:
    """Add the building blocks to ``v``, a game's core vocabulary (their parameter models
    made for that game, as they nest its unions)."""

    class CountParams(Params):
        __shorthand__ = "count"
        __renamed__: ClassVar[dict[str, str]] = {"amount": "count"}
        count: "Value" = 1
        player: "PlayerRef" = "you"

    class SelectorParams(Params):
        __shorthand__ = "selector"
        selector: "Selector"

    class CountValueParams(Params):
        __shorthand__ = "selector"
        selector: "Selector"
        max: Optional[int] = Field(None, ge=0, le=COUNT_MAX,
                                   description="At most this many (\"up to N\").")

    class StatParams(Params):
        __shorthand__ = "stat"
        stat: str
        card: "CardRef" = "this"
        max: Optional[int] = Field(None, ge=0, le=COUNT_MAX, description="At most this.")

    class LaterParams(Params):
        at: str
        effect: "Effect"

    v.effect("draw", CountParams,
             text="{{ player | does('draw') }} {{ count | quantity('card') }}")(Draw)
    v.effect("later", LaterParams, text="{{ at | moment }}, {{ effect }}")(Later)
    v.value("count", CountValueParams,
            text="{% if per %}for each {{ selector | describe('bare') }}"
            "{% else %}the number of {{ selector | describe('plural') }}{% endif %}"
            "{% if max is not none %} (up to {{ max }}){% endif %}")(Count)
    v.value("stat", StatParams, text="{% if not per %}{{ card | stat_of(stat) }}"
            "{% if max is not none %} (up to {{ max }}){% endif %}{% endif %}")(Stat)
    v.condition("you_control", SelectorParams,
                text="you control {{ selector | describe('no' if negated else 'a', "
                "implied={'controller': 'you'}) }}")(YouControl)
