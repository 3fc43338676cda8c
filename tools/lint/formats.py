"""Output formats: ``text`` for people (``path:line:col: CODE message``, coloured on a
terminal), ``json`` for scripts, ``github`` workflow annotations, and SARIF 2.1.0 for code
scanning tools."""
from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import quote

from cardscript.errors import printable

from .config import Selection
from .findings import Finding
from .registry import Rules

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL_NAME = "cardscript-lint"
INFO_URI = "https://pypi.org/project/cardscript/"

_SGR = {"bold": "1", "dim": "2", "red": "31", "yellow": "33", "blue": "34", "cyan": "36",
        "green": "32"}
_LEVEL_COLOUR = {"error": "red", "warning": "yellow", "info": "blue"}


def _paint(s: str, style: str, colour: bool) -> str:
    if not colour:
        return s
    codes = ";".join(_SGR[p] for p in style.split())
    return f"\x1b[{codes}m{s}\x1b[0m"


def text(findings: list[Finding], colour: bool = False) -> str:
    out: list[str] = []
    for f in findings:
        where = _paint(f"{f.path}:{f.line}:{f.col}:", "bold", colour)
        code = _paint(f.code, f"bold {_LEVEL_COLOUR.get(f.severity, 'red')}", colour)
        star = " " + _paint("[*]", "cyan", colour) if f.fix else ""
        out.append(f"{where} {code}{star} {printable(f.message)}")
        if f.detail:
            for line in f.detail.splitlines():
                style = "green" if line.startswith("+") else "red" if line.startswith("-") \
                    else "dim"
                out.append("    " + _paint(line, style, colour))
    return "\n".join(out) + ("\n" if out else "")


def as_json(findings: list[Finding]) -> str:
    rows = [{"code": f.code, "name": f.name, "severity": f.severity, "message": f.message,
             "detail": f.detail, "path": f.path, "line": f.line, "column": f.col,
             "card": f.card,
             "fix": {"description": f.fix.description, "applicability": "safe"} if f.fix
             else None} for f in findings]
    return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"


def _gh_escape(s: str, prop: bool = False) -> str:
    s = s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        s = s.replace(":", "%3A").replace(",", "%2C")
    return s


def github(findings: list[Finding]) -> str:
    level = {"error": "error", "warning": "warning", "info": "notice"}
    out = []
    for f in findings:
        msg = f.message + (f"\n{f.detail}" if f.detail else "")
        title = f"{f.code} ({f.name})" if f.name else f.code
        out.append(f"::{level.get(f.severity, 'error')} file={_gh_escape(f.path, True)},"
                   f"line={f.line},col={f.col},title={_gh_escape(title, True)}::"
                   f"{_gh_escape(msg)}")
    return "\n".join(out) + ("\n" if out else "")


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _artifact(path: str, root: Path) -> dict:
    absolute = os.path.abspath(path)
    try:
        rel = os.path.relpath(absolute, root)
    except ValueError:
        rel = None
    if rel is None or rel.startswith(".."):
        return {"uri": Path(absolute).as_uri()}
    return {"uri": quote(rel.replace(os.sep, "/")), "uriBaseId": "SRCROOT"}


def sarif(findings: list[Finding], rules: Rules, selection: Selection, root: Path,
          version: str) -> str:
    """A SARIF 2.1.0 log with one run: the rules enabled (and any other code reported) as the
    driver's rules, and one result per finding."""
    codes = sorted({c for c in rules.codes if selection.enabled(c)} |
                   {f.code for f in findings})
    index = {c: i for i, c in enumerate(codes)}
    descriptors = []
    for c in codes:
        rule = rules.get(c)
        if rule is None:
            descriptors.append({"id": c, "shortDescription": {"text": c},
                                "defaultConfiguration": {"level": "error"}})
            continue
        descriptors.append({
            "id": c,
            "name": rule.name,
            "shortDescription": {"text": rule.summary()},
            "fullDescription": {"text": rule.doc()},
            "help": {"text": rule.doc()},
            "defaultConfiguration": {"level": _SARIF_LEVEL[selection.severity_of(c)]},
            "properties": {"tags": list(rule.groups), "fixable": rule.fixable},
        })
    results = []
    for f in findings:
        msg = f.message + (f"\n{f.detail}" if f.detail else "")
        result = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _SARIF_LEVEL.get(f.severity, "error"),
            "message": {"text": msg},
            "locations": [{"physicalLocation": {
                "artifactLocation": _artifact(f.path, root),
                "region": {"startLine": f.line, "startColumn": f.col}}}],
        }
        if f.card:
            result["properties"] = {"card": f.card}
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": TOOL_NAME, "version": version,
                                "informationUri": INFO_URI, "rules": descriptors}},
            "originalUriBaseIds": {"SRCROOT": {"uri": Path(root).resolve().as_uri() + "/"}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def summary(counts: dict[str, int], kinds: dict[str, int], cached: int, fixed: int,
            fixable: int, colour: bool = False) -> str:
    files = ", ".join(f"{n} {k}" for k, n in kinds.items() if n) or "no"
    files = _and(files) + " file" + ("s" if sum(kinds.values()) != 1 else "")
    total = sum(counts.values())
    extra = f"; {cached} unchanged since the last run" if cached else ""
    lines = []
    if fixed:
        lines.append(f"Fixed {fixed} problem{'s' if fixed != 1 else ''}.")
    if total == 0:
        lines.append(_paint("All checks passed", "green bold", colour) + f" ({files}{extra}).")
    else:
        parts = ", ".join(f"{n} {s}{'s' if n != 1 and s != 'info' else ''}"
                          for s, n in counts.items() if n)
        lines.append(f"Found {total} problem{'s' if total != 1 else ''} ({parts}) in "
                     f"{files}{extra}.")
        if fixable:
            lines.append(f"[*] {fixable} fixable with `cardscript lint --fix`.")
    return "\n".join(lines) + "\n"


def _and(items: str) -> str:
    parts = items.split(", ")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
