"""The Riftbound card model (units, gear, spells, legends, battlefields, runes, tokens; champions
are units with ``champion: true``) and the deck file model: a legend, a chosen champion, three
battlefields, a rune deck and a main deck (rules notes, "Objects and zones"; seed, "Before the
first Awaken")."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Optional, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...limits import STAT_MAX
from ...model import CardBase

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import Ability, Keyword

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
Domain = Literal["fury", "calm", "mind", "body", "chaos", "order"]
CARD_TYPES = ("unit", "gear", "spell", "legend", "battlefield", "rune")
#: the types a main deck holds (a champion is a unit)
MAIN_TYPES = ("unit", "gear", "spell")
MAIN_DECK_MIN = 40  # counting the chosen champion (docs/games/riftbound.md, "Decks")
RUNE_DECK_SIZE = 12
BATTLEFIELDS = 3
COPIES = 3
#: how a card frame shows the card (designer tools: cardscript.tools.render.frame): its
#: domain colours it (else its type: battlefields), energy and power cost in the corner, a
#: unit's might at the bottom
FRAME = {"colour": ("domains", "type"), "corner": ("cost", "power"), "bottom": "might",
         "foot": None, "subtypes": "tags", "badges": ("champion",)}


class RiftboundCard(CardBase):
    """A Riftbound card. ``cost`` is its energy cost, ``power`` how many power of its
    domain it also costs; ``might`` is a unit's strength."""

    __text__: ClassVar[str] = "{% if unique %}Unique.{% endif %}"

    type: Literal["unit", "gear", "spell", "legend", "battlefield", "rune"] = Field(
        description="The card type (a champion is a unit with `champion: true`).")
    domains: list[Domain] = Field(default_factory=list, max_length=2,
                                  description="Its domain(s): one, two for a legend.")
    cost: Optional[int] = Field(None, ge=0, le=STAT_MAX,
                                description="Energy cost (units, gear, spells).")
    power: int = Field(0, ge=0, le=STAT_MAX,
                       description="Power cost: how many power of its domain it also costs.")
    might: Optional[int] = Field(None, ge=0, le=STAT_MAX, description="A unit's Might.")
    tags: list[str] = Field(default_factory=list, description="Tags (a legend's first tag "
                            "names the champion it calls).")
    champion: bool = Field(False, description="A champion unit (may be a chosen champion).")
    unique: bool = Field(False, description="Unique (rules notes 10: one per deck).")
    token: bool = Field(False, description="A token: made by effects, never in a deck.")
    keywords: "list[Keyword]" = Field(default_factory=list)
    abilities: "list[Ability]" = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_of_its_type(self) -> Self:
        t = self.type
        if t == "unit" and self.might is None:
            raise ValueError("a unit needs a might")
        if t != "unit" and self.might is not None:
            raise ValueError(f"only units have might; this card is a {t}")
        if t in MAIN_TYPES and self.cost is None and not self.token:
            raise ValueError(f"a {t} needs an energy cost (`cost`)")
        if t not in MAIN_TYPES and (self.cost is not None or self.power):
            raise ValueError(f"a {t} has no cost")
        if self.champion and t != "unit":
            raise ValueError("only units can be champions")
        if t == "rune" and len(self.domains) != 1:
            raise ValueError("a rune has exactly one domain")
        if t == "legend" and (len(self.domains) != 2 or not self.tags):
            raise ValueError("a legend has two domains and a tag naming its champion")
        plays = sum(ab.trigger == "on_play" for ab in self.abilities)
        if t == "spell" and plays != 1:
            raise ValueError("a spell needs exactly one on_play ability: what it does when "
                             "it resolves")
        if t != "spell" and plays:
            raise ValueError(f"only spells have an on_play ability; this card is a {t} (a "
                             "unit or gear has when_played)")
        for kw in self.keywords:
            name = getattr(kw, "__entry_name__", kw)
            if name not in ("cost_less", "cost_more"):
                continue
            if getattr(getattr(kw, name), "cards", None) == "this":
                if t not in MAIN_TYPES:
                    raise ValueError(f"{name} with `cards: this` changes the cost of the card "
                                     f"itself: only units, gear and spells have a cost; this "
                                     f"card is a {t}")
            elif t not in ("unit", "gear", "legend"):
                raise ValueError(f"{name} changes costs while its card is on the board: only "
                                 f"units, gear and legends have it; this card is a {t} (a "
                                 f"change of its own cost is `cards: this`)")
        if any(getattr(k, "__entry_name__", k) == "hidden" for k in self.keywords) and any(
                getattr(ab.trigger, "__entry_name__", ab.trigger) == "when_played"
                and ab.target is not None for ab in self.abilities):
            # only a spell's own target is restricted to its battlefield (play.py)
            raise ValueError("a Hidden card's targeted 'when you play me' ability is not "
                             "implemented yet: its targets must be at its battlefield if "
                             "possible (rules notes 10, Hidden)")
        return self


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    card: str
    count: int = Field(1, ge=1)


class RiftboundDeck(BaseModel):
    """A deck file: a legend, a chosen champion, three battlefields, a rune deck (``runes``)
    and the main deck (``cards``, without the chosen champion)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    game: Literal["riftbound"] = "riftbound"
    legend: str
    champion: str
    battlefields: list[str] = Field(min_length=1)
    runes: list[DeckEntry] = Field(min_length=1)
    cards: list[DeckEntry] = Field(min_length=1)
