"""Triggers: timing keywords (rulebook, "Timing Keywords"), "whenever", "instead" and static
abilities; the activated abilities' costs are in :mod:`.activated`.

A trigger says which event it listens for and where it works: ``self`` triggers are about the
card itself and are found from the event's subject; ``world`` triggers are handlers on the
bus while the card is in The World; ``activated`` ones are offered as turn options.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Self, Union, cast, get_args

from pydantic import Field, model_validator

from ...compiler import names_it
from ...continuous import StaticTrigger, static_trigger
from ...limits import COUNT_MAX
from ...places import PLAYED, place_of
from ...registry import Params, Vocabulary
from ...replacements import InsteadOf as CoreInsteadOf
from .zones import WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...bus import Event
    from ...compiler import Compiler
    from ...model.names import Selector, Trigger
    from .activated import SpendFaith
    from .rules import WondersGame
    from .state import WondersCard

vocab = Vocabulary("wonders")


class _Trigger:
    __slots__ = ()
    scope = "self"
    event = ""
    cost: str | None = None  # activated: "tap" or "sacrifice"
    free = False
    is_harvest = False  # harvested together, with others (rulebook, Harvest)
    #: works only while ``active(g, card)`` says so (hoard, kingdom)
    gated = False

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return True


@vocab.trigger("on_play", text="{% if card_type != 'spell' %}ON PLAY:{% endif %}")
class OnPlay(_Trigger):
    """When this card is played from hand; resolves before it enters The World."""

    event = "played"
    place = PLAYED

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.card is card


@vocab.trigger("on_arrival", text="ON ARRIVAL:")
class OnArrival(_Trigger):
    """When this card enters The World from a hand, deck, banishment or The Abyss (not when it
    moves between realms)."""

    event = "arrived"

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.card is card


@vocab.trigger("on_death", text="ON DEATH:")
class OnDeath(_Trigger):
    """When this card is put from The World into The Abyss."""

    event = "died"

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.card is card


class _InRealm(_Trigger):
    scope = WORLD

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.area is card.zone.area


@vocab.trigger("on_attack", text="ON ATTACK:")
class OnAttack(_InRealm):
    """When this card's controller attacks in its realm (rule 404.3.2 step 1)."""

    event = "attack"

    def matches(self, ev: Event, card: WondersCard) -> bool:
        # its controller is its side's player: no one for a card in the centre (rule 505.1)
        return ev.area is card.zone.area and ev.player is card.zone.player


@vocab.trigger("on_defense", text="ON DEFENSE:")
class OnDefense(_InRealm):
    """When an opponent attacks in this card's realm (rule 404.3.2 step 2)."""

    event = "defend"

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.area is card.zone.area and ev.player is card.zone.player


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

    def __init__(self, p: BattleResultParams, c: Compiler) -> None:
        self.results = frozenset(p.result)

    def matches(self, ev: Event, card: WondersCard) -> bool:
        if ev.area is not card.zone.area:
            return False
        attacker, defender, winner = ev.data
        you = card.zone.player  # no one, in the centre (rule 505.1)
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

    def __init__(self, p: EndOfBattleParams, c: Compiler) -> None:
        self.attacking = p.attacking

    def matches(self, ev: Event, card: WondersCard) -> bool:
        if ev.area is not card.zone.area:
            return False
        if self.attacking is None:
            return True
        return (ev.player is card.zone.player and card.attacked) == self.attacking


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

    def __init__(self, p: RoundParams, c: Compiler) -> None:
        self.number = p.number

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.data == self.number


@vocab.trigger("ascend", text="ASCEND:")
class Ascend(_Trigger):
    """Rulebook, Ascend: "A card with ascend triggers an effect at the start of round 7. The
    effect lasts the entire round" (so its effects say ``this_round``). Rule 403.1 step 3:
    it triggers with On Round Start and On Round 7, in the same batch; a card that enters
    The World after that is too late and its ascend never triggers."""

    scope = WORLD
    event = "round_start"

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return ev.data == ASCEND_ROUND


ASCEND_ROUND = 7


class EndOfRoundParams(Params):
    __shorthand__ = "number"
    number: Optional[int] = Field(None, ge=1, le=7, description="Only at the end of this "
                                  "round (\"at the end of round N\"); every round if not given.")


@vocab.trigger("end_of_round", EndOfRoundParams,
               text="{% if number %}AT THE END OF ROUND {{ number }}:"
               "{% else %}AT END OF ROUND:{% endif %}")
class EndOfRound(_Trigger):
    """At the end of the round, or of round N only: On Round End and "at the end of round N"
    trigger together (rule 403.5, ordered by the active player, the last to pass)."""

    __slots__ = ("number",)
    scope = WORLD
    event = "round_end"

    def __init__(self, p: EndOfRoundParams, c: Compiler) -> None:
        self.number = p.number

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return self.number is None or ev.data == self.number


class TurnEndParams(Params):
    player: Literal["you", "opponent", "any"] = Field(
        "any", description="Whose turn: every turn's end by default.")


@vocab.trigger("on_turn_end", TurnEndParams, text=(
    "{% if player == 'you' %}AT THE END OF YOUR TURN:{% elif player == 'opponent' %}"
    "AT THE END OF AN OPPONENT'S TURN:{% else %}ON TURN END:{% endif %}"))
class OnTurnEnd(_Trigger):
    """At the end of each turn (a pass is a turn), as its "this turn" effects end; with
    ``player``, only at the end of your or an opponent's turns (rule 403.5, End of Turn
    Step)."""

    __slots__ = ("player",)
    scope = WORLD
    event = "turn_end"

    def __init__(self, p: TurnEndParams, c: Compiler) -> None:
        self.player = p.player

    def matches(self, ev: Event, card: WondersCard) -> bool:
        who = self.player
        return who == "any" or (ev.player is card.controller) == (who == "you")


#: the zones a card can arrive from (rulebook, On Arrival); a token or copy comes from none
ArrivalZone = Literal["hand", "deck", "abyss", "banishment"]


class NotFrom(Params):
    not_: ArrivalZone = Field(alias="not", description="Any zone but this one (a token, which "
                              "comes from none, too).")


class WheneverParams(Params):
    dies: "Optional[Selector]" = None
    arrives: "Optional[Selector]" = None
    enters: "Optional[Selector]" = Field(None, description="Arrives in, or moves into, a "
                                         "realm the selector allows (rulebook, Enter).")
    played: "Optional[Selector]" = None
    nullified: "Optional[Selector]" = None
    attacks: "Optional[Selector]" = Field(
        None, description="A Wonder that attacks (once per attacking Wonder), at the same time "
        "as On Attack (rule 404.3.2 step 1).")
    from_: Optional[Union[ArrivalZone, NotFrom]] = Field(
        None, alias="from", description="With arrives or enters: only a card that comes from "
        "this zone, or with {not: zone} from anywhere else (rule 508.4's Eternitum: \"arrives "
        "from anywhere other than from a hand\"). A card played arrives from where it was "
        "played from.")
    time: Optional[int] = Field(
        None, ge=1, le=COUNT_MAX, description="Only the Nth time it happens (rule 511): 3 "
        "is \"when you play a third Thalwind land\".")
    during: Literal["game", "round"] = Field(
        "game", description="With time: count this game's events or this round's.")

    @model_validator(mode="after")
    def _exactly_one(self) -> Self:
        given = [k for k in _WHENEVER_EVENTS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("name exactly one event: dies, arrives, enters, played, "
                             "nullified or attacks")
        if self.from_ is not None and self.arrives is None and self.enters is None:
            raise ValueError("'from' says where an arriving or entering card comes from: "
                             "use it with arrives or enters")
        return self


#: each ``whenever`` key and the event it waits for; "entered" is published with "arrived"
#: and with a move between realms (Primitives.publish), its cause the event's kind
_WHENEVER_EVENTS = {"dies": "died", "arrives": "arrived", "enters": "entered",
                    "played": "played", "nullified": "nullified", "attacks": "attacks"}


@vocab.trigger("whenever", WheneverParams, text=(
    "{% if time %}the {{ ['first', 'second', 'third', 'fourth', 'fifth'][time - 1] "
    "if time <= 5 else time ~ 'th' }} time {% else %}whenever {% endif %}"
    "{% if dies %}{{ dies }} dies"
    "{% elif arrives %}{{ arrives | describe(with_realm=false) }} arrives "
    "{{ arrives | realm_phrase }}{{ from_ | arrives_from }}"
    "{% elif enters %}{{ enters | describe(with_realm=false) }} enters"
    "{{ {'this': ' this realm', 'other': ' another realm'}.get(enters.params.realm, '') }}"
    "{{ from_ | arrives_from }}"
    "{% elif played %}{% set who = played.params.controller %}"
    "{{ {'you': 'you play', 'opponent': 'an opponent plays'}.get(who, 'a player plays') }} "
    "{{ played | describe(implied={'controller': who}) }}"
    "{% elif attacks %}{{ attacks }} attacks"
    "{% else %}{{ nullified }} becomes nullified{% endif %}"
    "{% if time %} this {{ during }}{% endif %},"))
class Whenever(_Trigger):
    """Whenever a card matching the selector dies, arrives, enters, is played, is nullified
    or attacks, while this card is in The World. Rulebook,
    Enter: "Whenever a Dragon enters this realm" also triggers "when a card moves from
    somewhere else, as with flying"; "arrives" (and "enters" with no realm) does not trigger
    on a move between realms."""

    __slots__ = ("event", "selector", "time", "during", "sources", "but")
    scope = WORLD
    it = True  # the card that died, arrived, entered, was played, nullified or attacked

    def __init__(self, p: WheneverParams, c: Compiler) -> None:
        for name, kind in _WHENEVER_EVENTS.items():
            node = getattr(p, name)
            if node is not None:
                self.event = kind
                self.selector = c.selector(node)
        self.time = p.time
        self.during = p.during
        # rule 508.4's "from anywhere other than from a hand": the zone kinds an arriving card
        # may come from (``but``: any except these); None for any
        f = p.from_
        self.but = isinstance(f, NotFrom)
        self.sources = None if f is None else frozenset([f.not_ if isinstance(f, NotFrom) else f])

    def matches(self, ev: Event, card: WondersCard) -> bool:
        subject = ev.card
        if subject is None:
            return False
        sources = self.sources
        if sources is not None and (ev.source in sources) != (not self.but):
            return False
        if self.event == "entered" and ev.cause == "moved" and \
                getattr(self.selector, "realm", "any") == "any":
            return False  # rulebook, Enter: "enters" with no realm is arriving only
        # the subject is judged where the event put it or took it from (a dying card by
        # its last known zone), so the selector's zone is not tested here; this card too
        # may have just left, together with the subject (last known information)
        zone = card.zone or card.last_zone
        if not self.selector.matches(subject, card.controller, card, zone.area,
                                     anywhere=True):
            return False
        if self.time is None:
            return True
        # rule 511: the game counted the event for each player (counting.py)
        you = zone.player
        proto = card.proto
        abilities = proto.program.abilities
        # counted by the card whose program it is: a symbiosis copy's source (symbiosis.py)
        pid = proto.id if proto.recipe is None else proto.recipe[2].id
        for cid, i, counts in ev.data or ():
            if cid == pid and abilities[i].trigger is self:
                return you is not None and counts[you.index] == self.time
        return False


#: events a replacement effect can replace (rule 504), by the primitive that does them:
#: each is a movement from one game area to another ("drawn": deck to hand; "denied": deck
#: to The Abyss; "enters": into The World from outside it, put or played there)
Replaceable = Literal["dies", "banished", "discarded", "put_into_hand", "buried", "drawn",
                      "denied", "enters"]
REPLACEABLE: tuple[str, ...] = get_args(Replaceable)


#: the replaceable events that happen only to a card in, or entering, The World
_IN_WORLD_ONLY = ("dies", "enters")


class InsteadOfParams(Params):
    __shorthand__ = "event"
    event: Replaceable = Field(description="What would happen to the card.")
    card: "Optional[Selector]" = Field(
        None, description="Which cards (any zone); this card itself if not given.")


@vocab.trigger("instead_of", InsteadOfParams, text=(
    "if {% if card %}{{ card | describe(with_realm=false) }}{% else %}this{% endif %} would "
    "{{ {'dies': 'die', 'banished': 'be banished', 'discarded': 'be discarded', "
    "'put_into_hand': 'be put into a hand', 'buried': 'be buried', 'drawn': 'be drawn', "
    "'denied': 'be denied', 'enters': 'enter'}[event] }}, instead"))
class InsteadOf(CoreInsteadOf, _Trigger):
    """A replacement effect (rule 504): if the card would die, be banished, ..., the effect
    happens instead and the event does not (nor anything it would trigger). About this card
    itself it works from any zone (504: "work from any area"), but a card dies only from The
    World and enters only it; about other cards, while this card is in The World. ``it`` is
    the card the event would have moved."""

    __slots__ = ()
    OTHERS = WORLD
    IN_PLAY_ONLY = _IN_WORLD_ONLY


class Static(StaticTrigger):
    """A static ability (rule 508.1): its continuous effect is on while this card is in The
    World (and the condition holds), off at once otherwise; nothing triggers it. Its effect
    is one continuous effect (``cant``, ``characteristics``, ``is_stone``, ``grant``,
    ``power_bonus``: continuous.py; ``play_as_though_in_hand``: effects.py)."""

    __slots__ = ()
    scope = WORLD


static_trigger(vocab, Static)


class _GatedParams(Params):
    count: int = Field(ge=1, le=COUNT_MAX)
    trigger: "Trigger"


class _Gated(_Trigger):
    """An ability that is active only while its controller has enough of something: the
    wrapped trigger works as it would (same event, same cost), but only while active. A
    triggered ability is checked as its trigger is put to resolve (its batch is made), an
    activated one when it is offered; so it turns on and off as soon as the count changes."""

    __slots__ = ("inner", "count", "scope", "event", "cost", "free", "is_harvest", "amount",
                 "place", "types", "it")
    gated = True

    def __init__(self, p: _GatedParams, c: Compiler) -> None:
        inner = self.inner = cast("_Trigger", c.trigger(p.trigger))  # a Wonders trigger
        if getattr(inner, "gated", False):
            raise c.error(f"'{type(self).__name__.lower()}' can't wrap another hoard or "
                          "kingdom trigger")
        self.count = p.count
        self.scope = inner.scope
        self.event = inner.event
        self.place = place_of(inner)
        self.types = getattr(inner, "types", None)
        self.it = names_it(inner)
        self.cost = inner.cost
        self.free = inner.free
        self.is_harvest = inner.is_harvest
        self.amount = getattr(inner, "amount", None)  # a faith cost's

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return self.inner.matches(ev, card)

    def least(self) -> int:  # the wrapped trigger spends faith (its cost says so)
        return cast("SpendFaith", self.inner).least()

    def active(self, g: WondersGame,  # pragma: no cover - each gate's own
               card: WondersCard) -> bool:
        raise NotImplementedError


@vocab.trigger("hoard", _GatedParams, text="Hoard {{ count }}: {{ trigger }}")
class Hoard(_Gated):
    """Rulebook, Hoard: "if you control a certain number of stones, the ability becomes
    active. Hoard abilities turn on and off immediately when the stone changes control."
    (``count`` stones or more.)"""

    __slots__ = ()

    def active(self, g: WondersGame, card: WondersCard) -> bool:
        return g.stones_of(g.effect_controller(card)) >= self.count


@vocab.trigger("kingdom", _GatedParams, text="Kingdom {{ count }}: {{ trigger }}")
class Kingdom(_Gated):
    """Rulebook, Kingdom: "Kingdom abilities become active when their controller controls a
    certain number of lands" — ``count`` or more, in any realms."""

    __slots__ = ()

    def active(self, g: WondersGame, card: WondersCard) -> bool:
        return g.lands_of(g.effect_controller(card)) >= self.count
