"""Selectors: which cards or players an ability may choose or affects.

``{wonder: {zone: abyss, owner: you, cost: {max: 4}}}`` — a card type, then filters. "You"
and "opponent" are relative to the ability's controller; ``realm: this`` is the source's
realm. Enemy = a Wonder controlled by an opponent (rulebook, Game Terms).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal, Optional, cast

from pydantic import Field, model_validator

from ...limits import COUNT_MAX
from ...registry import Params, Vocabulary
from .card import ORBITALS
from .zones import DECK, WORLD

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...zones import Zone
    from .rules import WondersGame
    from .state import WondersCard, WondersPlayer, WondersTrigger

vocab = Vocabulary("wonders")

Orbital = Literal["petraia", "thalwind", "solfera", "umbrathene", "heliosynth", "boundless"]
Whose = Literal["you", "opponent", "any"]


class Range(Params):
    """A number range; a bare number means exactly that number."""

    min: Optional[int] = None
    max: Optional[int] = None

    @model_validator(mode="before")
    @classmethod
    def _exact(cls, v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            return {"min": v, "max": v}
        return v

    @classmethod
    def schema_alternatives(cls, full: dict) -> list[dict]:
        return [{"type": "integer"}]


class CardFilter(Params):
    zone: Literal["world", "abyss", "hand", "deck", "banishment"] = Field(
        "world", description="Where to look (The World by default).")
    owner: Whose = Field("any", description="Who owns the card (rule 505.5).")
    controller: Whose = Field("any", description="Who controls it (The World only, 505.1).")
    realm: Literal["this", "other", "any"] = Field("any", description="Which realms.")
    cost: Optional[Range] = None
    power: Optional[Range] = None
    orbital: Optional[Orbital] = None
    class_: Optional[str] = Field(None, alias="class", description="A class, e.g. Dragon.")
    tapped: Optional[bool] = None
    token: Optional[bool] = None
    nullified: Optional[bool] = None
    other: bool = Field(False, description="Exclude the source card itself.")
    face_down: bool = Field(False, description="Face-down cards in The World, which have no "
                            "card type (rule 510): only they match.")
    equipped: Optional[bool] = Field(None, description="Equipped with the source card (or "
                                     "not): an equipment's \"equipped Wonder\" (rulebook, "
                                     "Equip).")
    top: Optional[int] = Field(None, ge=1, le=COUNT_MAX, description="Only the top N cards "
                               "of the deck (zone: deck): \"the top of your deck\". Only those "
                               "are looked at (the rest stay hidden).")


class AnyCardFilter(CardFilter):
    types: list[Literal["wonder", "land", "item", "spell"]] = Field(
        default_factory=list, description="Card types (any type if empty).")


class CardSelector:
    __slots__ = ("types", "zone", "owner", "controller", "realm", "cmin", "cmax", "pmin",
                 "pmax", "orbital", "cls", "tapped", "token", "nullified", "other", "face_down",
                 "equipped", "top")

    def __init__(self, types: Iterable[str], p: CardFilter):
        self.types = frozenset(types) if types else None
        self.zone = p.zone
        self.owner = p.owner
        self.controller = p.controller
        self.realm = p.realm
        self.cmin = p.cost.min if p.cost else None
        self.cmax = p.cost.max if p.cost else None
        self.pmin = p.power.min if p.power else None
        self.pmax = p.power.max if p.power else None
        self.orbital = p.orbital
        self.cls = p.class_
        self.tapped = p.tapped
        self.token = p.token
        self.nullified = p.nullified
        self.other = p.other
        self.face_down = p.face_down
        self.equipped = p.equipped
        self.top = p.top

    def matches(self, card: WondersCard, you: WondersPlayer, source: WondersCard | None,
                here: Any, anywhere: bool = False) -> bool:
        """Does ``card`` match, seen by player ``you`` from ``source`` in realm ``here``?
        ``anywhere`` skips the zone test (for events, which judge a card where it went or
        came from)."""
        proto = card.proto
        # rule 510: a face-down card counts as no card type
        if card.face_down is not self.face_down or (
                self.types is not None and (proto.type not in self.types or card.face_down)):
            return False
        zone = card.zone or card.last_zone
        if zone is None or (zone.kind != self.zone and not anywhere):
            return False
        if self.owner != "any" and (card.owner is you) != (self.owner == "you"):
            return False
        if self.top is not None and not any(c is card for c in zone.cards[-self.top:]):
            return False
        if zone.kind == WORLD or anywhere:
            if self.controller != "any" and (
                    (card.controller is you) != (self.controller == "you")
                    or zone.player is None):
                return False
            if self.realm == "this" and zone.area is not here:
                return False
            if self.realm == "other" and zone.area is here:
                return False
        if self.other and card is source:
            return False
        if self.cmin is not None or self.cmax is not None:
            cost = 0 if card.token else proto.cost
            if self.cmin is not None and cost < self.cmin:
                return False
            if self.cmax is not None and cost > self.cmax:
                return False
        if self.pmin is not None or self.pmax is not None:
            if not proto.is_wonder:
                return False
            pw = card.power()
            if self.pmin is not None and pw < self.pmin:
                return False
            if self.pmax is not None and pw > self.pmax:
                return False
        if self.orbital is not None and card.orbital != self.orbital:
            return False
        if self.cls is not None and self.cls not in card.classes:
            return False
        if self.tapped is not None and card.tapped != self.tapped:
            return False
        if self.token is not None and card.token != self.token:
            return False
        if self.equipped is not None and \
                (getattr(source, "equipped_to", None) is card) != self.equipped:
            return False
        return self.nullified is None or card.nullified == self.nullified

    def _zones(self, g: WondersGame, ctx: WondersTrigger) -> Iterator[Zone]:
        you = ctx.controller
        if self.zone == WORLD:
            realms = [ctx.area] if self.realm == "this" else g.realms
            for realm in realms:
                if realm is None or not realm.active:
                    continue
                if self.realm == "other" and realm is ctx.area:
                    continue
                for side in realm.sides:
                    if self.controller == "any" or (side.player is you) == (
                            self.controller == "you"):
                        yield side
                if self.controller == "any":
                    yield realm.centre
        else:
            for p in g.turn_order():
                if self.owner == "any" or (p is you) == (self.owner == "you"):
                    yield p.zone(self.zone)

    def candidates(self, g: WondersGame, ctx: WondersTrigger) -> list[WondersCard]:
        you, source, here = ctx.controller, ctx.source, ctx.area
        return [c for z in self._zones(g, ctx)
                for c in (z.cards if z.kind != DECK else  # a deck's: the game's own cards
                          cast("list[WondersCard]", g.look(z) if self.top is None
                               else g.top(z, self.top)))
                if self.matches(c, you, source, here)]

    def still_valid(self, g: WondersGame, ctx: WondersTrigger, obj: Any) -> bool:
        return obj.zone is not None and self.matches(obj, ctx.controller, ctx.source, ctx.area)


def _selector(types: Iterable[str], p: CardFilter, c: Compiler) -> CardSelector:
    if p.top is not None and p.zone != DECK:
        raise c.error(f"'top' takes the top cards of a deck: it needs zone: deck, not zone: "
                      f"{p.zone}")
    if p.zone != WORLD:
        kept = [k for k in ("controller", "realm") if getattr(p, k) != "any"]
        if kept:
            raise c.error(f"'{kept[0]}' is of a card in The World (rule 505.1: a card's "
                          f"controller, its realm); a card in the {p.zone} has an owner: use "
                          f"owner, or zone: world")
    return CardSelector(types, p)


def _card_type_selector(type_name: str) -> Callable[[CardFilter, Compiler], CardSelector]:
    def make(p: CardFilter, c: Compiler) -> CardSelector:
        return _selector((type_name,), p, c)
    make.__doc__ = f"A {type_name}, filtered by zone, owner, controller, realm and stats."
    return make


for _t in ("wonder", "land", "item", "spell"):
    vocab.selector(_t, CardFilter, text=f"{{{{ phrase('{_t}') }}}}")(
        _card_type_selector(_t))


@vocab.selector("card", AnyCardFilter, text="{{ phrase(types or ['card']) }}")
def _any_card(p: AnyCardFilter, c: Compiler) -> CardSelector:
    """A card of any of the given types (any type if none given)."""
    return _selector(p.types, p, c)


@vocab.selector("enemy", text=(
    "{{ {'target': 'target enemy', 'a': 'an enemy', 'each': 'each enemy', 'all': "
    "'all enemies', 'plural': 'enemies', 'no': 'no enemies'}.get(form, 'enemy') }}"))
def _enemy(p: None, c: Compiler) -> CardSelector:
    """An enemy: "Any Wonder controlled by an opponent" (rulebook, Game Terms), as the rules
    say it: "target enemy" (508.3's Compound Bow)."""
    return CardSelector(("wonder",), CardFilter(controller="opponent"))


class PlayerParams(Params):
    __shorthand__ = "who"
    who: Whose = "any"


class PlayerSelector:
    """A player: you, an opponent, or any player."""

    __slots__ = ("who",)

    def __init__(self, p: PlayerParams, c: Compiler) -> None:
        self.who = p.who

    def matches(self, player: WondersPlayer, you: WondersPlayer, source: WondersCard | None,
                here: Any, anywhere: bool = False) -> bool:
        return self.who == "any" or (player is you) == (self.who == "you")

    def candidates(self, g: WondersGame, ctx: WondersTrigger) -> list[WondersPlayer]:
        return [p for p in g.turn_order() if self.matches(p, ctx.controller, None, None)]

    def still_valid(self, g: WondersGame, ctx: WondersTrigger, obj: Any) -> bool:
        return not obj.lost


vocab.selector("player", PlayerParams, text="{% if who == 'you' %}you{% else %}"
               "{{ phrase('opponent' if who == 'opponent' else 'player') }}{% endif %}")(
    PlayerSelector)

__all__ = ["vocab", "CardSelector", "CardFilter", "ORBITALS"]
