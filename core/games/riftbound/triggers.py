"""Riftbound triggers: what a spell does when it resolves (``on_play``), "when you play me",
Deathknell ("when I die"), healing, attack and defend, conquer and hold, the start and end of your
turn, and replacement effects ("if I would die, ... instead") (rules notes 5.3, 10)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Self

from pydantic import Field, model_validator

from ...blocks import Whenever as CoreWhenever
from ...blocks import WheneverParams as CoreWheneverParams
from ...continuous import static_trigger
from ...limits import STAT_MAX
from ...places import IN_PLAY, PLAYED
from ...registry import Params, Vocabulary
from ...replacements import InsteadOf as CoreInsteadOf
from ...vocabulary import SelfTrigger
from .card import Domain
from .zones import LEGEND, SITE

if TYPE_CHECKING:
    from ...bus import Event
    from ...compiler import Compiler
    from ...model.names import Selector
    from .state import RiftCard

vocab = Vocabulary("riftbound")


@vocab.trigger("on_play", text="{% if false %}{% endif %}")
class OnPlay(SelfTrigger):
    """What a spell does: the spell itself as an item on the chain, put there as it is
    played (a spell has exactly one)."""

    scope = "activated"
    place = PLAYED
    types = frozenset({"spell"})


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
    """An activated ability of a unit or gear on the board, or of a legend: its cost
    (exhaust it, energy, power), then it goes on the chain like a spell without a card
    (rules notes 6; CR 398).
    Without Action or Reaction it is used on its controller's turn in the neutral open
    state. Its power is paid like a card's (356): ``domain`` None is [C], the card's own."""

    __slots__ = ("exhaust", "energy", "power", "domain", "timing")
    scope = "activated"
    types = frozenset({"unit", "gear", "legend"})
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
    place = PLAYED
    types = frozenset({"unit", "gear"})


@vocab.trigger("deathknell", text="Deathknell —")
class Deathknell(SelfTrigger):
    """When I die: only if it reaches the trash; by its last known information (rules notes
    10, Deathknell)."""

    event = "died"
    types = frozenset({"unit", "gear"})


@vocab.trigger("on_heal", text="When I heal,")
class OnHeal(SelfTrigger):
    """When my damage is removed by healing: in the expiration step (317) or the combat
    cleanup (rules notes 10, Healing); a unit without damage does not heal."""

    event = "healed"
    types = frozenset({"unit"})


@vocab.trigger("on_attack", text="When I attack,")
class OnAttack(SelfTrigger):
    """When I become an attacker as a combat opens (rules notes 7, combat showdown step)."""

    event = "attack"
    types = frozenset({"unit"})


@vocab.trigger("on_move", text="When I move,")
class OnMove(SelfTrigger):
    """When I move between base and a battlefield, or between battlefields: a standard move
    or an effect's (``move_unit``); a recall is not a move (rules notes 3)."""

    event = "moved"
    types = frozenset({"unit"})


@vocab.trigger("on_defend", text="When I defend,")
class OnDefend(SelfTrigger):
    """When I become a defender as a combat opens."""

    event = "defend"
    types = frozenset({"unit"})


class _Here:
    """Whenever its controller conquers or holds: a unit's, at its battlefield; a
    battlefield's, itself, by anyone; a legend's, anywhere ("When you conquer,")."""

    __slots__ = ("scope",)
    event = ""
    types = frozenset({"unit", "battlefield", "legend"})

    def __init__(self, p: None, c: Compiler) -> None:
        self.scope = {"battlefield": SITE, "legend": LEGEND}.get(c.card_type, IN_PLAY)

    def matches(self, ev: Event, card: RiftCard) -> bool:
        if self.scope == SITE:
            return ev.area is card.area
        if self.scope == LEGEND:
            return ev.player is card.controller
        return ev.player is card.controller and ev.area is card.area


#: a legend's is anywhere, a unit's or a battlefield's here
_HERE = "{% if card_type != 'legend' %} here{% endif %},"


@vocab.trigger("on_conquer", text="When you conquer" + _HERE)
class OnConquer(_Here):
    """When you conquer here (a unit: its battlefield; a battlefield: itself, by anyone; a
    legend: any battlefield)."""

    event = "conquer"


@vocab.trigger("on_hold", text="When you hold" + _HERE)
class OnHold(_Here):
    """When you hold here (a unit: its battlefield; a battlefield: itself, by anyone; a
    legend: any battlefield)."""

    event = "hold"


class TurnParams(Params):
    __shorthand__ = "whose"
    whose: Literal["yours", "each"] = "yours"


class _Turn:
    """At the start or end of a turn, wherever its card is on the board (a unit or gear, a
    legend, a battlefield, a rune). "Your" turn is its controller's; a battlefield's, the
    turn of the player who controls the battlefield (none while nobody does)."""

    __slots__ = ("each",)
    scope = IN_PLAY
    event = ""

    def __init__(self, p: TurnParams, c: Compiler) -> None:
        self.each = p.whose == "each"

    def matches(self, ev: Event, card: RiftCard) -> bool:
        if self.each:
            return True
        zone = card.zone
        if zone is not None and zone.kind == SITE:
            return ev.player is zone.area.controller
        return ev.player is card.controller


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


class WheneverParams(CoreWheneverParams):
    #: each ``whenever`` word and the event it waits for (its publisher: play.py, fight.py)
    WORDS = {"dies": "died", "attacks": "attack", "defends": "defend", "heals": "healed",
             "moves": "moved", "played": "played"}
    dies: "Optional[Selector]" = Field(None, description="A unit the selector matches dies "
                                       "(as it last was).")
    attacks: "Optional[Selector]" = Field(None, description="... becomes an attacker.")
    defends: "Optional[Selector]" = Field(None, description="... becomes a defender.")
    heals: "Optional[Selector]" = Field(None, description="... heals.")
    moves: "Optional[Selector]" = Field(None, description="... moves (a standard move or an "
                                        "effect's; not a recall).")
    played: "Optional[Selector]" = Field(None, description="... is played: a unit or gear, "
                                         "once it is on the board.")


@vocab.trigger("whenever", WheneverParams, text=(
    "When {% if dies %}{{ dies | describe }} dies{% elif attacks %}{{ attacks | describe }} "
    "attacks{% elif defends %}{{ defends | describe }} defends{% elif moves %}"
    "{{ moves | describe }} moves{% elif played %}{{ played | describe }} is played{% else %}"
    "{{ heals | describe }} heals{% endif %},"))
class Whenever(CoreWhenever):
    """When a unit the selector matches dies, attacks, defends, heals, moves or is played,
    while this card is on the board, a legend's and a battlefield's included (the core's
    trigger on another card's event; ``it`` is that card)."""

    __slots__ = ()

    def __init__(self, p: WheneverParams, c: Compiler) -> None:
        super().__init__(*self.given(p, c))


class InsteadOfParams(Params):
    __shorthand__ = "event"
    event: Literal["dies"] = Field("dies", description="What would happen to the unit: it "
                                   "would die (killed, or by lethal damage).")
    card: "Optional[Selector]" = Field(
        None, description="Which units (on the board); this unit itself if not given.")


@vocab.trigger("instead_of", InsteadOfParams, text=(
    "If {% if card %}{{ card | describe }}{% else %}I{% endif %} would die, instead"))
class InsteadOf(CoreInsteadOf):
    """A replacement effect (rules notes 5.3, "Replacement effects"): if the unit would die,
    the effect happens instead and it does not die (nor does its Deathknell trigger). Applied
    before the event, once per event, a replacing event included: one replacement never
    replaces the death its own effect causes. With several, the dying unit's controller
    chooses which applies. About other units it works while its card is on the board (a
    unit's, a gear's, a legend's or a battlefield's); about itself, a unit's own. ``it`` is
    the unit that would have died."""

    __slots__ = ("types",)
    IN_PLAY_ONLY = ("dies",)

    def __init__(self, p: InsteadOfParams, c: Compiler) -> None:
        super().__init__(p, c)
        self.types = frozenset({"unit"}) if p.card is None else None


# a static ability ("I have +2 Might", "While you control a Mighty unit, ..."): on while its
# card is on the board (rules notes 5.3's layers apply it: cardscript.continuous)
static_trigger(vocab)
