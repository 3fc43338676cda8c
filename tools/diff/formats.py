"""The outputs of ``cardscript diff`` from one :class:`~.compare.SetDiff`: a terminal
changelog (``text``, coloured on a terminal), ``markdown`` for a playtest group's notes or a
pull request, a self-contained ``html`` page styled as the set spoiler, and ``json`` for
tools, whose schema (:data:`SCHEMA`, version :data:`VERSION`) is documented in docs/diff.md
and only grows: a key's meaning never changes within a version."""
from __future__ import annotations

import json
import re
from collections.abc import Callable

from ..facts import CardFacts, Value
from ..templates import render
from .compare import CardChange, Segment, SetDiff

SCHEMA = "cardscript-diff"
VERSION = 1
#: a styled run of the text output: (text, rich style or "")
Run = tuple[str, str]
STYLE = {"-": "red", "+": "green", "=": "", "head": "bold", "id": "cyan", "dim": "dim"}


def show_value(value: Value) -> str:
    """A field's value as a changelog prints it."""
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(value) if value else "(none)"
    return str(value)


def stats(card: CardFacts) -> list[tuple[str, str]]:
    """The card's type and set fields, as (name, value) pairs: what an added or removed
    card shows (unset fields, empty lists and false flags are left out)."""
    out = [("type", card.type)] if card.type else []
    out += [(name, show_value(v)) for name, v in card.fields.items()
            if v is not None and v is not False and v != ()]
    return out


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def summary(diff: SetDiff) -> str:
    counts = diff.counts()
    return ", ".join(f"{n} {name}" for name, n in counts.items())


# -- text --------------------------------------------------------------------------------

def text_lines(diff: SetDiff) -> list[list[Run]]:
    """The changelog for a terminal, as lines of styled runs; deletions ``[-old-]`` and
    insertions ``{+new+}`` as ``git diff --word-diff`` marks them."""
    lines: list[list[Run]] = [
        [(f"{diff.old_label} → {diff.new_label}", STYLE["head"]),
         (f"  ({diff.new_title})", STYLE["dim"])],
        [(summary(diff), "")]]
    if diff.empty:
        lines.append([("no differences", STYLE["dim"])])
        return lines

    def section(title: str, n: int) -> None:
        lines.extend([[], [(f"{title} ({n})", STYLE["head"])]])

    def card_lines(mark: str, card: CardFacts, style: str) -> None:
        lines.append([(f"  {mark} ", style), (card.id, STYLE["id"]), (f"  {card.name}", "")])
        lines.append([("      " + " · ".join(f"{k} {v}" for k, v in stats(card)), "")])
        if card.keywords:
            lines.append([("      keywords: " + ", ".join(k.label for k in card.keywords),
                           "")])
        if card.text:
            lines.append([("      text: " + _indent(card.text), "")])

    if diff.added:
        section("Added", len(diff.added))
        for card in diff.added:
            card_lines("+", card, STYLE["+"])
    if diff.removed:
        section("Removed", len(diff.removed))
        for card in diff.removed:
            card_lines("-", card, STYLE["-"])
    if diff.renamed:
        section("Renamed", len(diff.renamed))
        for c in diff.renamed:
            lines.append([("  ~ ", ""), (c.id, STYLE["id"]), ("  ", ""),
                          (c.old.name, STYLE["-"]), (" → ", ""), (c.new.name, STYLE["+"])])
    if diff.changed:
        section("Changed", len(diff.changed))
        for c in diff.changed:
            lines.append([("  * ", ""), (c.id, STYLE["id"]), (f"  {c.new.name}", "")])
            for f in c.fields:
                lines.append([(f"      {f.field}: ", ""), (show_value(f.old), STYLE["-"]),
                              (" → ", ""), (show_value(f.new), STYLE["+"])])
            if c.keywords_added or c.keywords_removed:
                runs: list[Run] = [("      keywords:", "")]
                runs += [(f" +{k}", STYLE["+"]) for k in c.keywords_added]
                runs += [(f" -{k}", STYLE["-"]) for k in c.keywords_removed]
                lines.append(runs)
            if c.text is not None:
                lines.append([("      text: ", ""), *text_runs(c.text)])
    return lines


def _indent(text: str, by: str = "      ") -> str:
    return text.replace("\n", "\n" + by)


def text_runs(segments: list[Segment]) -> list[Run]:
    out: list[Run] = []
    for op, text in segments:
        text = _indent(text)
        if op == "=":
            out.append((text, ""))
        else:
            left, right = ("[-", "-]") if op == "-" else ("{+", "+}")
            out.append((left + text + right, STYLE[op]))
    return out


def to_text(diff: SetDiff) -> str:
    return "".join("".join(t for t, _ in line) + "\n" for line in text_lines(diff))


# -- markdown ----------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_~\[\]<>#|{}])")


def md(text: str) -> str:
    """Card data as Markdown text: its markup characters escaped, lines joined by <br>."""
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", "<br>")


def md_segments(segments: list[Segment]) -> str:
    wrap: dict[str, Callable[[str], str]] = {
        "=": md, "-": lambda t: f"~~{md(t)}~~", "+": lambda t: f"**{md(t)}**"}
    out = [wrap[op](text) for op, text in segments]
    # "~~old~~ **new**": a space between a deletion and the insertion replacing it
    return "".join(f"{part} " if op == "-" and i + 1 < len(segments) and
                   segments[i + 1][0] == "+" else part
                   for i, ((op, _), part) in enumerate(zip(segments, out, strict=True)))


def _md_card(card: CardFacts) -> list[str]:
    out = [f"- **{md(card.name)}** (`{card.id}`): "
           + "; ".join(f"{k} {md(v)}" for k, v in stats(card))]
    if card.keywords:
        out.append("  Keywords: " + ", ".join(md(k.label) for k in card.keywords) + ".")
    if card.text:
        out.append(f"  Text: {md(card.text)}")
    return ["  \n".join(out)]


def to_markdown(diff: SetDiff) -> str:
    lines = [f"# Changes: `{diff.old_label}` → `{diff.new_label}`", "",
             f"{md(diff.new_title)}: {summary(diff)}."]
    if diff.empty:
        lines += ["", "No differences."]
    if diff.added:
        lines += ["", f"## Added ({len(diff.added)})", ""]
        for card in diff.added:
            lines += _md_card(card)
    if diff.removed:
        lines += ["", f"## Removed ({len(diff.removed)})", ""]
        for card in diff.removed:
            lines += _md_card(card)
    if diff.renamed:
        lines += ["", f"## Renamed ({len(diff.renamed)})", ""]
        lines += [f"- `{c.id}`: ~~{md(c.old.name)}~~ **{md(c.new.name)}**"
                  for c in diff.renamed]
    if diff.changed:
        lines += ["", f"## Changed ({len(diff.changed)})"]
        for c in diff.changed:
            lines += ["", f"### {md(c.new.name)} (`{c.id}`)", ""]
            lines += [f"- {f.field}: ~~{md(show_value(f.old))}~~ → **{md(show_value(f.new))}**"
                      for f in c.fields]
            if c.keywords_added or c.keywords_removed:
                parts = [f"**+{md(k)}**" for k in c.keywords_added]
                parts += [f"~~{md(k)}~~" for k in c.keywords_removed]
                lines.append("- keywords: " + ", ".join(parts))
            if c.text is not None:
                lines.append(f"- text: {md_segments(c.text)}")
    return "\n".join(lines) + "\n"


# -- html --------------------------------------------------------------------------------

def to_html(diff: SetDiff) -> str:
    return render("diff/page.html.j2", diff=diff, stats=stats, show=show_value,
                  counts=diff.counts(), plural=plural)


# -- json --------------------------------------------------------------------------------

def _json_value(value: Value) -> object:
    return list(value) if isinstance(value, tuple) else value


def _json_card(card: CardFacts) -> dict:
    return {"id": card.id, "name": card.name, "type": card.type,
            "fields": {k: _json_value(v) for k, v in card.fields.items()},
            "keywords": [k.label for k in card.keywords], "text": card.text,
            "file": card.file}


def _json_change(c: CardChange) -> dict:
    return {"id": c.id, "name": c.new.name, "old_name": c.old.name,
            "fields": [{"field": f.field, "old": _json_value(f.old),
                        "new": _json_value(f.new)} for f in c.fields],
            "keywords": {"added": c.keywords_added, "removed": c.keywords_removed},
            "text": None if c.text is None else {
                "old": c.old.text, "new": c.new.text,
                "diff": [{"op": op, "text": t} for op, t in c.text]}}


def to_json_data(diff: SetDiff) -> dict:
    return {
        "schema": SCHEMA, "version": VERSION, "game": diff.game,
        "old": {"side": diff.old_label, "title": diff.old_title},
        "new": {"side": diff.new_label, "title": diff.new_title},
        "summary": diff.counts(),
        "added": [_json_card(c) for c in diff.added],
        "removed": [_json_card(c) for c in diff.removed],
        "renamed": [{"id": c.id, "old": c.old.name, "new": c.new.name}
                    for c in diff.renamed],
        "changed": [_json_change(c) for c in diff.changed],
    }


def to_json(diff: SetDiff) -> str:
    return json.dumps(to_json_data(diff), indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[SetDiff], str]] = {
    "text": to_text, "markdown": to_markdown, "html": to_html, "json": to_json}

__all__ = ["FORMATS", "SCHEMA", "VERSION", "text_lines", "to_html", "to_json",
           "to_json_data", "to_markdown", "to_text", "show_value", "stats"]
