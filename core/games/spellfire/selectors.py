"""Spellfire selectors: which champions, realms and other cards in play an ability chooses or
affects, and the card being played that a response answers. "you" and "opponent" are
relative to the ability's controller.

Two rules apply to every selection of cards in play (:func:`_reach`):

- **(Off)/(Def)** (rules notes 2: "(Off)/(Def) on spells and items is effect direction
  (opponent vs own champion)"): a selector that leaves ``controller`` unset takes it from
  the card whose ability it is: an (Off) card reaches opposing cards only, a (Def) card its
  controller's own, any other card any. The card model refuses a selector whose
  ``controller`` contradicts the card's direction (:mod:`.card`). The reading chosen: the
  direction is a default of the selection, not a second check, so one card's text says
  everything once.
- **Immunity** (keyword ``immune``, rules notes 5): an opposing card under an immunity that
  covers the source's kind of card is not a legal choice, as a target or in a selection of
  all (rules notes 10, the "no touch" rule: a spell is never cast at an immune champion, so
  there is nothing to re-target).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import Field

from ...piles import pile_selector
from ...registry import Params, Vocabulary
from . import formation
from .card import Attribute, CardType, ChampionType
from .keywords import immune_to

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...zones import Zone
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer, SpellfireTrigger

vocab = Vocabulary("spellfire")
Controller = Optional[Literal["you", "opponent", "any"]]
_CONTROLLER = Field(None, description="Whose: you, opponent or any; unset, by the card's "
                    "direction: (Off) opposing, (Def) your own, otherwise any.")


def _whose(controller: str | None, source: SpellfireCard) -> str:
    """``controller``, or the default the source card's (Off)/(Def) gives."""
    if controller is not None:
        return controller
    d = source.proto.direction
    return "opponent" if d == "off" else "you" if d == "def" else "any"


def _reach(card: SpellfireCard, whose: str, you: SpellfirePlayer,
           source: SpellfireCard) -> bool:
    """Whose the card is, and no immunity keeps it out of the source's reach."""
    if whose == "you" and card.controller is not you or \
            whose == "opponent" and card.controller is you:
        return False
    return not immune_to(card, source, you)


class InPlaySelector:
    """A selector of cards in play: the candidates are matched one by one (:meth:`test`)."""

    __slots__ = ("controller",)
    controller: str | None

    def zones(self, g: SpellfireGame) -> list[Zone]:  # pragma: no cover - each selector's own
        raise NotImplementedError

    def fits(self, card: SpellfireCard, zone: Zone) -> bool:  # pragma: no cover - own
        """The filters that need no game: the card's type, its zone's kind, its fields."""
        raise NotImplementedError

    def test(self, g: SpellfireGame, card: SpellfireCard) -> bool:
        """Every filter, for a card in play now."""
        return self.fits(card, card.zone)

    def candidates(self, g: SpellfireGame, ctx: SpellfireTrigger) -> list[SpellfireCard]:
        return list(self._each(g, ctx))

    def exists(self, g: SpellfireGame, ctx: SpellfireTrigger) -> bool:
        """Whether it has a candidate (a card may be played only then): the first is enough."""
        return next(self._each(g, ctx), None) is not None

    def _each(self, g: SpellfireGame, ctx: SpellfireTrigger) -> Iterator[SpellfireCard]:
        you, source = ctx.controller, ctx.source
        whose = _whose(self.controller, source)
        return (c for z in self.zones(g) for c in z.cards
                if self.test(g, c) and _reach(c, whose, you, source))

    def still_valid(self, g: SpellfireGame, ctx: SpellfireTrigger, obj: Any) -> bool:
        z = getattr(obj, "zone", None)
        return z is not None and z.in_play and self.matches(obj, ctx.controller, ctx.source,
                                                             None) and self.test(g, obj)

    def matches(self, card: SpellfireCard, you: SpellfirePlayer, source: SpellfireCard,
                here: Any, anywhere: bool = False) -> bool:
        """Whether ``card`` is one it selects, judged where it is (``anywhere``: or where it
        was, a card that left play as it last was), by the filters that need no game (a
        trigger on another card's event, a continuous effect's cover)."""
        zone = card.zone if card.zone is not None or not anywhere else card.last_zone
        return zone is not None and zone.in_play and self.fits(card, zone) and \
            _reach(card, _whose(self.controller, source), you, source)


class ChampionFilter(Params):
    controller: Controller = _CONTROLLER
    where: Literal["pool", "battle", "any"] = Field("any", description="In a pool, or "
                                                    "fighting in a battle.")
    champion_type: Optional[ChampionType] = None
    max_level: Optional[int] = Field(None, ge=0, description="Level at most this.")
    attribute: Optional[Attribute] = Field(None, description="Only champions printing this "
                                           "attribute ('undead', 'dragon').")
    role: Optional[Literal["attacker", "defender"]] = Field(
        None, description="Only the battle's attacking or defending champion.")


#: a champion selection's words before its noun ("attacking undead") and after it ("of
#: level 3 or less in the battle")
_CHAMPION_ADJ = ("{% set adj = ((role == 'attacker') and 'attacking' or (role == 'defender') "
                 "and 'defending' or '') ~ (' ' if role and attribute else '') ~ "
                 "(attribute or '') %}")
_CHAMPION_AFTER = ("{% set level = '' if max_level is none else 'of level ' ~ max_level ~ "
                   "' or less' %}{% set place = 'in the battle' if where == 'battle' else "
                   "('in your pool' if controller == 'you' else 'in a pool') if where == "
                   "'pool' else '' %}")


@vocab.selector("champion", ChampionFilter, text=_CHAMPION_ADJ + _CHAMPION_AFTER + (
    "{{ selection([champion_type or 'champion'], controller, form, adj=adj, "
    "after=(level ~ (' ' if level and place else '') ~ place)) }}"))
class ChampionSelector(InPlaySelector):
    """A champion in play (a pool or a battle): not a card attached to another."""

    __slots__ = ("where", "champion_type", "max_level", "attribute", "role")

    def __init__(self, p: ChampionFilter, c: Compiler) -> None:
        if p.role is not None and p.where == "pool":
            raise c.error(f"role: {p.role} is a champion fighting in a battle, never one in "
                          "a pool: leave `where` out or give `where: battle`")
        self.controller, self.role = p.controller, p.role
        self.where = "battle" if p.role is not None else p.where
        self.champion_type, self.max_level = p.champion_type, p.max_level
        self.attribute = p.attribute

    def zones(self, g: SpellfireGame) -> list[Zone]:
        kinds = ("pool", "battle") if self.where == "any" else (self.where,)
        return [q.zone(k) for q in g.players for k in kinds]

    def fits(self, card: SpellfireCard, zone: Zone) -> bool:
        if card.proto.type != "champion" or card.host is not None:
            return False
        if self.where != "any" and zone.kind != self.where:
            return False
        if self.champion_type is not None and card.proto.champion_type != self.champion_type:
            return False
        if self.attribute is not None and self.attribute not in card.proto.attributes:
            return False
        return self.max_level is None or card.level() <= self.max_level

    def test(self, g: SpellfireGame, card: SpellfireCard) -> bool:
        if not self.fits(card, card.zone):
            return False
        role = self.role
        if role is None:
            return True
        return card is (g.combat.attacker if role == "attacker" else g.combat.defender)


class RealmFilter(Params):
    controller: Controller = _CONTROLLER
    razed: Optional[bool] = Field(None, description="Razed (true), unrazed (false), or "
                                  "either.")
    attackable: bool = Field(False, description="Only realms its controller could attack "
                             "now: unrazed and not shielded by an unrazed realm in front.")


@vocab.selector("realm", RealmFilter,
                text="{{ selection(['realm'], controller, form, adj=('razed' if razed else "
                     "'unrazed' if razed == false else ''), after=('that could be attacked' "
                     "if attackable else '')) }}")
class RealmSelector(InPlaySelector):
    """A realm of a formation (rules notes 6), razed or not."""

    __slots__ = ("razed", "attackable")

    def __init__(self, p: RealmFilter, c: Compiler) -> None:
        self.controller = p.controller
        self.razed = p.razed
        self.attackable = p.attackable

    def zones(self, g: SpellfireGame) -> list[Zone]:
        return [s.zone for q in g.players for s in q.slots]

    def fits(self, card: SpellfireCard, zone: Zone) -> bool:
        return card.proto.type == "realm" and (self.razed is None or card.razed == self.razed)

    def test(self, g: SpellfireGame, card: SpellfireCard) -> bool:
        if not self.fits(card, card.zone):
            return False
        if self.attackable:
            owner = card.zone.player
            return any(r is card for q in g.players if q is not owner
                       for r in formation.attackable(q, owner))
        return True


class CardInPlayFilter(Params):
    __shorthand__ = "types"
    types: list[Literal["ally", "holding", "dungeon", "artifact", "magic_item", "rule"]] = \
        Field(min_length=1, description="Its card types.")
    controller: Controller = _CONTROLLER


@vocab.selector("card_in_play", CardInPlayFilter,
                text="{{ selection(types | map('type_noun') | list, controller, form) }}")
class CardInPlaySelector(InPlaySelector):
    """A card in play other than a champion or a realm: an item or an artifact on a
    champion, a holding, a dungeon, an ally in a battle, the rule card. Attached to an
    immune champion, it is under that immunity (rules notes 5)."""

    __slots__ = ("types",)

    def __init__(self, p: CardInPlayFilter, c: Compiler) -> None:
        self.controller = p.controller
        self.types = tuple(p.types)

    def zones(self, g: SpellfireGame) -> list[Zone]:
        out = [z for q in g.players
               for z in (q.pool, q.battle, q.dungeon, *(s.zone for s in q.slots))]
        out.append(g.rule_zone)
        return out

    def fits(self, card: SpellfireCard, zone: Zone) -> bool:
        return card.proto.type in self.types


class PlayedFilter(Params):
    __shorthand__ = "types"
    types: Optional[list[CardType]] = Field(None, min_length=1, description="Its card "
                                            "types (any if unset).")
    direction: Optional[Literal["off", "def"]] = Field(None, description="Only (Off) or "
                                                       "(Def) cards.")


@vocab.selector("played_card", PlayedFilter,
                text="{% set n = (types | map('type_noun') | list) if types else ['card'] %}"
                     "{{ selection(n, none, form, adj=('(Off)' if direction == 'off' else "
                     "'(Def)' if direction == 'def' else ''), after=('being played')) }}")
class PlayedCard:
    """The card being played that a response answers (rules notes 5, "After any card is
    played, every other player gets a chance to respond"): there is one only while its
    response window is open (``g.resolver.answering``), so a card that targets it can be
    played only then. It stays a legal target while that window is open."""

    __slots__ = ("types", "direction")

    def __init__(self, p: PlayedFilter, c: Compiler) -> None:
        self.types = tuple(p.types) if p.types else None
        self.direction = p.direction

    def candidates(self, g: SpellfireGame, ctx: SpellfireTrigger) -> list[SpellfireCard]:
        item = g.resolver.answering
        if item is None or item.controller is ctx.controller:
            return []
        card = item.source
        return [card] if self.ok(card) else []

    def still_valid(self, g: SpellfireGame, ctx: SpellfireTrigger, obj: Any) -> bool:
        item = g.resolver.answering
        return item is not None and item.source is obj and obj.zone is not None

    def matches(self, card: SpellfireCard, you: SpellfirePlayer, source: SpellfireCard,
                here: Any, anywhere: bool = False) -> bool:
        return self.ok(card)

    def ok(self, card: SpellfireCard) -> bool:
        if self.types is not None and card.proto.type not in self.types:
            return False
        return self.direction is None or card.proto.direction == self.direction



# the core's selector over cards in a player's pile, in Spellfire's words: a card in a
# discard pile, Limbo, the Abyss, a hand or a dungeon ("a champion card in your discard
# pile", "a champion held in your dungeon")
pile_selector(vocab, "card_in_pile", {"discard": "discard pile", "limbo": "Limbo",
                                      "abyss": "Abyss", "hand": "hand", "held": "dungeon"},
              ("champion", "ally", "realm", "holding", "artifact", "magic_item", "event",
               "spell", "psionic_power", "blood_ability", "thief_skill", "unarmed_combat",
               "dungeon", "rule"),
              doc="""Cards in a player's discard pile, Limbo, Abyss or hand, or held in a
    player's dungeon (``held``: whose dungeon, not whose champion): whose, of which types,
    by printed name; ``other`` leaves out the ability's own card.""")
