"""A game of ``cardscript play``: the human (:class:`~.prompt.TerminalAgent`) in the first
seat against an installed agent, decision by decision, so the session can tell the human
what the opponent chose, keep the game before each of the human's decisions for ``undo``,
and save it for ``--resume``.

``undo`` goes back to the human's previous decision: the game as it was then
(:meth:`cardscript.game.Game.clone`) and the opponent agent as it was then (a deep copy, its
random numbers included), so the agent's replies are chosen again from the same state: the
same answer gets the same replies, another answer may get others.
"""
from __future__ import annotations

import copy
import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

from cardscript.decisions import Agent
from cardscript.game import Game
from cardscript.save import save

from ..common import err, out
from ..facts import CardFacts
from .names import Namer
from .prompt import TerminalAgent, Undo
from .view import table_box


@dataclass
class Snapshot:
    """The game before one of the human's decisions, the agent then, and the log seen."""

    game: Game
    agent: Agent
    seen: int


def write_save(game: Game, path: str) -> None:
    """Write the save in one step (:mod:`cardscript.atomic`): a crash never leaves half a
    save, and nothing planted beside it is written through. A save that can't be written is
    an ``OSError`` naming ``path`` (the command's exit 1: an output place that can't be
    written)."""
    try:
        save(game, path)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), path) from None


def _print(line: str, style: str = "") -> None:
    out.print(line, markup=False, style=style or None)


def _ask(prompt: str) -> str:
    """A line of the input; read from a file or a pipe, it is echoed after the prompt, so
    that the output reads as the session did at a terminal."""
    line = input(prompt)
    isatty = getattr(sys.stdin, "isatty", None)
    if isatty is not None and not isatty():
        print(line, flush=True)
    return line


class Session:
    """One game between the human (seat ``human``) and ``agent``."""

    def __init__(self, game: Game, agent: Agent, *, human: int = 0, save: str | None = None,
                 facts: Callable[[str], CardFacts | None] | None = None):
        self.game = game
        self.agent = agent
        self.human = human
        self.save = save
        self.history: list[Snapshot] = []
        self.seen = 0  # the log entries already told
        self.player = TerminalAgent(ask=_ask, show=_print, style=_print)
        self.player.facts = facts
        self.player.can_undo = lambda: len(self.history) > 1
        if out.is_terminal:  # a box at a terminal; plain lines to a file, a pipe, a test
            self.player.board = lambda table: out.print(table_box(table))

    def tell(self, line: str) -> None:
        self.player.feed.append(line)

    def catch_up(self) -> None:
        """What the game logged since it was last told, in words, into the feed."""
        log = self.game.log
        if len(log) > self.seen:
            namer = Namer(self.game, self.human)
            for entry in log[self.seen:]:
                self.tell(namer.entry(entry))
            self.seen = len(log)

    def run(self) -> None:
        """Play to the end; an EOFError (the end of the input, ``quit``) goes to the caller."""
        game = self.game
        d = game.advance()
        while d is not None:
            self.catch_up()
            if d.player.index == self.human:
                if self.save:
                    write_save(game, self.save)
                self.history.append(Snapshot(game.clone(), _copy(self.agent), self.seen))
                try:
                    index = self.player.choose(game, d)
                except Undo:
                    self.history.pop()  # the decision being asked
                    back = self.history.pop()  # the one taken back: asked again
                    game = self.game = back.game.clone()
                    self.agent = _copy(back.agent)
                    self.seen = back.seen
                    self.player.feed = ["you took back your last decision"]
                    d = game.decision
                    continue
            else:
                index = self.agent.choose(game, d)
                # hidden cards stay hidden: the opponent's options are worded from our side
                said = Namer(game, self.human).option(d.options[index])
                self.tell(f"{d.player.name} chose: {said} [{d.kind}]")
            d = game.choose_index(index)
        self.catch_up()

    def finish(self) -> None:
        """The last of the feed and the table as the game ended."""
        for line in self.player.feed:
            _print(f"  · {line}", "dim")
        self.player.feed = []
        self.player.board(self.game.table(self.game.players[self.human]))


def _copy(agent: Agent) -> Agent:
    """A copy of the agent that continues as it would (its random numbers too); the agent
    itself if it can't be copied (undo then re-chooses its replies afresh)."""
    try:
        return copy.deepcopy(agent)
    except Exception:  # an agent holding what can't be copied (a pool, a connection)
        return agent


def run_session(session: Session) -> int:
    """Run a session to its end and say how it ended; the end of the input abandons it."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        # bytes that aren't text in the answers are a wrong answer, not a UnicodeDecodeError
        sys.stdin.reconfigure(errors="replace")
    save = session.save
    try:
        session.run()
    except (EOFError, KeyboardInterrupt) as exc:
        why = " (end of input)" if type(exc) is EOFError else \
            "" if isinstance(exc, KeyboardInterrupt) else f" ({exc})"
        again = f"; resume it with --resume {save}" if save else ""
        _print(f"\ngame abandoned{why}{again}")
        return 0
    game = session.game
    session.finish()
    if game.error is not None:
        err.print(f"game over after round {game.rounds}: the game ended in an error: "
                  f"{game.error}", markup=False)
        return 1
    result = "draw" if game.winner is None else f"{game.winner.name} win"
    _print(f"game over after round {game.rounds}: {result} ({game.scores() or 'no score'})")
    return 0

