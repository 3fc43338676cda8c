"""Cleanups, showdowns, focus, combat and scoring (seed, "A fight is not a phase", "The
cleanup you never see", "Focus"; rules notes 5.2, 7 and 8).

A showdown is not a phase of the turn: a cleanup stages it the moment a battlefield is
contested and opens it in the neutral open state; it runs inside the Main phase as a loop of
focus (:meth:`Fights.focus`): the focus holder plays one Action or Reaction card or passes;
when the chain that play made is empty, focus passes to the next player; when every player
has passed in sequence, the showdown ends. A combat showdown then deals combat damage and
resolves the combat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ...bus import Event
from ...chain import PASS
from ...loadable import step
from ...procedure import GameOver
from ...section import Section, section
from .play import SHOWDOWN

if TYPE_CHECKING:
    from .play import Playing
    from .state import RiftCard, RiftPlayer
    from .zones import Battlefield

VICTORY_SCORE = 8


@section
class Fights(Section):
    """Cleanups, showdowns and combat, the game's ``fights``: ``showdown`` is the battlefield
    of the showdown running (None: none), ``combat`` whether it is a combat showdown, with
    its ``attacker`` and ``defender``; ``designated`` whether some unit has a combat
    designation; ``damage_plan`` the combat damage assigned so far, (unit, amount), dealt at
    once (kept here, not in the steps' arguments: a copy of the game copies each frame's
    arguments on their own, and the assignment steps must share one plan)."""

    __slots__ = ("showdown", "combat", "attacker", "defender", "designated", "damage_plan")
    name = "fights"

    def __init__(self, g: Playing) -> None:
        self.showdown: Battlefield | None = None
        self.combat = False
        self.attacker: RiftPlayer | None = None
        self.defender: RiftPlayer | None = None
        self.designated = False
        self.damage_plan: list[tuple[RiftCard, int]] = []

    # -- the cleanup (323, in the baseline's order) --------------------------------------
    def neutral_open(self, g: Playing) -> bool:
        """No chain and no showdown (seed, "Neutral" and "Open")."""
        return not g.resolver.items and not g.resolver.running and self.showdown is None

    @step
    def cleanup(self, g: Playing) -> None:
        """Rules notes 5.2, CR 323: win check; designations; lethal damage; uncontrol;
        recalls; stage showdowns and combats; in the neutral open state, open one. Repeats
        until nothing changes; the triggers it makes go on the chain."""
        while True:
            self.win_check(g)  # 323.1
            self.designations(g)  # 323.2
            dying = [c for z in g.board_zones() for c in z.cards
                     if c.damage and c.damage >= c.might()]
            if dying:  # 323.3: Deathknells pend (kill publishes them), then the units die
                mark = len(g.todo)
                g.kill(dying)
                # a death replaced (notes 5.3): the cleanup repeats once its effect is done
                if g.behind(mark, self.cleanup, g):
                    return
                continue
            break
        if not g.resolver.items:  # 323.4: only in an open state
            for bf in g.battlefields:
                p = bf.controller
                if p is not None and not bf.units[p.index].cards and self.showdown is not bf:
                    bf.controller = None
                    g.log.append(("uncontrolled", bf.name))
        # 323.5: hidden cards at battlefields their controller doesn't control are trashed
        # (no gear is ever at a battlefield in this model: nothing else to recall)
        for bf in g.battlefields:
            for c in list(bf.facedown.cards):
                if bf.controller is not c.controller:
                    g.move(c, c.owner.trash)
                    g.log.append(("hidden_lost", c.controller.name, bf.name))
        staged = self.staged(g)  # 323.6-7
        # 323.8-9: in the neutral open state; triggers pending go on the chain first (a
        # closed state), and the cleanup after they resolve opens it
        if staged and self.neutral_open(g) and not g.pending:
            g.ask(g.active, "showdown", staged, "choose the showdown to open",
                     then=(self.open_showdown, g,))
        if g.pending and not g.resolver.running:
            g.then(self.cleanup, g)
            g.resolver.settle(g)
        elif g.pending:
            g.resolver.file_triggers(g)

    def win_check(self, g: Playing) -> None:
        """323.1 (rules notes 8): a player with at least the victory score and more points
        than every opponent wins."""
        for p in g.players:
            if p.points >= VICTORY_SCORE and all(p.points > q.points
                                                 for q in g.opponents(p)):
                g.finish(p, "points")
                raise GameOver()

    def designations(self, g: Playing) -> None:
        """323.2: units at the combat's battlefield take their controller's designation;
        every other unit loses its designation."""
        bf = self.showdown if self.combat else None
        if bf is None and not self.designated:
            return  # nobody has a designation to lose: the common case, kept cheap
        self.designated = bf is not None
        for c in g.all_units():
            want = ""
            if bf is not None and c.zone.area is bf:
                want = "attacker" if c.controller is self.attacker else \
                    "defender" if c.controller is self.defender else ""
            c.designation = want

    def staged(self, g: Playing) -> list:
        """323.6-7: a showdown is staged where Contested was applied while the applier has
        units there; it stays staged until it opens (Contested is cleared when the applier
        has none left)."""
        out: list = []
        for bf in g.battlefields:
            p = bf.contested_by
            if p is None or self.showdown is bf:
                continue
            if not bf.units[p.index].cards:
                bf.contested_by = None
                continue
            out.append(bf)
        return out

    # -- showdowns and focus (seed, "Focus"; rules notes 7) ------------------------------
    @step
    def open_showdown(self, g: Playing, bf: Battlefield) -> None:
        """A showdown opens; with opposing units there it is a combat showdown: the
        Contested applier attacks, the other player defends (combat showdown step)."""
        applier = bf.contested_by
        others = [q for q in bf.players_here() if q is not applier]
        self.showdown = bf
        self.combat = bool(others)
        g.log.append(("showdown", bf.name, "combat" if self.combat else "showdown",
                         applier.name))
        g.then(self.focus, g, bf, applier, 0)
        if self.combat:
            self.attacker, self.defender = applier, others[0]
            self.designations(g)
            for c in bf.units[applier.index].cards:  # attack, then defend triggers
                g.publish(Event("attack", c, applier, bf))
            for c in bf.units[others[0].index].cards:
                g.publish(Event("defend", c, others[0], bf))
            g.resolver.settle(g)  # the combat chain: focus does not pass after it

    @step
    def focus(self, g: Playing, bf: Battlefield, p: RiftPlayer, passes: int) -> None:
        """``p`` holds focus, and so priority: play one Action or Reaction card, or pass.
        When every player has passed in sequence, the showdown ends."""
        if passes >= len(g.players):
            self.end_showdown(g, bf)
            return
        options = [PASS, *g.play_options(p, SHOWDOWN), *g.activate_options(p, SHOWDOWN)]
        g.ask(p, "focus", options, f"showdown at {bf.name}: play an Action or Reaction "
                 "card, or pass", then=(self.focus_chosen, g, bf, p, passes))

    @step
    def focus_chosen(self, g: Playing, bf: Battlefield, p: RiftPlayer, passes: int,
                     choice: Any) -> None:
        if isinstance(choice, str) and choice == PASS:
            g.log.append(("focus", p.name, PASS))
            self.focus(g, bf, self.next_player(g, p), passes + 1)
            return
        g.then(self.focus_after, g, bf, p)
        g.do_action(p, choice)

    @step
    def focus_after(self, g: Playing, bf: Battlefield, p: RiftPlayer) -> None:
        """The chain the focus holder's play made is empty: focus passes (seed, "Focus")."""
        g.then(self.focus, g, bf, self.next_player(g, p), 0)
        self.cleanup(g)

    def next_player(self, g: Playing, p: RiftPlayer) -> RiftPlayer:
        return g.players[(p.index + 1) % len(g.players)]

    def end_showdown(self, g: Playing, bf: Battlefield) -> None:
        """Everyone passed. A combat deals its damage and resolves; a showdown without
        combat gives the battlefield to the one player left there, or stages a combat if
        two are (rules notes 7)."""
        if self.combat:
            g.then(self.combat_resolution, g, bf)
            self.combat_damage(g, bf)
            return
        here = bf.players_here()
        self.showdown = None
        if len(here) > 1:  # opposing units arrived: a combat, the applier attacking
            g.log.append(("showdown_over", bf.name, "combat staged"))
            g.then(self.open_showdown, g, bf)
            return
        bf.contested_by = None
        g.log.append(("showdown_over", bf.name))
        if here:
            self.take_control(g, here[0], bf)
        self.cleanup(g)

    # -- combat (rules notes 7) ----------------------------------------------------------
    def combat_damage(self, g: Playing, bf: Battlefield) -> None:
        """Combat damage step: each side's total Might (stunned units, and those a static
        ability says don't deal combat damage, add nothing), the attacker assigning first;
        all damage is dealt at once."""
        a, d = cast(Any, self.attacker), cast(Any, self.defender)
        att, dfn = bf.units[a.index].cards, bf.units[d.index].cards
        if not att or not dfn:
            return
        forbidden = g.continuous.forbidden
        total_a = sum(c.might() for c in att
                      if not c.stunned and not forbidden(g, "deal_combat_damage", c))
        total_d = sum(c.might() for c in dfn
                      if not c.stunned and not forbidden(g, "deal_combat_damage", c))
        self.damage_plan = []  # shared by the assignment steps (the class docstring)
        g.then(self.deal_combat_damage, g, bf)
        g.sequence((self.assign, g, a, list(dfn), total_a), (self.assign, g, d, list(att), total_d))

    @step
    def assign(self, g: Playing, assigner: RiftPlayer, victims: list[RiftCard],
               amount: int) -> None:
        """Damage assignment: lethal damage to one unit before the next; the Tank units
        first and the Backline units last among one player's units; what remains once
        every unit has lethal goes to the last (rules notes 7, 10)."""
        if amount <= 0 or not victims:
            return
        tanks = [c for c in victims if c.has_keyword("tank")]
        front = [c for c in victims if not c.has_keyword("backline")]
        eligible = tanks or front or victims
        g.ask(assigner, "assign", eligible, f"assign {amount} combat damage: the next "
                 "unit to receive lethal damage",
                 then=(self.assigned, g, assigner, victims, amount))

    @step
    def assigned(self, g: Playing, assigner: RiftPlayer, victims: list[RiftCard], amount: int,
                 unit: RiftCard) -> None:
        rest = [c for c in victims if c is not unit]
        n = amount if not rest else min(amount, unit.lethal())
        self.damage_plan.append((unit, n))
        self.assign(g, assigner, rest, amount - n)

    @step
    def deal_combat_damage(self, g: Playing, bf: Battlefield) -> None:
        """All combat damage at once; then a cleanup kills what it made lethal."""
        plan, self.damage_plan = self.damage_plan, []
        for unit, n in plan:
            unit.damage += n
            g.log.append(("damage", unit.proto.id, n))
        self.cleanup(g)

    @step
    def combat_resolution(self, g: Playing, bf: Battlefield) -> None:
        """Resolution step: combat cleanup (every unit heals; attackers are recalled if
        defenders remain); the result; control to the side left, a Conquer if it gains it
        (rules notes 7, step 3)."""
        a, d = cast(Any, self.attacker), cast(Any, self.defender)
        g.heal_all()
        if bf.units[a.index].cards and bf.units[d.index].cards:
            for c in list(bf.units[a.index].cards):
                g.recall(c)
        att_left, def_left = bool(bf.units[a.index].cards), bool(bf.units[d.index].cards)
        result = "attacker wins" if att_left and not def_left else \
            "defender wins" if def_left and not att_left else "no result"
        g.log.append(("combat_over", bf.name, result))
        self.showdown = None
        self.combat = False
        self.attacker = self.defender = None
        bf.contested_by = None
        self.designations(g)
        here = bf.players_here()
        if len(here) == 1:
            self.take_control(g, here[0], bf)
        elif not here and bf.controller is not None:
            bf.controller = None
            g.log.append(("uncontrolled", bf.name))
        g.publish(Event("combat_end", bf.site.cards[0] if bf.site.cards else None,
                           None, bf))
        self.cleanup(g)

    # -- scoring (rules notes 8) ---------------------------------------------------------
    def take_control(self, g: Playing, p: RiftPlayer, bf: Battlefield) -> None:
        """``p`` gains control of ``bf``: a Conquer, if they did not control it."""
        if bf.controller is p:
            return
        bf.controller = p
        g.log.append(("control", bf.name, p.name))
        self.score(g, p, bf, "conquer")

    def score(self, g: Playing, p: RiftPlayer, bf: Battlefield, how: str) -> None:
        """A Conquer or a Hold scores 1 point, once per battlefield per player per turn. The
        final point (at the victory score - 1): a Hold gains it; a Conquer only if every
        battlefield was scored this turn, else the player draws 1 instead."""
        if bf.index in p.scored:
            g.log.append(("no_score", p.name, bf.name, how, "scored this turn"))
            return
        p.scored = (*p.scored, bf.index)
        if how == "conquer" and p.points >= VICTORY_SCORE - 1 and \
                len(p.scored) < len(g.battlefields):
            g.log.append(("final_point", p.name, bf.name, "draws instead"))
            g.draw(p, 1)
        else:
            p.points += 1
            g.log.append(("score", p.name, bf.name, how, p.points))
        g.publish(Event(how, bf.site.cards[0] if bf.site.cards else None, p, bf))
