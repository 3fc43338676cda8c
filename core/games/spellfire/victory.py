"""Victory (seed, "Victory"; rules notes 9): a formation of six unrazed realms wins (the
format's number; held a turn in the 75); when a draw pile runs out, the turn is finished and
the tie-breaks decide, in the seed's order: unrazed realms, realms razed and unrazed,
holdings, fewer champions in the pool, fewer champion levels (the printed level), more cards
left in the draw pile; then it is a draw. In the 25-card game three unrazed realms win
nothing at once: they begin the "final stage" (notes 9), in which nothing stops an attack on
a leading player's realm; when the pile runs out, between players with three unrazed
realms, the one who placed them first wins.

The rules section :class:`Victory` (the game's ``victory``) keeps the order in which players
reached the number, and whether a draw pile has run out."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...loadable import step
from ...procedure import GameOver
from ...section import Section, section

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfirePlayer


@section
class Victory(Section):
    """Seed, "Victory": ``clock`` counts the players reaching the winning number of realms
    (who placed them first: ``SpellfirePlayer.first_realms_turn``); ``ending`` is set once a
    draw pile has run out, and the game ends with this turn; ``final_stage``, once a player
    of the 25-card game has reached three unrazed realms (notes 9: it begins then)."""

    __slots__ = ("clock", "ending", "final_stage")
    name = "victory"

    def __init__(self, g: SpellfireGame) -> None:
        self.clock = 0
        self.ending = False
        self.final_stage = False

    @step
    def check(self, g: SpellfireGame) -> None:
        """Six unrazed realms win at once (notes 9: "Whether this is checked immediately or
        after holding a turn is unconfirmed": checked immediately, except in the 75-card
        game, where its page suggests holding a turn, checked as a turn begins). Records
        the order in which players reached the number (the 25-card tie-break); in the
        25-card game, the first to reach it begins the final stage (notes 9)."""
        if g.over:
            raise GameOver
        fmt = g.fmt
        for p in g.turn_order():
            n = p.unrazed()
            if n >= fmt.victory_realms and not p.first_realms_turn:
                if fmt.final_stage and not self.final_stage:
                    self.final_stage = True
                    g.log.append(("final_stage", p.name))
                self.clock += 1  # one tick per player reaching it: no two tie on "first"
                p.first_realms_turn = self.clock
            elif n < fmt.victory_realms:
                p.first_realms_turn = 0
        if fmt.hold or fmt.final_stage:
            return
        for p in g.turn_order():
            if p.unrazed() >= fmt.victory_realms:
                self.finish(g, p, "realms")

    def leading(self, g: SpellfireGame, p: SpellfirePlayer) -> bool:
        """In the 25-card final stage (begun: a player has reached three unrazed realms), is
        ``p`` a leading player (the most unrazed realms; several when tied)? Rules notes 9:
        "Cards that prevent attacks on the leading player are cancelled"."""
        fmt = g.fmt
        if not fmt.final_stage or not self.final_stage and all(
                q.unrazed() < fmt.victory_realms for q in g.players):
            return False
        return p.unrazed() >= max(q.unrazed() for q in g.players)

    def finish(self, g: SpellfireGame, winner: SpellfirePlayer | None, how: str) -> None:
        g.over = True
        g.winner = winner
        g.log.append(("game_over", winner.name if winner else "draw", how))
        raise GameOver

    def end_by_tiebreak(self, g: SpellfireGame) -> None:
        """Seed, "Victory": the game ends; the tie-breaks decide in order."""
        fmt = g.fmt
        leaders = list(g.players)
        steps: list[tuple[str, Callable[[SpellfirePlayer], int]]] = [
            ("unrazed", lambda p: p.unrazed())]
        if fmt.size == 25:  # seed: "the player who placed the three realms first"
            steps.append(("placed_first", lambda p: -p.first_realms_turn
                          if p.unrazed() >= fmt.victory_realms else 0))
        steps += [
            ("realms", lambda p: len(p.realms())),
            ("holdings", lambda p: sum(c.proto.type == "holding" for s in p.slots
                                       for c in s.zone.cards)),
            ("fewer_champions", lambda p: -len(p.champions())),
            ("fewer_levels", lambda p: -sum(c.proto.level or 0 for c in p.champions())),
            ("draw_pile", lambda p: len(p.deck.cards)),
        ]
        for name, key in steps:
            best = max(key(p) for p in leaders)
            leaders = [p for p in leaders if key(p) == best]
            if len(leaders) == 1:
                self.finish(g, leaders[0], f"tiebreak_{name}")
        self.finish(g, None, "tied")
