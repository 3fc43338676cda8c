"""Where cards sit on paper, in millimetres: card sizes, paper sizes, the 3 × 3 grid centred on
the page, the cut lines and the crop marks in the margins, and where each back goes for
duplex printing. Pure arithmetic, shared by the print sheets (:mod:`.paper`) and their tests.

Duplex: a portrait sheet printed on both sides turns over either on its long edge (the
printer's default, "flip on long edge") or on its short edge. Turning over the long (left or
right) edge mirrors the sheet left to right: the back of the card in column ``c`` is found in
column ``cols - 1 - c`` of the back page, on the same row. Turning over the short (top or
bottom) edge mirrors it top to bottom: same column, row ``rows - 1 - r``. The grid is
centred, so a mirrored slot lies exactly behind its face."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..common import UsageError

#: card sizes by name, width × height in mm: poker (standard CCG), bridge, tarot, mini
#: (American mini)
CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0),
              "mini": (41.0, 63.0)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COLS = ROWS = 3
#: a custom card size: "WxH-mm" ("70x110-mm"; "70x110mm" and "70x110" too)
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:-?mm)?\s*$", re.I)
SIZE_RANGE = (20.0, 150.0)  # mm: a card must fit three to a page
BLEED_MAX = 10.0
#: crop marks: the gap between a mark and the bleed, their length, their least length
MARK_GAP, MARK_LENGTH, MARK_MIN = 1.0, 6.0, 2.0
MARK_WIDTH = 0.25  # mm


def card_size(text: str) -> tuple[float, float]:
    """A named size or ``WxH-mm``; else bad usage."""
    name = text.strip().lower()
    if name in CARD_SIZES:
        return CARD_SIZES[name]
    m = _SIZE.match(text)
    if not m:
        raise UsageError(f"--size {text!r}: expected one of {', '.join(CARD_SIZES)} or "
                         "a size in mm as WxH-mm (e.g. 70x110-mm)")
    w, h = float(m.group(1)), float(m.group(2))
    lo, hi = SIZE_RANGE
    if not (lo <= w <= hi and lo <= h <= hi):
        raise UsageError(f"--size {text}: each side must be {lo:g} to {hi:g} mm")
    return w, h


def bleed_of(value: float) -> float:
    if not (0 <= value <= BLEED_MAX) or math.isnan(value):
        raise UsageError(f"--bleed {value:g}: expected 0 to {BLEED_MAX:g} mm")
    return value


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Sheet:
    """Cards on a portrait page, nine (3 × 3) when they fit with their crop marks, else as
    many as fit (tarot cards: four on A4). With a bleed, cards stand ``2 × bleed`` apart
    so each card's bleed is its own; without one they touch and share their cut lines."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float = 0.0
    cols: int = COLS
    rows: int = ROWS

    @classmethod
    def fit(cls, paper: tuple[float, float], card: tuple[float, float],
            bleed: float = 0.0) -> Sheet:
        """As many cards as fit, up to 3 × 3; none fitting is bad usage."""
        need = 2 * (MARK_GAP + MARK_MIN)
        (pw, ph), (w, h) = paper, card
        cols = min(COLS, int((pw - need) // (w + 2 * bleed)))
        rows = min(ROWS, int((ph - need) // (h + 2 * bleed)))
        if cols < 1 or rows < 1:
            raise UsageError(f"a {w:g} × {h:g} mm card with {bleed:g} mm bleed and crop "
                             f"marks does not fit on {pw:g} × {ph:g} mm paper")
        return cls(paper, card, bleed, cols, rows)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        """From one card's left (top) cut to the next one's."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """The top-left corner of the first card (its cut, not its bleed)."""
        (pw, ph), (dx, dy) = self.paper, self.pitch
        return (pw - self.cols * dx) / 2 + self.bleed, (ph - self.rows * dy) / 2 + self.bleed

    @property
    def margins(self) -> tuple[float, float]:
        """Paper left beside and above the grid's bleed: where the marks go."""
        (x0, y0), b = self.origin, self.bleed
        return x0 - b, y0 - b

    def slot(self, index: int, mirror: str | None = None) -> tuple[float, float]:
        """The cut rectangle's top-left corner of slot ``index`` (row by row); ``mirror``
        "long" or "short" gives where its back goes (see the module docstring)."""
        row, col = divmod(index, self.cols)
        if mirror == "long":
            col = self.cols - 1 - col
        elif mirror == "short":
            row = self.rows - 1 - row
        (x0, y0), (dx, dy) = self.origin, self.pitch
        return x0 + col * dx, y0 + row * dy

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut line and the y of every horizontal one."""
        (x0, y0), (dx, dy), (w, h) = self.origin, self.pitch, self.card
        xs = sorted({round(x0 + c * dx + e, 4) for c in range(self.cols) for e in (0, w)})
        ys = sorted({round(y0 + r * dy + e, 4) for r in range(self.rows) for e in (0, h)})
        return xs, ys

    def marks(self) -> list[Mark]:
        """A short line in the margin on each side of the grid, on every cut line."""
        (mx, my), (pw, ph) = self.margins, self.paper
        xs, ys = self.cuts()
        out = []
        for margin, cuts, size, vertical in ((my, xs, ph, True), (mx, ys, pw, False)):
            length = min(MARK_LENGTH, margin - MARK_GAP)
            near = (margin - MARK_GAP - length, margin - MARK_GAP)
            far = (size - near[1], size - near[0])
            for c in cuts:
                for a, b in (near, far):
                    out.append(Mark(c, a, c, b) if vertical else Mark(a, c, b, c))
        return out


__all__ = ["CARD_SIZES", "PAPERS", "Mark", "Sheet", "bleed_of", "card_size"]
