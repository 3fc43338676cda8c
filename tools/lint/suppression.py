"""Suppression comments in YAML files.

```yaml
cost: 20            # cardscript: disable=CS113
# cardscript: disable-next-line=stat-out-of-range
power: 30
# cardscript: disable-file=CS121
```

``disable`` covers findings on its own line, ``disable-next-line`` those on the next line that
isn't blank or a comment, ``disable-file`` every finding in the file. Rules are named by code or
by name, separated by commas; there is no blanket form. A suppression that names an unknown
rule is CS901; one that suppresses nothing (among the rules enabled in this run) is CS900,
whose fix removes it.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from cardscript.errors import did_you_mean

from .findings import Finding, Fix, ReplaceLine
from .registry import Rules

_DIRECTIVE = re.compile(r"(?:^|(?<=\s))#\s*cardscript\s*:\s*(?P<kind>[A-Za-z][\w-]*)"
                        r"\s*(?:=\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*)?)?")
KINDS = ("disable", "disable-next-line", "disable-file")
_NOT_SUPPRESSIBLE = {"CS900", "CS901"}


@dataclass
class Directive:
    line: int  # 1-based, where the comment is
    col: int
    kind: str
    text: str  # the whole line
    start: int  # index of '#' in the line
    #: token as written -> rule code (None: unknown)
    tokens: dict[str, str | None] = field(default_factory=dict)
    applies_to: int | None = None  # the line it covers (None: the whole file)
    used: set[str] = field(default_factory=set)


def _is_comment_or_blank(line: str) -> bool:
    s = line.strip()
    return not s or s.startswith("#")


_BLOCK_START = re.compile(r"^(\s*)(?:-\s+)*(?:[^#\s][^#]*?:\s+)?[|>][-+0-9]*\s*(?:#.*)?$")


def block_scalar_lines(lines: list[str]) -> set[int]:
    """1-based numbers of the lines inside block scalars (``text: |``): their ``#`` is text,
    not a comment."""
    inside: set[int] = set()
    n = 0
    while n < len(lines):
        m = _BLOCK_START.match(lines[n])
        n += 1
        if m is None:
            continue
        indent = len(m.group(1))
        while n < len(lines) and (not lines[n].strip() or
                                  len(lines[n]) - len(lines[n].lstrip()) > indent):
            inside.add(n + 1)
            n += 1
    return inside


def parse(text: str, path: str, rules: Rules) -> tuple[list[Directive], list[Finding]]:
    """The suppression comments of a file, and CS901 findings for malformed ones."""
    if "cardscript" not in text:
        return [], []
    lines = text.splitlines()
    directives: list[Directive] = []
    problems: list[Finding] = []
    text_lines = block_scalar_lines(lines) if ("|" in text or ">" in text) else set()
    for n, line in enumerate(lines, 1):
        if "cardscript" not in line or n in text_lines:
            continue
        m = _DIRECTIVE.search(line)
        if m is None:
            continue
        col = m.start() + 1
        kind = m.group("kind")
        if kind not in KINDS:
            problems.append(Finding("CS901", f"unknown suppression '{kind}'"
                                    f"{did_you_mean(kind, KINDS)}; use one of: "
                                    f"{', '.join(KINDS)}", path, n, col))
            continue
        raw = [t.strip() for t in (m.group("codes") or "").split(",")]
        raw = [t for t in raw if t]
        if not raw:
            problems.append(Finding("CS901", f"'{kind}' names no rule: write "
                                    f"'# cardscript: {kind}=CODE[,CODE...]'", path, n, col))
            continue
        d = Directive(n, col, kind, line, m.start())
        for tok in raw:
            try:
                d.tokens[tok] = rules.lookup(tok).code
            except KeyError as exc:
                d.tokens[tok] = None
                problems.append(Finding("CS901", f"suppression names {exc.args[0]}", path, n,
                                        col))
        if kind == "disable":
            d.applies_to = n
        elif kind == "disable-next-line":
            nxt = n
            while nxt < len(lines) and _is_comment_or_blank(lines[nxt]):
                nxt += 1
            d.applies_to = nxt + 1 if nxt < len(lines) else None
            if d.applies_to is None:
                problems.append(Finding("CS901", "'disable-next-line' has no line after it",
                                        path, n, col))
                continue
        directives.append(d)
    return directives, problems


def apply(findings: list[Finding], directives: list[Directive]) -> list[Finding]:
    """The findings no directive suppresses; marks the directives that were used."""
    if not directives:
        return findings
    whole = [d for d in directives if d.kind == "disable-file"]
    by_line: dict[int, list[Directive]] = {}
    for d in directives:
        if d.applies_to is not None:
            by_line.setdefault(d.applies_to, []).append(d)
    kept = []
    for f in findings:
        if f.code in _NOT_SUPPRESSIBLE:
            kept.append(f)
            continue
        hit = None
        for d in (*by_line.get(f.line, ()), *whole):
            if f.code in d.tokens.values():
                hit = d
                break
        if hit is None:
            kept.append(f)
        else:
            hit.used.add(f.code)
    return kept


def unused(directives: list[Directive], enabled: Callable[[str], bool],
           path: str) -> list[Finding]:
    """CS900 for every directive token that suppressed nothing, with a fix removing it."""
    out = []
    for d in directives:
        idle = [t for t, code in d.tokens.items()
                if code is not None and code not in d.used and enabled(code)]
        if not idle:
            continue
        keep = [t for t in d.tokens if t not in idle]
        before = d.text[: d.start].rstrip()
        new: str | None
        if keep:
            m = _DIRECTIVE.match(d.text, d.start)
            tail = d.text[m.end():] if m else ""
            new = f"{d.text[: d.start]}# cardscript: {d.kind}={','.join(keep)}" + \
                (f" {tail.strip()}" if tail.strip() else "")
            what = "remove " + ", ".join(idle) + " from the suppression"
        else:
            new = before if before else None
            what = "remove the unused suppression"
        names = ", ".join(idle)
        out.append(Finding("CS900", f"unused suppression of {names}: nothing here to "
                           "suppress", path, d.line, d.col,
                           fix=Fix(what, (ReplaceLine(d.line, d.text, new),))))
    return out
