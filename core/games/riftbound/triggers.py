"""Riftbound triggers: what a spell does when it resolves (``on_play``), "when you play me",
Deathknell ("when I die"), healing, attack and defend, conquer and hold, the start and end of your
turn (rules notes 5.3, 10)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Self

from pydantic import Field, model_validator

from ...limits import STAT_MAX
from ...registry import Params, Vocabulary
from ...vocabulary import SelfTrigger
from .card import Domain
from .zones import BOARD, SITE

if TYPE_CHECKING:
    from ...bus import Event
    from ...compiler import Compiler
    from .state import RiftCard

vocab = Vocabulary("riftbound")


@vocab.trigger("on_play", text="{% if false %}{% endif %}")
class OnPlay(SelfTrigger):
    """What a spell does: the spell itself as an item on the chain, put there as it is
    played (a spell has exactly one)."""

    scope = "activated"


class ActivateParams(Params):
    exhaust: bool = Field(True, description="Exhausting it is part of the cost ([E]).")
    energy: int = Field(0, ge=0, le=STAT_MAX, description="Energy to pay as well.")
    power: int = Field(0, ge=0, le=STAT_MAX, description="Power to pay as well (rules notes "
                       "2: power pays domain symbols), of ``domain``.")
    domain: Optional[Domain | Literal["any"]] = Field(
        None, description="The domain of the power cost: a domain; any ([A]); unset, the "
        "card's own ([C]: any, if it has none or two).")
    timing: Literal["main", "action", "reaction"] = Field(
        "main", description="main: on your turn in the neutral open state; action: also in "
        "showdowns; reaction: also while a chain exists (rules notes 4).")

    @model_validator(mode="after")
    def _domain_needs_power(self) -> Self:
        if self.domain is not None and not self.power:
            raise ValueError(f"domain {self.domain!r} is the domain of a power cost, but "
                             f"there is none: give `power` (how many power to pay)")
        return self


@vocab.trigger("activate", ActivateParams,
               text="{% if exhaust %}[E]{% endif %}{% if exhaust and (energy or power) %}, "
                    "{% endif %}{% if energy or power %}pay {% endif %}"
                    "{% if energy %}{{ energy }} energy{% endif %}"
                    "{% if energy and power %} and {% endif %}"
                    "{% if power %}{{ power }} {% if domain == 'any' %}power of any domain"
                    "{% elif domain %}{{ domain }} power{% else %}power of its domain"
                    "{% endif %}{% endif %}:"
                    "{% if timing == 'action' %} [Action]{% elif timing == 'reaction' %}"
                    " [Reaction]{% endif %}")
class Activate:
    """An activated ability of a unit or gear on the board: its cost (exhaust it, energy,
    power), then it goes on the chain like a spell without a card (rules notes 6; CR 398).
    Without Action or Reaction it is used on its controller's turn in the neutral open
    state. Its power is paid like a card's (356): ``domain`` None is [C], the card's own."""

    __slots__ = ("exhaust", "energy", "power", "domain", "timing")
    scope = "activated"
    event = ""

    def __init__(self, p: ActivateParams, c: Compiler) -> None:
        self.exhaust = p.exhaust
        self.energy = p.energy
        self.power = p.power
        self.domain = p.domain
        self.timing = p.timing

    def matches(self, ev: Event, card: RiftCard) -> bool:
        return False


@vocab.trigger("when_played", text="When you play me,")
class WhenPlayed(SelfTrigger):
    """When you play me: a unit or gear, once it is on the board (rules notes 5.3: play
    effects pend after entry)."""

    event = "played"


@vocab.trigger("deathknell", text="Deathknell —")
class Deathknell(SelfTrigger):
    """When I die: only if it reaches the trash; by its last known information (rules notes
    10, Deathknell)."""

    event = "died"


@vocab.trigger("on_heal", text="When I heal,")
class OnHeal(SelfTrigger):
    """When my damage is removed by healing: in the expiration step (317) or the combat
    cleanup (rules notes 10, Healing); a unit without damage does not heal."""

    event = "healed"


@vocab.trigger("on_attack", text="When I attack,")
class OnAttack(SelfTrigger):
    """When I become an attacker as a combat opens (rules notes 7, combat showdown step)."""

    event = "attack"


@vocab.trigger("on_defend", text="When I defend,")
class OnDefend(SelfTrigger):
    """When I become a defender as a combat opens."""

    event = "defend"


class _Here:
    """Whenever its controller conquers or holds: a unit's, at its battlefield; a
    battlefield's, itself."""

    __slots__ = ("scope",)
    event = ""

    def __init__(self, p: None, c: Compiler) -> None:
        self.scope = SITE if c.card_type == "battlefield" else BOARD

    def matches(self, ev: Event, card: RiftCard) -> bool:
        if self.scope == SITE:
            return ev.area is card.area
        return ev.player is card.controller and ev.area is card.area


@vocab.trigger("on_conquer", text="When you conquer here,")
class OnConquer(_Here):
    """When you conquer here (a unit: its battlefield; a battlefield: itself, by anyone)."""

    event = "conquer"


@vocab.trigger("on_hold", text="When you hold here,")
class OnHold(_Here):
    """When you hold here (a unit: its battlefield; a battlefield: itself, by anyone)."""

    event = "hold"


class TurnParams(Params):
    __shorthand__ = "whose"
    whose: Literal["yours", "each"] = "yours"


class _Turn:
    __slots__ = ("each",)
    scope = BOARD
    event = ""

    def __init__(self, p: TurnParams, c: Compiler) -> None:
        self.each = p.whose == "each"

    def matches(self, ev: Event, card: RiftCard) -> bool:
        return self.each or ev.player is card.controller


@vocab.trigger("start_of_turn", TurnParams,
               text="At the start of {% if whose == 'each' %}each{% else %}your{% endif %} "
                    "turn,")
class StartOfTurn(_Turn):
    """At the start of your turn (315.2: before scoring), while it is on the board."""

    event = "turn_start"


@vocab.trigger("end_of_turn", TurnParams,
               text="At the end of {% if whose == 'each' %}each{% else %}your{% endif %} turn,")
class EndOfTurn(_Turn):
    """At the end of your turn (317: before the expiration step), while it is on the board."""

    event = "turn_end"
