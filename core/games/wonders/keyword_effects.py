"""Effects of the rulebook's keyword abilities and game terms that decide where a card ends
up: destroy (which a shield counter may stop), shield counters, bury (in the owner's
order), portal and seek (rulebook, "Keyword Abilities" and "Game Terms"). The other effects
are in :mod:`.effects`, whose parameter models and bases these share."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ...limits import COUNT_MAX
from ...loadable import step
from ...registry import Params, Vocabulary
from .effects import CardParams, RealmParams, _EachCard, _Effect, _ToRealm

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import CardRef, Selector
    from .rules import WondersGame
    from .state import WondersCard, WondersTrigger
    from .zones import Realm

vocab = Vocabulary("wonders")


@vocab.effect("destroy", CardParams, text="destroy {{ card }}")
class Destroy(_Effect):
    """Put cards from The World into their owner's Abyss (they die, together); each one's
    controller may remove a shield counter from it instead (rulebook, Shield)."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        ctx.done = False
        g.destroy_all(list(self.card.cards(g, ctx)), then=(self.died, ctx))

    @step
    def died(self, ctx: WondersTrigger, died: bool) -> None:
        ctx.done = died


class ShieldParams(Params):
    card: "CardRef" = "this"
    count: int = Field(1, ge=1, le=COUNT_MAX)


@vocab.effect("shield", ShieldParams, text="put {% if count == 1 %}a shield counter"
              "{% else %}{{ count }} shield counters{% endif %} on {{ card | describe('each') }}")
class Shield(_EachCard):
    """Put shield counters on cards in The World: each is a one-time protection against
    death or enemy targeting (rulebook, Shield)."""

    __slots__ = ("card", "count")

    def __init__(self, p: ShieldParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.count = p.count

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return g.put_shields(card, self.count, ctx.controller)


@vocab.effect("bury", CardParams, text="bury {{ card }}")
class Bury(_Effect):
    """Put cards on the bottom of their owner's deck, in any order of the owner's choice
    (rulebook, Bury)."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        g.bury_all(list(self.card.cards(g, ctx)), then=(self.buried, ctx))

    @step
    def buried(self, ctx: WondersTrigger, n: int) -> None:
        ctx.done = n > 0


@vocab.effect("portal", RealmParams, text="portal {{ card }} to {{ realm | realm }}")
class Portal(_ToRealm):
    """Banish a card in The World and return it at once to a realm, under the same
    controller and keeping its effects (rulebook, Portal; rule 505.1). Inactive realms can't
    be chosen (rulebook, Active Realm)."""

    __slots__ = ()

    def send(self, g: WondersGame, card: WondersCard, realm: Realm) -> bool:
        return g.portal(card, realm)


class SeekParams(Params):
    count: int = Field(ge=1, le=COUNT_MAX)
    filter: "Selector"


@vocab.effect("seek", SeekParams, text="seek {{ count }} {{ filter }}")
class Seek(_Effect):
    """Reveal the top N cards of your deck; you may play one that matches for no cost in this
    realm (core allowed); bury the rest (rulebook, Seek)."""

    __slots__ = ("count", "filter")

    def __init__(self, p: SeekParams, c: Compiler) -> None:
        self.count = p.count
        self.filter = c.selector(p.filter)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        g.seek(ctx, self.count, self.filter)


__all__ = ["vocab"]
