"""Set statistics as chart geometry: rectangles, lines and labels in SVG user units, computed
here and drawn by ``tools/templates/spoiler/charts.html.j2`` as inline SVG (no script, no
network). Tokens are left out: they are never in a deck."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from . import style
from .cards import CardView


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str
    title: str


@dataclass
class Label:
    x: float
    y: float
    text: str
    anchor: str = "middle"
    cls: str = ""


@dataclass
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    cls: str = "grid"


@dataclass
class Chart:
    id: str
    title: str
    width: int
    height: int
    rects: list[Rect] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    legend: list[tuple[str, str, str]] = field(default_factory=list)  # label, colour, symbol


#: costs shown each in a column of their own; higher costs share the last column ("10+"), so
#: the chart's work and size depend on the number of cards, never on how large a cost is
COST_COLUMNS = 10


def _step(top: int) -> int:
    """A tick step giving at most about five gridlines."""
    return max(1, math.ceil(top / 5))


def cost_curve(cards: list[CardView], orbitals: list[str]) -> Chart:
    """Cards per cost, stacked by orbital in the order the card model declares them; costs of
    ``COST_COLUMNS`` and more share the last column."""
    w, h, left, right, top, bottom = 290, 180, 26, 6, 14, 26
    costs = [c.cost for c in cards if c.cost is not None]
    hi = max(costs, default=0)
    last = min(max(hi, 0), COST_COLUMNS)

    def column(cost: int) -> int:
        return min(max(cost, 0), last)

    def label(col: int) -> str:
        return f"{col}+" if col == last and hi > last else str(col)

    counts = Counter((column(c.cost), c.orbital) for c in cards if c.cost is not None)
    totals = Counter(column(cost) for cost in costs)
    step = _step(max(totals.values(), default=1))
    ymax = step * math.ceil(max(totals.values(), default=1) / step)
    plot_w, plot_h = w - left - right, h - top - bottom
    band = plot_w / (last + 1)
    chart = Chart("cost-curve", "Cost curve by orbital", w, h)
    for tick in range(0, ymax + 1, step):
        y = top + plot_h - plot_h * tick / ymax
        chart.lines.append(Line(left, y, w - right, y))
        chart.labels.append(Label(left - 5, y + 3.5, str(tick), "end", "tick"))
    for col in range(last + 1):
        x = left + band * col + band * 0.15
        y = top + plot_h
        for orb in orbitals:
            n = counts.get((col, orb), 0)
            if not n:
                continue
            bh = plot_h * n / ymax
            y -= bh
            chart.rects.append(Rect(x, y, band * 0.7, bh, style.colour("orbital", orb),
                                    f"{orb.title()}, cost {label(col)}: {n} "
                                    f"card{'s' if n != 1 else ''}"))
        if totals[col]:
            chart.labels.append(Label(x + band * 0.35, y - 3, str(totals[col]), cls="value"))
        chart.labels.append(Label(x + band * 0.35, h - bottom + 14, label(col), cls="tick"))
    chart.labels.append(Label(left + plot_w / 2, h - 1, "cost", cls="axis"))
    chart.legend = [(o.title(), style.colour("orbital", o), style.swatch(o).symbol)
                    for o in orbitals if any(c.orbital == o for c in cards)]
    return chart


def counts(cards: list[CardView], facet: str, values: list[str], title: str) -> Chart:
    """Horizontal bars: how many cards have each value of ``facet``."""
    tally = Counter(c.facet(facet) for c in cards)
    rows = [v for v in values if tally.get(v)] or values
    w, left, right, top, row = 290, 84, 30, 6, 26
    h = top * 2 + row * len(rows)
    chart = Chart(f"by-{facet}", title, w, h)
    most = max(tally.values(), default=1)
    plot_w = w - left - right
    for i, value in enumerate(rows):
        n = tally.get(value, 0)
        y = top + i * row
        bw = plot_w * n / most if most else 0
        chart.rects.append(Rect(left, y + 4, max(bw, 1.5), row - 8, style.colour(facet, value),
                                f"{value.title()}: {n} card{'s' if n != 1 else ''}"))
        chart.labels.append(Label(left - 8, y + row / 2 + 4, value.title(), "end", "name"))
        chart.labels.append(Label(left + bw + 5, y + row / 2 + 4, str(n), "start", "value"))
    return chart


def set_charts(cards: list[CardView], facets: dict[str, list[str]]) -> list[Chart]:
    deck_cards = [c for c in cards if not c.token]
    return [cost_curve(deck_cards, facets.get("orbital", [])),
            counts(deck_cards, "orbital", facets.get("orbital", []), "Cards by orbital"),
            counts(deck_cards, "type", facets.get("type", []), "Cards by type"),
            counts(deck_cards, "tier", facets.get("tier", []), "Cards by tier")]
