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
- ``that_many``: a dynamic value, the number of cards an earlier stage moved or drew
  ("discard any number of cards, then draw that many").
- :class:`Whenever`: a trigger on an event about another card while this card is in play
  ("when a unit you control dies"), the card judged where the event found it; a game
  subclasses it with its own event words and text.
- The blocks about a player's piles — zone moves, looking at the top of a deck, a selector
  over a pile's cards — are in :mod:`cardscript.piles`.
- ``later``: a delayed ability ("at the start of your next turn, draw a card"): the effect
  waits on the bus (:class:`~cardscript.bus.Delayed`) for the first event of a
  :class:`Moment` the game names (``Game.MOMENTS``), then triggers once, ``it`` and
  ``target`` naming what they named when it was made.

A parameter renamed since a card file was written (``draw``'s ``amount``, one game's old
name for its ``count``) is named in its model's ``__renamed__``: the old name is an error
saying the new one, which ``cardscript lint --fix`` writes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional, Self, cast

from pydantic import Field, model_validator

from .bus import Delayed
from .limits import COUNT_MAX, LimitExceeded
from .places import IN_PLAY, Moment
from .registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from .bus import Event
    from .compiler import Compiler
    from .game import Game
    from .model.names import CardRef, Effect, PlayerRef, Selector, Value
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
    #: a card may print it more than once, each instance applying (two cost changes): the
    #: card's ``keywords`` then holds a tuple of them, in print order; any other keyword
    #: given twice is an error
    repeatable = False

    def __init__(self, p: Any, c: Compiler) -> None:
        pass

    def abilities(self) -> list[dict]:
        return []


def instances(impl: Any) -> tuple:
    """A card's compiled keyword of one name as its instances: one, or a repeatable
    keyword's several (:attr:`KeywordBase.repeatable`)."""
    return impl if isinstance(impl, tuple) else (impl,)


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


class ThatMany:
    """A dynamic value: how many cards an earlier stage of the ability moved or drew ("discard
    any number of cards, then draw that many"): the cards ``moved`` names, counted as the
    stage left them."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        if not c.moves:
            raise c.error("'that_many' counts the cards an earlier stage of this ability drew "
                          "or moved, and no earlier stage does: draw or move them first")

    def get(self, g: Game, ctx: Trigger) -> int:
        return len(ctx.moved)


class Stat:
    """A dynamic value: the stat ``name`` of the cards the reference names, now (their
    total; 0 if it names none), as the game reads it (``Game.stat``); at most ``max``, if
    given."""

    __slots__ = ("name", "card", "max")

    def __init__(self, p: Any, c: Compiler) -> None:
        c.one_of("stat", p.stat, c.registry.stats)
        self.name = p.stat
        self.card = c.card_ref(p.card)
        self.max = p.max

    def get(self, g: Game, ctx: Trigger) -> int:
        name = self.name
        n = sum(g.stat(x, name) for x in self.card.cards(g, ctx))
        return n if self.max is None or n <= self.max else self.max


class WheneverParams(Params):
    """The base of a game's ``whenever`` parameters: its subclass declares one optional
    selector per event word and ``WORDS`` (word -> the event it waits for); exactly one is
    given."""

    WORDS: ClassVar[dict[str, str]] = {}

    @model_validator(mode="after")
    def _exactly_one(self) -> Self:
        words = type(self).WORDS
        if sum(1 for k in words if getattr(self, k) is not None) != 1:
            raise ValueError("name exactly one event: " + ", ".join(words))
        return self


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

    @staticmethod
    def given(p: WheneverParams, c: Compiler) -> tuple[str, Any]:
        """The event a game's ``whenever`` parameters name, and their compiled selector."""
        word = next(k for k in type(p).WORDS if getattr(p, k) is not None)
        return type(p).WORDS[word], c.selector(getattr(p, word))

    def matches(self, ev: Any, card: Any) -> bool:
        subject = ev.card
        if subject is None:
            return False
        zone = card.zone
        return bool(self.selector.matches(subject, card.controller, card,
                                          zone.area if zone is not None else None,
                                          anywhere=True))


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
        drawn: list = []
        for pl in self.player.players(g, ctx):
            hand = pl.hand.cards
            before = len(hand)
            done = g.draw(pl, n) > 0 or done
            drawn += hand[before:]  # a draw adds its cards at the end of the hand
        ctx.done = done
        ctx.moved = tuple(drawn)


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
    fired event's player), its targets, ``it`` (the event's card); ``target`` and ``it``
    follow a card to where it moved. The target is not targeted again (``Trigger.aimed``)."""

    __slots__ = ("effect",)

    def __init__(self, effect: Any) -> None:
        self.effect = effect

    def run(self, g: Game, ctx: Trigger) -> None:
        ev = cast("Event", ctx.event)  # the delayed ability's own (Bus.collect_delayed)
        ctx.controller = ev.player
        # a card is followed where it moved when named (refs.followed)
        ctx.target, ctx.more = ev.data
        ctx.aimed = True
        self.effect.run(g, ctx)


class Later:
    """A delayed ability: made when this effect runs, waiting on the bus for its moment."""

    __slots__ = ("ability",)

    def __init__(self, p: Any, c: Compiler) -> None:
        from .compiler import AbilityProgram
        c.one_of("moment", p.at, c.registry.moments, "later")
        moment = c.registry.moments[p.at]
        self.ability = AbilityProgram(-1, MomentTrigger(moment), None,
                                      Carried(c.effect(p.effect)), c.card_id)

    def run(self, g: Game, ctx: Trigger) -> None:
        waiting = g.bus.delayed
        if len(waiting) >= g.limits.effect_steps:  # a loop making them can't fill memory
            raise LimitExceeded("effect_steps", g.limits.effect_steps,
                                f"{len(waiting):,} delayed abilities waiting",
                                ctx.source.proto.id)
        waiting.append(Delayed(self.ability, ctx.source, ctx.controller, ctx.it, ctx.target,
                               ctx.more))
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

    v.effect("draw", CountParams, moves="drawn",
             text="{{ player | does('draw') }} {{ count | quantity('card') }}")(Draw)
    v.effect("later", LaterParams, text="{{ at | moment }}, {{ effect }}")(Later)
    v.value("count", CountValueParams,
            text="{% if per %}for each {{ selector | describe('bare') }}"
            "{% else %}the number of {{ selector | describe('plural') }}{% endif %}"
            "{% if max is not none %} (up to {{ max }}){% endif %}")(Count)
    v.value("that_many", text="{% if not per %}the number of cards {{ 'cards' | "
            "moved_word }} this way{% endif %}")(ThatMany)
    v.value("stat", StatParams, text="{% if not per %}{{ card | stat_of(stat) }}"
            "{% if max is not none %} (up to {{ max }}){% endif %}{% endif %}")(Stat)
    v.condition("you_control", SelectorParams,
                text="you control {{ selector | describe('no' if negated else 'a', "
                "implied={'controller': 'you'}) }}")(YouControl)
