"""Spellfire keywords: powers the rules read where they apply. ``extra_draw`` (more cards in
phase 1, seed: "a player may draw additional cards every turn"), ``can_use`` (a special
power that lets a champion use cards its icon does not, rules notes 2)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...limits import STAT_MAX
from ...registry import Params, Vocabulary

vocab = Vocabulary("spellfire")


class AmountParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX)


@vocab.keyword("extra_draw", AmountParams,
               text="Draw {{ amount | number_word }} more "
                    "{{ 'card' if amount == 1 else 'cards' }} in phase 1")
class ExtraDraw:
    """Its controller draws more cards in phase 1 (not on their first turn: seed)."""

    __slots__ = ("amount",)

    def __init__(self, p, c):
        self.amount = p.amount

    def abilities(self) -> list[dict]:
        return []


class CanUseParams(Params):
    __shorthand__ = "cards"
    cards: list[Literal["wizard_spells", "cleric_spells", "psionic_powers", "blood_abilities",
                        "thief_skills", "unarmed_combat"]] = Field(min_length=1)


_USES = {"wizard_spells": ("spell", "wizard"), "cleric_spells": ("spell", "cleric"),
         "psionic_powers": ("psionic_power", None), "blood_abilities": ("blood_ability", None),
         "thief_skills": ("thief_skill", None), "unarmed_combat": ("unarmed_combat", None)}


@vocab.keyword("can_use", CanUseParams,
               text="May use {{ cards | map('replace', '_', ' ') | join(' and ') }}")
class CanUse:
    """A champion's special power: it may use these cards as if its icon allowed them."""

    __slots__ = ("kinds",)

    def __init__(self, p, c):
        self.kinds = tuple(_USES[k] for k in p.cards)

    def abilities(self) -> list[dict]:
        return []

    def allows(self, proto) -> bool:
        return any(proto.type == t and (s is None or proto.school == s) for t, s in self.kinds)
