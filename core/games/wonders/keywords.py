"""Keyword abilities (rulebook, "Keyword Abilities").

Macro keywords expand into ordinary abilities written in the card language itself; rule-level
keywords (guardian, attuned, link) have no abilities of their own and are read by the rules
where they apply (battle, playing a card, costs). The rulebook's other keywords are
elsewhere in the vocabulary, where a card writes them: ascend, hoard and kingdom are
triggers (triggers.py), harvest and faith activated abilities (activated.py); deny, portal,
seek, shield counters and stun are effects (effects.py); symbiosis is read as a Wonder
arrives (symbiosis.py); equipment is an item of the Equipment class, looked after by the
rules' own triggered effects and the ``equip`` effect (equipment.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from ...blocks import KeywordBase
from ...limits import COUNT_MAX
from ...places import IN_PLAY, PLAYED
from ...registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import Selector

vocab = Vocabulary("wonders")


@vocab.keyword("flying", text="Flying")
class Flying(KeywordBase):
    """When this Wonder attacks, you may move it to an adjacent active realm at the end of the
    battle (rule 404.3.2 step 6)."""

    def abilities(self) -> list[dict]:
        return [{"trigger": {"end_of_battle": {"attacking": True}},
                 "effect": {"may": {"move": {"card": "this", "realm": "adjacent"}}}}]


@vocab.keyword("deathstrike", text="Deathstrike")
class Deathstrike(KeywordBase):
    """Destroys a targeted enemy Wonder after that enemy loses or ties a battle; each instance
    triggers on its own (rulebook, Deathstrike; rule 404.3.2 example)."""

    def abilities(self) -> list[dict]:
        return [{"trigger": {"after_battle": ["won", "tied"]},
                 "target": {"wonder": {"controller": "opponent", "realm": "this"}},
                 "effect": {"destroy": "target"}}]


@vocab.keyword("guardian", text="Guardian")
class Guardian(KeywordBase):
    """If you control a stone in this realm, opponents can't take it from you by winning
    battles in this realm (rulebook, Guardian)."""

    place = IN_PLAY


@vocab.keyword("attuned", text="Attuned")
class Attuned(KeywordBase):
    """Playing this card from hand spends no action (a free action; rulebook, Attuned)."""

    place = PLAYED

    #: read from the printed card, in hand: a Wonder in The World given it would gain nothing
    giveable = False


class LinkParams(Params):
    __shorthand__ = "orbital"
    orbital: Literal["petraia", "thalwind", "solfera", "umbrathene", "heliosynth",
                     "boundless"] = Field(description="The orbital it links.")


@vocab.keyword("link", LinkParams, text="{{ orbital | capitalize }} link")
class Link(KeywordBase):
    """Orbital link (rulebook, Link): while its controller has it in The World, cards of that
    orbital cost them 1 less energy to play from hand (not stacking), and they may play that
    orbital's core cards. Every land has the link of its own orbital (rule 404.2); any card
    may have this keyword ("one card with Umbrathene link"). Read by
    :meth:`~cardscript.games.wonders.primitives.Primitives.links`."""

    place = IN_PLAY

    __slots__ = ("orbital",)
    #: read from the printed card (Primitives.links): giving it (continuous.py) is not done
    giveable = False

    def __init__(self, p: LinkParams, c: Compiler) -> None:
        self.orbital = p.orbital


class SeekKeywordParams(Params):
    count: int = Field(ge=1, le=COUNT_MAX)
    filter: "Selector"


@vocab.keyword("seek", SeekKeywordParams, text="Seek {{ count }} {{ filter }}")
class SeekKeyword(KeywordBase):
    """On arrival, seek N: reveal the top N cards, you may play a matching one for free in this
    realm, bury the rest (rulebook, Seek)."""

    __slots__ = ("data",)

    def __init__(self, p: SeekKeywordParams, c: Compiler) -> None:
        # plain data, not the model: compiled cards are pickled into the compile cache
        f = p.filter  # a selector's node, or the bare name of one without parameters
        self.data = {"count": p.count,
                     "filter": f.model_dump(by_alias=True, exclude_unset=True, mode="json")
                     if isinstance(f, BaseModel) else f}

    def abilities(self) -> list[dict]:
        return [{"trigger": "on_arrival", "effect": {"seek": self.data}}]
