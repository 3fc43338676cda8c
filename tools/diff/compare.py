"""What changed between two versions of a set, card by card, from their facts
(:mod:`cardscript.tools.facts`): the model ``cardscript diff`` prints in every format.

Cards are matched by id: an id only in the new side is added, only in the old one removed; a
card whose name changed is renamed; a card whose type, printed fields, keywords or generated
rules text changed is changed (a renamed card with other changes is both). The fields are the
game's own, from its card model, so a game added later is diffed with no code here. The rules
text is compared word by word (:func:`word_diff`); a change of spacing or line breaks alone
is not a change, as with ``git diff -w``."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Literal

from ..facts import CardFacts, FieldSpec, SetFacts, Value

Op = Literal["=", "-", "+"]
#: a run of the rules text: kept ("="), deleted ("-") or inserted ("+")
Segment = tuple[Op, str]
_WORD = re.compile(r"(\S+)(\s*)")


@dataclass(frozen=True)
class FieldChange:
    field: str
    old: Value
    new: Value


@dataclass
class CardChange:
    """One card in both sides that differs."""

    old: CardFacts
    new: CardFacts
    #: the type and each printed field that changed, in the game's field order
    fields: list[FieldChange] = field(default_factory=list)
    keywords_added: list[str] = field(default_factory=list)
    keywords_removed: list[str] = field(default_factory=list)
    #: the word diff of the rules text, or None when its words are the same
    text: list[Segment] | None = None

    @property
    def id(self) -> str:
        return self.new.id

    @property
    def renamed(self) -> bool:
        return self.old.name != self.new.name

    @property
    def changed(self) -> bool:
        """Whether anything but the name changed."""
        return bool(self.fields or self.keywords_added or self.keywords_removed
                    or self.text is not None)


@dataclass
class SetDiff:
    game: str
    old_label: str
    new_label: str
    old_title: str
    new_title: str
    fields: list[FieldSpec]
    added: list[CardFacts]
    removed: list[CardFacts]
    #: every card in both sides that differs, by id: :attr:`renamed` and :attr:`changed`
    #: select from it
    differing: list[CardChange]
    unchanged: int
    warnings: list[str] = field(default_factory=list)

    @property
    def renamed(self) -> list[CardChange]:
        return [c for c in self.differing if c.renamed]

    @property
    def changed(self) -> list[CardChange]:
        return [c for c in self.differing if c.changed]

    def counts(self) -> dict[str, int]:
        return {"added": len(self.added), "removed": len(self.removed),
                "renamed": len(self.renamed), "changed": len(self.changed),
                "unchanged": self.unchanged}

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.differing)


def _words(text: str) -> list[tuple[str, str]]:
    return _WORD.findall(text)


def word_diff(old: str, new: str) -> list[Segment]:
    """The new text as runs kept, deleted and inserted, word by word. The spacing kept is
    the new text's; a deleted or inserted run never starts or ends with spacing (the space
    after it is a kept run), so ``[-3-]{+4+} damage`` reads as ``git diff --word-diff``."""
    a, b = _words(old), _words(new)
    matcher = difflib.SequenceMatcher(None, [w for w, _ in a], [w for w, _ in b],
                                      autojunk=False)
    out: list[Segment] = []

    def add(op: Op, text: str) -> None:
        if not text:
            return
        if out and out[-1][0] == op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))

    def run(words: list[tuple[str, str]]) -> str:
        return "".join(w + s for w, s in words[:-1]) + words[-1][0]

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            add("=", "".join(w + s for w, s in b[j1:j2]))
            continue
        if out and not out[-1][1][-1:].isspace():  # a space before the run, outside it
            add("=", a[i1 - 1][1] if i1 > 0 and a[i1 - 1][1] else " ")
        if i2 > i1:
            add("-", run(a[i1:i2]))
        if j2 > j1:
            add("+", run(b[j1:j2]))
        if not (i2 == len(a) and j2 == len(b)):  # the spacing before the next kept word
            add("=", b[j2 - 1][1] if j2 > j1 else a[i2 - 1][1])
    if out and out[-1][0] == "=":
        out[-1] = ("=", out[-1][1].rstrip())
        if not out[-1][1]:
            out.pop()
    return out


def _keywords(card: CardFacts) -> list[str]:
    return [k.label for k in card.keywords]


def compare_cards(old: CardFacts, new: CardFacts, specs: list[FieldSpec]) -> CardChange:
    change = CardChange(old, new)
    if old.type != new.type:
        change.fields.append(FieldChange("type", old.type, new.type))
    for spec in specs:
        a, b = old.fields.get(spec.name), new.fields.get(spec.name)
        if a != b:
            change.fields.append(FieldChange(spec.name, a, b))
    was, now = _keywords(old), _keywords(new)
    change.keywords_added = [k for k in now if k not in was]
    change.keywords_removed = [k for k in was if k not in now]
    if old.text.split() != new.text.split():
        change.text = word_diff(old.text, new.text)
    return change


def compare(old: SetFacts, new: SetFacts, old_label: str, new_label: str) -> SetDiff:
    """The changes from ``old`` to ``new`` (one game), each list in id order."""
    a, b = old.by_id(), new.by_id()
    differing, unchanged = [], 0
    for card_id in sorted(a.keys() & b.keys()):
        change = compare_cards(a[card_id], b[card_id], new.fields)
        if change.renamed or change.changed:
            differing.append(change)
        else:
            unchanged += 1
    return SetDiff(
        game=new.game, old_label=old_label, new_label=new_label, old_title=old.title,
        new_title=new.title, fields=new.fields,
        added=[b[i] for i in sorted(b.keys() - a.keys())],
        removed=[a[i] for i in sorted(a.keys() - b.keys())],
        differing=differing, unchanged=unchanged,
        warnings=[*(f"{old_label}: {w}" for w in old.warnings),
                  *(f"{new_label}: {w}" for w in new.warnings)])


__all__ = ["CardChange", "FieldChange", "Segment", "SetDiff", "compare", "compare_cards",
           "word_diff"]
