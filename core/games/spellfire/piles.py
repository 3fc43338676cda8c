"""Spellfire effects on draw piles and hands: drawing, searching the draw pile for a card,
and discarding from the hand. Drawing and searching are chances to find a realm: the
two-draw mulligan asks that an event doing so was played first (seed, "Two-Draw
Mulligan"), which ``finds_cards`` tells the rules (:meth:`.rules.SpellfireGame.finds_cards`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import Field, model_validator

from ...limits import COUNT_MAX
from ...loadable import step
from ...registry import Params, Vocabulary
from ...resolve import DONE
from .card import CardType

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import PlayerRef
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer, SpellfireTrigger

vocab = Vocabulary("spellfire")


class SearchParams(Params):
    __shorthand__ = "type"
    type: CardType = Field(description="The card type searched for.")


@vocab.effect("search", SearchParams,
              text="search your draw pile for {{ type | type_noun | article }}, put it into "
                   "your hand, then shuffle your draw pile")
class Search:
    """Look through your draw pile for a card of a type and put it into your hand (you
    choose which, if several), then shuffle the draw pile. If there is none, the pile is
    shuffled all the same (it was looked through)."""

    __slots__ = ("type",)
    finds_cards = True  # a chance to find a realm (the two-draw mulligan)

    def __init__(self, p: SearchParams, c: Compiler) -> None:
        self.type = p.type

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        p = ctx.controller
        found = [c for c in g.look(p.deck) if c.proto.type == self.type]
        ctx.done = bool(found)
        if not found:
            g.log.append(("search", p.name, self.type, "none"))
            g.rng.shuffle(p.deck.cards)
            return
        g.ask(p, "search", found, f"choose the {self.type.replace('_', ' ')} to put into "
              "your hand", then=(self.chosen, g, p))

    @staticmethod
    @step
    def chosen(g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard) -> None:
        # the card found goes to a hidden hand: the log (which `cardscript play` shows the
        # other players) names what was searched for, not which card
        g.log.append(("search", p.name, card.proto.type))
        g.move(card, p.hand)
        g.rng.shuffle(p.deck.cards)


class DiscardParams(Params):
    __shorthand__ = "amount"
    amount: Union[Annotated[int, Field(ge=1, le=COUNT_MAX)], Literal["all", "any"]] = Field(
        1, description="How many cards; all: the whole hand; any: as many as the player "
        "chooses, none at all included (\"discard any number of cards\").")
    player: "PlayerRef" = "you"
    random: bool = Field(False, description="The cards are taken at random, not chosen.")

    @model_validator(mode="after")
    def _random_of_some(self) -> DiscardParams:
        if self.random and self.amount in ("all", "any"):
            raise ValueError(f"amount: {self.amount} is not drawn at random: leave `random` "
                             f"out, or give a number")
        return self


@vocab.effect("discard_from_hand", DiscardParams,
              moves="discarded",
              text="{% if amount == 'all' %}{{ player | does('discard') }} "
                   "{{ 'their hand' if player.name != 'you' else 'your hand' }}"
                   "{% elif amount == 'any' %}{{ player | does('discard') }} any number of "
                   "cards{% else %}"
                   "{{ player | does('discard') }} {{ amount | quantity('card') }}"
                   "{{ ' at random' if random }}{% endif %}")
class DiscardFromHand:
    """Players discard cards from their hands, each choosing which, one at a time (all
    they have if they hold fewer); ``random``: taken at random, nobody chooses; ``all``:
    the whole hand; ``any``: one at a time until the player is done (none at all, if they
    like). A later stage's ``moved`` names the cards discarded (and ``that_many`` counts
    them: "discard any number of cards, then draw that many"). A realm a
    player discards through their own card's effect is discarded on their own (seed,
    "Two-Draw Mulligan": "it is not possible to call a mulligan when the player discards a
    realm on his own"); through an opponent's, it is not."""

    __slots__ = ("amount", "player", "random", "whole", "any")

    def __init__(self, p: DiscardParams, c: Compiler) -> None:
        self.whole = p.amount == "all"
        self.any = p.amount == "any"
        self.amount: int = p.amount if isinstance(p.amount, int) else \
            COUNT_MAX if self.any else 0
        self.player = c.player_ref(p.player)
        self.random = p.random

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        players = self.player.players(g, ctx)
        ctx.done, ctx.moved = False, ()  # done once a card is discarded
        if self.whole:  # the whole hand: no one chooses
            for q in players:
                for card in list(q.hand.cards):
                    self.discard(g, ctx, q, card)
            return
        if self.random:  # nobody chooses: the game's random draw, in turn order
            for q in players:
                hand = list(q.hand.cards)
                g.rng.shuffle(hand)
                for card in hand[:self.amount]:
                    g.log.append(("discard_random", q.name, card.proto.id))
                    self.discard(g, ctx, q, card)
            return
        for q in reversed(players):  # the first asked first (steps run last-in first)
            g.then(self.one, g, ctx, q, self.amount)

    @step
    def one(self, g: SpellfireGame, ctx: SpellfireTrigger, q: SpellfirePlayer, left: int) -> None:
        if not left or not q.hand.cards:
            return
        if self.any:
            g.ask(q, "discard", [DONE, *q.hand.cards], "discard a card, or done",
                  then=(self.chosen, g, ctx, q, left))
        else:
            g.ask(q, "discard", list(q.hand.cards), f"discard a card ({left} left)",
                  then=(self.chosen, g, ctx, q, left))

    @step
    def chosen(self, g: SpellfireGame, ctx: SpellfireTrigger, q: SpellfirePlayer, left: int,
               card: SpellfireCard | str) -> None:
        if isinstance(card, str):  # done: "any number", and no more
            return
        self.discard(g, ctx, q, card)
        self.one(g, ctx, q, left - 1)

    @staticmethod
    def discard(g: SpellfireGame, ctx: SpellfireTrigger, q: SpellfirePlayer,
                card: SpellfireCard) -> None:
        if card.proto.type == "realm" and q is ctx.controller:
            q.dropped_realm = True
        g.discard(card, "effect")
        ctx.done = True
        if card.moved_to is not None:
            ctx.moved = (*ctx.moved, card.moved_to)
