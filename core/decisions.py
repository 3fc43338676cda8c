"""Pending decisions and the agents that answer them.

The engine never calls an agent: it stops at a :class:`Decision` (whose, what kind, the full
list of legal options) and resumes when one is chosen. Random, first-legal, scripted and human
agents, tests and tools all answer through the same door.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .clone import copy_value
from .loadable import state

if TYPE_CHECKING:
    from .game import Game
    from .state import Player


#: the decisions the core's own vocabulary asks (``may``, ``choose``'s mode, ``look_at_top``):
#: each game's ``DECISION_KINDS`` holds them too, so that a scenario may expect them
CORE_KINDS = ("may", "mode", "look")


def describe(option: Any) -> str:
    """A stable, human-readable label for an option."""
    if hasattr(option, "label"):
        return option.label()
    if isinstance(option, tuple):
        return " ".join(describe(x) for x in option)
    if isinstance(option, bool):
        return "yes" if option else "no"
    return str(option)


@state
class Decision:
    """A pending decision. ``player`` answers it (agents are asked by it); ``behalf`` is the
    player it is made for: the same player, unless a rule lets another make that player's
    decisions (a game's "control another player's turn"), who then sees what they see."""

    __slots__ = ("player", "kind", "options", "prompt", "_labels", "behalf")

    def __init__(self, player: Player, kind: str, options: list, prompt: str = "",
                 behalf: Player | None = None):
        self.player = player
        self.kind = kind
        self.options = options
        self.prompt = prompt
        self._labels: list[str] | None = None
        self.behalf = player if behalf is None else behalf

    def _clone(self, memo: dict) -> "Decision":
        n = Decision(copy_value(self.player, memo), self.kind,
                     copy_value(self.options, memo), self.prompt,
                     copy_value(self.behalf, memo))
        n._labels = self._labels
        memo[id(self)] = n
        return n

    @property
    def labels(self) -> list[str]:
        if self._labels is None:
            self._labels = [describe(o) for o in self.options]
        return self._labels

    def find(self, answer: str) -> int:
        """Index of the option whose label is ``answer`` (or, if unique, starts with it)."""
        labels = self.labels
        if answer in labels:
            return labels.index(answer)
        hits = [i for i, lab in enumerate(labels)
                if lab.split(" @")[0] == answer or lab.startswith(answer + " ")]
        if len(hits) == 1:
            return hits[0]
        why = "is ambiguous" if hits else "is not a legal option"
        raise LookupError(f"'{answer}' {why} for {self.kind} decision of {self.player.name}; "
                          f"options: {', '.join(repr(x) for x in labels)}")

    def __repr__(self) -> str:
        by = "" if self.behalf is self.player else f" by {self.player.name}"
        return f"<decision {self.kind} for {self.behalf.name}{by}: {self.labels}>"


@runtime_checkable
class Agent(Protocol):
    """What answers decisions (docs/architecture.md, "Agents"): ``choose`` returns the index
    of one of ``decision.options``. It may look at ``game`` and search copies of it
    (``game.clone()``, :meth:`~cardscript.game.Game.determinize`), never change it.

    An agent the registry builds by name (:func:`cardscript.agents.make_agent`) is made as
    ``cls(seed, **options)``: its own seeded RNG, and the options its class lists in
    ``OPTIONS`` (name -> help); it knows nothing of a particular game."""

    def choose(self, game: Game, decision: Decision) -> int:  # pragma: no cover - interface
        ...


class RandomAgent(Agent):
    """Uniform over legal options, from its own seeded RNG."""

    OPTIONS: dict[str, str] = {}

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> int:
        return int(self.rng.random() * len(decision.options))


class FirstLegalAgent(Agent):
    def choose(self, game: Game, decision: Decision) -> int:
        return 0


class ScriptedAgent(Agent):
    """Answers from a list of option labels, in order (for tests and scenarios)."""

    def __init__(self, answers: list[str], fallback: Agent | None = None):
        self.answers = list(answers)
        self.fallback = fallback

    def choose(self, game: Game, decision: Decision) -> int:
        if not self.answers:
            if self.fallback is not None:
                return self.fallback.choose(game, decision)
            raise LookupError(f"script ran out of answers at {decision!r}")
        return decision.find(self.answers.pop(0))


class NoAnswer(EOFError):
    """A human agent's input gave no valid answer in many tries: as good as ended."""


class HumanAgent(Agent):
    """A terminal prompt: shows the options and reads a number or an option's label.

    Whatever is typed is either an answer or a message and a new prompt; the end of the
    input (EOFError from ``ask``) ends the game for the caller to handle. So that input
    that never gives an answer (``yes | cardscript play``) can't loop for ever, the agent
    gives up with :class:`NoAnswer` (an EOFError) after ``max_tries`` wrong answers in a row."""

    def __init__(self, ask: Callable[[str], str] = input, show: Callable[[str], None] = print,
                 max_tries: int = 100):
        self.ask = ask
        self.show = show
        self.max_tries = max_tries

    def choose(self, game: Game, decision: Decision) -> int:
        who = decision.player.name if decision.behalf is decision.player else \
            f"{decision.player.name} (for {decision.behalf.name})"
        self.show(f"\n{who}, {decision.prompt or decision.kind}:")
        for i, label in enumerate(decision.labels, 1):
            self.show(f"  {i:>2}. {label}")
        n = len(decision.options)
        for _ in range(self.max_tries):
            raw = self.ask("> ").strip()
            index = self.parse(raw, decision)
            if index is not None:
                return index
            shown = raw if len(raw) <= 20 else raw[:17] + "..."
            why = "nothing typed" if not raw else f"{shown!r} is not an option"
            self.show(f"  {why}: type a number from 1 to {n}, or an option's label")
        raise NoAnswer(f"no valid answer in {self.max_tries} tries")

    @staticmethod
    def parse(raw: str, decision: Decision) -> int | None:
        """The option ``raw`` names, by number (1 to n) or label; None if none."""
        if not raw:
            return None
        # ASCII digits only: '²' is a digit to str.isdigit but not to int(), and a number
        # too long to be an option is not converted at all (5,000 digits are refused by int)
        if raw.isascii() and raw.isdigit():
            n = len(decision.options)
            digits = raw.lstrip("0")
            return int(raw) - 1 if len(digits) <= len(str(n)) and 1 <= int(raw) <= n \
                else None
        try:
            return decision.find(raw)
        except LookupError:
            return None
