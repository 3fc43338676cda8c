"""The Wonders card model (rulebook, "Card Breakdown") and the deck file model."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from ...limits import STAT_MAX
from ...model import CardBase

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import Ability, Keyword

ORBITALS = ("petraia", "thalwind", "solfera", "umbrathene", "heliosynth", "boundless")
CARD_TYPES = ("wonder", "land", "item", "spell")
TIERS = ("legendary", "primary", "secondary")
#: copies of a card allowed in a deck by tier (rulebook, Deckbuilding)
COPIES_BY_TIER = {"legendary": 1, "primary": 2, "secondary": 3}
DECK_SIZE = 50
#: how a card frame shows the card (designer tools: cardscript.tools.render.frame)
FRAME = {"colour": "orbital", "corner": "cost", "bottom": "power", "foot": "tier",
         "subtypes": "classes", "badges": ("core",), "copies": COPIES_BY_TIER,
         "colours": {
             # each orbital's colour (main, dark, light); its symbol is named after it
             "orbital": {"petraia": ("#8d6e4f", "#5b4430", "#f1e6d8"),
                         "thalwind": ("#2b8c9e", "#1b5b67", "#dcf0f3"),
                         "solfera": ("#d29a12", "#8f6708", "#fbf0cf"),
                         "umbrathene": ("#5e3d8f", "#3b255c", "#e9e1f4"),
                         "heliosynth": ("#c9562c", "#86361a", "#f8e0d6"),
                         "boundless": ("#6f7787", "#454b57", "#e7e9ee")},
             "type": {"wonder": "#4b5d7a", "land": "#5f7f4f", "item": "#8a6d3b",
                      "spell": "#7a4a6e"},
             "tier": {"legendary": "#c08a1e", "primary": "#4a6fa5", "secondary": "#7d8b97"}}}


class WondersCard(CardBase):
    """A Wonders of The First card."""

    #: rules-text template of the card's traits, printed before its keywords (core/text/)
    __text__: ClassVar[str] = "{% if core %}Core.{% endif %}"

    type: Literal["wonder", "land", "item", "spell"] = Field(description="The card type.")
    cost: int = Field(ge=0, le=STAT_MAX, description="Energy cost to play it from hand.")
    orbital: Literal["petraia", "thalwind", "solfera", "umbrathene", "heliosynth",
                     "boundless"] = Field(description="The card's orbital.")
    tier: Literal["legendary", "primary", "secondary"] = Field(
        description="Deck-building tier: 1, 2 or 3 copies per deck.")
    power: Optional[int] = Field(None, ge=-STAT_MAX, le=STAT_MAX, validate_default=True,
                                 description="Battle power; Wonders only.")
    classes: list[str] = Field(default_factory=list, description="Classes, e.g. Necromancer.")
    lineage: Optional[str] = None
    faction: Optional[str] = None
    core: bool = Field(False, description="Needs a matching orbital link to play from hand.")
    token: bool = Field(False, description="A token definition: created by effects, never "
                        "in a deck.")
    keywords: "list[Keyword]" = Field(default_factory=list)
    abilities: "list[Ability]" = Field(default_factory=list)

    @field_validator("power")
    @classmethod
    def _power_only_on_wonders(cls, power: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("type")
        if kind == "wonder" and power is None:
            raise ValueError("a wonder needs a power")
        if kind is not None and kind != "wonder" and power is not None:
            raise ValueError(f"only wonders have power; this card is a {kind}")
        return power


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    card: str
    count: int = Field(ge=1)


class WondersDeck(BaseModel):
    """A deck file: ``name``, ``game`` and a list of ``{card, count}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    game: Literal["wonders"] = "wonders"
    cards: list[DeckEntry] = Field(min_length=1)
