"""Set statistics as chart geometry: rectangles, lines and labels in SVG user units, computed
here and drawn by ``tools/templates/spoiler/charts.html.j2`` as inline SVG (no script, no
network). Tokens are left out: they are never in a deck."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from . import style
from .cards import CardView
from .facets import NONE, Facet
from .frame import FrameSpec

#: the bars of a curve that no facet stacks
TOTAL_COLOUR = "#4b5d7a"


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


def cost_curve(cards: list[CardView], stat: str, by: Facet | None,
               colour: Callable[[str], str] = style.fallback) -> Chart:
    """Cards per value of ``stat`` (a game's cost or level), stacked by the values of ``by``
    (the field colouring the frame) in its order, a list field's card in each of its
    values' stacks; values of ``COST_COLUMNS`` and more share the last column. Cards
    without the stat are left out."""
    w, h, left, right, top, bottom = 290, 180, 26, 6, 14, 26
    costs = [v for c in cards if (v := c.stat(stat)) is not None]
    hi = max(costs, default=0)
    last = min(max(hi, 0), COST_COLUMNS)

    def column(cost: int) -> int:
        return min(max(cost, 0), last)

    def label(col: int) -> str:
        return f"{col}+" if col == last and hi > last else str(col)

    def keys(card: CardView) -> tuple[str, ...]:
        return (card.values(by.name) or (NONE,)) if by else (NONE,)

    counts = Counter((column(v), key) for c in cards if (v := c.stat(stat)) is not None
                     for key in keys(c))
    totals = Counter(column(cost) for cost in costs)  # cards, however many stacks they are in
    heights: Counter[int] = Counter()
    for (col, _), n in counts.items():
        heights[col] += n
    step = _step(max(heights.values(), default=1))
    ymax = step * math.ceil(max(heights.values(), default=1) / step)
    plot_w, plot_h = w - left - right, h - top - bottom
    band = plot_w / (last + 1)
    title = f"{stat.replace('_', ' ').capitalize()} curve"
    chart = Chart(f"{stat}-curve", f"{title} by {by.label.lower()}" if by else title, w, h)
    stacks = by.keys if by else (NONE,)
    for tick in range(0, ymax + 1, step):
        y = top + plot_h - plot_h * tick / ymax
        chart.lines.append(Line(left, y, w - right, y))
        chart.labels.append(Label(left - 5, y + 3.5, str(tick), "end", "tick"))
    for col in range(last + 1):
        x = left + band * col + band * 0.15
        y = top + plot_h
        for key in stacks:
            n = counts.get((col, key), 0)
            if not n:
                continue
            bh = plot_h * n / ymax
            y -= bh
            name = by.title(key) if by else "Cards"
            chart.rects.append(Rect(x, y, band * 0.7, bh, colour(key) if by else TOTAL_COLOUR,
                                    f"{name}, {stat.replace('_', ' ')} {label(col)}: {n} "
                                    f"card{'s' if n != 1 else ''}"))
        if totals[col]:
            chart.labels.append(Label(x + band * 0.35, y - 3, str(totals[col]), cls="value"))
        chart.labels.append(Label(x + band * 0.35, h - bottom + 14, label(col), cls="tick"))
    chart.labels.append(Label(left + plot_w / 2, h - 1, stat.replace("_", " "), cls="axis"))
    if by:
        shown = {key for (_, key) in counts}
        chart.legend = [(by.title(k), colour(k), _symbol(k)) for k in stacks if k in shown]
    return chart


def _symbol(value: str) -> str:
    return style.symbol_of(value)


def counts(cards: list[CardView], facet: Facet, title: str = "",
           colour: Callable[[str], str] = style.fallback) -> Chart:
    """Horizontal bars: how many cards have each value of ``facet`` (a list field's card
    counts under each of its values; "No ..." counts the cards with none)."""
    tally = Counter(key for c in cards for key in (c.values(facet.name) or (NONE,)))
    rows = [v for v in facet.keys if tally.get(v)] or list(facet.keys)
    names = [facet.title(v) for v in rows]
    w, right, top, row = 290, 30, 6, 26
    left = max(84, 7 * max(map(len, names), default=0) + 14)  # room for the longest name
    h = top * 2 + row * len(rows)
    chart = Chart(f"by-{facet.name}", title or f"Cards by {facet.label.lower()}", w, h)
    most = max(tally.values(), default=1)
    plot_w = w - left - right
    for i, (value, name) in enumerate(zip(rows, names, strict=True)):
        n = tally.get(value, 0)
        y = top + i * row
        bw = plot_w * n / most if most else 0
        chart.rects.append(Rect(left, y + 4, max(bw, 1.5), row - 8, colour(value),
                                f"{name}: {n} card{'s' if n != 1 else ''}"))
        chart.labels.append(Label(left - 8, y + row / 2 + 4, name, "end", "name"))
        chart.labels.append(Label(left + bw + 5, y + row / 2 + 4, str(n), "start", "value"))
    return chart


def set_charts(cards: list[CardView], facets: list[Facet], spec: FrameSpec,
               colour: Callable[[str], str] = style.fallback) -> list[Chart]:
    """The page's charts: the curve of the frame's first corner stat (a cost, a level),
    stacked by the colouring facet, then one bar chart per facet. Tokens are left out."""
    deck_cards = [c for c in cards if not c.token]
    out = []
    stat = spec.corner[0] if spec.corner else None
    if stat and any(c.stat(stat) is not None for c in deck_cards):
        by = next((f for f in facets if f.colours_frame), None)
        out.append(cost_curve(deck_cards, stat, by, colour))
    return out + [counts(deck_cards, f, colour=colour) for f in facets]
