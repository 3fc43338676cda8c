"""What the set spoiler shows of one card: printed stats, the rules text generated from its
script, and its keywords with reminder text (each keyword entry's docstring)."""
from __future__ import annotations

import re
import typing
from dataclasses import dataclass, field

from cardscript.cardpool import CardPool

from ..facts import Keyword, keywords_of, rules_text

#: the facets the page filters and charts by, in the order they are shown
FACETS = ("orbital", "type", "tier")
#: a timing keyword or activation cost opening an ability: "ON ARRIVAL:", "TAP ACTION:"
_LABEL = re.compile(r"\b([A-Z][A-Z0-9]*(?: [A-Z0-9]+)*:)")


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
    keywords: list[Keyword] = field(default_factory=list)
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
            keywords=list(keywords_of(model, pool)), core=bool(getattr(model, "core", False)),
            token=bool(getattr(model, "token", False)), file=str(pool.files.get(card_id, ""))))

    def order(v: CardView):
        rank = orbitals.index(v.orbital) if v.orbital in orbitals else len(orbitals)
        return (v.token, rank, v.cost if v.cost is not None else 99, v.name)
    return sorted(views, key=order)
