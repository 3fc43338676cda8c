"""The core's building blocks about a player's piles (beside :mod:`cardscript.blocks`): zone
moves into a pile, looking at the top of a deck, and a selector over the cards of a pile.
Each is a factory a game calls to name the block in its own words (one game's trash is
another's discard pile: one concept, each game's name and text).

- Zone moves (:func:`pile_move`): a card in play, or in another of its owner's piles, to a
  pile of its owner's (the hand, the discard pile, a pile of cards removed from the game, a
  deck at a position); how a card leaves play is the game's own ``Game.leave_play``, and a
  move between piles its ``Game.leave_pile``.
- Looking at the top of a deck (:func:`look_at_top`): the top N cards of your deck, up to K
  of them (that a selector accepts) into your hand, one choice at a time, the rest on the
  bottom in the order they were.
- Discarding from a hand (:func:`hand_discard`): each player chooses the cards (or they go
  at random) into their discard zone, through ``Game.leave_pile``.
- Cards in a player's pile (:func:`pile_selector`): by owner, card type, printed name and
  ``other`` ("a unit card in your trash").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import Field

from .limits import COUNT_MAX
from .loadable import step
from .places import article
from .registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from .compiler import Compiler
    from .game import Game
    from .model.names import CardRef, PlayerRef, Selector, Value
    from .refs import CardRef as CompiledCardRef
    from .resolve import Trigger


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
        moved = []
        for x in cards:
            dest = getattr(x.owner, pile)
            if x.zone.in_play:
                g.leave_play(x, dest, self.logged)
            else:  # from one of a player's piles to another
                g.leave_pile(x, dest, self.logged, ctx.controller)
            new = x.moved_to
            if new is not None:
                moved.append(new)
            if new is None or new.zone is not dest or position == "top":
                continue  # a token that ceased to exist; a card on top, where moves put it
            if position == "bottom":
                dest.cards.remove(new)
                dest.cards.insert(0, new)
            elif not any(z is dest for z in shuffled):
                shuffled.append(dest)
        for z in shuffled:
            g.rng.shuffle(z.cards)
        ctx.moved = tuple(moved)


def pile_move(v: Vocabulary, name: str, pile: str, text: str, doc: str, logged: str = "",
              types: tuple[str, ...] = (), position: str = "top", moved: str = "") -> None:
    """Name the zone move to ``pile`` ``name`` in the game vocabulary ``v``: ``{name:
    target}``, ``{name: {all: selector}}``, with its rules text and docstring in the
    game's words; into a deck, ``position`` is "top", "bottom" or "shuffle". ``moved`` is
    how the text names the cards it moved ("the card *returned* this way", for ``moved``
    in a later stage): ``logged`` by default."""
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
    v.effect(name, PileParams, text=text, moves=moved or logged or name)(make)


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
        ctx.moved = ()
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
        new = g.move(card, you.hand)
        if new is not None:
            ctx.moved = (*ctx.moved, new)
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
    v.effect(name, LookParams, text=text, moves="put into your hand")(make)


class HandDiscard:
    """Players discard cards from their hands to their ``pile`` (the game's discard zone):
    each chooses which, one card at a time (at random, with ``random``; the ability's
    controller, who sees the hand, with ``chooser: you``; all they hold if fewer), in the
    order the player reference gives them. Done when a card was discarded;
    a later stage's ``moved`` names the cards discarded."""

    __slots__ = ("count", "player", "random", "pile", "yours")

    def __init__(self, p: Any, c: Compiler, pile: str) -> None:
        if p.random and p.chooser == "you":
            raise c.error("a discard at random has no chooser: give random or chooser: you, "
                          "not both")
        self.count = c.count(p.count)
        self.player = c.player_ref(p.player)
        self.random = p.random
        self.pile = pile
        #: the ability's controller chooses (sees the hand: "a card of your choice")
        self.yours = p.chooser == "you"

    def run(self, g: Game, ctx: Trigger) -> None:
        ctx.done, ctx.moved = False, ()
        n = self.count.get(g, ctx)
        for q in reversed(self.player.players(g, ctx)):  # the first asked first (LIFO)
            g.then(self.one, g, ctx, q, n)

    @step
    def one(self, g: Game, ctx: Trigger, q: Any, left: int) -> None:
        hand = q.hand.cards
        if left <= 0 or not hand:
            return
        if self.random:
            self.chosen(g, ctx, q, left, hand[int(g.rng.random() * len(hand))])
        elif self.yours and q is not ctx.controller:  # they reveal it; you choose
            g.log.append(("reveal", q.name, len(hand)))
            g.ask(ctx.controller, "discard", list(hand),
                  f"choose a card {q.name} discards ({left} left)",
                  then=(self.chosen, g, ctx, q, left), behalf=q)
        else:
            g.ask(q, "discard", list(hand), f"discard a card ({left} left)",
                  then=(self.chosen, g, ctx, q, left))

    @step
    def chosen(self, g: Game, ctx: Trigger, q: Any, left: int, card: Any) -> None:
        g.leave_pile(card, getattr(card.owner, self.pile), "discarded", ctx.controller)
        if card.moved_to is not None:
            ctx.moved = (*ctx.moved, card.moved_to)
        ctx.done = True
        self.one(g, ctx, q, left - 1)


def hand_discard(v: Vocabulary, name: str, pile: str, text: str, doc: str) -> None:
    """Name discarding from a hand ``name`` in the game vocabulary ``v`` (its words in
    ``text``), to each player's zone ``pile``: ``{name: 2}``, ``{name: {count: 1, player:
    opponent, random: true}}``."""
    class DiscardParams(Params):
        __shorthand__ = "count"
        count: "Value" = Field(1, description="How many cards: a number or a value.")
        player: "PlayerRef" = Field("you", description="Who discards.")
        random: bool = Field(False, description="At random, not chosen.")
        chooser: Literal["owner", "you"] = Field(
            "owner", description="Who chooses: the player who discards, or the ability's "
            "controller, who sees that hand (\"a card of your choice\").")

    def make(p: DiscardParams, c: Compiler) -> HandDiscard:
        return HandDiscard(p, c, pile)
    make.__doc__ = doc
    make.__qualname__ = make.__name__ = f"hand_discard({name!r})"
    v.effect(name, DiscardParams, text=text, moves="discarded")(make)


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
        owner, whose = self.owner, zone.player  # whose pile (a card's own, but a jailer's)
        if owner == "you" and whose is not you or owner == "opponent" and whose is you:
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
