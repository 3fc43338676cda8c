"""``cardscript play``: you against the random agent, in the terminal."""
from __future__ import annotations

import io
import os
import sys
from pathlib import Path

from cardscript.decisions import HumanAgent, NoAnswer, RandomAgent
from cardscript.save import SaveError, load
from rich.table import Table

from .common import EXIT_BAD_INPUT, UsageError, err, out


def _card(c) -> str:
    bits = [c.proto.id]
    if c.proto.is_wonder:
        bits.append(f"({c.power()})")
    if c.tapped:
        bits.append("tapped")
    if c.blank:
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
    """The human: sees what happened since their last turn, the board, then the options.
    With ``save``, the game is written there before each decision (a quit loses nothing)."""

    seen = 0
    save: str | None = None

    def choose(self, game, decision):
        if self.save:
            write_save(game, self.save)
        view = getattr(game, "view", None)
        if view is not None:  # a game that describes its own table (lines of text)
            for entry in game.log[self.seen:]:
                out.print("  · " + " ".join(str(x) for x in entry), style="dim", markup=False)
            self.seen = len(game.log)
            for line in view(decision.player):
                out.print(line, markup=False)
        elif decision.kind == "turn":
            for entry in game.log[self.seen:]:
                if entry[0] in ("turn", "battle", "seize", "dies", "resolve", "round"):
                    out.print("  · " + " ".join(str(x) for x in entry), style="dim",
                              markup=False)
            self.seen = len(game.log)
            # rule 505.4: controlling another player's turn, you see what they see
            render(game, decision.behalf)
            if decision.behalf is not decision.player:
                out.print(f"you control {decision.behalf.name}'s turn", markup=False)
        return super().choose(game, decision)


def write_save(game, path: str) -> None:
    """Write the save through a temporary file, so a crash never leaves half a save."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(game.save(), encoding="utf-8")
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"cannot save the game to {path}: {exc.strerror or exc}") from None


def play(pool, decks, seed: int, variants=(), limits=None, save: str | None = None) -> int:
    (name_a, deck_a), (name_b, deck_b) = decks
    game = pool.spec.game_class([list(deck_a), list(deck_b)], seed, tokens=pool.tokens,
                                variants=variants, names=("You", "Bot"),
                                deck_names=(name_a, name_b), limits=limits)
    return _play(game, seed, save)


def resume(pool, path: str, seed: int, save: str | None = None) -> int:
    """Continue the game saved in ``path`` (its human is the first player)."""
    try:
        game = load(path, pool.cards, pool.spec.name)
    except SaveError as exc:
        err.print(f"{path}: {exc}", markup=False)
        return EXIT_BAD_INPUT
    if game.decision is None:
        err.print(f"{path}: this game is over; there is nothing to resume", markup=False)
        return EXIT_BAD_INPUT
    out.print(f"resuming the game saved in {path}, round {game.round}", markup=False)
    return _play(game, seed, save or path)


def _play(game, seed: int, save: str | None) -> int:
    if isinstance(sys.stdin, io.TextIOWrapper):
        # bytes that aren't text in the answers are a wrong answer, not a UnicodeDecodeError
        sys.stdin.reconfigure(errors="replace")
    human = TerminalAgent(ask=input, show=lambda s: out.print(s, markup=False))
    human.save = save
    try:
        game.play([human, RandomAgent(seed)])
    except (EOFError, KeyboardInterrupt) as exc:
        why = f" ({exc})" if isinstance(exc, NoAnswer) else \
            " (end of input)" if isinstance(exc, EOFError) else ""
        again = f"; resume it with --resume {save}" if save else ""
        out.print(f"\ngame abandoned{why}{again}", markup=False)
        return 0
    if game.error is not None:
        err.print(f"game over after round {game.round}: the game ended in an error: "
                  f"{game.error}", markup=False)
        return 1
    result = "draw" if game.winner is None else f"{game.winner.name} win"
    scores = getattr(game, "scores", None)  # a game's own account of the result
    tally = scores() if scores is not None else \
        f"stones: {', '.join(f'{p.name} {game.stones_of(p)}' for p in game.players)}"
    out.print(f"game over after round {game.round}: {result} ({tally})")
    return 0
