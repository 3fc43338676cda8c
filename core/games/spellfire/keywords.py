"""Spellfire keywords: powers the rules read where they apply. ``extra_draw`` (more cards in
phase 1, seed: "a player may draw additional cards every turn"), ``hand_size`` (the phase-5
hand limit changed), ``can_use`` (a special power that lets a champion use cards its icon
does not, rules notes 2), ``usable_by`` (a support card only some champions may use),
``immune`` (rules notes 5). The powers the battle reads (movement,
restricted attackers, instant defeat) are in :mod:`.battle_powers`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from ...blocks import KeywordBase
from ...limits import STAT_MAX
from ...registry import Params, Vocabulary
from .card import Attribute, ChampionType, named

if TYPE_CHECKING:
    from ...compiler import Compiler
    from .state import SpellfireCard, SpellfireCardDef, SpellfirePlayer

vocab = Vocabulary("spellfire")

#: a champion's powers: its own, or granted by the items and artifacts attached to it
#: (:meth:`.state.SpellfireCard.powers`)
ATTACHED_POWERS = frozenset({"champion", "artifact", "magic_item"})


#: where a card's table-wide powers (extra draws, hand size) work from: the pool, the
#: dungeon, the formation (a razed realm's give nothing) and the rule card
TABLE_POWERS = frozenset({"champion", "artifact", "magic_item", "realm", "holding",
                          "dungeon", "rule"})
Who = Literal["you", "opponents", "each"]


class _TablePower(KeywordBase):
    """A power over a player's turn read from every card in play (``players``: its
    controller's, its controller's opponents', or each player's): :meth:`for_player`."""

    __slots__ = ("amount", "who")
    types = TABLE_POWERS
    amount: int
    who: str

    def __init__(self, p: ExtraDrawParams | HandSizeParams, c: Compiler) -> None:
        self.amount = p.amount
        self.who = p.players

    def for_player(self, card: SpellfireCard, p: SpellfirePlayer) -> bool:
        """It applies to ``p``: ``card`` (where it is) is ``p``'s, or it says otherwise."""
        mine = card.controller is p
        return self.who == "each" or (self.who == "you") == mine


class ExtraDrawParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX)
    players: Who = Field("you", description="Who draws more: its controller (you), its "
                         "controller's opponents, or each player.")


@vocab.keyword("extra_draw", ExtraDrawParams,
               text="{{ {'each': 'Each player draws', 'opponents': 'Each opponent draws'}"
                    ".get(players, 'Draw') }} {{ amount | number_word }} more "
                    "{{ 'card' if amount == 1 else 'cards' }} in phase 1")
class ExtraDraw(_TablePower):
    """Its controller (``players``: every player, or its controller's opponents) draws more
    cards in phase 1 (not on a first turn: seed), while it is in the pool, the dungeon, the
    formation (a razed realm's gives none), or is the rule card (notes 4: "Phase 1:
    extra-draw powers apply here")."""

    __slots__ = ()


class HandSizeParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(ge=-STAT_MAX, le=STAT_MAX, description="Cards more (negative: fewer) "
                        "the player may keep at phase 5's hand limit.")
    players: Who = Field("you", description="Whose hand limit: its controller's (you), its "
                         "controller's opponents', or each player's.")


@vocab.keyword("hand_size", HandSizeParams,
               text="{{ {'each': 'Each player\\'s', 'opponents': 'Each opponent\\'s'}"
                    ".get(players, 'Your') }} hand limit is {{ amount | abs }} "
                    "{{ 'more' if amount > 0 else 'less' }}")
class HandSize(_TablePower):
    """A hand-size modifier (seed, phase 5 B: "discard down to the hand limit"): the
    format's limit (8 in the 55-card game), plus or minus this, for whom it says, while the
    card is in play as ``extra_draw`` is. A limit never goes below 0."""

    __slots__ = ()

    def __init__(self, p: HandSizeParams, c: Compiler) -> None:
        if p.amount == 0:
            raise c.error("a hand limit changed by 0 changes nothing: give +N or -N")
        super().__init__(p, c)


class CanUseParams(Params):
    __shorthand__ = "cards"
    cards: list[Literal["wizard_spells", "cleric_spells", "psionic_powers", "blood_abilities",
                        "thief_skills", "unarmed_combat"]] = Field(min_length=1)


_USES = {"wizard_spells": ("spell", "wizard"), "cleric_spells": ("spell", "cleric"),
         "psionic_powers": ("psionic_power", None), "blood_abilities": ("blood_ability", None),
         "thief_skills": ("thief_skill", None), "unarmed_combat": ("unarmed_combat", None)}


@vocab.keyword("can_use", CanUseParams,
               text="May use {{ cards | map('replace', '_', ' ') | join(' and ') }}")
class CanUse(KeywordBase):
    """A champion's special power: it may use these cards as if its icon allowed them; on
    an item or an artifact, a power it grants its champion (rules notes 2: "special powers
    can add access")."""

    __slots__ = ("kinds",)
    types = ATTACHED_POWERS

    def __init__(self, p: CanUseParams, c: Compiler) -> None:
        self.kinds = tuple(_USES[k] for k in p.cards)


    def allows(self, proto: SpellfireCardDef) -> bool:
        return any(proto.type == t and (s is None or proto.school == s) for t, s in self.kinds)


class UsableByParams(Params):
    champion_types: list[ChampionType] = Field(default_factory=list, description="Champions "
                                               "of these types may use it.")
    attributes: list[Attribute] = Field(default_factory=list, description="... or with one "
                                        "of these attributes ('dragon').")
    worlds: list[str] = Field(default_factory=list, description="... or of one of these "
                              "worlds (their logo).")

    @model_validator(mode="after")
    def _named(self) -> UsableByParams:
        if not (self.champion_types or self.attributes or self.worlds):
            raise ValueError("name who may use it: champion_types, attributes or worlds")
        return self


@vocab.keyword("usable_by", UsableByParams, text=(
    "{% set who = ((champion_types + attributes) | map('plural_noun') | list) %}Usable only "
    "by {{ who | join(' or ') }}{% if worlds %}{{ ' or ' if who }}champions of "
    "{{ worlds | map('title') | join(' or ') }}{% endif %}"))
class UsableBy(KeywordBase):
    """Only some champions may use this magical item, artifact or ally ("usable only by
    heroes", "only by champions of a world"; rules notes 2: "All champions may use allies,
    magical items and same-world artifacts" unless a card says otherwise): the champion it
    would be attached to in phase 3, or that would play it in a battle, must be of a type,
    have an attribute or be of a world it names. An artifact's own world rule still holds
    beside it."""

    __slots__ = ("champion_types", "attributes", "worlds")
    types = frozenset({"magic_item", "artifact", "ally"})

    def __init__(self, p: UsableByParams, c: Compiler) -> None:
        self.champion_types = frozenset(p.champion_types)
        self.attributes = frozenset(p.attributes)
        self.worlds = frozenset(p.worlds)

    def allows(self, champ: SpellfireCard) -> bool:
        proto = champ.proto
        return proto.type == "champion" and (
            proto.world in self.worlds or named(proto, self.champion_types, self.attributes))


def usable(card: SpellfireCard, champ: SpellfireCard) -> bool:
    """``champ`` may use ``card`` (a magical item, an artifact, an ally): no ``usable_by``
    on it, or one that allows the champion."""
    kw = card.proto.keywords.get("usable_by")
    return kw is None or bool(card.blank) or bool(kw.allows(champ))


_IMMUNE = {"wizard_spells": ("spell", "wizard"), "cleric_spells": ("spell", "cleric"),
           "psionic_powers": ("psionic_power", None), "blood_abilities": ("blood_ability", None),
           "thief_skills": ("thief_skill", None), "unarmed_combat": ("unarmed_combat", None),
           "events": ("event", None), "magic_items": ("magic_item", None)}


class ImmuneParams(Params):
    __shorthand__ = "to"
    to: list[Literal["wizard_spells", "cleric_spells", "psionic_powers", "blood_abilities",
                     "thief_skills", "unarmed_combat", "events", "magic_items"]] = Field(
        min_length=1)
    exceptions: list[str] = Field(default_factory=list, max_length=10, description="The "
                                  "printed names of cards of those kinds it is not immune "
                                  "to ('except Ember Lance').")


@vocab.keyword("immune", ImmuneParams,
               text="Immune to {{ to | map('replace', '_', ' ') | join(' and ') }}"
                    "{% if exceptions %} except {{ exceptions | join(' and ') }}{% endif %}")
class Immune(KeywordBase):
    """Immunity (rules notes 5, "Immunities"): always on while in play; covers offensive
    effects of these cards on the champion, its allies and its attachments (notes 2:
    "Immunity normally covers only offensive effects"); granted to its champion by an item
    or an artifact; an ally's own covers it."""

    __slots__ = ("kinds", "exceptions")
    types = frozenset({*ATTACHED_POWERS, "ally"})

    def __init__(self, p: ImmuneParams, c: Compiler) -> None:
        self.kinds = tuple(_IMMUNE[k] for k in p.to)
        self.exceptions = frozenset(p.exceptions)


    def covers(self, proto: SpellfireCardDef) -> bool:
        """An effect of a card like ``proto`` does not touch the immune champion: it is one
        of these kinds, not one of the named exceptions, and offensive (events, which print
        no direction, count as offensive when they target an opposing champion)."""
        if proto.direction == "def" or proto.name in self.exceptions:
            return False
        return any(proto.type == t and (s is None or proto.school == s) for t, s in self.kinds)


def immune_to(card: SpellfireCard, source: SpellfireCard, you: SpellfirePlayer) -> bool:
    """``card`` (in play) is out of reach of an effect of ``source`` controlled by ``you``:
    the effect is offensive (``card`` is an opponent's) and an immunity covers ``source``'s
    kind of card. The immunity is its champion's, or one of that champion's attachments' (an
    item granting it: rules notes 5, "An item granting an immunity ... keeps the ability"),
    and it covers the champion's allies and attachments (rules notes 5, "Immunities: ...
    also cover the champion's allies and attachments"). An ally in a battle belongs to the
    champion it is attached to or, if none, to its controller's champion in the battle."""
    if card.controller is you:
        return False  # an effect on one's own card is not offensive (rules notes 2)
    champ = card
    while champ.host is not None and champ.host.proto.type != "realm":
        champ = champ.host
    if champ.proto.type == "ally" and champ.zone is not None:
        champ = next((c for c in champ.zone.cards if c.proto.type == "champion"), champ)
    proto = source.proto
    return any(kw.covers(proto) for kw in champ.powers("immune"))
