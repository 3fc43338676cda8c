"""Wonders of The First's sequence of play (rules 401-405) on the core engine.

The game is a sequence of steps (:mod:`cardscript.procedure`), in the rulebook's order from
``WondersGame.start``: determine the first player (401), starting hands and mulligans (402),
seven rounds of beginning, turns and round end (403-404), and the winner (405). State checks
(power below 0 dies; an empty deck loses) run after every resolution.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, cast

from ...bus import Event
from ...cardevents import METRICS, logged_card_events
from ...loadable import state, step
from ...modifiers import Modifiers
from ...procedure import GameOver
from ...replacements import Replacements
from . import aiming, evaluation
from .actions import DONE, PASS, Turns
from .batches import BatchResolver
from .continuous import Continuous
from .control import Control
from .counting import Counting
from .equipment import Equipment
from .primitives import ROUNDS, Primitives
from .state import WondersCard, WondersCardDef, WondersPlayer
from .symbiosis import Symbionts
from .table import wonders_table
from .zones import MOMENTS, PLACES

if TYPE_CHECKING:
    from ... import entries
    from ...state import CardDef
    from ...table import TableView
    from .actions import TurnOption
    from .state import WondersTrigger

HAND_SIZE = 7
MULLIGAN_MAX = 3
ACTIONS_PER_ROUND = 3
MAX_PASSES = 11

#: named rule variants a playgroup may switch on (docs/architecture.md, "Rules precedence")
VARIANTS = {
    "power_tiebreak": "405 tie-break by the total power of each player's Wonders in the world "
                      "(the rulebook's summary) instead of the lowest single-controller realm",
}

#: the decisions the game asks, in the order a game meets them: 401-402, a turn and what it
#: leads to (the core's ``target``, ``may`` and ``mode`` among them), batches (502, 503)
DECISION_KINDS = ("first_player", "realm1_side", "mulligan", "turn", "realm", "target",
                  "order", "may", "mode", "discard", "stone", "seek", "bury", "shield",
                  "equip", "harvest", "sacrifice", "faith", "loop", "prevent", "spend",
                  "ability", "symbiosis")


@state
class WondersGame(Primitives):
    """Wonders of The First: the sequence of play (401-405) on :class:`~.primitives.
    Primitives`, the game's actions, and the rules sections that hold state of their own."""

    game_name = "wonders"
    VARIANTS = VARIANTS
    DECISION_KINDS = DECISION_KINDS
    resolver_class = BatchResolver
    card_def_class = WondersCardDef
    PLACES = PLACES
    MOMENTS = MOMENTS
    #: a turn, and the round its turns are in (403)
    PERIODS = {"turn": "turn", "round": "round"}
    #: a Wonder's power now, a card's printed energy cost
    STATS = {"power": "power", "cost": "cost"}
    card_class = WondersCard
    player_class = WondersPlayer
    BLANK = "nullified"  # an ability of a nullified card does not resolve (rulebook, Nullify)
    HIDDEN_ZONES = evaluation.HIDDEN_ZONES
    PRIVATE_ZONES = evaluation.PRIVATE_ZONES
    SECTIONS = (Counting, Control, Continuous, Equipment, Replacements, Symbionts, Turns,
                Modifiers)

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, *,
                 previous_loser: int | None = None, **kw: Any) -> None:
        super().__init__(decks, seed, **kw)
        self.previous_loser = previous_loser
        self.first: WondersPlayer | None = None  # who takes the first turn this round (403.2)
        self.round1_first: WondersPlayer | None = None
        self.realm1_side: str | None = None  # "left"/"right" of the second player (401)
        self.last_turn_taker: WondersPlayer | None = None  # 404.5.2: passing is not a turn
        self.last_to_pass: WondersPlayer | None = None
        self.start_at: tuple | None = None  # set by scenarios: ("turns", round) etc.
        self.round_discarding: list = []  # chosen at round end, discarded together (403.5)
        for p, deck in zip(self.players, decks, strict=True):
            self.fill(p.deck, deck)

    # -- the hooks of the core ---------------------------------------------------------
    def publish(self, event: Event) -> None:
        """An event happens, in the order the rules give: a symbiosis Wonder's arrival waits
        until it has copied (rulebook, Symbiosis); then it is counted (rule 511) and seen by
        the abilities it triggers, and a card entering a realm "enters" it (rulebook, Enter),
        counted and seen the same way (:meth:`~.primitives.Primitives.happen`)."""
        if not self.symbiosis.withholds(self, event):
            self.happen(event)

    def period(self, name: str) -> int:
        return self.round if name == "round" else super().period(name)

    def ask(self, player: WondersPlayer, kind: str, options: list, prompt: str, then: tuple,
            behalf: WondersPlayer | None = None) -> None:
        """The decision door; inside a settle, rule 503 sees each choice (loops.py). During
        a controlled turn (505.4) the controlled player's decisions go to the controller."""
        if self.resolver.watching:
            options, then = self.resolver.asked(self, player, kind, options, then)
        decider = self.control.decider(player)
        if decider is not player:
            super().ask(decider, kind, options, prompt, then, behalf=player)
        else:
            super().ask(player, kind, options, prompt, then, behalf)

    def aim(self, ctx: WondersTrigger, effect: entries.Effect) -> None:
        aiming.aim(self, ctx, effect)  # rule 508.3: "would target" first

    def evaluate(self, player: WondersPlayer) -> float:
        return super().evaluate(player) if self.over else evaluation.evaluate(self, player)

    # -- the whole game --------------------------------------------------------------------
    @step
    def start(self) -> None:
        """401, 402, then rounds 1-7 (403-404); a scenario may start at a round's beginning
        or at its turns."""
        self.counting.find(self)
        if self.start_at is None:
            self.sequence((self.determine_first_player,), (self.starting_hands,),
                          (self.play_round, 1, "beginning"))
        else:
            step, first_round = self.start_at
            self.then(self.play_round, first_round, step)

    @step
    def play_round(self, r: int, step: str = "beginning") -> None:
        """Rule 403: the beginning of the round, its turns, and its end."""
        frames: list[tuple] = [(self.beginning_of_round, r)] if step == "beginning" else []
        self.sequence(*frames, (self.take_turns,), (self.round_end,), (self.next_round, r))

    @step
    def next_round(self, r: int) -> None:
        if r < ROUNDS and not self.over:
            self.then(self.play_round, r + 1)

    @step
    def determine_first_player(self) -> None:
        """Rule 401: a coin flip (or the previous loser) picks who chooses the first player;
        the second player chooses the side realm 1 starts on."""
        if self.previous_loser is not None:  # "just played a game against the same player"
            chooser = self.players[self.previous_loser]
        else:
            chooser = self.players[0 if self.rng.random() < 0.5 else 1]
            self.log.append(("coin", chooser.name))
        self.ask(chooser, "first_player", list(self.players), "who plays first?",
                 then=(self.first_player_chosen,))

    @step
    def first_player_chosen(self, first: WondersPlayer) -> None:
        second = self.opponents(first)[0]
        self.round1_first = self.first = self.active = first
        self.ask(second, "realm1_side", ["left", "right"],
                 "does realm 1 start on your left or right?", then=(self.realm1_side_chosen,))

    @step
    def realm1_side_chosen(self, side: str) -> None:
        self.realm1_side = side
        first = cast(WondersPlayer, self.first)  # chosen just before (first_player_chosen)
        self.log.append(("first", first.name, side))

    def options(self) -> dict:
        return {"previous_loser": self.previous_loser}

    CARD_METRICS = METRICS

    def table(self, viewer: WondersPlayer) -> TableView:
        return wonders_table(self, viewer)

    def hidden_from(self, card: Any, viewer: WondersPlayer) -> bool:
        """Another player's face-down card too (rule 510)."""
        if getattr(card, "face_down", False) and card.owner is not viewer:
            return True
        return super().hidden_from(card, viewer)

    def scores(self) -> str:
        return "stones: " + ", ".join(f"{p.name} {self.stones_of(p)}" for p in self.players)

    def card_events(self, entry: tuple) -> Iterable[tuple[str, int, str]]:
        """Per-card records (core/cardevents.py): the hands are the opening hands when round
        1 begins, after 402's mulligans and before 403.1's draws."""
        return logged_card_events(self, entry, opening=entry == ("round", 1),
                                  setup_over=self.round >= 1)

    @step
    def starting_hands(self) -> None:
        """Rule 402: shuffle, draw 7; 402.1: mulligan up to 3, first player first. A deck
        left empty loses at once (405: "at any time")."""
        for p in self.players:
            self.rng.shuffle(p.deck.cards)
            self.draw(p, HAND_SIZE)
        self.state_checks()
        self.sequence(*((self.mulligan, p, []) for p in self.turn_order()),
                      (self.state_checks,))

    @step
    def mulligan(self, p: WondersPlayer, chosen: list[WondersCard]) -> None:
        """Rule 402.1: choose up to 3 cards one at a time, then bottom them and draw as many."""
        if len(chosen) < MULLIGAN_MAX:
            options = [c for c in p.hand.cards if c not in chosen]
            self.ask(p, "mulligan", options + [DONE],
                     "choose a card to put on the bottom, or done",
                     then=(self.mulligan_pick, p, chosen))
            return
        self.mulligan_done(p, chosen)

    @step
    def mulligan_pick(self, p: WondersPlayer, chosen: list[WondersCard],
                      pick: WondersCard | Literal["done"]) -> None:
        if pick == DONE:
            self.mulligan_done(p, chosen)
        else:
            self.mulligan(p, [*chosen, pick])

    def mulligan_done(self, p: WondersPlayer, chosen: list[WondersCard],
                      bottom: tuple[WondersCard, ...] = ()) -> None:
        """402.1: "Put these on the bottom of their decks in any order": the player chooses,
        from the very bottom up, where each goes (``bottom``: bottom card first; copies of
        one card are alike, so none is asked between them); then they draw as many."""
        left = [c for c in chosen if c not in bottom]
        options = self.bottom_options(left)
        if len(options) > 1:
            where = "next up from the bottom" if bottom else "at the very bottom"
            self.ask(p, "bury", options, f"mulligan: choose the card to put {where} of your "
                     "deck", then=(self.mulligan_bottom, p, chosen, bottom))
            return
        for c in reversed((*bottom, *left)):  # from the top of the pile down
            self.move(c, p.deck, top=False)
        if chosen:
            self.draw(p, len(chosen))
        self.log.append(("mulligan", p.name, len(chosen)))

    @step
    def mulligan_bottom(self, p: WondersPlayer, chosen: list[WondersCard],
                        bottom: tuple[WondersCard, ...], pick: WondersCard) -> None:
        self.mulligan_done(p, chosen, (*bottom, pick))

    @step
    def beginning_of_round(self, r: int) -> None:
        """Rule 403.1, in order: the realm opens; energy and actions; On Round Start and On
        Round N in one batch ordered by the active player; each player draws."""
        self.round = r
        self.realms[r - 1].active = True
        self.last_turn_taker = None  # 404.5.2: "the last turn of the round"
        self.log.append(("round", r))
        for p in self.players:
            p.energy += r + self.stones_of(p)
            p.actions += ACTIONS_PER_ROUND
            p.passes = 0
        # 403.2; the first player of round 1 is chosen before it begins (401)
        self.first = self.turns.last_seizer or cast(WondersPlayer, self.round1_first)
        self.active = self.first
        self.publish(Event("round_start", data=r))
        self.then(self.round_draws)
        self.then(self.turns.queued_battles, self)
        self.resolver.settle(self)

    @step
    def round_draws(self) -> None:
        """Rule 403.1: each player draws a card, in turn order."""
        for p in self.turn_order():
            self.draw(p, 1)
        self.resolver.settle(self)

    @step
    def take_turns(self) -> None:
        """Rules 403.2-403.4 and 404.5: alternate turns, starting with the first player."""
        assert self.first is not None  # the beginning of the round chose them (403.2)
        self.turn(self.first, 0)

    @step
    def turn(self, current: WondersPlayer, consecutive: int) -> None:
        """One turn: a player with nothing to do passes automatically; the round ends when all
        players pass consecutively, or when one player has passed 11 times in a row."""
        self.active = current
        self.control.turn_begins(self, current)
        options = self.turns.turn_options(self, current)
        if len(options) == 1:
            self.turn_chosen(current, consecutive, PASS)
        else:
            self.ask(current, "turn", options, "your turn",
                     then=(self.turn_chosen, current, consecutive))

    @step
    def turn_chosen(self, current: WondersPlayer, consecutive: int, choice: TurnOption) -> None:
        if choice.kind == "pass":
            consecutive += 1
            current.passes += 1
            self.log.append(("pass", current.name))
            if consecutive >= len(self.players) or current.passes >= MAX_PASSES:
                self.last_to_pass = current
                self.end_turn(current)
                return
        else:
            consecutive = 0
            current.passes = 0
            current.turns += 1
            self.then(self.turn_taken, current, consecutive)
            self.turns.take_action(self, current, choice)
            return
        self.next_turn(current, consecutive)

    @step
    def turn_taken(self, current: WondersPlayer, consecutive: int) -> None:
        self.last_turn_taker = current
        self.next_turn(current, consecutive)

    def next_turn(self, current: WondersPlayer, consecutive: int) -> None:
        self.then(self.turn, self.players[(current.index + 1) % len(self.players)],
                  consecutive)
        self.end_turn(current)  # its steps run first: the turn ends before the next begins

    def end_turn(self, p: WondersPlayer) -> None:
        """Rule 403.5, End of Turn Step: "this turn" effects and On Turn End effects end
        simultaneously, and the resulting effects resolve (a Wonder left below 0 power dies,
        its On Death in one batch with the On Turn End triggers) before the next turn or the
        round end. Actions gained by harvest become usable."""
        if p.harvested_actions:
            p.actions += p.harvested_actions
            p.harvested_actions = 0
        self.publish(Event("turn_end", None, p))
        self.expire("this_turn")

    @step
    def expire(self, duration: str) -> None:
        """Rule 403.5: the "this turn" or "this round" effects end, and "any resulting effects"
        resolve: the state checks at once, then every trigger pending (ordered by the active
        player) and the free attacks they declare. Effects of that duration made meanwhile end
        too: "this round ... always means this round, not the end of a future round". Nothing
        to do in most turns, which this keeps cheap."""
        if duration == "this_turn":
            effects, self.turn_effects = self.turn_effects, []
        else:
            effects, self.round_effects = self.round_effects, []
        for undo, args in effects:
            undo(*args)
        if self.power_dirty or self.pending:
            self.then(self.expire, duration)  # after what follows, for the effects it makes
            self.state_checks()
            self.then(self.turns.queued_battles, self)
            self.resolver.settle(self)

    @step
    def round_end(self) -> None:
        """Rule 403.5: end-of-round effects in a batch ordered by the active player (the last
        to pass), battles they declare included; unspent actions and energy are lost; hands
        over 7 discard down to 7 together; after round 7 the winner is found before "this
        round" effects stop."""
        self.active = self.last_to_pass or self.active
        self.control.turn_control = None  # the last turn is over (505.4)
        self.publish(Event("round_end", data=self.round))
        self.then(self.round_cleanup)
        # the free attacks End of Round effects declare are fought
        self.then(self.turns.queued_battles, self)
        self.resolver.settle(self)

    @step
    def round_cleanup(self) -> None:
        self.turns.queued_attacks.clear()  # the round is over: declared attacks lapse
        for p in self.players:
            p.actions = 0
            p.energy = 0
            p.harvested_actions = 0
        self.sequence(*((self.discard_to_hand_size, p, []) for p in self.turn_order()),
                      (self.round_discards,))

    @step
    def discard_to_hand_size(self, p: WondersPlayer, chosen: list[WondersCard]) -> None:
        """Rule 403.5: each player over 7 chooses cards to discard; all are discarded
        together once every player has chosen."""
        if len(p.hand.cards) - HAND_SIZE > len(chosen):
            options = [c for c in p.hand.cards if c not in chosen]
            self.ask(p, "discard", options, "discard down to 7",
                     then=(self.discard_chosen, p, chosen))
            return
        self.round_discarding.extend(chosen)

    @step
    def discard_chosen(self, p: WondersPlayer, chosen: list[WondersCard],
                       pick: WondersCard) -> None:
        self.discard_to_hand_size(p, [*chosen, pick])

    @step
    def round_discards(self) -> None:
        discards, self.round_discarding = self.round_discarding, []
        with self.together():
            for c in discards:
                self.discard(c)
        self.then(self.round_over)
        self.resolver.settle(self)

    @step
    def round_over(self) -> None:
        if self.round == ROUNDS:
            self.decide_winner()
            return
        self.expire("this_round")  # still in this round: before the next one begins (403.5)

    # -- winning -----------------------------------------------------------------------
    def decide_winner(self) -> None:
        """Rule 405: most stones wins; a tie goes to the controller of the lowest-numbered
        realm with a single controller, else the draw stands (variant: total Wonder power)."""
        counts = [self.stones_of(p) for p in self.players]
        best = max(counts)
        leaders = [p for p, n in zip(self.players, counts, strict=True) if n == best]
        winner = leaders[0] if len(leaders) == 1 else None
        how = "stones"
        if winner is None and "power_tiebreak" in self.variants:
            powers = {p: sum(c.power() for c in self.controlled(p)
                             if c.proto.is_wonder and not c.face_down)
                      for p in leaders}
            top = max(powers.values())
            best_p = [p for p, v in powers.items() if v == top]
            winner = best_p[0] if len(best_p) == 1 else None
            how = "power"
        elif winner is None:
            for realm in self.realms:
                ctrl = realm.controller()
                if ctrl is not None:
                    winner = self.players[ctrl] if self.players[ctrl] in leaders else None
                    how = f"realm {realm.number}"
                    break
        self.finish(winner, how)

    @step
    def shielded_death(self, died: bool) -> None:
        """After a shielded Wonder's choice at a state check: what follows resolves (its
        death triggers; or, still below 0 power, the next state check kills it)."""
        self.resolver.settle(self)

    def finish(self, winner: WondersPlayer | None, how: str) -> None:
        self.winner = winner
        self.over = True
        self.log.append(("game_over", winner.name if winner else "draw", how))

    @step
    def state_checks(self) -> None:
        """After each resolution: Wonders below 0 power die together (rulebook, Counters:
        "Wonders can survive at 0 power"); a player whose deck has no cards loses (405);
        everyone losing at once is a draw. Continuous effects are applied again first: their
        conditions may have changed (rule 508.1)."""
        self.continuous.changed(self)
        self.control.returns(self)
        if self.power_dirty:
            self.power_dirty = False
            dying = [c for c in self.world_cards()
                     if c.proto.is_wonder and not c.face_down and c.power() < 0]
            if any(c.shields for c in dying):  # their controllers may remove a shield instead
                self.then(self.destroy_all, dying, (self.shielded_death,))
            else:
                with self.together():
                    for c in dying:
                        self.destroy(c)
        self.equipment.check(self)
        losers = [p for p in self.players if not p.deck.cards and not p.lost]
        if losers:
            for p in losers:
                p.lost = True
                self.log.append(("loses", p.name, "empty deck"))
            alive = [p for p in self.players if not p.lost]
            self.finish(alive[0] if len(alive) == 1 else None, "empty deck")
            raise GameOver()
