"""Victory (seed, "Victory"; rules notes 9): a formation of six unrazed realms wins (the
format's number: three in the 25-card game; held a turn in the 25 and 75); when a draw pile
runs out, the turn is finished and the tie-breaks decide, in the seed's order: unrazed realms,
realms razed and unrazed, holdings, fewer champions in the pool, fewer champion levels (the
printed level), more cards left in the draw pile; then it is a draw. In the 25-card game,
between players with three unrazed realms, the one who placed them first wins.

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
    draw pile has run out, and the game ends with this turn."""

    __slots__ = ("clock", "ending")
    name = "victory"

    def __init__(self, g: SpellfireGame) -> None:
        self.clock = 0
        self.ending = False

    @step
    def check(self, g: SpellfireGame) -> None:
        """Six unrazed realms win at once (notes 9: "Whether this is checked immediately or
        after holding a turn is unconfirmed": checked immediately, except in the 75-card
        game, where its page suggests holding a turn, and the 25-card game, whose three
        realms begin a "final stage"; those wins are checked as a turn begins). Records
        the order in which players reached the number (the 25-card tie-break)."""
        if g.over:
            raise GameOver
        fmt = g.fmt
        for p in g.turn_order():
            n = p.unrazed()
            if n >= fmt.victory_realms and not p.first_realms_turn:
                self.clock += 1  # one tick per player reaching it: no two tie on "first"
                p.first_realms_turn = self.clock
            elif n < fmt.victory_realms:
                p.first_realms_turn = 0
        if fmt.hold:
            return
        for p in g.turn_order():
            if p.unrazed() >= fmt.victory_realms:
                self.finish(g, p, "realms")

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
