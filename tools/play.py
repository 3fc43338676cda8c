"""``cardscript play``: you against the random agent, in the terminal."""
from __future__ import annotations

import io
import sys

from rich.table import Table

from core.decisions import HumanAgent, NoAnswer, RandomAgent

from .common import err, out


def _card(c) -> str:
    bits = [c.proto.id]
    if c.proto.is_wonder:
        bits.append(f"({c.power()})")
    if c.tapped:
        bits.append("tapped")
    if c.null:
        bits.append("nullified")
    return " ".join(bits)


def render(game, me) -> None:
    """What a player can see: the realms, stones, resources and their own hand."""
    them = game.opponents(me)[0]
    table = Table(title=f"Round {game.round} — you are {me.name}", show_lines=False)
    table.add_column("realm")
    table.add_column(f"{them.name} (opponent)")
    table.add_column("centre")
    table.add_column(f"{me.name} (you)")
    table.add_column("stones")
    for r in game.realms:
        if not r.active:
            continue
        stones = ", ".join("centre" if s is None else game.players[s].name for s in r.stones)
        table.add_row(str(r.number), "\n".join(_card(c) for c in r.sides[them.index].cards),
                      "\n".join(_card(c) for c in r.centre.cards),
                      "\n".join(_card(c) for c in r.sides[me.index].cards), stones)
    out.print(table)
    for p in (me, them):
        out.print(f"{p.name}: energy {p.energy}, actions {p.actions}, stones "
                  f"{game.stones_of(p)}, hand {len(p.hand.cards)}, deck {len(p.deck.cards)}")
    out.print("your hand: " + ", ".join(
        f"{c.proto.id} ({game.cost_of(me, c)})" for c in me.hand.cards))


class TerminalAgent(HumanAgent):
    """The human: sees what happened since their last turn, the board, then the options."""

    seen = 0

    def choose(self, game, decision):
        if decision.kind == "turn":
            for entry in game.log[self.seen:]:
                if entry[0] in ("turn", "battle", "seize", "dies", "resolve", "round"):
                    out.print("  · " + " ".join(str(x) for x in entry), style="dim",
                              markup=False)
            self.seen = len(game.log)
            render(game, decision.player)
        return super().choose(game, decision)


def play(pool, decks, seed: int, variants=(), limits=None) -> int:
    (name_a, deck_a), (name_b, deck_b) = decks
    game = pool.spec.game_class([list(deck_a), list(deck_b)], seed, tokens=pool.tokens,
                                variants=variants, names=("You", "Bot"),
                                deck_names=(name_a, name_b), limits=limits)
    if isinstance(sys.stdin, io.TextIOWrapper):
        # bytes that aren't text in the answers are a wrong answer, not a UnicodeDecodeError
        sys.stdin.reconfigure(errors="replace")
    try:
        game.play([TerminalAgent(ask=input, show=lambda s: out.print(s, markup=False)),
                   RandomAgent(seed)])
    except (EOFError, KeyboardInterrupt) as exc:
        why = f" ({exc})" if isinstance(exc, NoAnswer) else \
            " (end of input)" if isinstance(exc, EOFError) else ""
        out.print(f"\ngame abandoned{why}", markup=False)
        return 0
    if game.error is not None:
        err.print(f"game over after round {game.round}: the game ended in an error: "
                  f"{game.error}", markup=False)
        return 1
    result = "draw" if game.winner is None else f"{game.winner.name} win"
    out.print(f"game over after round {game.round}: {result} "
              f"(stones: {', '.join(f'{p.name} {game.stones_of(p)}' for p in game.players)})")
    return 0
