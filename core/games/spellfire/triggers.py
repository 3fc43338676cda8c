"""Spellfire triggers: what a card does as it is played (``on_play``: events, spells,
psionic powers, blood abilities, thief skills, unarmed combat), as it comes into play
(``on_enter``: a champion entering the pool), at the start and the end of its controller's
turn (``start_of_turn``: phase-0 powers; ``end_of_turn``: phase 6), as its champion attacks,
defends or is defeated (``on_attack``, ``on_defend``, ``when_defeated``) and as its realm is
razed (``when_razed``); and as another card is played against it (``played_against``).

The events they wait for, and who publishes them: "enter" (:mod:`.plays`, once the card's
response window closed without it being negated), "turn_start" (phase 0, :mod:`.rules`),
"turn_end" (phase 6), "played_against" (:mod:`.plays`, once a played card's targets are
chosen), "attack" and "defend" (the battle, :mod:`.combat`, with the champion as
the event's card), "defeated" (:mod:`.battle_end`), "razed" (:func:`.formation.raze`).
``whenever`` waits for the same events about another card."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, cast

from pydantic import Field

from ...blocks import Whenever as CoreWhenever
from ...blocks import WheneverParams as CoreWheneverParams
from ...continuous import static_trigger
from ...places import IN_PLAY, PLAYED, article
from ...registry import Params, Vocabulary
from ...vocabulary import SelfTrigger
from .card import SUPPORT_SKILLS
from .selectors import PlayedFilter

if TYPE_CHECKING:
    from ...bus import Event
    from ...compiler import Compiler
    from ...model.names import Selector
    from .state import SpellfireCard

vocab = Vocabulary("spellfire")


@vocab.trigger("on_play", text="{% if false %}{% endif %}")
class OnPlay(SelfTrigger):
    """What the card does as it is played: it waits while the other players may respond,
    then resolves (rules notes 5)."""

    scope = "activated"
    place = PLAYED
    #: the cards played to do something (:func:`.plays.cast`), not to stay in play
    types = frozenset({"event", *SUPPORT_SKILLS})


#: how the card that comes into play is named
_ENTERS = ("{% if card_type == 'champion' %}When this champion enters the pool,"
           "{% elif card_type in ('realm', 'holding', 'dungeon') %}When this {{ card_type }} "
           "is played,{% else %}When this card comes into play,{% endif %}")


@vocab.trigger("on_enter", text=_ENTERS)
class OnEnter(SelfTrigger):
    """When the card comes into play: a champion into the pool, a realm into the formation,
    an item onto its champion. It waits for the card's response window (rules notes 5: "a
    player who puts Gib Kcir into the pool must wait before activating her"): a negated card
    never enters. Event "enter"."""

    event = "enter"


@vocab.trigger("on_attack", text="When this champion attacks,")
class OnAttack(SelfTrigger):
    """When the champion is shown as the attacker of a battle (rules notes 7, B). Event
    "attack", published by the battle with the champion as its card."""

    event = "attack"
    types = frozenset({"champion"})


@vocab.trigger("on_defend", text="When this champion defends,")
class OnDefend(SelfTrigger):
    """When the champion is shown as the defender of a battle (rules notes 7, C). Event
    "defend", published by the battle with the champion as its card."""

    event = "defend"
    types = frozenset({"champion"})


@vocab.trigger("when_razed", text="When this realm is razed,")
class OnRazed(SelfTrigger):
    """When the realm is razed, by a battle or a card (rules notes 6): it is still in play,
    turned over. Event "razed"."""

    event = "razed"
    types = frozenset({"realm"})


@vocab.trigger("when_defeated", text="When this champion is defeated,")
class OnDefeated(SelfTrigger):
    """When the champion loses a battle (rules notes 7, "Outcomes": the defender when the
    attacker wins, the attacker when the defender wins; a realm defending itself is razed
    instead): published as it is defeated, before it is discarded, so it resolves as the
    battle is over. Not when card play discards it (a discard is not a defeat). Event
    "defeated"."""

    event = "defeated"
    types = frozenset({"champion"})


#: what a card played against this one is played against: the card itself, or what it is on
_AGAINST = ("{% if card_type in ('artifact', 'magic_item') %}its champion{% elif card_type == "
            "'holding' %}its realm{% else %}this {{ card_type }}{% endif %}")


@vocab.trigger("played_against", PlayedFilter, text=(
    "{% set noun = (types | map('type_noun') | join(' or ')) if types else 'card' %}"
    "When {{ 'an (Off) ' if direction == 'off' else 'a (Def) ' if direction == 'def' else "
    "('an ' if noun[0] in 'aeiou' else 'a ') }}{{ noun }} is played against " + _AGAINST + ","))
class PlayedAgainst:
    """When another card is played against this one (rules notes 5: "After any card is
    played, every other player gets a chance to respond"): a spell, skill or event whose
    targets, once chosen, include this champion or realm, or the champion or realm this item,
    artifact or holding is on. ``it`` is the card played; it is still in its response window,
    so ``negate: it`` stops it (a response has no window of its own, rules notes 5: it is
    answered only once it took effect, and can't be negated). Event "played_against"
    (:func:`.plays.aimed`)."""

    __slots__ = ("played", "direction")
    scope = IN_PLAY
    event = "played_against"
    it = True
    on = frozenset({"champion", "realm", "holding", "artifact", "magic_item"})

    def __init__(self, p: PlayedFilter, c: Compiler) -> None:
        if c.card_type not in self.on:
            raise c.error(f"played_against: nothing is played against "
                          f"{article(c.card_type.replace('_', ' '))} (a "
                          "champion, a realm, or an item, artifact or holding on one)")
        self.played = frozenset(p.types) if p.types else None  # the played card's types
        self.direction = p.direction

    def matches(self, ev: Event, card: SpellfireCard) -> bool:
        played = cast("SpellfireCard | None", ev.card)
        if played is None or self.played is not None and played.proto.type not in self.played:
            return False
        if self.direction is not None and played.proto.direction != self.direction:
            return False
        subject = card.host if card.proto.type in ("holding", "artifact", "magic_item") \
            else card
        return subject is not None and any(t is subject for t in ev.data)


class TurnParams(Params):
    __shorthand__ = "whose"
    whose: Literal["yours", "each"] = Field("yours", description="At the start of your "
                                            "turns, or of every player's.")


@vocab.trigger("start_of_turn", TurnParams,
               text="At the start of {{ 'each' if whose == 'each' else 'your' }} turn "
                    "(phase 0),")
class StartOfTurn:
    """A phase-0 power (rules notes 4: "Phase-0 powers resolve here"): at the start of its
    controller's turn (or each player's), while the card is in play. Event "turn_start"."""

    __slots__ = ("each",)
    scope = IN_PLAY  # wherever its card is in play (zones.PLACES)
    event = "turn_start"

    def __init__(self, p: TurnParams, c: Compiler) -> None:
        self.each = p.whose == "each"

    def matches(self, ev: Event, card: SpellfireCard) -> bool:
        return self.each or ev.player is card.controller


@vocab.trigger("end_of_turn", TurnParams,
               text="At the end of {{ 'each' if whose == 'each' else 'your' }} turn "
                    "(phase 6),")
class EndOfTurn(StartOfTurn):
    """At the end of its controller's turn (or each player's), while the card is in play:
    as phase 6 begins (seed, phase 6: "the turn ends"), before the turn's level changes end
    and before a player with no realm loses their pool. Event "turn_end"."""

    __slots__ = ()
    event = "turn_end"


class WheneverParams(CoreWheneverParams):
    #: each ``whenever`` word and the event it waits for (its publisher: plays.py,
    #: combat.py, formation.py)
    WORDS = {"enters": "enter", "attacks": "attack", "defends": "defend", "razed": "razed",
             "defeated": "defeated"}
    enters: "Optional[Selector]" = Field(None, description="A card the selector matches "
                                         "comes into play (a champion into a pool, a realm "
                                         "into a formation, an item onto its champion).")
    attacks: "Optional[Selector]" = Field(None, description="... is shown as a battle's "
                                          "attacker.")
    defends: "Optional[Selector]" = Field(None, description="... is shown as a battle's "
                                          "defender.")
    razed: "Optional[Selector]" = Field(None, description="A realm the selector matches is "
                                        "razed.")
    defeated: "Optional[Selector]" = Field(None, description="A champion the selector "
                                           "matches loses a battle.")


@vocab.trigger("whenever", WheneverParams, text=(
    "When {% if enters %}{{ enters | describe }} comes into play{% elif attacks %}"
    "{{ attacks | describe }} attacks{% elif defends %}{{ defends | describe }} defends"
    "{% elif defeated %}{{ defeated | describe }} is defeated"
    "{% else %}{{ razed | describe }} is razed{% endif %},"))
class Whenever(CoreWhenever):
    """When a card the selector matches comes into play, attacks, defends, is defeated in a
    battle or is razed, while
    this card is in play (the core's trigger on another card's event; ``it`` is that card).
    A realm's ``attackable`` is judged when a target is chosen, not here: refused."""

    __slots__ = ()

    def __init__(self, p: WheneverParams, c: Compiler) -> None:
        event, selector = self.given(p, c)
        if getattr(selector, "role", None) is not None:
            raise c.error("a champion's 'role' in a battle is judged as a target is chosen or "
                          "a static applies: a whenever trigger can't use it (attacks and "
                          "defends name the role)")
        if getattr(selector, "attackable", False):
            raise c.error("'attackable' is judged as a target is chosen: a whenever trigger "
                          "can't use it (name the realm by controller and razed)")
        super().__init__(event, selector)


# a static ability ("While you control a realm, your champions get +1 level"): on while its
# card is in play (cardscript.continuous applies it)
static_trigger(vocab)
