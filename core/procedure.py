"""Where the rules procedure stands, as plain data: the steps still to do and the decision the
game waits on.

A game's rules are written as *steps*: plain functions or methods that do some work, then
schedule what follows with :meth:`Procedure.then` / :meth:`Procedure.sequence`, or ask a
player with :meth:`Procedure.ask`, naming the step that takes the answer. The steps still to
do form a stack of frames ``(callable, args)``; nothing is held in a suspended Python frame,
so a game in progress can be copied (:mod:`cardscript.clone`) and saved like any other data.

Conventions that keep a step readable and the order of play right:

- ``then(f, x)`` runs ``f(x)`` *next*, before anything scheduled earlier; ``sequence`` runs
  several steps in the order given. A step that schedules work and then does more work
  itself does that work *before* the scheduled steps.
- ``ask`` is the last thing a step does: the answer is delivered to its ``then`` step. A
  decision with one legal option is taken without asking (the step runs next).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .decisions import Decision
from .errors import RulesError
from .limits import LimitExceeded

#: one step still to do: a callable and its arguments
Frame = tuple[Callable[..., Any], tuple]


class GameOver(Exception):
    """Raised by a step when a state check ends the game: every step still to do is dropped."""


class Procedure:
    """The step machine of a game: mixed into :class:`cardscript.game.Game`."""

    todo: list[Frame]
    decision: Decision | None
    waiting: Frame | None
    over: bool

    def limit_reached(self, exc: LimitExceeded) -> None:  # pragma: no cover - the game's
        raise NotImplementedError

    def then(self, step: Callable[..., Any], *args: Any) -> None:
        """Do ``step(*args)`` next, before the steps already scheduled."""
        self.todo.append((step, args))

    def behind(self, mark: int, step: Callable[..., Any], *args: Any) -> bool:
        """If steps were scheduled since the stack held ``mark`` frames (``len(todo)``, taken
        before), do ``step(*args)`` once they are done, and say so; else do nothing."""
        if len(self.todo) <= mark:
            return False
        self.todo.insert(mark, (step, args))
        return True

    def sequence(self, *frames: tuple) -> None:
        """Do each ``(step, *args)`` in the order given, before the steps already scheduled."""
        todo = self.todo
        for f in reversed(frames):
            todo.append((f[0], f[1:]))

    def ask(self, player: Any, kind: str, options: list, prompt: str,
            then: tuple, behalf: Any = None) -> None:
        """Ask ``player`` to choose one of ``options``; the answer goes to ``then`` (a step
        and its first arguments; the answer is its last). One legal option is taken without
        asking. ``behalf``: the player the decision is made for, if not ``player``."""
        if len(options) == 1:
            self.todo.append((then[0], (*then[1:], options[0])))
            return
        if not options:
            raise RulesError(f"{kind} decision for {player.name} with no legal options")
        self.decision = Decision(player, kind, options, prompt, behalf)
        self.waiting = (then[0], then[1:])

    def run_steps(self) -> Decision | None:
        """Run steps until a decision is pending (returned) or nothing is left (None)."""
        todo = self.todo
        try:
            while todo:
                step, args = todo.pop()
                step(*args)
                if self.decision is not None:
                    return self.decision
        except GameOver:
            todo.clear()
            self.decision = self.waiting = None
        except LimitExceeded as exc:  # a limit reached ends the game in an error
            todo.clear()
            self.waiting = None
            self.limit_reached(exc)
        self.over = True
        return None

    def answer(self, option: Any) -> Decision | None:
        """Deliver ``option`` to the step waiting for it and run on."""
        step, args = self.waiting  # type: ignore[misc]
        self.decision = self.waiting = None
        self.todo.append((step, (*args, option)))
        return self.run_steps()
