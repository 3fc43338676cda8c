"""What the set spoiler shows of one card: printed stats, the rules text generated from its
script, and its keywords with reminder text (each keyword entry's docstring)."""
from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field
from typing import Any

from cardscript.cardpool import CardPool

try:  # rules text generated from the card's script (core/text.py)
    from cardscript.text import card_text
except ImportError:  # pragma: no cover - until core/text.py exists: the printed `text:`
    card_text = None

#: the facets the page filters and charts by, in the order they are shown
FACETS = ("orbital", "type", "tier")
#: a timing keyword or activation cost opening an ability: "ON ARRIVAL:", "TAP ACTION:"
_LABEL = re.compile(r"\b([A-Z][A-Z0-9]*(?: [A-Z0-9]+)*:)")
#: rule citations in a docstring, which reminder text on a card leaves out:
#: "(a free action; rulebook, Attuned)" -> "(a free action)", "(rule 404.3)" -> ""
_CITATION_TAIL = re.compile(r";\s*rule(?:book)?\b[^();]*(?=\))")
_CITATION = re.compile(r"\s*\(rule(?:book)?\b[^()]*\)")


@dataclass
class KeywordView:
    name: str
    label: str
    reminder: str


@dataclass
class CardView:
    id: str
    name: str
    type: str
    orbital: str
    tier: str
    cost: int | None
    power: int | None
    classes: list[str]
    text: str
    text_source: str  # "generated" or "printed"
    keywords: list[KeywordView] = field(default_factory=list)
    core: bool = False
    token: bool = False
    file: str = ""

    @property
    def type_line(self) -> str:
        kind = self.type.title()
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

    def facet(self, name: str) -> str:
        return str(getattr(self, name) or "")


def facet_values(pool: CardPool, name: str) -> list[str]:
    """The values a card field may take, in the order the card model declares them."""
    info = pool.spec.card_model.model_fields.get(name)
    values: list[str] = []
    if info is not None:
        values = [str(v) for v in typing.get_args(info.annotation) if isinstance(v, str)]
    seen = {str(getattr(m, name, "") or "") for m in (pool.models or {}).values()}
    return values + sorted(v for v in seen - set(values) if v)


def rules_text(model: Any, pool: CardPool, warnings: list[str]) -> tuple[str, str]:
    """The card's rules text and where it came from."""
    if card_text is not None:
        # the pool describes the tokens cards create, unless some are defined elsewhere
        missing = any(d.code == "CS301" for d in pool.diagnostics)
        try:
            text = card_text(model, pool.registry, cards=None if missing else pool.cards)
            if text or not getattr(model, "text", None):
                return text or "", "generated"
        except Exception as exc:  # a text-template bug must not hide the whole set
            warnings.append(f"{model.id}: rules text could not be generated ({exc}); "
                            "showing the printed text")
    # fallback while core/text.py is missing or failed: the card's printed `text:`
    return getattr(model, "text", None) or "", "printed"


def keyword_views(model: Any, pool: CardPool) -> list[KeywordView]:
    out = []
    for kw in getattr(model, "keywords", ()) or ():
        name = kw if isinstance(kw, str) else pool.registry.by_model[type(kw)].name
        entry = pool.registry.entries["keyword"][name]
        label = name.replace("_", " ").title()
        if not isinstance(kw, str):
            params = getattr(kw, name)
            count = getattr(params, "count", None)
            if isinstance(count, int):
                label = f"{label} {count}"
        reminder = _CITATION.sub("", _CITATION_TAIL.sub("", " ".join(entry.doc.split())))
        out.append(KeywordView(name, label, reminder))
    return out


def card_views(pool: CardPool, warnings: list[str]) -> list[CardView]:
    """Every card of the pool, sorted the way a spoiler lists them: by orbital, cost, name."""
    orbitals = facet_values(pool, "orbital")
    views = []
    for card_id, model in (pool.models or {}).items():
        if card_id not in pool.cards:
            continue
        text, source = rules_text(model, pool, warnings)
        views.append(CardView(
            id=card_id, name=model.name, type=getattr(model, "type", ""),
            orbital=getattr(model, "orbital", "") or "", tier=getattr(model, "tier", "") or "",
            cost=getattr(model, "cost", None), power=getattr(model, "power", None),
            classes=list(getattr(model, "classes", ()) or ()), text=text, text_source=source,
            keywords=keyword_views(model, pool), core=bool(getattr(model, "core", False)),
            token=bool(getattr(model, "token", False)), file=str(pool.files.get(card_id, ""))))

    def order(v: CardView):
        rank = orbitals.index(v.orbital) if v.orbital in orbitals else len(orbitals)
        return (v.token, rank, v.cost if v.cost is not None else 99, v.name)
    return sorted(views, key=order)
