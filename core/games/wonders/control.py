"""Control of cards and turns (rule 505): gaining control of a card in The World, giving it
back when a "this round" control ends, and "can't be controlled" winning over both; and
controlling another player's turn (505.4).

The vocabulary (the ``gain_control`` effect, the ``cant_be_controlled`` keyword) and the
rules section behind it (:class:`Control`, the game's ``control``) live together here
because they are one rule. A card's controller in The World is the player whose side it is
on (505.1), so gaining control is a move between the sides of one realm; the core's move
keeps the object.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...blocks import KeywordBase
from ...loadable import step
from ...places import IN_PLAY
from ...registry import Params, Vocabulary
from ...section import Section, section
from .effects import _EachCard, _Effect
from .zones import WORLD

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...model.names import CardRef, PlayerRef
    from .primitives import Primitives
    from .rules import WondersGame
    from .state import WondersCard, WondersPlayer, WondersTrigger

vocab = Vocabulary("wonders")


class ControlTurnParams(Params):
    __shorthand__ = "player"
    player: "PlayerRef" = "target"


@vocab.effect("control_turn", ControlTurnParams, text="control {{ player | whose }} next turn")
class ControlTurn(_Effect):
    """You control the player's next turn (rule 505.4): every decision of theirs from the
    start of that turn to its end (its use, the realms, targets and choices of what it
    plays, its End of Turn effects) is asked of you, on their behalf (``Decision.behalf``),
    with what they see; what is done is still theirs (their actions, energy and cards).
    "Next turn": the first turn of theirs that begins after this resolves, in this round or a
    later one. Your own turn can't be controlled this way (nothing happens)."""

    __slots__ = ("player",)

    def __init__(self, p: ControlTurnParams, c: Compiler) -> None:
        self.player = c.player_ref(p.player)

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        done = False
        for pl in self.player.players(g, ctx):
            done = g.control.next_turn(g, pl, ctx.controller) or done
        ctx.done = done


class GainControlParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"
    duration: Literal["this_round", "permanent"] = "permanent"


@vocab.effect("gain_control", GainControlParams,
              text="gain control of {{ card }} {{ duration | duration }}")
class GainControl(_EachCard):
    """You gain control of cards in The World: each moves to your side of its realm (rule
    505.1). A "this round" control ends with the round, when the card goes back to the side
    of the player who controlled it before, if it is still the same object in The World."""

    __slots__ = ("card", "duration")

    def __init__(self, p: GainControlParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.duration = p.duration

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return g.control.gain(g, card, ctx.controller, self.duration)


@vocab.keyword("cant_be_controlled", text="Opponents can't control this")
class CantBeControlled(KeywordBase):
    """Opponents of this card's controller can't gain control of it; this wins over any
    effect that would give them control, a "this round" control ending included (rule
    505.1)."""

    place = IN_PLAY

    __slots__ = ()


@section
class Control(Section):
    """Rules 505.1 and 505.4: ``turn_controls`` are the turns that will be controlled,
    (player, controller), the most recent last; ``turn_control`` the turn controlled now;
    ``waiting`` the "this round" controls that could not end yet, (card, player)."""

    __slots__ = ("turn_controls", "turn_control", "waiting")
    name = "control"

    def __init__(self, g: Primitives) -> None:
        self.turn_controls: list[tuple[WondersPlayer, WondersPlayer]] = []
        self.turn_control: tuple[WondersPlayer, WondersPlayer] | None = None
        self.waiting: list[tuple[WondersCard, WondersPlayer]] = []

    # -- 505.4: controlling turns ---------------------------------------------------------
    def next_turn(self, g: Primitives, player: WondersPlayer,
                  controller: WondersPlayer) -> bool:
        """``controller`` will control ``player``'s next turn; the most recent such effect
        wins if several name the same turn (508.1's "most recent")."""
        if player is controller or player.lost:
            return False
        self.turn_controls = [(p, c) for p, c in self.turn_controls if p is not player]
        self.turn_controls.append((player, controller))
        g.log.append(("control_turn", controller.name, player.name))
        return True

    def turn_begins(self, g: Primitives, current: WondersPlayer) -> None:
        """A turn begins (``WondersGame.turn``): the control of the turn before ends, and a
        control of ``current``'s next turn starts."""
        if not self.turn_controls and self.turn_control is None:
            return
        self.turn_control = None
        for i, (p, c) in enumerate(self.turn_controls):
            if p is current:
                del self.turn_controls[i]
                self.turn_control = (p, c)
                g.log.append(("controls_turn", c.name, p.name))
                return

    def decider(self, player: WondersPlayer) -> WondersPlayer:
        """Who makes ``player``'s decisions now: the controller of their turn, if it is
        controlled (505.4), else they do."""
        control = self.turn_control
        return control[1] if control is not None and control[0] is player else player

    # -- 505.1: controlling cards ---------------------------------------------------------
    def can_control(self, g: Primitives, player: WondersPlayer, card: WondersCard) -> bool:
        """Rule 505.1: "If a card says something can't be controlled by a player, this
        overrides any effects that would otherwise give control to that player.\"" (the
        keyword, or a continuous effect such as Whisperleaf Cloak's, 508.1)."""
        if card.has_keyword("cant_be_controlled") and card.zone.player is not player:
            return False
        return not g.continuous.forbidden(g, "control", card, player)

    def gain(self, g: Primitives, card: WondersCard, player: WondersPlayer,
             duration: str = "permanent") -> bool:
        zone = card.zone
        # control is only of cards in The World (505.1), and a card you control already
        # changes nothing (508.4: "if you do" is not done)
        if zone is None or zone.kind != WORLD or zone.player is player:
            return False
        if not self.can_control(g, player, card):
            g.log.append(("no_control", player.name, card.proto.id, card.oid))
            return False
        previous = zone.player  # None for a card in the centre, which no one controls
        # 505.1: items equipped to it become unequipped: the state checks see the Wonder on
        # another side than its equipment (Equipment.check)
        g.move(card, zone.area.sides[player.index], cause="control")
        g.log.append(("control", player.name, card.proto.id, card.oid))
        if duration == "this_round" and previous is not None:
            g.until("this_round", self.end, g, card, previous)
        return True

    @step
    def end(self, g: Primitives, card: WondersCard, previous: WondersPlayer) -> None:
        """A "this round" control ends: the card goes back to the side of the player who
        controlled it, unless it left The World (a new object, 505.1) or went back already.
        If that player can't control it now, it goes back when they can (505.1's Whisperleaf
        Cloak example: "returns to its original controller at that time")."""
        zone = card.zone
        if zone is None or zone.kind != WORLD or zone.player is previous \
                or zone.player is None:
            return
        if not self.can_control(g, previous, card):
            self.waiting.append((card, previous))
            return
        g.move(card, zone.area.sides[previous.index], cause="control")
        g.log.append(("control", previous.name, card.proto.id, card.oid))

    def returns(self, g: Primitives) -> None:
        """At each state check: a control that could not end ends once it can."""
        if not self.waiting:
            return
        waiting, self.waiting = self.waiting, []
        for card, previous in waiting:
            self.end(g, card, previous)


__all__ = ["vocab", "Control"]
