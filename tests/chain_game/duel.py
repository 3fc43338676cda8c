"""Duel: a two-player test game on the chain resolver (core/chain.py), small enough to read
whole. It proves the Resolver protocol's second implementation through the real pipeline:
YAML cards -> loader -> model -> compiler -> engine, with a vocabulary of its own.

The rules of Duel:

- Each player shuffles their deck (unless the test says not to: then the first card of the
  list is on top) and draws 3. Players take turns, A first.
- A turn: draw a card; play at most one card from hand; a round of priority (cardscript.chain)
  until the chain is empty; the other player's turn.
- Holding priority, a player may play a ``quick`` card from hand: a response.
- A played card waits on the chain as its ``on_play`` ability. Once that resolves, a spell
  goes to its owner's discard pile and an ally to its owner's board; a
  countered card goes to the discard.
- Allies watch from the board (``whenever_played``: by an opponent, or by anyone);
  ``on_enter`` triggers as an ally enters the board.
- The first to 10 points wins (a state check after every resolution); after 20 turns the
  most points win, equal points draw.
"""
from __future__ import annotations

from typing import Literal

from cardscript.bus import Event
from cardscript.chain import PASS, ChainResolver
from cardscript.compiler import Compiler
from cardscript.game import Game
from cardscript.loadable import state, step
from cardscript.loader import load_text
from cardscript.model import CardBase, build_types, validate_document
from cardscript.procedure import GameOver
from cardscript.registry import Params, Registry, Vocabulary
from cardscript.resolve import Trigger
from cardscript.state import CardDef, Player
from cardscript.vocabulary import core_vocabulary
from cardscript.zones import Zone
from pydantic import Field, model_validator

GOAL = 10
TURN_LIMIT = 20
HAND = 3
CHAIN, BOARD = "chain", "board"  # Duel's own zone kinds
DECK, HAND_ZONE, DISCARD = "deck", "hand", "discard"

vocab = Vocabulary("duel")


# -- triggers ------------------------------------------------------------------------------
@vocab.trigger("on_play")
class OnPlay:
    """What the card does: the card itself as an item on the chain. The game puts it there
    when the card is played (compiled with the abilities a game puts to resolve itself)."""

    __slots__ = ()
    scope = "activated"
    event = ""

    def __init__(self, p, c):
        pass


@vocab.trigger("on_enter")
class OnEnter:
    """When this ally enters its owner's board."""

    __slots__ = ()
    scope = "self"
    event = "entered"

    def __init__(self, p, c):
        pass

    def matches(self, ev, card) -> bool:
        return ev.card is card


class PlayedParams(Params):
    __shorthand__ = "by"
    by: Literal["opponent", "anyone"] = "opponent"


@vocab.trigger("whenever_played", PlayedParams)
class WheneverPlayed:
    """While this ally is on the board: whenever an opponent (or anyone) plays a card."""

    __slots__ = ("anyone",)
    scope = BOARD
    event = "played"

    def __init__(self, p, c):
        self.anyone = p.by == "anyone"

    def matches(self, ev, card) -> bool:
        return self.anyone or ev.player is not card.controller


# -- selectors -----------------------------------------------------------------------------
@vocab.selector("opposing_item")
class OpposingItem:
    """An item on the chain an opponent controls."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def candidates(self, g, ctx) -> list:
        return [t for t in g.resolver.items if t.controller is not ctx.controller]

    def still_valid(self, g, ctx, obj) -> bool:
        return any(t is obj for t in g.resolver.items)


# -- effects -------------------------------------------------------------------------------
class ScoreParams(Params):
    __shorthand__ = "amount"
    amount: "Value"


@vocab.effect("score", ScoreParams)
class Score:
    """You gain points."""

    __slots__ = ("amount",)

    def __init__(self, p, c):
        self.amount = c.count(p.amount)

    def run(self, g, ctx) -> None:
        p = ctx.controller
        g.points[p.index] += self.amount.get(g, ctx)
        g.log.append(("score", p.name, g.points[p.index]))


class CounterParams(Params):
    __shorthand__ = "item"
    item: Literal["target"] = "target"


@vocab.effect("counter", CounterParams)
class Counter:
    """Take the target item off the chain; a played card goes to its owner's discard."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def run(self, g, ctx) -> None:
        item = ctx.target
        ctx.done = item is not None and g.resolver.remove(g, item)
        if ctx.done and item.source.zone is g.chain_zone:
            g.move(item.source, item.source.owner.discard)


@vocab.effect("play_top")
class PlayTop:
    """Play the top card of your deck, if it can be played: it goes on the chain above this
    one and resolves once this one is done."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def run(self, g, ctx) -> None:
        p = ctx.controller
        card = p.deck.cards[0] if p.deck.cards else None
        ctx.done = card is not None and g.playable(p, card)
        if ctx.done:
            g.play(p, card)


# -- keywords ------------------------------------------------------------------------------
@vocab.keyword("quick")
class Quick:
    """Can be played as a response, whenever you hold priority."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def abilities(self) -> list:
        return []


# -- cards ---------------------------------------------------------------------------------
class DuelCard(CardBase):
    """A Duel card: a spell or an ally, with exactly one ``on_play`` ability."""

    type: Literal["spell", "ally"]
    keywords: "list[Keyword]" = Field(default_factory=list)
    abilities: "list[Ability]" = Field(min_length=1)

    @model_validator(mode="after")
    def _one_on_play(self):
        if sum(ab.trigger == "on_play" for ab in self.abilities) != 1:
            raise ValueError("a Duel card needs exactly one on_play ability: what it does "
                             "when it resolves")
        return self


def build_registry() -> Registry:
    """Duel's vocabulary: the core's structural entries and the entries above."""
    registry = Registry("duel")
    registry.extend(core_vocabulary("duel"))
    registry.extend(vocab)
    build_types(registry, DuelCard)
    return registry


REGISTRY = build_registry()


def compile_cards(texts: dict[str, str]) -> dict[str, CardDef]:
    """Card definitions from YAML texts by id, through the real pipeline."""
    compiler = Compiler(REGISTRY)
    out = {}
    for cid, text in texts.items():
        doc = load_text(text, f"<duel card {cid}>")
        out[cid] = compiler.card(validate_document(doc, DuelCard), doc.pos(()))
    return out


# -- the game ------------------------------------------------------------------------------
@state
class DuelPlayer(Player):
    """A player of Duel: a deck, a hand and a discard pile (the board is the game's)."""

    __slots__ = ("deck", "hand", "discard")
    ZONES = (DECK, HAND_ZONE, DISCARD)

    def __init__(self, index: int, name: str):
        super().__init__(index, name)
        self.deck = Zone(DECK, self)
        self.hand = Zone(HAND_ZONE, self)
        self.discard = Zone(DISCARD, self)


@state
class DuelGame(Game):
    game_name = "duel"
    resolver_class = ChainResolver
    resolver: ChainResolver
    player_class = DuelPlayer

    def __init__(self, decks, seed: int = 0, *, shuffle: bool = True, **kw):
        super().__init__(decks, seed, **kw)
        self.shuffle = shuffle
        self.points = [0 for _ in self.players]
        self.turn_number = 0
        self.chain_zone = Zone(CHAIN, None)  # played cards while they wait on the chain
        self.boards = [Zone(BOARD, p, in_play=True) for p in self.players]
        for p, deck in zip(self.players, decks, strict=True):
            for proto in deck:
                self.new_card(proto, p, p.deck)

    @step
    def start(self) -> None:
        for p in self.players:
            if self.shuffle:
                self.rng.shuffle(p.deck.cards)
            self.draw(p, HAND)
        self.then(self.turn, self.players[0])

    def draw(self, p, n: int) -> None:
        for _ in range(n):
            if p.deck.cards:
                self.move(p.deck.cards[0], p.hand)

    @step
    def turn(self, p) -> None:
        """Draw, play at most one card, priority until the chain is empty; next player."""
        self.turn_number += 1
        if self.turn_number > TURN_LIMIT:
            self.finish("turn limit")
            return
        self.active = p
        self.log.append(("turn", self.turn_number, p.name))
        self.draw(p, 1)
        self.then(self.turn, self.players[(p.index + 1) % len(self.players)])
        self.ask(p, "play", [PASS, *(c for c in p.hand.cards if self.playable(p, c))],
                 "play a card, or pass", then=(self.main_play, p))

    @step
    def main_play(self, p, choice) -> None:
        if choice == PASS:
            self.resolver.settle(self)  # a round of priority all the same: quick cards
        else:
            self.play(p, choice)

    # -- playing: the chain's hooks ----------------------------------------------------
    def responses(self, player) -> list:
        return [c for c in player.hand.cards
                if "quick" in c.proto.keywords and self.playable(player, c)]

    def respond(self, player, option) -> None:
        self.play(player, option)

    def playable(self, p, card) -> bool:
        """A card can be played unless its on_play ability needs a target and has none."""
        ab = card.proto.program.activated[0]
        return ab.target is None or bool(ab.target.candidates(self, Trigger(ab, card, p)))

    def play(self, p, card) -> None:
        """The card goes on the chain as its on_play ability, its target chosen now;
        the triggers of its being played go above it."""
        self.log.append(("play", p.name, card.proto.id))
        item = Trigger(card.proto.program.activated[0], self.move(card, self.chain_zone), p)
        self.then(self.played, item)
        self.resolver.choose_targets(self, [item])

    @step
    def played(self, item) -> None:
        self.resolver.add(self, [item])
        self.publish(Event("played", item.source, item.controller))
        self.resolver.settle(self)

    # -- after each resolution ---------------------------------------------------------
    def state_checks(self) -> None:
        """A played card whose item has left the chain goes where it belongs; then the
        first to the goal wins."""
        waiting = {id(t.source) for t in self.resolver.items}
        for card in list(self.chain_zone.cards):
            if id(card) not in waiting:
                if card.proto.type == "ally":
                    entered = self.move(card, self.boards[card.owner.index])
                    self.publish(Event("entered", entered, entered.owner))
                else:
                    self.move(card, card.owner.discard)
        if max(self.points) >= GOAL:
            self.finish("goal")
            raise GameOver()

    def finish(self, how: str) -> None:
        best = max(self.points)
        leaders = [p for p in self.players if self.points[p.index] == best]
        self.winner = leaders[0] if len(leaders) == 1 else None
        self.log.append(("game_over", self.winner.name if self.winner else "draw", how))


CARDS = {
    "spark": """
id: spark
name: Spark
type: spell
abilities:
  - {trigger: on_play, effect: {score: 1}}
""",
    "blaze": """
id: blaze
name: Blaze
type: spell
abilities:
  - {trigger: on_play, effect: {score: 3}}
""",
    "zap": """
id: zap
name: Zap
type: spell
keywords: [quick]
abilities:
  - {trigger: on_play, effect: {score: 1}}
""",
    "negate": """
id: negate
name: Negate
type: spell
keywords: [quick]
abilities:
  - trigger: on_play
    target: opposing_item
    effect: {counter: target}
""",
    "sprite": """
id: sprite
name: Sprite
type: ally
keywords: [quick]
abilities:
  - {trigger: on_play, effect: {score: 1}}
  - {trigger: on_enter, effect: {score: 1}}
""",
    "twins": """
id: twins
name: Twins
type: ally
abilities:
  - {trigger: on_play, effect: {score: 1}}
  - {trigger: on_enter, effect: {score: 1}}
  - {trigger: on_enter, effect: {score: 2}}
""",
    "sentinel": """
id: sentinel
name: Sentinel
type: ally
abilities:
  - {trigger: on_play, effect: {score: 1}}
  - {trigger: {whenever_played: opponent}, effect: {score: 1}}
""",
    "herald": """
id: herald
name: Herald
type: ally
abilities:
  - {trigger: on_play, effect: {score: 1}}
  - {trigger: {whenever_played: anyone}, effect: {score: 1}}
""",
    "warden": """
id: warden
name: Warden
type: ally
keywords: [quick]
abilities:
  - {trigger: on_play, effect: {score: 1}}
  - trigger: on_enter
    target: opposing_item
    effect: {counter: target}
""",
    "cascade": """
id: cascade
name: Cascade
type: spell
abilities:
  - {trigger: on_play, effect: [{score: 1}, play_top]}
""",
}

DEFS = compile_cards(CARDS)


def new_game(deck_a: list[str], deck_b: list[str], seed: int = 0, **kw) -> DuelGame:
    return DuelGame([[DEFS[c] for c in deck_a], [DEFS[c] for c in deck_b]], seed, **kw)
