"""What the linter reports: a finding at file:line:col with a stable code, and the fix that
would remove it (edits to the file's data through ruamel's round-trip, or to one line).

Findings and fixes are plain, picklable data: the cache stores them as they are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEVERITIES = ("error", "warning", "info")
#: lower is more severe
SEVERITY_RANK = {s: i for i, s in enumerate(SEVERITIES)}


@dataclass(frozen=True)
class SetValue:
    """Replace the value at ``path`` (a scalar: its quoting style is kept)."""

    path: tuple
    value: Any


@dataclass(frozen=True)
class RenameKey:
    """Rename the key ``old`` of the mapping at ``path`` to ``new``, keeping its place."""

    path: tuple
    old: str
    new: str


@dataclass(frozen=True)
class Reorder:
    """Put the keys of the mapping at ``path`` in ``order`` (keys not named keep their
    slots; comments travel with their keys)."""

    path: tuple
    order: tuple


@dataclass(frozen=True)
class ReplaceLine:
    """Replace 1-based line ``line``, if it still reads ``old``, by ``new`` (None: delete it).
    ``expect``: the data edits the new text makes (a key renamed where it is written); none
    for an edit of comments, which must leave the data as it is."""

    line: int
    old: str
    new: str | None
    expect: tuple = ()


Edit = SetValue | RenameKey | Reorder | ReplaceLine


@dataclass(frozen=True)
class Fix:
    description: str
    edits: tuple[Edit, ...] = ()

    @property
    def textual(self) -> bool:
        return any(isinstance(e, ReplaceLine) for e in self.edits)


@dataclass
class Finding:
    """One problem in one file."""

    code: str
    message: str
    path: str
    line: int = 1
    col: int = 1
    card: str | None = None
    #: more lines shown under the message (a diff, say)
    detail: str | None = None
    fix: Fix | None = None
    #: resolved by the runner from the rule and the configuration
    severity: str = "error"
    name: str = ""

    def __post_init__(self) -> None:
        # positions are 1-based everywhere a finding is shown (SARIF insists)
        self.line = max(1, int(self.line or 1))
        self.col = max(1, int(self.col or 1))

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.line, self.col, self.code, self.message)

    def at(self, path: str) -> "Finding":
        """A copy of this finding for ``path`` (cached findings are stored without one)."""
        return Finding(self.code, self.message, path, self.line, self.col, self.card,
                       self.detail, self.fix, self.severity, self.name)
