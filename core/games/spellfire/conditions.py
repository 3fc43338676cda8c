"""Spellfire conditions: what a static ability's ``{static: condition}`` or an ``if`` asks of
the table in the game's own words. ``in_battle`` (this champion, or the champion this card is
attached to, is fighting: attacking or defending), ``against`` (the champion this card's side
fights is of a champion type or has an attribute), ``under_attack`` (this realm, or the realm
this holding is on, is the battle's target) and ``unrazed_realms`` (a player's formation
holds at least or at most N unrazed realms). The core's ``all_of``, ``any_of`` and ``not``
combine them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field, model_validator

from ...limits import STAT_MAX
from ...registry import Params, Vocabulary
from .card import Attribute, ChampionType, named

if TYPE_CHECKING:
    from ...compiler import Compiler
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfireTrigger

vocab = Vocabulary("spellfire")


def _champion(card: SpellfireCard) -> SpellfireCard:
    """The card itself, or the champion it is attached to (an item, an artifact)."""
    while card.host is not None and card.host.proto.type == "champion":
        card = card.host
    return card


class InBattleParams(Params):
    __shorthand__ = "role"
    role: Literal["attacker", "defender", "any"] = Field(
        "any", description="Fighting as the battle's attacker, its defender, or either.")


@vocab.condition("in_battle", InBattleParams,
                 text="{% set c = 'its champion' if card_type in ('artifact', 'magic_item') "
                      "else 'this champion' %}{{ c }} is {{ {'attacker': 'attacking', "
                      "'defender': 'defending'}.get(role, 'in a battle') }}")
class InBattle:
    """The champion whose ability it is (or whose item or artifact it is) is the battle's
    attacker or defender now (rules notes 7: "Each champion sent forward makes one
    round"); a champion in a pool is not."""

    __slots__ = ("role",)
    types = frozenset({"champion", "artifact", "magic_item"})

    def __init__(self, p: InBattleParams, c: Compiler) -> None:
        if c.card_type not in self.types:
            raise c.error(f"in_battle asks whether a champion is fighting: a {c.card_type} "
                          "never does (on a realm, ask `under_attack`)")
        self.role = p.role

    def test(self, g: SpellfireGame, ctx: SpellfireTrigger) -> bool:
        champ, combat = _champion(ctx.source), g.combat
        if self.role == "attacker":
            return champ is combat.attacker
        if self.role == "defender":
            return champ is combat.defender
        return champ is combat.attacker or champ is combat.defender


class AgainstParams(Params):
    champion_types: list[ChampionType] = Field(default_factory=list, description="The "
                                               "opposing champion is of one of these types.")
    attributes: list[Attribute] = Field(default_factory=list, description="... or has one "
                                        "of these attributes ('undead', 'dragon').")

    @model_validator(mode="after")
    def _named(self) -> AgainstParams:
        if not (self.champion_types or self.attributes):
            raise ValueError("name the opposing champions: champion_types or attributes")
        return self


@vocab.condition("against", AgainstParams,
                 text="{% set who = ((champion_types + attributes) | map('plural_noun') | "
                      "list) %}fighting against {{ who | join(' or ') }}")
class Against:
    """The champion this card's side fights in the battle now is of a type or has an
    attribute named: "+2 levels against thieves" (rules notes 2: "support cards carry
    bonuses (+N, sometimes +N/+M)"; "Certain cards give out bonuses and penalties based on a
    card's race or type"). This card's side is its controller's: the attacker's or the
    defender's; a realm defending itself is no champion of a type. Outside a battle, false."""

    __slots__ = ("champion_types", "attributes")

    def __init__(self, p: AgainstParams, c: Compiler) -> None:
        self.champion_types = frozenset(p.champion_types)
        self.attributes = frozenset(p.attributes)

    def test(self, g: SpellfireGame, ctx: SpellfireTrigger) -> bool:
        combat, you = g.combat, ctx.controller
        realm, a, d = combat.realm, combat.attacker, combat.defender
        if realm is None or a is None or d is None:
            return False
        other = d if you is g.active else a if you is realm.owner else None
        if other is None or other is realm:
            return False
        return named(other.proto, self.champion_types, self.attributes)


@vocab.condition("under_attack", text="{{ 'its realm' if card_type == 'holding' else "
                                      "'this realm' }} is being attacked")
class UnderAttack:
    """The realm whose ability it is (or the realm this holding is on) is the target of the
    battle now (rules notes 7: "A battle is one attack on one realm")."""

    __slots__ = ()
    types = frozenset({"realm", "holding"})

    def __init__(self, p: None, c: Compiler) -> None:
        if c.card_type not in self.types:
            raise c.error(f"under_attack asks about a realm: a {c.card_type} is never "
                          "attacked (on a champion, ask `in_battle`)")

    def test(self, g: SpellfireGame, ctx: SpellfireTrigger) -> bool:
        card = ctx.source
        realm = card.host if card.proto.type == "holding" else card
        return realm is not None and realm is g.combat.realm


class RealmsParams(Params):
    at_least: Optional[int] = Field(None, ge=0, le=STAT_MAX)
    at_most: Optional[int] = Field(None, ge=0, le=STAT_MAX)
    player: Literal["you", "opponent"] = Field(
        "you", description="Whose formation: yours, or an opponent's (any one of them).")

    @model_validator(mode="after")
    def _one_bound(self) -> RealmsParams:
        if self.at_least is None and self.at_most is None:
            raise ValueError("give at_least or at_most (or both)")
        return self


@vocab.condition("unrazed_realms", RealmsParams,
                 text="{{ 'you have' if player == 'you' else 'an opponent has' }} "
                      "{% if at_least is not none and at_most is not none %}from {{ at_least }}"
                      " to {{ at_most }}{% elif at_least is not none %}{{ at_least }} or more"
                      "{% else %}{{ at_most }} or fewer{% endif %} unrazed realms")
class UnrazedRealms:
    """A formation's unrazed realms (seed, "Victory": what wins) are at least or at most
    N: the controller's, or any opponent's."""

    __slots__ = ("low", "high", "mine")

    def __init__(self, p: RealmsParams, c: Compiler) -> None:
        self.low = p.at_least
        self.high = p.at_most
        self.mine = p.player == "you"

    def test(self, g: SpellfireGame, ctx: SpellfireTrigger) -> bool:
        you = ctx.controller
        players = [you] if self.mine else g.opponents(you)
        return any((self.low is None or q.unrazed() >= self.low)
                   and (self.high is None or q.unrazed() <= self.high) for q in players)
