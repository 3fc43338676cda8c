"""The Spellfire powers the battle reads (rules notes 7, "Combat"): movement powers (who may
attack past the realms in front), realms that restrict their attackers, champions that defeat
their opponent outright, and champions and realms allies can't be used against. The battle's
steps (:mod:`.combat`) read them where the notes apply them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field, model_validator

from ...blocks import KeywordBase
from ...limits import STAT_MAX
from ...registry import Params, Vocabulary
from .card import Attribute, ChampionType, named
from .keywords import ATTACHED_POWERS

if TYPE_CHECKING:
    from ...compiler import Compiler
    from .state import SpellfireCard

vocab = Vocabulary("spellfire")
#: the movement powers, as a card's parameters name them (the keywords below)
Movement = Literal["flyer", "swimmer", "earthwalker"]


class _Named(KeywordBase):
    """A power over the champions it names by ``champion_types`` or ``attributes``."""

    __slots__ = ("champion_types", "attributes")
    champion_types: frozenset[str]
    attributes: frozenset[str]

    def name(self, p: BarredParams | DefeatsParams) -> None:
        self.champion_types = frozenset(p.champion_types)
        self.attributes = frozenset(p.attributes)

    def names(self, champ: SpellfireCard) -> bool:
        """``champ`` is of a type or has an attribute it names."""
        return named(champ.proto, self.champion_types, self.attributes)


class _Movement(KeywordBase):
    """A movement power, read by the battle rules (rules notes 7 A): a champion's or an
    ally's own, or granted to its champion by an item or an artifact (rules notes 5: "An
    item granting an immunity or movement power ... keeps the ability")."""

    __slots__ = ()
    types = frozenset({*ATTACHED_POWERS, "ally"})


@vocab.keyword("flyer", text="Flyer")
class Flyer(_Movement):
    """May attack any realm, shielded or not."""


@vocab.keyword("swimmer", text="Swimmer")
class Swimmer(_Movement):
    """May attack any coastal realm, shielded or not."""


@vocab.keyword("earthwalker", text="Earthwalker")
class Earthwalker(_Movement):
    """May attack any realm without special requirements (rules notes 7: secondary)."""


class BarredParams(Params):
    champion_types: list[ChampionType] = Field(default_factory=list, description="Champions "
                                               "of these types can't attack it.")
    attributes: list[Attribute] = Field(default_factory=list, description="Champions with "
                                        "one of these attributes can't attack it.")
    only: bool = Field(False, description="Turn the lists round: only champions of these "
                       "types or attributes may attack it.")
    movement: list[Movement] = Field(
        default_factory=list, description="These movement powers don't reach it: a champion "
        "attacks it with them only when it is exposed.")

    @model_validator(mode="after")
    def _says_something(self) -> BarredParams:
        if not (self.champion_types or self.attributes or self.movement):
            raise ValueError("name the champion_types, attributes or movement powers that "
                             "can't attack it")
        if self.only and not (self.champion_types or self.attributes):
            raise ValueError("`only` needs the champion_types or attributes that may attack")
        return self


#: "Monsters can't attack this realm", "Only clerics can attack this realm"; then "it
#: can't be reached by flying"
_BARRED_WHO = ("{% set who = ((champion_types + attributes) | map('plural_noun') | list) %}"
               "{% if who %}{% if only %}Only {{ who | join(' and ') }} can attack this realm"
               "{% else %}{{ (who | join(' and ')) | capitalize }} can't attack this realm"
               "{% endif %}{% if movement %}; {% endif %}{% endif %}")


@vocab.keyword("cant_be_attacked_by", BarredParams, text=_BARRED_WHO + (
    "{% if movement %}{{ 'it' if who else 'This realm' }} can't be reached by "
    "{{ movement | map('movement_word') | join(' or ') }}{% endif %}"))
class Barred(_Named):
    """A realm that restricts its attackers (rules notes 6, "Realm powers: Some realms
    restrict attackers (only clerics, immune to flyers, etc.)"): champions of these types or
    attributes can't attack it (``only``: none but them can), and these movement powers
    don't reach it (a champion attacks it with them only when it is exposed). Read as phase
    4 offers targets and attackers (:meth:`.combat.Combat.allowed`). Allies are not
    restricted: they join their champion (rules notes 7 A)."""

    __slots__ = ("only", "movement")
    types = frozenset({"realm"})

    def __init__(self, p: BarredParams, c: Compiler) -> None:
        self.name(p)
        self.only = p.only
        self.movement = frozenset(p.movement)

    def bars(self, champ: SpellfireCard) -> bool:
        """``champ`` can't attack the realm, whatever its movement."""
        if not (self.champion_types or self.attributes):
            return False
        return self.names(champ) != self.only


class DefeatsParams(Params):
    champion_types: list[ChampionType] = Field(default_factory=list, description="It defeats "
                                               "opposing champions of these types (none "
                                               "named: any opposing champion).")
    attributes: list[Attribute] = Field(default_factory=list, description="It defeats "
                                        "opposing champions with one of these attributes.")
    unless_ally: bool = Field(False, description="Not a champion whose side has an ally in "
                              "the battle (\"unless it has or can play an ally\").")
    max_level: Optional[int] = Field(None, ge=0, le=STAT_MAX, description="Only champions "
                                     "of this level or less (their adjusted level).")
    unless_higher: bool = Field(False, description="Not a champion whose level is higher "
                                "than this one's (\"unless its level is higher\").")


_DEFEATED = ("{% set who = ((champion_types + attributes) | map('plural_noun') | list) %}"
             "{% if who %}Automatically defeats {{ who | join(' and ') }}{% else %}The "
             "opposing champion is automatically defeated{% endif %}"
             "{% if max_level is not none %} of level {{ max_level }} or less{% endif %}"
             "{% if unless_ally %} unless {{ 'they have' if who else 'it has' }} or can play "
             "an ally{% endif %}{% if unless_higher %} {{ 'or' if unless_ally else 'unless' }}"
             " {{ 'their level is' if who else 'its level is' }} higher than this "
             "champion's{% endif %}")


@vocab.keyword("defeats", DefeatsParams, text=_DEFEATED)
class Defeats(_Named):
    """Instant defeat by a champion's power (rules notes 7, "Instant defeat by a champion's
    power"; D, "If the attacker wins through its power before the defender's power
    activates, the defender is discarded and the realm is razed"): as the powers activate
    (the attacker's first), the opposing champion it names loses the battle, unless the
    one card its player may then play changes that (an ally, with ``unless_ally``; the
    defeating champion gone or its power blank; a level raised above ``max_level``, or above
    the defeating champion's with ``unless_higher``). A champion's own power only: "Powers of
    allies, items and artifacts don't count as instant-defeat sources"."""

    __slots__ = ("unless_ally", "max_level", "unless_higher")
    types = frozenset({"champion"})

    def __init__(self, p: DefeatsParams, c: Compiler) -> None:
        self.name(p)
        self.unless_ally = p.unless_ally
        self.max_level = p.max_level
        self.unless_higher = p.unless_higher

    def defeats(self, champ: SpellfireCard, has_ally: bool, src: SpellfireCard) -> bool:
        """``src``'s power defeats ``champ`` (whose side has an ally in the battle, or not),
        their levels read now (the one card may have changed them)."""
        if self.unless_ally and has_ally:
            return False
        if self.max_level is not None and champ.level() > self.max_level:
            return False
        if self.unless_higher and champ.level() > src.level():
            return False
        return not (self.champion_types or self.attributes) or self.names(champ)


@vocab.keyword("no_allies_against",
               text="Allies can't be used against {{ {'realm': 'this realm', 'magic_item': "
                    "'its champion', 'artifact': 'its champion'}.get(card_type, "
                    "'this champion') }}")
class NoAlliesAgainst(KeywordBase):
    """"Allies cannot be used against" this champion (its own power, or one its item or
    artifact grants it) or this realm (by the champion attacking it): the side fighting it
    is offered no ally among its catch-up cards (rules notes 7 F, "one card its champion can
    use"; notes 8, "Allies")."""

    __slots__ = ()
    types = frozenset({*ATTACHED_POWERS, "realm"})
