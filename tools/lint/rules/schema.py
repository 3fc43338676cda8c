"""The schemas of cards, decks and scenarios, and the vocabulary: the model's own diagnostics
(CS100-CS105) and the compiler's (CS200)."""
from __future__ import annotations

import re
from typing import Any

from cardscript.loader import Document
from cardscript.model.validate import RENAMED_HINT

from ..context import CardContext
from ..findings import Finding, Fix, RenameKey, ReplaceLine, SetValue
from ..registry import Rule


class NotAMapping(Rule):
    """The file does not hold a mapping: it is empty, or a list or a single value.

    A card, deck or scenario file is one YAML mapping (``id: ...``, ``name: ...``).
    """

    code = "CS100"
    name = "not-a-mapping"
    groups = ("schema",)


class UnknownKey(Rule):
    """A key the schema doesn't know, at any depth, with the closest known key suggested.

    Unknown keys are errors everywhere in the card language: a misspelled parameter that is
    silently ignored is the most common bug of script-driven engines. The message lists every
    key allowed at that place.

    Example::

        target: {wonder: {controler: opponent}}
        #                 ^ CS101 unknown key 'controler' (did you mean 'controller'?)

    Fix (safe): a parameter the language renamed since the file was written (Spellfire's
    ``{draw: {amount: 2}}`` is now ``{draw: {count: 2}}``) is given its new name.
    """

    code = "CS101"
    name = "unknown-key"
    groups = ("schema",)
    fixable = True

    @classmethod
    def fix_for(cls, ctx: CardContext, finding: Finding) -> Fix | None:
        """The renamed key where the finding is, written anew in place: one line's text
        edited, so flow mappings and comments stay as they are."""
        m = _RENAMED.match(finding.message)
        if m is None:
            return None
        old, new = m.groups()
        where = _key_at(ctx.doc, old, finding.line, finding.col)
        lines = ctx.doc.text.split("\n")
        if where is None or new in _walk_to(ctx.doc.data, where) or \
                not 1 <= finding.line <= len(lines):
            return None
        line = lines[finding.line - 1].rstrip("\r")
        at = finding.col - 1
        for quote in ("", '"', "'"):
            word = f"{quote}{old}{quote}"
            if line[at:at + len(word)] == word:
                edited = line[:at] + f"{quote}{new}{quote}" + line[at + len(word):]
                return Fix(f"rename '{old}' to '{new}'", (ReplaceLine(
                    finding.line, line, edited, (RenameKey(where, old, new),)),))
        return None


def _key_at(doc: Document, key: str, line: int, col: int) -> tuple | None:
    """The path of the mapping whose key ``key`` is written at ``line``:``col``."""
    stack: list[tuple[object, tuple]] = [(doc.data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            if key in node:
                pos = doc.key_pos(path + (key,))
                if (pos.line, pos.col) == (line, col):
                    return path
            stack.extend((v, path + (k,)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(node))
    return None


def _walk_to(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


#: a renamed parameter's message (cardscript.model.validate)
_RENAMED = re.compile(r"^'([^']+)' is now called '([^']+)': " + re.escape(RENAMED_HINT))


def _squash(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name).lower()


class UnknownName(Rule):
    """A trigger, selector, effect, condition, value or keyword name that the game's
    vocabulary doesn't have.

    The message suggests the closest name and lists every name allowed there. Names are
    declared once, in the vocabulary (``cardscript`` plugins add more), and are written in
    lower case with underscores: ``on_arrival``, ``put_into_realm``, ``deathstrike``.

    Fix (safe, for keywords and triggers): a name that differs from a known one only in case,
    spaces, hyphens or underscores (``Flying``, ``Death Strike``, ``on-arrival``) is rewritten
    in its canonical spelling.
    """

    code = "CS102"
    name = "unknown-name"
    groups = ("schema", "vocabulary")
    fixable = True

    @classmethod
    def fix_for(cls, ctx: CardContext, finding: Finding) -> Fix | None:
        data = ctx.doc.data
        if not isinstance(data, dict) or ctx.spec.registry is None:
            return None
        reg = ctx.spec.registry
        places: list[tuple[str, tuple, object]] = []
        if isinstance(data.get("keywords"), list):
            places += [("keyword", ("keywords", i), kw) for i, kw in
                       enumerate(data["keywords"])]
        if isinstance(data.get("abilities"), list):
            places += [("trigger", ("abilities", i, "trigger"), ab.get("trigger"))
                       for i, ab in enumerate(data["abilities"]) if isinstance(ab, dict)]
        for kind, path, node in places:
            known = reg.entries[kind]
            canon: dict[str, list[str]] = {}
            for n in known:
                canon.setdefault(_squash(n), []).append(n)
            if isinstance(node, str):
                name, pos, edit = node, ctx.doc.pos(path), None
            elif isinstance(node, dict) and len(node) == 1:
                name = next(iter(node))
                pos, edit = ctx.doc.key_pos(path + (name,)), None
            else:
                continue
            if name in known or (pos.line, pos.col) != (finding.line, finding.col):
                continue
            match = canon.get(_squash(name), [])
            if len(match) != 1:
                continue
            new = match[0]
            edit = SetValue(path, new) if isinstance(node, str) else RenameKey(path, name, new)
            return Fix(f"write the {kind} '{name}' as '{new}'", (edit,))
        return None


class MalformedNode(Rule):
    """A trigger, effect, selector, condition or value that is neither a name nor a mapping
    with exactly one key naming it.

    Every node of an ability is written either as a bare name (``on_play``,
    ``took_last_turn``) or as a one-key mapping whose key is the name and whose value holds
    the parameters (``{draw: 2}``, ``{destroy: target}``). An effect may also be a list of
    stages (rule 508.3), and a value may be a plain number.

    Example::

        effect: {draw: 2, discard: 1}   # <- CS103: two effects in one mapping; use a list
    """

    code = "CS103"
    name = "malformed-node"
    groups = ("schema", "vocabulary")


class MissingField(Rule):
    """A required field is missing: a card's ``tier``, an ability's ``effect``, a
    parameter of an effect without a default, a scenario's ``rule``.

    Reported at the mapping that lacks it.
    """

    code = "CS104"
    name = "missing-field"
    groups = ("schema",)


class InvalidValue(Rule):
    """A value of the wrong type or out of its allowed range or set.

    This covers a string where a number is expected, a number below its minimum (a negative
    ``cost``, a ``count`` of 0), a value not among the allowed ones (an ``orbital`` or ``zone``
    the game doesn't have, with a suggestion), and rules of the card model itself: only
    Wonders have ``power``, and a Wonder needs one.

    Example::

        type: spell
        power: 2     # <- CS105 value error, only wonders have power; this card is a spell
    """

    code = "CS105"
    name = "invalid-value"
    groups = ("schema", "stats")


class CompileError(Rule):
    """The card validated but could not be compiled into its program: an internal name the
    vocabulary declares but can't build, or a parameter combination the compiler refuses.

    Reported at the card. Should you meet one on a card that looks right, it is likely a bug
    in a vocabulary plugin: please report it with the card.
    """

    code = "CS200"
    name = "compile-error"
    groups = ("schema",)
