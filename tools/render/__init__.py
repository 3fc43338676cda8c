"""``cardscript render``: a static HTML spoiler of a card set — a frame per card, a search box
taking ``cardscript find``'s queries, filter chips and set statistics as inline SVG charts,
both by the game's own fields (:mod:`.facets`: Wonders' orbital, type and tier, Riftbound's
domains and type, ...). One self-contained file: CSS, JS and charts are inline, so it opens
from disk with no network."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardscript.cardpool import CARD_SUFFIX, CardPool, walk

from ..facts import SetFacts, load_facts
from ..query_match import script_json
from ..templates import render
from . import style
from .cards import CardView, set_views
from .charts import set_charts
from .facets import Facet, declared_types, page_facets, plural
from .frame import frame_spec


@dataclass
class Rendered:
    path: Path
    cards: list[CardView]
    warnings: list[str]


def render_set(paths: list[str], out_dir: str | Path, game: str | None = None,
               title: str | None = None) -> Rendered:
    facts = load_facts(paths, game)  # each card's rules text generated once, for all below
    spec = frame_spec(facts.pool.spec.card_model)
    cards = set_views(facts)
    facets = page_facets(spec, facts.fields, declared_types(facts.pool.spec.card_model), cards)
    colours = palette(facts, facets)
    html = render(
        "spoiler/page.html.j2", title=title or facts.title, game=facts.pool.spec.title,
        cards=cards, facets=facets, charts=set_charts(cards, facets, spec, colours.colour),
        swatch=colours.swatch, colour=colours.colour, symbol=style.use_symbol, plural=plural,
        copies=copies_allowed(facts.pool),
        generated=sum(c.text_source == "generated" for c in cards),
        files=len(walk(paths, CARD_SUFFIX)), facts_json=script_json(facts))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text(html, encoding="utf-8")
    return Rendered(page, cards, facts.warnings)


def palette(facts: SetFacts, facets: list[Facet] | None = None) -> style.Palette:
    """The colours of a set's frames and charts: the frame's colouring fields' values
    first (all they may take, so a frame keeps its colour from set to set), then the
    page's facets' values; the values of one field get distinct colours."""
    spec = frame_spec(facts.pool.spec.card_model)
    fields = {f.name: f for f in facts.fields}
    types = declared_types(facts.pool.spec.card_model)
    groups: list[tuple[str, list[str]]] = []
    for name in spec.colour:
        declared = types if name == "type" else list(fields[name].choices)
        seen = {v for c in facts.cards
                for v in ((c.type,) if name == "type" else _as_values(c.value(name)))}
        groups.append((name, declared + sorted(seen - set(declared))))
    groups += [(f.name, list(f.values)) for f in facets or ()]
    return style.Palette(groups, spec.colours)


def _as_values(value: object) -> tuple[str, ...]:
    if value is None or value == "" or isinstance(value, bool):
        return ()
    return tuple(map(str, value)) if isinstance(value, tuple) else (str(value),)


def copies_allowed(pool: CardPool) -> dict[str, int]:
    """How many copies of a card a deck may hold by its foot's value, if the game says."""
    return frame_spec(pool.spec.card_model).copies


__all__ = ["render_set", "Rendered", "palette"]
