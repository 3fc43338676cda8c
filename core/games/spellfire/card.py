"""The Spellfire card model and the deck file model (rules notes 2, "Card types and levels";
seed, "Rule of Cosmos"). A card prints its type, its number within its set (the seed's
first-player draw reads its last digit), a world logo, a level (champions and allies) or a
level bonus (support cards), the phases it is used in and, for spells and items, the
direction of its effect: (Off) on an opposing champion, (Def) on one's own."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional, Self

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from ...limits import STAT_MAX
from ...model import CardBase

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import Ability, Keyword

CARD_TYPES = ("champion", "ally", "realm", "holding", "dungeon", "artifact", "magic_item",
              "event", "rule", "spell", "psionic_power", "blood_ability", "thief_skill",
              "unarmed_combat")
CardType = Literal["champion", "ally", "realm", "holding", "dungeon", "artifact", "magic_item",
                   "event", "rule", "spell", "psionic_power", "blood_ability", "thief_skill",
                   "unarmed_combat"]
CHAMPION_TYPES = ("hero", "wizard", "cleric", "psionicist", "regent", "thief", "monster")
ChampionType = Literal["hero", "wizard", "cleric", "psionicist", "regent", "thief", "monster"]
#: the support cards a champion's icon lets it use (rules notes 2), beyond what every
#: champion uses (allies, magical items, same-world artifacts): (card type, spell school)
ICON_USES: dict[str, tuple[str, str | None]] = {
    "hero": ("unarmed_combat", None), "wizard": ("spell", "wizard"),
    "cleric": ("spell", "cleric"), "psionicist": ("psionic_power", None),
    "regent": ("blood_ability", None), "thief": ("thief_skill", None)}
#: the cards only a champion able to use them may play (seed, phase 3 A; rules notes 8)
SUPPORT_SKILLS = ("spell", "psionic_power", "blood_ability", "thief_skill", "unarmed_combat")
#: what the Rule of the Cosmos restricts: one of each in play across all players (seed)
COSMOS_TYPES = ("champion", "artifact", "realm", "dungeon", "holding")


def named(proto: Any, champion_types: frozenset[str], attributes: frozenset[str]) -> bool:
    """A card a power names by champion type or attribute ("heroes", "undead"): of one of
    the types, or printing one of the attributes (the battle powers, ``against``,
    ``usable_by``)."""
    return proto.champion_type in champion_types or bool(attributes & proto.attributes)
#: cards that carry a world logo that must match (holding to realm, artifact to champion)
WORLD_TYPES = ("realm", "holding", "artifact")
Phase = Literal[0, 1, 2, 3, 4, 5]
#: a champion's or an ally's attribute ("undead", "dragon"): a lower-case word
Attribute = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z-]*$", max_length=30)]
#: how a card frame shows the card (designer tools: cardscript.tools.render.frame): the
#: world logo colours it (else the card type), a level in the corner, a support card's
#: bonus at the bottom, its number at the foot
FRAME = {"colour": ("world", "type"), "corner": ("level",), "bottom": "bonus",
         "foot": "number", "subtypes": "attributes", "badges": ("coastal",)}


class SpellfireCard(CardBase):
    """A Spellfire card. ``level`` is a champion's or an ally's level (a realm that defends
    itself gives it as ``defends``); ``bonus`` is what a support card adds to its champion's
    level; ``phases`` the phases it is used in (events: any time unless given)."""

    #: what the card prints besides its powers: a realm's coast and defence, a support
    #: card's bonus, and its (Off)/(Def) with the phases it is used in, as the cards print
    #: them ("(Off/4)"; rules notes 5), or its phases alone ("Phases 3 and 5")
    __text__: ClassVar[str] = (
        "{% if attributes %}{{ attributes | map('capitalize') | join(', ') }}. {% endif %}"
        "{% if coastal %}Coastal. {% endif %}"
        "{% if defends %}Defends itself as a level {{ defends }} champion. {% endif %}"
        "{% if bonus %}{{ bonus | signed }} to its {% if type == 'holding' %}realm's "
        "defender{% else %}champion{% endif %}'s level"
        "{% if direction and not phases %} ({{ direction | capitalize }}){% endif %}. "
        "{% elif direction and not phases %}({{ direction | capitalize }}). {% endif %}"
        "{% if anytime %}Play at any time.{% elif direction and phases %}"
        "({{ direction | capitalize }}{% for n in phases %}/{{ n }}{% endfor %}){% elif phases %}"
        "Phase{{ 's' if phases | length > 1 }} {% for n in phases %}{{ n }}"
        "{% if not loop.last %}{{ ' and ' if loop.revindex == 2 else ', ' }}{% endif %}"
        "{% endfor %}.{% endif %}")

    type: CardType = Field(description="The card type.")
    number: int = Field(ge=1, le=999, description="Its number within its set (the seed's "
                        "first-player draw reads its last digit).")
    world: Optional[str] = Field(None, pattern=r"^[a-z][a-z0-9-]*$",
                                 description="The world logo (realms, holdings, artifacts, "
                                 "and champions of a world).")
    champion_type: Optional[ChampionType] = Field(
        None, description="A champion's type: its icon (what support cards it may use).")
    school: Optional[Literal["wizard", "cleric"]] = Field(
        None, description="A spell's school: who may cast it.")
    level: Optional[int] = Field(None, ge=0, le=STAT_MAX,
                                 description="A champion's or an ally's level.")
    attributes: list[Attribute] = Field(
        default_factory=list, max_length=8, description="What a champion or an ally is, as "
        "its text prints it ('undead', 'dragon', 'elf'): what cards name to affect only "
        "such champions (a selector's `attribute`).")
    bonus: int = Field(0, ge=-STAT_MAX, le=STAT_MAX,
                       description="What it adds to its champion's level (support cards).")
    defends: Optional[int] = Field(None, ge=1, le=STAT_MAX, description="A realm that "
                                   "defends itself as a champion of this level.")
    coastal: bool = Field(False, description="A coastal realm (swimmers may attack it).")
    phases: Optional[list[Phase]] = Field(None, min_length=1, description="The phases it is "
                                          "used in (printed at the end of its text).")
    anytime: bool = Field(False, description="Played at any time, on any turn ('play at "
                          "any time'); events are, unless they give phases.")
    direction: Optional[Literal["off", "def"]] = Field(
        None, description="(Off): its effect is on an opposing champion; (Def): on one's "
        "own (spells and magical items; rules notes 2).")
    token: bool = Field(False, description="Never true: Spellfire has no tokens.")
    keywords: "list[Keyword]" = Field(default_factory=list)
    abilities: "list[Ability]" = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_of_its_type(self) -> Self:
        t = self.type
        if self.token:
            raise ValueError("Spellfire has no tokens")
        if t == "champion":
            if self.champion_type is None or self.level is None:
                raise ValueError("a champion needs a champion_type (its icon) and a level")
        elif self.champion_type is not None:
            raise ValueError(f"only champions have a champion_type; this card is a {t}")
        if self.attributes and t not in ("champion", "ally"):
            raise ValueError(f"only champions and allies have attributes; this card is a {t}")
        if t == "ally" and self.level is None:
            raise ValueError("an ally needs a level (what it adds in a round)")
        if t not in ("champion", "ally") and self.level is not None:
            raise ValueError(f"only champions and allies have a level; a {t} gives a bonus")
        if t in WORLD_TYPES and self.world is None:
            raise ValueError(f"a {t} needs a world (its logo)")
        if t == "spell" and self.school is None:
            raise ValueError("a spell needs a school: wizard or cleric")
        if t != "spell" and self.school is not None:
            raise ValueError(f"only spells have a school; this card is a {t}")
        if t in SUPPORT_SKILLS and not self.phases and not self.anytime:
            raise ValueError(f"a {t} needs the phases it is used in (`phases`)")
        if t in ("realm", "holding", "dungeon", "rule", "champion") and (self.phases or
                                                                          self.anytime):
            raise ValueError(f"a {t} is played in its own phase; it has no `phases`")
        if self.bonus and t in ("champion", "ally", "realm", "dungeon", "rule"):
            raise ValueError(f"a {t} adds no bonus to a level: `bonus` is printed on "
                             "artifacts, magical items and holdings, and on the cards played "
                             "in a battle (a champion's or an ally's own is its `level`)")
        if self.defends is not None and t != "realm":
            raise ValueError("only realms defend themselves (`defends`)")
        if self.coastal and t != "realm":
            raise ValueError("only realms are coastal")
        if self.direction is not None and t not in ("spell", "magic_item"):
            raise ValueError(f"(Off)/(Def) is printed on spells and magical items; this card "
                             f"is a {t}")
        if self.direction is not None:
            self._direction_agrees()
        return self

    def _direction_agrees(self) -> None:
        """An (Off) card's effect is on an opponent's card, a (Def) card's on its own (rules
        notes 2): a selector of its abilities that names the other side contradicts it (an
        unset ``controller`` follows the direction: :mod:`.selectors`)."""
        d = self.direction or ""
        wrong = "you" if d == "off" else "opponent"
        for i, ab in enumerate(self.abilities):
            sel = getattr(ab, "target", None)
            params = next(iter(vars(sel).values()), None) if sel is not None else None
            if getattr(params, "controller", None) == wrong:
                side = "an opponent's" if self.direction == "off" else "its own side's"
                raise ValueError(f"an ({d.capitalize()}) card's effect is on "
                                 f"{side} cards (rules notes 2), but ability {i + 1}'s target "
                                 f"has controller: {wrong}; leave `controller` out (the "
                                 f"direction sets it)")


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    card: str
    count: int = Field(1, ge=1)


class SpellfireDeck(BaseModel):
    """A deck file: its format (25, 55, 75 or 110 cards), the cards and, in the 75- and
    110-card games, the dungeon as an extra card (rules notes 3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    game: Literal["spellfire"] = "spellfire"
    format: Literal[25, 55, 75, 110] = 55
    cards: list[DeckEntry] = Field(min_length=1)
    dungeon: Optional[str] = Field(None, description="The dungeon: one of the cards in the "
                                   "25/55-card games, an extra card in the 75/110-card games.")
