"""The "How do I write ..." patterns of a game's card-language reference (``cardscript
docs``): each pattern names a bundled card that writes it, or says why the language can't
yet. Read from ``cardscripts/<game>/patterns.yaml`` through the project's one YAML reader and
validated; each card is shown as its file writes it, with the rules text made from it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Self

from cardscript.cardpool import CARD_SUFFIX, find_files
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.loader import load_file
from cardscript.model import validate_document
from cardscript.plugins import GameSpec
from cardscript.text import card_text
from pydantic import BaseModel, ConfigDict, Field, model_validator

from .common import registry_of

FILE_NAME = "patterns.yaml"
#: the patterns every game's page answers, in order (a game without the rule says so)
PATTERNS = {"cost-reduction": "a cost reduction", "static-buff": "a static buff",
            "bounce": "a bounce (back to hand)", "look-at-top": "look at the top of a deck",
            "delayed-trigger": "a delayed trigger", "optional-cost": "an optional cost"}


class PatternEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    pattern: str = Field(pattern=r"^[a-z][a-z-]*$")
    card: Optional[str] = None
    how: Optional[str] = None
    not_yet: Optional[str] = None

    @model_validator(mode="after")
    def _card_or_why(self) -> Self:
        if (self.card is None) == (self.not_yet is None):
            raise ValueError("a pattern names a bundled `card` (and `how`), or says why it "
                             "can't be written yet (`not_yet`)")
        if self.card is not None and not self.how:
            raise ValueError("a pattern with a card says `how` it is written")
        return self


class PatternFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    patterns: list[PatternEntry]


@dataclass
class PatternDoc:
    name: str
    title: str
    how: str
    card: str | None = None
    file: str = ""
    source: str = ""
    text: str = ""
    not_yet: str = ""


def patterns(spec: GameSpec) -> list[PatternDoc]:
    """The game's patterns (none if it ships no patterns file); a pattern whose card is not
    a bundled card that checks clean is an error (CardError)."""
    path = spec.cards_dir / FILE_NAME
    if not path.is_file():
        return []
    doc = load_file(path)
    model = validate_document(doc, PatternFile, "patterns")
    files = {p.name[: -len(CARD_SUFFIX)]: p for p in find_files([spec.cards_dir], CARD_SUFFIX)}
    root = spec.cards_dir.parent.parent
    out = []
    for e in model.patterns:
        title = PATTERNS.get(e.pattern, e.pattern.replace("-", " "))
        if e.card is None:
            out.append(PatternDoc(e.pattern, title, "", not_yet=e.not_yet or ""))
            continue
        card_path = files.get(e.card)
        if card_path is None:
            raise CardError([Diagnostic(Position(str(path), 1, 1), f"pattern '{e.pattern}' "
                                        f"names card '{e.card}', which is not a bundled card "
                                        "of this game", "CS301")])
        card_doc = load_file(card_path)
        card = validate_document(card_doc, spec.card_model, "card")
        source = "\n".join(line for line in card_doc.text.splitlines()
                           if not line.startswith("#"))
        out.append(PatternDoc(e.pattern, title, e.how or "", e.card,
                              str(card_path.relative_to(root)), source,
                              card_text(card, registry_of(spec))))
    return out
