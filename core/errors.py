"""Designer-facing errors: every problem a card file can have names file:line:col and the card."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

#: characters that would break a one-line message on a terminal or change what it shows:
#: C0 and C1 controls but the tab (a line break, a carriage return, an escape sequence),
#: DEL, the Unicode line and paragraph separators, bidirectional overrides and the BOM
_UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                          "\u2066-\u2069\ufeff]")


def printable(text: str) -> str:
    """``text`` (a message quoting what the designer wrote) safe to show on one line: each
    character that would break the line or drive the terminal is shown escaped, as Python
    writes it (``\\x1b``, ``\\u2028``)."""
    return _UNPRINTABLE.sub(lambda m: _escape(m.group()), text)


def _escape(ch: str) -> str:
    o = ord(ch)
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}"


def printable_lines(text: str) -> str:
    """``text`` of several lines (a card's rules text) safe to show: each line
    :func:`printable`, the line breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def printable_json(text: str) -> str:
    """JSON text (as :func:`json.dumps` writes it) safe to show: each character
    :func:`printable` escapes that JSON leaves as it is (DEL, C1 controls, the line
    separators, bidirectional overrides) written as a ``\\u`` escape: the same JSON value.
    A line break is left alone: in JSON text it is only ever layout."""
    return _UNPRINTABLE.sub(lambda m: m.group() if m.group() == "\n"
                            else f"\\u{ord(m.group()):04x}", text)


def unprintable_char(text: str, allow: str = "") -> str | None:
    """The first character of ``text`` that no printed field may hold, but those in
    ``allow``: each one :func:`printable` escapes (a control or an invisible formatting
    character; the tab is text); None if there is none."""
    for m in _UNPRINTABLE.finditer(text):
        if m.group() not in allow:
            return m.group()
    return None


@dataclass(frozen=True, slots=True)
class Position:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __reduce__(self) -> tuple:
        return Position, (self.file, self.line, self.col)  # compact: every card has one

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
        who = f" [{printable(self.card)}]" if self.card else ""  # the file's id, as written
        # a file's name is input too: one with a line break or an escape stays one line
        return f"{printable(str(self.pos))}: {self.code}{who} {printable(self.message)}"


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
