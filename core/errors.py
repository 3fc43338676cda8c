"""Designer-facing errors: every problem a card file can have names file:line:col and the card."""
from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Position:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class Diagnostic:
    """One problem in one file: where, which card, what was found and what was expected."""

    pos: Position
    message: str
    code: str = "CS000"
    card: str | None = None

    def __str__(self) -> str:
        who = f" [{self.card}]" if self.card else ""
        return f"{self.pos}: {self.code}{who} {self.message}"


@dataclass
class CardError(Exception):
    """Raised for bad card, deck or scenario data; carries every diagnostic found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class RulesError(Exception):
    """The engine met a rule it does not implement, or a misuse of its API."""


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
