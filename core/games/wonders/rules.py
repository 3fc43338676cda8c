"""Wonders of The First's sequence of play (rules 401-405) on the core engine.

``WondersGame.run`` is the whole game as one generator: determine the first player (401),
starting hands and mulligans (402), seven rounds of beginning, turns and round end (403-404),
and the winner (405). State checks (power below 0 dies; an empty deck loses) run after every
resolution.
"""
from __future__ import annotations

from ...bus import Event
from ...game import Game, GameOver
from ...zones import Realm
from .actions import DONE, PASS, Actions
from .primitives import Primitives

ROUNDS = 7
HAND_SIZE = 7
MULLIGAN_MAX = 3
ACTIONS_PER_ROUND = 3
MAX_PASSES = 11

#: named rule variants a playgroup may switch on (DESIGN.md, "Rules precedence")
VARIANTS = {
    "power_tiebreak": "405 tie-break by the total power of each player's Wonders in the world "
                      "(the rulebook's summary) instead of the lowest single-controller realm",
}


class WondersGame(Primitives, Actions, Game):
    game_name = "wonders"
    VARIANTS = VARIANTS

    def __init__(self, decks, seed: int = 0, *, tokens=None, previous_loser: int | None = None,
                 **kw):
        super().__init__(decks, seed, **kw)
        unknown = set(self.variants) - set(self.VARIANTS)
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)}; known: "
                             f"{sorted(self.VARIANTS)}")
        self.tokens = tokens or {}
        self.previous_loser = previous_loser
        self.realms = [Realm(n, self.players) for n in range(1, ROUNDS + 1)]
        self.round = 0
        self.first = None  # who takes the first turn this round (403.2)
        self.round1_first = None
        self.last_seizer = None
        self.realm1_side = None  # "left"/"right" of the second player (401)
        self.last_turn_taker = None  # 404.5.2: passing is not taking a turn
        self.last_to_pass = None
        self.turn_effects: list = []
        self.round_effects: list = []
        self.attack_bans: list = []
        self.limbos: list = []
        self.queued_attacks: list = []  # (player, realm) free attacks declared by effects
        self.harvesting = None
        self.power_dirty = False
        self.start_at: tuple | None = None  # set by scenarios: ("turns", round) etc.
        for p, deck in zip(self.players, decks, strict=True):
            for proto in deck:
                self.new_card(proto, p, p.deck)

    # -- the whole game --------------------------------------------------------------------
    def run(self):
        if self.start_at is None:
            yield from self.determine_first_player()
            yield from self.starting_hands()
            first_round, step = 1, "beginning"
        else:
            step, first_round = self.start_at
        for r in range(first_round, ROUNDS + 1):
            if step == "beginning":
                yield from self.beginning_of_round(r)
            step = "beginning"
            yield from self.take_turns()
            yield from self.round_end()
            if self.over:
                return

    def determine_first_player(self):
        """Rule 401: a coin flip (or the previous loser) picks who chooses the first player;
        the second player chooses the side realm 1 starts on."""
        if self.previous_loser is not None:  # "just played a game against the same player"
            chooser = self.players[self.previous_loser]
        else:
            chooser = self.players[0 if self.rng.random() < 0.5 else 1]
            self.log.append(("coin", chooser.name))
        first = yield from self.ask(chooser, "first_player", list(self.players),
                                    "who plays first?")
        second = self.opponents(first)[0]
        self.realm1_side = yield from self.ask(second, "realm1_side", ["left", "right"],
                                               "does realm 1 start on your left or right?")
        self.round1_first = self.first = self.active = first
        self.log.append(("first", first.name, self.realm1_side))

    def options(self) -> dict:
        return {"previous_loser": self.previous_loser}

    def starting_hands(self):
        """Rule 402: shuffle, draw 7; 402.1: mulligan up to 3, first player first. A deck
        left empty loses at once (405: "at any time")."""
        for p in self.players:
            self.rng.shuffle(p.deck.cards)
            self.draw(p, HAND_SIZE)
        self.state_checks()
        for p in self.turn_order():
            chosen: list = []
            while len(chosen) < MULLIGAN_MAX:
                options = [c for c in p.hand.cards if c not in chosen]
                pick = yield from self.ask(p, "mulligan", options + [DONE],
                                           "choose a card to put on the bottom, or done")
                if pick == DONE:
                    break
                chosen.append(pick)
            for c in chosen:
                self.move(c, p.deck, top=False)
            if chosen:
                self.draw(p, len(chosen))
            self.log.append(("mulligan", p.name, len(chosen)))
        self.state_checks()

    def beginning_of_round(self, r: int):
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
        self.first = self.last_seizer or self.round1_first  # 403.2
        self.active = self.first
        self.publish(Event("round_start", data=r))
        yield from self.resolver.settle(self)
        if self.queued_attacks:
            yield from self.queued_battles()
        for p in self.turn_order():
            self.draw(p, 1)
        yield from self.resolver.settle(self)

    def take_turns(self):
        """Rules 403.2-403.4 and 404.5: alternate turns; a player with nothing to do passes
        automatically; the round ends when all players pass consecutively, or when one player
        has passed 11 times in a row."""
        current = self.first
        consecutive = 0
        n = len(self.players)
        while True:
            self.active = current
            options = self.turn_options(current)
            if len(options) == 1:
                choice = PASS
            else:
                choice = yield from self.ask(current, "turn", options, "your turn")
            if choice is PASS:
                consecutive += 1
                current.passes += 1
                self.log.append(("pass", current.name))
                if consecutive >= n or current.passes >= MAX_PASSES:
                    self.last_to_pass = current
                    self.end_turn(current)
                    return
            else:
                consecutive = 0
                current.passes = 0
                current.turns += 1
                yield from self.take_action(current, choice)
                self.last_turn_taker = current
            self.end_turn(current)
            current = self.players[(current.index + 1) % n]

    def end_turn(self, p) -> None:
        """Rule 403.5: "this turn" effects end; actions gained by harvest become usable."""
        effects, self.turn_effects = self.turn_effects, []
        for undo in effects:
            undo()
        if p.harvested_actions:
            p.actions += p.harvested_actions
            p.harvested_actions = 0

    def round_end(self):
        """Rule 403.5: end-of-round effects in a batch ordered by the active player (the last
        to pass); unspent actions and energy are lost; hands over 7 discard down to 7
        together; after round 7 the winner is found before "this round" effects stop."""
        self.active = self.last_to_pass or self.active
        self.publish(Event("round_end", data=self.round))
        yield from self.resolver.settle(self)
        self.queued_attacks.clear()  # the round is over: declared attacks lapse
        for p in self.players:
            p.actions = 0
            p.energy = 0
            p.harvested_actions = 0
        discards = []
        for p in self.turn_order():
            excess = len(p.hand.cards) - HAND_SIZE
            chosen: list = []
            for _ in range(max(0, excess)):
                options = [c for c in p.hand.cards if c not in chosen]
                chosen.append((yield from self.ask(p, "discard", options,
                                                   "discard down to 7")))
            discards.extend(chosen)
        for c in discards:
            self.discard(c)
        yield from self.resolver.settle(self)
        if self.round == ROUNDS:
            self.decide_winner()
            return
        effects, self.round_effects = self.round_effects, []
        for undo in effects:
            undo()

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
            powers = {p: sum(c.power() for c in self.controlled(p) if c.proto.is_wonder)
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

    def finish(self, winner, how: str) -> None:
        self.winner = winner
        self.over = True
        self.log.append(("game_over", winner.name if winner else "draw", how))

    def state_checks(self) -> None:
        """After each resolution: Wonders below 0 power die together (rulebook, Counters:
        "Wonders can survive at 0 power"); a player whose deck has no cards loses (405);
        everyone losing at once is a draw."""
        if self.power_dirty:
            self.power_dirty = False
            dying = [c for c in self.world_cards() if c.proto.is_wonder and c.power() < 0]
            for c in dying:
                self.destroy(c)
        losers = [p for p in self.players if not p.deck.cards and not p.lost]
        if losers:
            for p in losers:
                p.lost = True
                self.log.append(("loses", p.name, "empty deck"))
            alive = [p for p in self.players if not p.lost]
            self.finish(alive[0] if len(alive) == 1 else None, "empty deck")
            raise GameOver()
