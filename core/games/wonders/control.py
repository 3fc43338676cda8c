"""Control of cards and turns (rule 505): gaining control of a card in The World, giving it
back when a "this round" control ends, and "can't be controlled" winning over both; and
controlling another player's turn (505.4).

The vocabulary (the ``gain_control`` effect, the ``cant_be_controlled`` keyword) and the
game actions behind it (the :class:`Control` mixin of
:class:`~cardscript.games.wonders.rules.WondersGame`) live together here because they are
one rule. A card's controller in The World is the player whose side it is on (505.1), so
gaining control is a move between the sides of one realm; the core's move keeps the object.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...loadable import step
from ...registry import Params, Vocabulary
from .effects import _EachCard, _Effect
from .zones import WORLD

if TYPE_CHECKING:  # what the mixin sees of the game (mixin_base.py)
    from ...model.names import CardRef, PlayerRef
    from .mixin_base import MixinBase
else:
    MixinBase = object

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

    def __init__(self, p, c):
        self.player = c.player_ref(p.player)

    def run(self, g, ctx):
        done = False
        for pl in self.player.players(g, ctx):
            done = g.control_next_turn(pl, ctx.controller) or done
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

    def __init__(self, p, c):
        self.card = c.card_ref(p.card)
        self.duration = p.duration

    def apply(self, g, card, ctx) -> bool:
        return g.gain_control(card, ctx.controller, self.duration)


@vocab.keyword("cant_be_controlled", text="Opponents can't control this")
class CantBeControlled:
    """Opponents of this card's controller can't gain control of it; this wins over any
    effect that would give them control, a "this round" control ending included (rule
    505.1)."""

    __slots__ = ()

    def __init__(self, p, c):
        pass

    def abilities(self) -> list[dict]:
        return []


class Control(MixinBase):
    """Mixin of :class:`~cardscript.games.wonders.rules.WondersGame`: rules 505.1 and 505.4."""

    # -- 505.4: controlling turns ---------------------------------------------------------
    def control_next_turn(self, player, controller) -> bool:
        """``controller`` will control ``player``'s next turn; the most recent such effect
        wins if several name the same turn (508.1's "most recent")."""
        if player is controller or player.lost:
            return False
        self.turn_controls = [(p, c) for p, c in self.turn_controls if p is not player]
        self.turn_controls.append((player, controller))
        self.log.append(("control_turn", controller.name, player.name))
        return True

    def begin_turn_control(self, current) -> None:
        """A turn begins (``WondersGame.turn``): the control of the turn before ends, and a
        control of ``current``'s next turn starts."""
        self.turn_control = None
        for i, (p, c) in enumerate(self.turn_controls):
            if p is current:
                del self.turn_controls[i]
                self.turn_control = (p, c)
                self.log.append(("controls_turn", c.name, p.name))
                return

    def effect_controller(self, card):
        """Rule 505.2: an effect's controller is the card's; in The World that is the
        player whose side it is on. Rule 505.1: outside The World, and for a card in a
        realm's centre, which no one controls, its owner stands in for its controller."""
        zone = card.zone
        if zone is not None and zone.in_play and zone.player is not None:
            return zone.player
        return card.owner

    def can_control(self, player, card) -> bool:
        """Rule 505.1: "If a card says something can't be controlled by a player, this
        overrides any effects that would otherwise give control to that player.\"" (the
        keyword, or a continuous effect such as Whisperleaf Cloak's, 508.1)."""
        if card.has_keyword("cant_be_controlled") and card.zone.player is not player:
            return False
        return not self.forbidden("control", card, player)

    def gain_control(self, card, player, duration: str = "permanent") -> bool:
        zone = card.zone
        # control is only of cards in The World (505.1), and a card you control already
        # changes nothing (508.4: "if you do" is not done)
        if zone is None or zone.kind != WORLD or zone.player is player:
            return False
        if not self.can_control(player, card):
            self.log.append(("no_control", player.name, card.proto.id, card.oid))
            return False
        previous = zone.player  # None for a card in the centre, which no one controls
        # 505.1: items equipped to it become unequipped: the state checks see the Wonder on
        # another side than its equipment (Primitives.check_equipment)
        self.move(card, zone.area.sides[player.index], cause="control")
        self.log.append(("control", player.name, card.proto.id, card.oid))
        if duration == "this_round" and previous is not None:
            self.until("this_round", self.end_control, card, previous)
        return True

    @step
    def end_control(self, card, previous) -> None:
        """A "this round" control ends: the card goes back to the side of the player who
        controlled it, unless it left The World (a new object, 505.1) or went back already.
        If that player can't control it now, it goes back when they can (505.1's Whisperleaf
        Cloak example: "returns to its original controller at that time")."""
        zone = card.zone
        if zone is None or zone.kind != WORLD or zone.player is previous \
                or zone.player is None:
            return
        if not self.can_control(previous, card):
            self.control_waiting.append((card, previous))
            return
        self.move(card, zone.area.sides[previous.index], cause="control")
        self.log.append(("control", previous.name, card.proto.id, card.oid))

    def control_returns(self) -> None:
        """At each state check: a control that could not end ends once it can."""
        waiting, self.control_waiting = self.control_waiting, []
        for card, previous in waiting:
            self.end_control(card, previous)


__all__ = ["vocab", "Control"]
