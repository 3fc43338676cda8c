"""Spellfire selectors: which champions and realms an ability chooses or affects. "you" and
"opponent" are relative to the ability's controller."""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field

from ...registry import Params, Vocabulary
from .card import ChampionType

vocab = Vocabulary("spellfire")


class ChampionFilter(Params):
    controller: Literal["you", "opponent", "any"] = Field("any", description="Whose.")
    where: Literal["pool", "battle", "any"] = Field("any", description="In a pool, or "
                                                    "fighting in a battle.")
    champion_type: Optional[ChampionType] = None
    max_level: Optional[int] = Field(None, ge=0, description="Level at most this.")


@vocab.selector("champion", ChampionFilter,
                text="{% set whose = 'an opposing ' if controller == 'opponent' else "
                     "'your ' if controller == 'you' else 'a ' %}"
                     "{% if form == 'all' %}all {% else %}{{ whose }}{% endif %}"
                     "{% if champion_type %}{{ champion_type }}{% else %}champion{% endif %}"
                     "{% if form == 'all' %}s{% if controller == 'opponent' %} of your "
                     "opponents{% elif controller == 'you' %} you control{% endif %}{% endif %}"
                     "{% if where == 'battle' %} in the battle{% elif where == 'pool' %} in a "
                     "pool{% endif %}"
                     "{% if max_level is not none %} of level {{ max_level }} or less"
                     "{% endif %}")
class ChampionSelector:
    """A champion in play (a pool or a battle)."""

    __slots__ = ("controller", "where", "champion_type", "max_level")

    def __init__(self, p, c):
        self.controller = p.controller
        self.where = p.where
        self.champion_type = p.champion_type
        self.max_level = p.max_level

    def candidates(self, g, ctx) -> list:
        out: list = []
        for q in g.players:
            if self.controller == "you" and q is not ctx.controller or \
                    self.controller == "opponent" and q is ctx.controller:
                continue
            zones = (q.pool, q.battle) if self.where == "any" else \
                (q.pool,) if self.where == "pool" else (q.battle,)
            out.extend(c for z in zones for c in z.cards if self.matches(c))
        return out

    def still_valid(self, g, ctx, obj) -> bool:
        z = getattr(obj, "zone", None)
        return z is not None and z.in_play and self.matches(obj)

    def matches(self, card) -> bool:
        if card.proto.type != "champion" or card.host is not None:
            return False
        if self.champion_type is not None and card.proto.champion_type != self.champion_type:
            return False
        return self.max_level is None or card.level() <= self.max_level
