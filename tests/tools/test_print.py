"""Print-and-play sheets (`cardscript print`): the PDF's pages, rendered to PNG by poppler's
pdftoppm, are read back as pixels — how many pages, how many cards on each, where the crop
marks are (expected where the cut lines are, from the sizes in mm and the dpi), that backs
land behind their faces once the sheet is turned over on its long or short edge, that a deck
prints its copies and that every game prints."""
from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cardscript.cardpool import CardPool
from cardscript.tools.cli import main
from cardscript.tools.render.geometry import CARD_SIZES, PAPERS, Sheet

PIL = pytest.importorskip("PIL.Image")
needs_pdftoppm = pytest.mark.skipif(
    shutil.which("pdftoppm") is None,
    reason="pdftoppm is not installed (Debian: apt-get install poppler-utils)")
DPI = 50
MM = DPI / 25.4  # pixels to the millimetre
WHITE = 245  # a pixel at least this light on every channel is paper


def cards_dir(game: str) -> Path:
    return CardPool(game, cache=False).spec.cards_dir


def pages_of(pdf: Path, dpi: int = DPI) -> list:
    """Every page of ``pdf`` as a PIL image, through pdftoppm."""
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(prefix)], check=True)
    files = sorted(pdf.parent.glob(prefix.name + "-*.png"),
                   key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [PIL.open(f).convert("RGB") for f in files]


def inked(image, x: float, y: float, r: int = 2) -> bool:
    """Whether the area around pixel (x, y) is not paper."""
    x, y = round(x), round(y)
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if min(image.getpixel((x + dx, y + dy))) < WHITE:
                return True
    return False


def occupied(image, sheet: Sheet, mm: float = MM) -> list[bool]:
    """For each slot of the grid (row by row), whether a card (or back) is drawn there: its
    centre is not paper."""
    w, h = sheet.card
    return [inked(image, (x + w / 2) * mm, (y + h / 2) * mm, r=3)
            for x, y in (sheet.slot(i) for i in range(sheet.per_page))]


def dark_runs(values: list[bool]) -> list[float]:
    """Centres of the runs of True in a line of pixels."""
    out, start = [], None
    for i, v in enumerate([*values, False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


def is_mark(px) -> bool:
    return max(px) < 215 and max(px) - min(px) < 24  # a crop mark: black, or grey when thin


def marks_at(image, sheet: Sheet) -> tuple[list[float], list[float], list[float],
                                             list[float]]:
    """The crop marks found in each margin: x of the marks above and below the grid,
    y of those left and right of it (pixels)."""
    (mx, my), (pw, ph) = sheet.margins, sheet.paper
    # a line across each margin 2 mm from the grid's edge (its bleed's): the marks stand
    # 1 mm off it and are at least 2 mm long
    top, bottom = round((my - 2) * MM), round((ph - my + 2) * MM)
    left, right = round((mx - 2) * MM), round((pw - mx + 2) * MM)
    width, height = image.size

    def row(y):
        return dark_runs([is_mark(image.getpixel((x, y))) for x in range(width)])

    def col(x):
        return dark_runs([is_mark(image.getpixel((x, y))) for y in range(height)])
    return row(top), row(bottom), col(left), col(right)


@pytest.fixture(scope="module")
def wonders_pdf(tmp_path_factory) -> Path:
    pdf = tmp_path_factory.mktemp("print") / "wonders.pdf"
    assert main(["print", str(cards_dir("wonders")), "--out", str(pdf)]) == 0
    return pdf


@needs_pdftoppm
def test_the_wonders_set_nine_cards_a_page_with_crop_marks_on_the_cut_lines(wonders_pdf):
    pool = CardPool("wonders", cache=False).load([cards_dir("wonders")])
    total = len(pool.cards)
    pages = pages_of(wonders_pdf)
    assert len(pages) == math.ceil(total / 9)
    sheet = Sheet.fit(PAPERS["a4"], CARD_SIZES["poker"])
    assert (sheet.cols, sheet.rows) == (3, 3)
    width, height = pages[0].size
    assert abs(width - 210 * MM) <= 1 and abs(height - 297 * MM) <= 1
    xs, ys = sheet.cuts()
    # cut lines where the mm say: 4 vertical, 4 horizontal, the grid centred
    assert xs == pytest.approx([10.5, 73.5, 136.5, 199.5])
    assert ys == pytest.approx([16.5, 104.5, 192.5, 280.5])
    counts = []
    for page in pages:
        slots = occupied(page, sheet)
        counts.append(sum(slots))
        assert slots == sorted(slots, reverse=True), "cards fill the grid row by row"
        top, bottom, left, right = marks_at(page, sheet)
        for found, expected in ((top, xs), (bottom, xs), (left, ys), (right, ys)):
            assert len(found) == len(expected)
            assert found == pytest.approx([e * MM for e in expected], abs=1.5)
        # nothing but marks in the margins: the cards stay inside the cut lines
        assert not inked(page, 5 * MM, 8 * MM) and not inked(page, 205 * MM, 290 * MM)
    assert counts == [9] * (total // 9) + ([total % 9] if total % 9 else [])
    assert sum(counts) == total


def _few_cards(n: int) -> list[str]:
    files = sorted(cards_dir("wonders").glob("core/*.card.yaml"))
    return [str(f) for f in files[:n]]


def _ink_box(image, sheet: Sheet) -> tuple[int, int, int, int]:
    """The bounding box of everything drawn inside the crop marks (the cards), in pixels."""
    (mx, my), (pw, ph) = sheet.margins, sheet.paper
    inner = (round(mx * MM) - 2, round(my * MM) - 2, round((pw - mx) * MM) + 2,
             round((ph - my) * MM) + 2)
    ink = image.crop(inner).convert("L").point(lambda v: 255 if v < 250 else 0)
    left, top, right, bottom = ink.getbbox()
    return left + inner[0], top + inner[1], right + inner[0], bottom + inner[1]


@needs_pdftoppm
@pytest.mark.parametrize("edge", ["long", "short"])
def test_backs_land_behind_their_faces_when_the_sheet_is_turned_over(tmp_path, edge):
    """Turned over on its long edge a portrait sheet is mirrored left to right, on its short
    edge top to bottom: the back page, so mirrored, covers exactly the faces."""
    pdf = tmp_path / "backs.pdf"
    assert main(["print", *_few_cards(4), "--out", str(pdf), "--backs",
                 "--duplex", edge]) == 0
    faces, backs = pages_of(pdf)
    turned = backs.transpose(PIL.Transpose.FLIP_LEFT_RIGHT if edge == "long"
                             else PIL.Transpose.FLIP_TOP_BOTTOM)
    sheet = Sheet.fit(PAPERS["a4"], CARD_SIZES["poker"])
    assert occupied(faces, sheet) == [True] * 4 + [False] * 5
    assert occupied(turned, sheet) == occupied(faces, sheet)
    assert occupied(backs, sheet) != occupied(faces, sheet)  # mirrored: a real check
    # to the pixel: the backs cover the faces' area exactly
    assert _ink_box(turned, sheet) == pytest.approx(_ink_box(faces, sheet), abs=1)


@needs_pdftoppm
def test_a_back_picture_and_a_bleed(tmp_path):
    picture = tmp_path / "back.png"
    PIL.new("RGB", (60, 84), (200, 20, 20)).save(picture)
    pdf = tmp_path / "bleed.pdf"
    assert main(["print", *_few_cards(2), "--out", str(pdf), "--backs", str(picture),
                 "--bleed", "2", "--paper", "letter"]) == 0
    faces, backs = pages_of(pdf)
    sheet = Sheet.fit(PAPERS["letter"], CARD_SIZES["poker"], 2)
    (x, y), (w, h) = sheet.slot(0, "long"), sheet.card
    assert backs.getpixel((round((x + w / 2) * MM), round((y + h / 2) * MM))) == \
        pytest.approx((200, 20, 20), abs=12)
    # the bleed: the frame's colour 1 mm outside the cut line, paper 3 mm outside it
    fx, fy = sheet.slot(0)
    assert inked(faces, (fx - 1) * MM, (fy + h / 2) * MM, r=0)
    assert not inked(faces, (fx - 3) * MM, (fy + h / 2) * MM, r=0)
    # and cut lines stay at the card edges: marks at x and x + 63 mm, 4 mm apart per gutter
    top, *_ = marks_at(faces, sheet)
    xs, _ = sheet.cuts()
    assert len(xs) == 2 * sheet.cols
    assert top == pytest.approx([v * MM for v in xs], abs=1.5)


@needs_pdftoppm
@pytest.mark.parametrize("game", ["riftbound", "spellfire"])
def test_a_deck_prints_each_card_as_many_times_as_it_holds(tmp_path, game):
    from cardscript.tools.facts import load_facts
    deck = sorted((cards_dir(game) / "decks").glob("*.deck.yaml"))[0]
    facts = load_facts([deck], game)
    printed = len(facts.printed())
    assert printed == sum(facts.copies.values())
    if game == "riftbound":
        assert printed > len(facts.cards)  # this deck holds copies
    pdf = tmp_path / "deck.pdf"
    assert main(["print", str(deck), "--game", game, "--out", str(pdf)]) == 0
    pages = pages_of(pdf, dpi=30)
    assert len(pages) == math.ceil(printed / 9)
    sheet = Sheet.fit(PAPERS["a4"], CARD_SIZES["poker"])
    assert sum(sum(occupied(p, sheet, 30 / 25.4)) for p in pages) == printed


def test_usage_errors(tmp_path, capsys):
    path = _few_cards(1)
    out = str(tmp_path / "x.pdf")
    assert main(["print", *path, "--out", out, "--size", "huge"]) == 2
    assert main(["print", *path, "--out", out, "--size", "10x10-mm"]) == 2
    assert main(["print", *path, "--out", out, "--bleed", "50"]) == 2
    assert main(["print", *path, "--out", out, "--duplex", "short"]) == 2
    assert main(["print", *path, "--out", out, "--backs", str(tmp_path / "none.png")]) == 2
    assert main(["print", *path, "--out", str(tmp_path)]) == 2  # a folder, not a file
    err = capsys.readouterr().err
    assert "--duplex places the backs" in err and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists()


def test_a_bad_back_picture_is_bad_input(tmp_path, capsys):
    path, out = _few_cards(1), str(tmp_path / "x.pdf")
    text = tmp_path / "back.png"
    text.write_text("not an image")
    assert main(["print", *path, "--out", out, "--backs", str(text)]) == 1
    huge = tmp_path / "huge.png"
    PIL.new("1", (9000, 2)).save(huge)
    assert main(["print", *path, "--out", out, "--backs", str(huge)]) == 1
    gif = tmp_path / "back.gif"
    PIL.new("RGB", (4, 4)).save(gif)
    assert main(["print", *path, "--out", out, "--backs", str(gif)]) == 1
    err = capsys.readouterr().err
    assert "not a readable PNG or JPEG" in err and "9000 × 2 pixels" in err
    assert "GIF image" in err and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_back_picture_that_is_no_file_is_refused_not_waited_on(tmp_path, capsys):
    fifo = tmp_path / "back.png"
    os.mkfifo(fifo)
    path, out = _few_cards(1), str(tmp_path / "x.pdf")
    assert main(["print", *path, "--out", out, "--backs", str(fifo)]) == 1
    err = capsys.readouterr().err
    assert f"--backs {fifo}: cannot read file: a FIFO, not a regular file" in err


def test_without_pango_a_clear_error(tmp_path, monkeypatch, capsys):
    """WeasyPrint loads Pango when imported: an OSError there names what to install."""
    import builtins
    real = builtins.__import__

    def no_pango(name, *args, **kwargs):
        if name == "weasyprint":
            raise OSError("cannot load library 'libpango-1.0-0': not found")
        return real(name, *args, **kwargs)
    monkeypatch.delitem(sys.modules, "weasyprint", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_pango)
    rc = main(["print", *_few_cards(1), "--out", str(tmp_path / "x.pdf")])
    err = capsys.readouterr().err
    assert rc == 1
    assert "Pango" in err and "apt-get install" in err and "Traceback" not in err
    rc = main(["export", *_few_cards(1), "--to", "tts", "--out", str(tmp_path / "tts")])
    assert rc == 1 and "Pango" in capsys.readouterr().err


def _wordy_card(folder: Path, card_id: str, abilities: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"id: {card_id}", f"name: {card_id.title()}", "type: wonder", "orbital: solfera",
             "tier: secondary", "cost: 2", "power: 2", "abilities:"]
    for i in range(1, abilities + 1):
        lines += ["  - trigger: on_arrival", f"    effect: {{draw: {i}}}"]
    path = folder / f"{card_id}.card.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_text_that_does_not_fit_is_set_tighter_then_reported(tmp_path, capsys):
    """On paper a frame can't grow: a card whose text is cut off at the density its amount
    of text suggests is rendered again, tighter; one cut off at the tightest is named."""
    from cardscript.tools.facts import load_facts
    from cardscript.tools.render import paper
    pool = CardPool.bundled("riftbound", keep_models=True)
    # a bundled card whose reminder text is cut off at the density its length suggests
    facts = load_facts([pool.files["neyla-tidecaller"]], "riftbound")
    cut: list[str] = []
    paper.to_pdf(paper.cards_html(facts, facts.cards, CARD_SIZES["poker"]), cut)
    assert cut == ["neyla-tidecaller"]
    cut = []
    paper.fitted_pdf(lambda squeeze: paper.cards_html(facts, facts.cards,
                                                      CARD_SIZES["poker"], squeeze=squeeze), cut)
    assert cut == []  # set tighter, it fits

    _wordy_card(tmp_path / "mine", "fits", 2)
    _wordy_card(tmp_path / "mine", "rambling", 24)
    assert main(["print", str(tmp_path / "mine"), "--out", str(tmp_path / "m.pdf")]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "does not fit" in line]
    assert warned == ["warning: rambling: its rules text does not fit the frame at poker size "
                      "and is cut off; shorten it, or print at a larger --size"]
    assert main(["images", str(tmp_path / "mine"), "--out", str(tmp_path / "img"),
                 "--dpi", "72"]) == 0
    assert "rambling: its rules text does not fit" in capsys.readouterr().err
