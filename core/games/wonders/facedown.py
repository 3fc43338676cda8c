"""Face-down cards in The World (rule 510) and putting cards into the realms as evenly as
possible (rule 506), which is how abilities put face-down cards there.

A face-down card in The World counts as no card type and has no effect on the game: its text
is blank (``WondersCard.blank`` is ``FACE_DOWN``: it neither triggers nor resolves, nor may it
be activated), no selector matches it but one that asks for face-down cards, and it neither
battles nor makes an attack possible. Turning it face up treats it as if it entered from The
Abyss: a new object arrives, and On Arrival abilities trigger.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...bus import Event
from ...loadable import step
from ...registry import Params, Vocabulary
from .effects import _EachCard
from .state import BLANK_TEXT
from .zones import ABYSS, WORLD

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...model.names import CardRef
    from .rules import WondersGame
    from .state import WondersCard, WondersTrigger
    from .zones import Realm

vocab = Vocabulary("wonders")

#: ``blank`` of a face-down card: beyond nullify's 1 (this round) and 2 (a null counter)
FACE_DOWN = BLANK_TEXT  # "no effect on the game": blank text, not nullified


class DistributeParams(Params):
    __shorthand__ = "card"
    card: "CardRef"
    face_down: bool = False


@vocab.effect("distribute", DistributeParams,
              text="shuffle {{ card }} and distribute them as evenly as possible in all "
              "realms{% if face_down %}, face down{% endif %}")
class Distribute:
    """Rule 506: the cards are shuffled, then you choose a realm for each one after another,
    without knowing which card it is, keeping the same number in each active realm as much
    as possible (a realm with fewer of them so far is the only choice); never an inactive
    realm. Each enters on its owner's side."""

    __slots__ = ("card", "face_down")

    def __init__(self, p: DistributeParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.face_down = p.face_down

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        cards = list(self.card.cards(g, ctx))
        g.rng.shuffle(cards)  # 506: "without knowing what cards they are"
        ctx.done = False
        self.next(g, ctx, cards, (0,) * len(g.realms))

    def next(self, g: WondersGame, ctx: WondersTrigger, cards: list[WondersCard],
             placed: tuple[int, ...]) -> None:
        """``placed``: how many this effect has put in each realm so far, by realm."""
        realms = [r for r in g.realms if r.active]
        if not cards or not realms:
            return
        fewest = min(placed[r.number - 1] for r in realms)
        options = [r for r in realms if placed[r.number - 1] == fewest]
        g.ask(ctx.controller, "realm", options, "distribute a card: choose a realm",
              then=(self.put, g, ctx, cards, placed))

    @step
    def put(self, g: WondersGame, ctx: WondersTrigger, cards: list[WondersCard],
            placed: tuple[int, ...], realm: Realm) -> None:
        i = realm.number - 1
        placed = placed[:i] + (placed[i] + 1,) + placed[i + 1:]
        card = cards[0]
        done = put_face_down(g, card, realm) if self.face_down else g.put_into_realm(card, realm)
        ctx.done = done or ctx.done
        self.next(g, ctx, cards[1:], placed)


class CardOnlyParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"


@vocab.effect("turn_face_up", CardOnlyParams, text="turn {{ card }} face up")
class TurnFaceUp(_EachCard):
    """Turn face-down cards in The World face up: each is treated as if it entered from The
    Abyss (rule 510)."""

    __slots__ = ("card",)

    def __init__(self, p: CardOnlyParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return turn_face_up(g, card)


def put_face_down(g: WondersGame, card: WondersCard, realm: Realm) -> bool:
    """Put a card into a realm face down, on its owner's side: it does not arrive, as it
    has no effect on the game until it is turned face up (rule 510)."""
    if card.zone is None or not realm.active or card.zone.kind == WORLD:
        return False
    new = cast("WondersCard | None", g.move(card, realm.sides[card.owner.index], publish=False))
    if new is None:
        return False
    new.face_down = True
    new.blank = FACE_DOWN
    g.log.append(("face_down", new.owner.name, realm.number))
    return True


def turn_face_up(g: WondersGame, card: WondersCard) -> bool:
    """Rule 510: "When they are turned face up, treat them as if they entered from The
    Abyss": a new object on the same side, which arrives from The Abyss."""
    zone = card.zone
    if zone is None or zone.kind != WORLD or not card.face_down:
        return False
    zone.cards.remove(card)
    if card.handlers:
        g.bus.unregister(card)
    card.last_zone = zone
    card.zone = None
    new = g.new_card(card.proto, card.owner, zone)
    card.moved_to = new
    g.log.append(("face_up", new.proto.id, new.oid, zone.area.number))
    g.publish(Event("arrived", new, new.controller, zone.area, ABYSS, "face_up"))
    return True


__all__ = ["vocab", "put_face_down", "turn_face_up", "FACE_DOWN"]
