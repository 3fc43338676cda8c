"""Spellfire effects on the battle rules themselves (rules notes 7), rather than on a card:
``end_battle`` calls the battle under way off, ``wall`` walls the opposing champion,
``no_attacks`` forbids the attacks of phase 4 for the rest of the turn or until the
controller's next turn, ``another_battle`` lets a player fight one more battle in phase 4.
The battle's own steps read what they set (:mod:`.combat`, :mod:`.battle_end`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field

from ...limits import STAT_MAX
from ...registry import Params, Vocabulary
from .battle_powers import Movement
from .card import ChampionType

if TYPE_CHECKING:
    from ...compiler import Compiler
    from ...model.names import PlayerRef
    from .rules import SpellfireGame
    from .state import SpellfireTrigger

vocab = Vocabulary("spellfire")


@vocab.effect("end_battle", text="end the battle (both champions return to their pools)")
class EndBattle:
    """End the battle under way (rules notes 7: a battle "cut short by card play"): no
    winner and no spoils, the realm is not razed, the champions still fighting return to
    their pools with their attachments, and the round's allies and spells are discarded.
    Checked where the battle checks a battle cut short: after each card played in it.
    Outside a battle it does nothing (``done`` is false)."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        combat = g.combat
        ctx.done = combat.realm is not None and not combat.called_off
        if ctx.done:
            combat.called_off = True
            g.log.append(("end_battle", ctx.controller.name))


class WallParams(Params):
    unless: list[Movement] = Field(
        default_factory=list, description="A champion with one of these movement powers "
        "passes the wall (\"unless it can fly\").")
    champion_types: list[ChampionType] = Field(
        default_factory=list, description="Only champions of these types are walled (none "
        "named: any).")
    max_level: Optional[int] = Field(None, ge=0, le=STAT_MAX, description="Only a champion "
                                     "of this level or less is walled (its level read "
                                     "again after its one card).")


@vocab.effect("wall", WallParams,
              text="wall the opposing champion{% if champion_types or max_level is not none %}"
                   " if it is {{ (champion_types | join(' or ') or 'champion') | article }}"
                   "{% if max_level is not none %} of level {{ max_level }} or less{% endif %}"
                   "{% endif %}{% if unless %} (a champion capable of "
                   "{{ unless | map('movement_word') | join(' or ') }} passes it){% endif %}")
class Wall:
    """A wall against the champion fighting its player's side (rules notes 7, "Walls"): a
    walled defender returns to its pool, the realm is razed and the attacker gets spoils; a
    walled attacker may play one card to pass it, and else returns to its pool (no spoils)
    while its player may send another champion (:func:`.battle_end.wall_hit`). A
    champion with one of the ``unless`` movement powers, then or after its one card,
    passes. A wall that names ``champion_types`` or a ``max_level`` stops only such a
    champion: another passes it, and so does one its one card makes another type or a
    higher level. Outside a battle (before the defender is chosen, too), or with a wall
    already standing, it does nothing (``done`` is false)."""

    __slots__ = ("unless", "types", "max_level")

    def __init__(self, p: WallParams, c: Compiler) -> None:
        self.unless = tuple(p.unless)
        self.types = tuple(p.champion_types)
        self.max_level = p.max_level

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        combat = g.combat
        ctx.done = False
        if combat.defender is None or combat.attacker is None or combat.called_off or \
                combat.walled is not None:  # no battle yet (the defender not chosen)
            return
        realm, a, d = combat.fighting()
        if ctx.controller is g.active:
            champ = d
        elif ctx.controller is realm.owner:
            champ = a
        else:
            return
        wall = (self.unless, self.types, self.max_level)
        if combat.passes_wall(champ, wall):
            g.log.append(("wall_passed", champ.proto.id))
            return
        combat.walled, combat.wall = champ, wall
        ctx.done = True
        g.log.append(("wall", ctx.controller.name, champ.proto.id))


class NoAttacksParams(Params):
    __shorthand__ = "player"
    player: PlayerRef = "each"
    until: Literal["end_of_turn", "your_next_turn"] = Field(
        "end_of_turn", description="How long: this turn, or until the start of your next "
        "turn (every other player's turn in between, and the rest of this one).")


@vocab.effect("no_attacks", NoAttacksParams,
              text="{{ 'no player can' if player.name == 'each' else player | does(\"can't\") }}"
                   " attack {{ 'until your next turn' if until == 'your_next_turn' else "
                   "'this turn' }}")
class NoAttacks:
    """Players can't attack (rules notes 7: "Unless a card's power ..."): phase 4 offers
    the turn player no attack while they are among them, this turn or until the start of the
    controller's next turn. A battle already under way goes on."""

    __slots__ = ("player", "next_turn")

    def __init__(self, p: NoAttacksParams, c: Compiler) -> None:
        self.player = c.player_ref(p.player)
        self.next_turn = p.until == "your_next_turn"

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        names = tuple(q.name for q in self.player.players(g, ctx))
        ctx.done = bool(names)
        until = g.turn + 1  # the turn it no longer holds in: the next one
        if self.next_turn:  # turns pass in turn order, one number each (rules.begin_turn)
            order = g.turn_order()
            until = g.turn + (order.index(ctx.controller) or len(order))
        g.combat.forbid(g, names, until)
        g.log.append(("no_attacks", *names))


class AnotherBattleParams(Params):
    __shorthand__ = "player"
    player: PlayerRef = "you"


@vocab.effect("another_battle", AnotherBattleParams,
              text="{{ player | does('may') }} fight another battle this turn")
class AnotherBattle:
    """One more battle this turn (rules notes 7: phase 4 is one battle "unless walls or card
    powers add more"; notes 4: "Phase 4: at most one battle"): once the turn player's battle
    of phase 4 is over, they may attack again (a new battle, from (A): any realm, any
    champion that can attack), or skip. Given to a player whose turn it is not, it does
    nothing (only the turn player fights in phase 4); played after phase 4, it is spent."""

    __slots__ = ("player",)

    def __init__(self, p: AnotherBattleParams, c: Compiler) -> None:
        self.player = c.player_ref(p.player)

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        names = tuple(q.name for q in self.player.players(g, ctx) if q is g.active)
        ctx.done = bool(names) and g.phase <= 4
        if ctx.done:
            g.combat.more_battles += 1
            g.log.append(("another_battle", *names))
