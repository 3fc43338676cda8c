"""What the set spoiler (and the paper tools) show of one card: printed stats, the rules text
generated from its script, its keywords with reminder text (each keyword entry's docstring),
and its frame (:mod:`.frame`: what colours it, which stats sit where)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardscript.cardpool import CardPool

from ..facts import CardFacts, Keyword, SetFacts, Value, card_fields
from .frame import Frame, FrameSpec, frame_of, frame_spec, subtypes_of

#: a timing keyword or activation cost opening an ability: "ON ARRIVAL:", "TAP ACTION:"
#: (most characters of text, density): what a poker-size frame holds at each text size
_DENSITY = ((150, ""), (240, "dense"), (340, "denser"))
#: every density, loosest first
DENSITIES = ("", "dense", "denser", "densest")
_LABEL = re.compile(r"\b([A-Z][A-Z0-9]*(?: [A-Z0-9]+)*:)")


@dataclass
class CardView:
    id: str
    name: str
    type: str
    classes: list[str]
    text: str
    text_source: str  # "generated" or "printed"
    keywords: list[Keyword] = field(default_factory=list)
    core: bool = False
    token: bool = False
    file: str = ""
    frame: Frame = field(default_factory=Frame)
    #: the game's printed fields (:attr:`CardFacts.fields`)
    fields: dict[str, Value] = field(default_factory=dict)
    #: how many steps tighter than its amount of text says a frame on paper sets it: raised
    #: when a render finds its text cut off (tools/render/paper.py, fitted_pdf)
    squeeze: int = 0

    @property
    def type_line(self) -> str:
        kind = self.type.replace("_", " ").title()  # magic_item: "Magic Item"
        if self.token:
            kind = f"Token {kind}"
        return f"{kind} — {' '.join(self.classes)}" if self.classes else kind

    @property
    def paragraphs(self) -> list[list[tuple[bool, str]]]:
        """The rules text by paragraph, as (is an ability label, text) runs."""
        out = []
        for para in self.text.splitlines():
            if para.strip():
                parts = _LABEL.split(para)
                out.append([(i % 2 == 1, part) for i, part in enumerate(parts) if part])
        return out

    @property
    def density(self) -> str:
        """How tightly a fixed-size frame (on paper) must set the rules text: "" (as on
        screen), "dense", "denser" or "densest", by the amount of text and reminders, and
        ``squeeze`` steps tighter."""
        amount = len(self.text) + 20 * self.text.count("\n") + sum(
            len(k.label) + len(k.reminder) + 3 for k in self.keywords)
        base = next((name for limit, name in _DENSITY if amount <= limit), "densest")
        return DENSITIES[min(DENSITIES.index(base) + self.squeeze, len(DENSITIES) - 1)]

    def values(self, name: str) -> tuple[str, ...]:
        """The card's values of a field (or ``type``): none, one, or a list field's."""
        value = self.type if name == "type" else self.fields.get(name)
        if value is None or value is False or value == "":
            return ()
        return tuple(str(v) for v in value) if isinstance(value, tuple) else (str(value),)

    def stat(self, name: str) -> int | None:
        value = self.fields.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def view_of(card: CardFacts, spec: FrameSpec) -> CardView:
    return CardView(
        id=card.id, name=card.name, type=card.type, classes=subtypes_of(spec, card),
        text=card.text, text_source=card.text_source, keywords=list(card.keywords),
        core=card.value("core") is True, token=card.token, file=card.file,
        frame=frame_of(spec, card), fields=dict(card.fields))


def sort_views(views: list[CardView], tones: list[str]) -> list[CardView]:
    """The way a spoiler lists cards: by the value colouring the frame (in the order the
    card model declares them), the first corner stat, the name; tokens last."""
    def order(v: CardView) -> tuple[Any, ...]:
        rank = tones.index(v.frame.tone) if v.frame.tone in tones else len(tones)
        first = v.frame.corner[0].value if v.frame.corner else None
        return (v.token, rank, v.frame.tone, first if isinstance(first, int) else 99, v.name)
    return sorted(views, key=order)


def _tone_order(pool: CardPool, spec: FrameSpec) -> list[str]:
    """Values of the colouring field(s) in declared order (a list field's choices too)."""
    fields = {f.name: f for f in card_fields(pool.spec.card_model)}
    return [c for name in spec.colour if name in fields for c in fields[name].choices]


def set_views(facts: SetFacts) -> list[CardView]:
    """The cards of a set or deck in spoiler order, each once (a deck's order kept)."""
    spec = frame_spec(facts.pool.spec.card_model)
    views = [view_of(c, spec) for c in facts.cards]
    if facts.deck is None:
        return sort_views(views, _tone_order(facts.pool, spec))
    rank = {cid: i for i, cid in enumerate(facts.copies)}
    return sorted(views, key=lambda v: rank[v.id])
