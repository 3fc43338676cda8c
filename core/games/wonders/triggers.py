"""Triggers: timing keywords (rulebook, "Timing Keywords") and activation costs.

A trigger says which event it listens for and where it works: ``self`` triggers are about the
card itself and are found from the event's subject; ``world`` triggers are handlers on the
bus while the card is in The World; ``activated`` ones are offered as turn options.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field, model_validator

from ...registry import Params, Vocabulary
from .zones import WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import Condition, Selector

vocab = Vocabulary("wonders")
#: names reserved for rules not implemented yet (an error says so)


class _Trigger:
    __slots__ = ()
    scope = "self"
    event = ""
    cost: str | None = None  # activated: "tap" or "sacrifice"
    free = False

    def __init__(self, p, c):
        pass

    def matches(self, ev, card) -> bool:
        return True


@vocab.trigger("on_play", text="{% if card_type != 'spell' %}ON PLAY:{% endif %}")
class OnPlay(_Trigger):
    """When this card is played from hand; resolves before it enters The World."""

    event = "played"

    def matches(self, ev, card):
        return ev.card is card


@vocab.trigger("on_arrival", text="ON ARRIVAL:")
class OnArrival(_Trigger):
    """When this card enters The World from a hand, deck, banishment or The Abyss (not when it
    moves between realms)."""

    event = "arrived"

    def matches(self, ev, card):
        return ev.card is card


@vocab.trigger("on_death", text="ON DEATH:")
class OnDeath(_Trigger):
    """When this card is put from The World into The Abyss."""

    event = "died"

    def matches(self, ev, card):
        return ev.card is card


class _InRealm(_Trigger):
    scope = WORLD

    def matches(self, ev, card):
        return ev.area is card.zone.area


@vocab.trigger("on_attack", text="ON ATTACK:")
class OnAttack(_InRealm):
    """When this card's controller attacks in its realm (rule 404.3.2 step 1)."""

    event = "attack"

    def matches(self, ev, card):
        return ev.area is card.zone.area and ev.player is card.controller


@vocab.trigger("on_defense", text="ON DEFENSE:")
class OnDefense(_InRealm):
    """When an opponent attacks in this card's realm (rule 404.3.2 step 2)."""

    event = "defend"

    def matches(self, ev, card):
        return ev.area is card.zone.area and ev.player is card.controller


@vocab.trigger("on_battle", text="ON BATTLE:")
class OnBattle(_InRealm):
    """Whenever a battle happens in this card's realm (rule 404.3.2 step 3)."""

    event = "battle"


class BattleResultParams(Params):
    __shorthand__ = "result"
    result: list[Literal["won", "lost", "tied"]] = Field(min_length=1)


@vocab.trigger("after_battle", BattleResultParams,
               text="AFTER A BATTLE HERE THAT YOU {{ result | join(' or ') | upper }}:")
class AfterBattle(_InRealm):
    """After the check for victory of a battle in this realm (rule 404.3.2 step 4), if its
    controller took part and the result for them is one of ``result``."""

    __slots__ = ("results",)
    event = "battle_result"

    def __init__(self, p, c):
        self.results = frozenset(p.result)

    def matches(self, ev, card):
        if ev.area is not card.zone.area:
            return False
        attacker, defender, winner = ev.data
        you = card.controller
        if you is not attacker and you is not defender:
            return False
        result = "tied" if winner is None else ("won" if winner is you else "lost")
        return result in self.results


class EndOfBattleParams(Params):
    attacking: Optional[bool] = Field(
        None, description="Only if this card's controller was (true) or was not (false) the "
        "attacker.")


@vocab.trigger("end_of_battle", EndOfBattleParams,
               text="AT END OF BATTLE:{% if attacking %} if this attacked,"
               "{% elif attacking is false %} if this didn't attack,{% endif %}")
class EndOfBattle(_InRealm):
    """At the end of a battle in this realm (rule 404.3.2 step 6)."""

    __slots__ = ("attacking",)
    event = "battle_end"

    def __init__(self, p, c):
        self.attacking = p.attacking

    def matches(self, ev, card):
        if ev.area is not card.zone.area:
            return False
        if self.attacking is None:
            return True
        return (ev.player is card.controller and card.attacked) == self.attacking


@vocab.trigger("on_round_start", text="ON ROUND START:")
class OnRoundStart(_Trigger):
    """At the start of each round, after energy and actions (rule 403.1 step 3)."""

    scope = WORLD
    event = "round_start"


class RoundParams(Params):
    __shorthand__ = "number"
    number: int = Field(ge=1, le=7)


@vocab.trigger("round", RoundParams, text="ON ROUND {{ number }}:")
class OnRoundN(_Trigger):
    """At the start of round N (rule 403.1 step 3, with On Round Start in one batch)."""

    __slots__ = ("number",)
    scope = WORLD
    event = "round_start"

    def __init__(self, p, c):
        self.number = p.number

    def matches(self, ev, card):
        return ev.data == self.number


@vocab.trigger("end_of_round", text="AT END OF ROUND:")
class EndOfRound(_Trigger):
    """At the end of the round (rule 403.5, ordered by the active player)."""

    scope = WORLD
    event = "round_end"


class WheneverParams(Params):
    dies: "Optional[Selector]" = None
    arrives: "Optional[Selector]" = None
    played: "Optional[Selector]" = None
    nullified: "Optional[Selector]" = None

    @model_validator(mode="after")
    def _exactly_one(self):
        given = [k for k in ("dies", "arrives", "played", "nullified")
                 if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("name exactly one event: dies, arrives, played or nullified")
        return self


_WHENEVER_EVENTS = {"dies": "died", "arrives": "arrived", "played": "played",
                    "nullified": "nullified"}


@vocab.trigger("whenever", WheneverParams, text=(
    "whenever "
    "{% if dies %}{{ dies }} dies"
    "{% elif arrives %}{{ arrives | describe(with_realm=false) }} arrives "
    "{{ arrives | realm_phrase }}"
    "{% elif played %}{% set who = played.params.controller %}"
    "{{ {'you': 'you play', 'opponent': 'an opponent plays'}.get(who, 'a player plays') }} "
    "{{ played | describe(implied={'controller': who}) }}"
    "{% else %}{{ nullified }} becomes nullified{% endif %},"))
class Whenever(_Trigger):
    """Whenever a card matching the selector dies, arrives, is played or is nullified, while
    this card is in The World."""

    __slots__ = ("event", "selector")
    scope = WORLD

    def __init__(self, p, c):
        for name, kind in _WHENEVER_EVENTS.items():
            node = getattr(p, name)
            if node is not None:
                self.event = kind
                self.selector = c.selector(node)

    def matches(self, ev, card):
        subject = ev.card
        if subject is None:
            return False
        # the subject is judged where the event put it or took it from (a dying card by
        # its last known zone), so the selector's zone is not tested here
        return self.selector.matches(subject, card.controller, card, card.zone.area,
                                     anywhere=True)


#: events a replacement effect can replace (rule 504), by the primitive that does them:
#: each is a movement from one game area to another
REPLACEABLE = ("dies", "banished", "discarded", "put_into_hand", "buried")


class InsteadOfParams(Params):
    __shorthand__ = "event"
    event: Literal["dies", "banished", "discarded", "put_into_hand", "buried"] = Field(
        description="What would happen to the card.")
    card: "Optional[Selector]" = Field(
        None, description="Which cards (any zone); this card itself if not given.")


@vocab.trigger("instead_of", InsteadOfParams, text=(
    "if {% if card %}{{ card | describe(with_realm=false) }}{% else %}this{% endif %} would "
    "{{ {'dies': 'die', 'banished': 'be banished', 'discarded': 'be discarded', "
    "'put_into_hand': 'be put into a hand', 'buried': 'be buried'}[event] }}, instead"))
class InsteadOf(_Trigger):
    """A replacement effect (rule 504): if the card would die, be banished, ..., the effect
    happens instead and the event does not (nor anything it would trigger). About this card
    itself it works from any zone (504: "work from any area"); about other cards, while this
    card is in The World. ``it`` is the card the event would have moved."""

    __slots__ = ("event", "selector", "scope")

    def __init__(self, p, c):
        # never published: the game looks these up by name before it moves a card
        self.event = "instead:" + p.event
        self.selector = c.selector(p.card) if p.card is not None else None
        self.scope = "self" if p.card is None else WORLD

    def matches(self, ev, card):
        if self.selector is None:
            return ev.card is card
        return self.selector.matches(ev.card, card.controller, card, card.zone.area,
                                     anywhere=True)


class StaticParams(Params):
    __shorthand__ = "while"
    while_: "Optional[Condition]" = Field(
        None, alias="while", description="The ability is on only while this holds.")


@vocab.trigger("static", StaticParams, text="{% if while_ %}while {{ while_ }},{% endif %}")
class Static(_Trigger):
    """A static ability (rule 508.1): its continuous effect is on while this card is in The
    World (and the condition holds), off at once otherwise; nothing triggers it. Its effect
    is one continuous effect (``cant``, ``characteristics``: continuous.py)."""

    __slots__ = ("condition",)
    scope = WORLD
    event = "static"  # never published: the game reads these handlers (continuous.py)

    def __init__(self, p, c):
        self.condition = c.condition(p.while_) if p.while_ is not None else None

    def matches(self, ev, card):
        return False

    @staticmethod
    def check_ability(target, effect, c) -> None:
        if target is not None:
            raise c.error("a static ability has no target: nothing triggers it (rule 508.1)")
        if not getattr(effect, "continuous", False):
            name = getattr(effect, "entry_name", "")
            found = "a list of effects" if name == "stages" else f"'{name}'"
            raise c.error(f"a static ability's effect must be one continuous effect (cant, "
                          f"characteristics); found {found}")


class _Activated(_Trigger):
    scope = "activated"


@vocab.trigger("tap_action", text="TAP ACTION:")
class TapAction(_Activated):
    """Spend an action and tap this card (rule 404.4)."""

    cost = "tap"


@vocab.trigger("tap_free", text="TAP FREE:")
class TapFree(_Activated):
    """Tap this card; costs no action (a free action, rule 403.3)."""

    cost = "tap"
    free = True


@vocab.trigger("sacrifice_action", text="SACRIFICE ACTION:")
class SacrificeAction(_Activated):
    """Spend an action and destroy this card."""

    cost = "sacrifice"


@vocab.trigger("sacrifice_free", text="SACRIFICE FREE:")
class SacrificeFree(_Activated):
    """Destroy this card; costs no action."""

    cost = "sacrifice"
    free = True


@vocab.trigger("harvest", text="HARVEST:")
class Harvest(_Activated):
    """A tap free ability; any number may be harvested together in one turn, and actions it
    gains are usable from the next turn (rulebook, Harvest)."""

    cost = "tap"
    free = True
