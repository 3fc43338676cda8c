"""``cardscript render``: a static HTML spoiler of a card set — a frame per card, filters by
orbital, type and tier, and set statistics as inline SVG charts. One self-contained file: CSS,
JS and charts are inline, so it opens from disk with no network."""
from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cardscript.cardpool import CARD_SUFFIX, CardPool, walk
from cardscript.cardset import card_set
from cardscript.errors import CardError

from ..facts import SOFT_CODES, SetFacts, card_facts, card_fields, set_title
from ..query_match import script_json
from ..templates import render
from . import style
from .cards import FACETS, CardView, card_views, facet_values
from .charts import set_charts


@dataclass
class Rendered:
    path: Path
    cards: list[CardView]
    warnings: list[str]


def load_set(paths: list[str], game: str) -> tuple[CardPool, list[str]]:
    """Compile the card files under ``paths`` (each file once, with the keyword macros of the
    bundled set and of the paths); bad cards raise :class:`CardError`."""
    pool = card_set(game, paths).pool(cache=False, keep_models=True, with_bundled=False)
    hard = [d for d in pool.diagnostics if d.code not in SOFT_CODES]
    if hard:
        raise CardError(hard)
    return pool, [str(d) for d in pool.diagnostics]


def render_set(paths: list[str], out_dir: str | Path, game: str = "wonders",
               title: str | None = None) -> Rendered:
    pool, warnings = load_set(paths, game)
    cards = card_views(pool, warnings)
    facets = {f: facet_values(pool, f) for f in FACETS}
    present = {f: [v for v in vals if any(c.facet(f) == v for c in cards)]
               for f, vals in facets.items()}
    tally = {f: Counter(c.facet(f) for c in cards) for f in FACETS}
    # the search box's data: the facts `cardscript find` searches (warnings already given)
    facts = SetFacts(pool.spec.name, "", card_fields(pool.spec.card_model),
                     card_facts(pool, []), {}, pool)
    html = render(
        "spoiler/page.html.j2", title=title or set_title(paths, pool), game=pool.spec.title,
        cards=cards, facets=present, tally=tally, charts=set_charts(cards, facets),
        orbital_styles={o: style.swatch(o) for o in facets["orbital"]},
        swatch=style.swatch, colour=style.colour, symbol=style.use_symbol,
        copies=_copies_by_tier(pool),
        generated=sum(c.text_source == "generated" for c in cards),
        files=len(walk(paths, CARD_SUFFIX)), facts_json=script_json(facts))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text(html, encoding="utf-8")
    return Rendered(page, cards, warnings)


def _copies_by_tier(pool: CardPool) -> dict[str, int]:
    """How many copies a deck may hold per tier, if the game's card module says."""
    module = sys.modules.get(pool.spec.card_model.__module__)
    return dict(getattr(module, "COPIES_BY_TIER", {}) or {})


__all__ = ["render_set", "Rendered", "load_set"]
