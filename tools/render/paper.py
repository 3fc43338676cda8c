"""Cards on paper and as images: the print-and-play PDF (``cardscript print``), one PNG per card
(``cardscript images``) and the card images of Tabletop Simulator sheets
(``cardscript export --to tts``). The faces are the spoiler's card frames
(``spoiler/card.html.j2`` + ``card.css``) laid out by ``print/sheet.html.j2`` + ``print.css``;
WeasyPrint turns that HTML into PDF in-process and pypdfium2 rasterises PDF pages to images
(docs/architecture.md, "Paper and images"). Geometry: :mod:`.geometry`."""
from __future__ import annotations

import base64
import io
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..common import UsageError
from ..facts import CardFacts, SetFacts
from ..templates import render
from . import copies_allowed, palette, style
from .cards import DENSITIES, CardView, set_views, view_of
from .frame import frame_spec
from .geometry import MARK_WIDTH, Mark, Sheet

#: the card frame is drawn at poker width (63 mm = 238 CSS px, the spoiler's size) and
#: scaled to the card size, so text and badges keep their proportions on any card
DESIGN_WIDTH_MM = 63.0
DPI_RANGE = (72, 1200)
#: a back image: at most this many pixels a side and this many bytes
BACK_MAX_PX, BACK_MAX_BYTES = 8000, 50 * 1024 * 1024
PANGO_HINT = ("WeasyPrint, which draws the cards, needs the Pango text library: install it "
              "(Debian/Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0; macOS: brew "
              "install pango; see https://doc.courtbouillon.org/weasyprint/stable/"
              "first_steps.html)")


class RendererMissing(OSError):
    """WeasyPrint cannot load its system libraries (Pango). An OSError naming WeasyPrint,
    so that any command reports it as one line and exit code 1 (tools/cli.py)."""

    def __init__(self, why: str):
        super().__init__(0, f"{PANGO_HINT} ({why})", "WeasyPrint")

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _weasyprint() -> Any:
    try:
        import weasyprint
    except OSError as exc:  # WeasyPrint loads Pango through cffi when imported
        raise RendererMissing(str(exc)) from None
    return weasyprint


def _fetcher(weasyprint: Any) -> Any:
    """Pages are self-contained: the only URLs in them are the data: URIs of a back
    picture. Nothing else is fetched (no network, no local file a card could name)."""
    fetcher_class = getattr(weasyprint, "URLFetcher", None)
    if fetcher_class is not None:  # WeasyPrint 67 and later
        return fetcher_class(allowed_protocols=("data",))
    from weasyprint.urls import default_url_fetcher

    def data_only(url: str, *args: Any, **kwargs: Any) -> Any:
        if not url.startswith("data:"):
            raise ValueError(f"cardscript pages fetch nothing: {url[:80]}")
        return default_url_fetcher(url, *args, **kwargs)
    return data_only


def to_pdf(html: str, overflowing: list[str] | None = None) -> bytes:
    """The PDF of a page of ours; the ids of the cards whose rules text does not fit their
    frame (it is cut off on paper) are added to ``overflowing``, each once."""
    weasyprint = _weasyprint()
    document = weasyprint.HTML(string=html, url_fetcher=_fetcher(weasyprint)).render()
    if overflowing is not None:
        for page in document.pages:
            for card_id in _cut_off(page.anchors):
                if card_id not in overflowing:
                    overflowing.append(card_id)
    return document.write_pdf()


def _cut_off(anchors: dict[str, Any]) -> list[str]:
    """The cards of a page whose text runs past the top of their foot: each slot marks the
    end of its text (``end-N-id``) and its foot (``foot-N-id``); text cut off by the frame
    has no end left to mark, and a foot pushed off the card none either."""
    slots = dict.fromkeys(name.split("-", 1)[1] for name in anchors
                          if name.startswith(("end-", "foot-")))
    out = []
    for slot in slots:
        end, foot = anchors.get(f"end-{slot}"), anchors.get(f"foot-{slot}")
        if end is None or foot is None or end[1] > foot[1] + 0.5:  # (x, y, ...) in CSS px
            out.append(slot.split("-", 1)[1])
    return out


@dataclass(frozen=True)
class Back:
    """What the back of every card shows: the game's title, or a picture the user gives."""

    title: str
    image: str | None = None  # a data: URI (PNG) of the user's picture


def back_image(path: str | Path) -> str:
    """A user's back picture as a PNG data: URI, after checking it is a readable image of
    bounded size (else bad input, raised as :class:`ValueError` with the reason)."""
    from cardscript.errors import CardError
    from cardscript.loader import open_regular
    from PIL import Image, UnidentifiedImageError
    try:  # the one opener of input files: a FIFO or a device is refused, never waited on
        fd, st = open_regular(path)
    except CardError as exc:
        raise ValueError(f"{path}: {exc.diagnostics[0].message}") from None
    with os.fdopen(fd, "rb") as fh:
        if st.st_size > BACK_MAX_BYTES:
            raise ValueError(f"{path}: {st.st_size} bytes; a back image may have at most "
                             f"{BACK_MAX_BYTES // 2**20} MB")
        try:
            raw = fh.read(BACK_MAX_BYTES + 1)  # it may have grown since it was opened
        except OSError as exc:
            raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > BACK_MAX_BYTES:
        raise ValueError(f"{path}: a back image may have at most {BACK_MAX_BYTES // 2**20} MB")
    try:
        with Image.open(io.BytesIO(raw)) as img:
            if img.format not in ("PNG", "JPEG"):
                raise ValueError(f"{path}: a {img.format} image; expected PNG or JPEG")
            w, h = img.size
            if max(w, h) > BACK_MAX_PX:
                raise ValueError(f"{path}: {w} × {h} pixels; at most {BACK_MAX_PX} a side")
            img.load()  # decodes it: a truncated or corrupt file fails here
            buf = io.BytesIO()
            img.convert("RGBA" if "A" in img.getbands() else "RGB").save(buf, "PNG")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise ValueError(f"{path}: not a readable PNG or JPEG image ({exc})") from None
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _css_context(size: tuple[float, float], bleed: float) -> dict[str, Any]:
    w, h = size
    scale = w / DESIGN_WIDTH_MM
    return {"card_w": w, "card_h": h, "bleed": bleed, "scale": scale,
            "design_w": DESIGN_WIDTH_MM, "design_h": h / scale}


def _views(facts: SetFacts, cards: Sequence[CardFacts],
           squeeze: dict[str, int] | None = None) -> list[CardView]:
    spec = frame_spec(facts.pool.spec.card_model)
    views = [view_of(c, spec) for c in cards]
    for v in views:
        v.squeeze = (squeeze or {}).get(v.id, 0)
    return views


@dataclass
class Page:
    slots: list[tuple[float, float, CardView | None]]  # x, y (mm) and the card, None: back
    marks: list[Mark]


def sheet_pages(cards: list[CardView], sheet: Sheet, backs: bool = False,
                duplex: str = "long") -> list[Page]:
    """The pages: nine faces each (or as many as fit); with backs, after each page of faces
    a page of backs, each behind its face for the duplex edge."""
    per = sheet.per_page
    marks = sheet.marks()
    pages = []
    for start in range(0, len(cards), per):
        chunk = cards[start:start + per]
        pages.append(Page([(*sheet.slot(i), c) for i, c in enumerate(chunk)], marks))
        if backs:
            pages.append(Page([(*sheet.slot(i, duplex), None) for i in range(len(chunk))],
                              marks))
    return pages


def print_html(facts: SetFacts, sheet: Sheet, back: Back | None = None,
               duplex: str = "long", squeeze: dict[str, int] | None = None) -> str:
    cards = _views(facts, facts.printed() if facts.deck else _in_spoiler_order(facts),
                   squeeze)
    pw, ph = sheet.paper
    return render("print/sheet.html.j2", title=facts.title, pages=sheet_pages(
        cards, sheet, back is not None, duplex), page_w=pw, page_h=ph, back=back,
        mark_width=MARK_WIDTH, **_common(facts, sheet.card, sheet.bleed))


def _in_spoiler_order(facts: SetFacts) -> list[CardFacts]:
    order = [v.id for v in set_views(facts)]
    by_id = facts.by_id()
    return [by_id[i] for i in order]


def _common(facts: SetFacts, size: tuple[float, float], bleed: float) -> dict[str, Any]:
    return {"game": facts.pool.spec.title, "swatch": palette(facts).swatch,
            "symbol": style.inline_symbol, "copies": copies_allowed(facts.pool),
            **_css_context(size, bleed)}


def cards_html(facts: SetFacts, cards: Sequence[CardFacts], size: tuple[float, float],
               bleed: float = 0.0, back: Back | None = None,
               squeeze: dict[str, int] | None = None) -> str:
    """One card a page, each page the card's size plus its bleed (for images); with
    ``back``, a last page holding the back."""
    w, h = size
    return render("print/cards.html.j2", title=facts.title,
                  cards=_views(facts, cards, squeeze),
                  back=back, page_w=w + 2 * bleed, page_h=h + 2 * bleed,
                  **_common(facts, size, bleed))


def check_dpi(dpi: int) -> int:
    lo, hi = DPI_RANGE
    if not lo <= dpi <= hi:
        raise UsageError(f"--dpi {dpi}: expected {lo} to {hi}")
    return dpi


def pixels(mm: float, dpi: int) -> int:
    """How many pixels ``mm`` spans at ``dpi``: the nearest whole number."""
    return round(mm / 25.4 * dpi)


def rasterise(pdf: bytes, dpi: int) -> Iterator[Any]:
    """Every page of a PDF as a PIL image at ``dpi``, one at a time (a page at 1200 dpi
    is tens of megabytes: a set's worth would not fit in memory at once)."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                image = page.render(scale=dpi / 72).to_pil().convert("RGB")
                # pdfium rounds a page's pixel size up (63 mm at 300 dpi is 744.09 px: 745);
                # the nearest whole pixel is what a card at that dpi measures
                w, h = (round(side / 72 * dpi) for side in page.get_size())
                if image.size != (w, h):
                    image = image.crop((0, 0, w, h))
            finally:
                page.close()
            yield image
    finally:
        doc.close()


def card_images(facts: SetFacts, cards: Sequence[CardFacts], size: tuple[float, float],
                dpi: int, bleed: float = 0.0, back: Back | None = None,
                overflowing: list[str] | None = None) -> Iterator[Any]:
    """Each card as a PIL image, in order (then the back, if given); ``overflowing``: as
    :func:`to_pdf`."""
    return rasterise(fitted_pdf(lambda squeeze: cards_html(facts, cards, size, bleed, back,
                                                           squeeze), overflowing), dpi)


def fitted_pdf(page: Callable[[dict[str, int]], str],
               overflowing: list[str] | None = None) -> bytes:
    """The PDF of ``page(squeeze)``, rendered again with a card's text set tighter while it
    does not fit and can be set tighter (:attr:`CardView.squeeze`); the cards still cut off
    at the tightest are added to ``overflowing``."""
    squeeze: dict[str, int] = {}
    for _ in DENSITIES:
        cut: list[str] = []
        pdf = to_pdf(page(squeeze), cut)
        tighter = [c for c in cut if squeeze.get(c, 0) < len(DENSITIES) - 1]
        if not tighter:
            break
        for c in tighter:
            squeeze[c] = squeeze.get(c, 0) + 1
    if overflowing is not None:
        overflowing.extend(c for c in cut if c not in overflowing)
    return pdf


def fit_warnings(overflowing: list[str], size_name: str) -> list[str]:
    """What a designer is told of the cards whose rules text does not fit."""
    return [f"{card_id}: its rules text does not fit the frame at {size_name} size and is "
            "cut off; shorten it, or print at a larger --size" for card_id in overflowing]


__all__ = ["Back", "DPI_RANGE", "Page", "RendererMissing", "back_image", "card_images",
           "cards_html", "check_dpi", "fit_warnings", "fitted_pdf", "pixels", "print_html",
           "rasterise", "sheet_pages", "to_pdf"]
