"""The set spoiler (`cardscript render`): every card of the set is on the page in a frame with
its stats, rules text and keyword reminders; the page needs no network; card data is escaped;
and, in a real browser, the filters show exactly the matching cards."""
from __future__ import annotations

import contextlib
import re
import shutil
import struct
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cardscript.cardpool import CardPool
from cardscript.text import card_text
from cardscript.tools.cli import main
from cardscript.tools.render import cards as render_cards
from cardscript.tools.render import charts, facets

#: screenshots for a human to look at (ignored by git)
ARTIFACTS = Path(__file__).parent / "artifacts"


class Page(HTMLParser):
    """The cards of a spoiler page (or of a DOM chromium dumped): attributes and text."""

    def __init__(self, html: str):
        super().__init__()
        self.cards: dict[str, dict] = {}
        self.body: dict[str, str] = {}
        self.figures: list[str] = []
        self.titles: list[str] = []
        self._card: dict | None = None
        self._title = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "body":
            self.body = a
        elif tag == "article" and "card" in a.get("class", "").split():
            self._card = {"attrs": a, "classes": set(a["class"].split()), "text": []}
            self.cards[a["data-id"]] = self._card
        elif tag == "figure":
            self.figures.append(a.get("id", ""))
        elif tag == "title":
            self._title = True
        if self._card is not None and tag == "p" and "data-keyword" in a:
            self._card.setdefault("keywords", []).append(a["data-keyword"])

    def handle_endtag(self, tag):
        if tag == "article":
            self._card = None
        self._title = False

    def handle_data(self, data):
        if self._card is not None:
            self._card["text"].append(data)
        if self._title:
            self.titles.append(data)

    def text(self, card_id: str) -> str:
        return " ".join(" ".join(self.cards[card_id]["text"]).split())


@pytest.fixture(scope="module")
def pool() -> CardPool:
    p = CardPool("wonders", cache=False, keep_models=True)
    return p.load([p.spec.cards_dir])


@pytest.fixture(scope="module")
def page_file(pool, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("spoiler")
    assert main(["render", str(pool.spec.cards_dir), "--out", str(out)]) == 0
    return out / "index.html"


@pytest.fixture(scope="module")
def page(page_file) -> Page:
    return Page(page_file.read_text(encoding="utf-8"))


def test_every_card_has_a_frame_with_its_stats(pool, page):
    assert set(page.cards) == set(pool.cards)
    for card_id, model in pool.models.items():
        card = page.cards[card_id]
        text = page.text(card_id)
        assert model.name in text, card_id
        assert card["attrs"]["data-orbital"] == model.orbital
        assert card["attrs"]["data-type"] == model.type
        assert card["attrs"]["data-tier"] == model.tier
        assert f"orb-{model.orbital}" in card["classes"]
        assert re.search(rf"\b{model.cost}\b", text), f"{card_id}: cost missing"
        if model.power is not None:
            assert re.search(rf"\b{model.power}\b", text), f"{card_id}: power missing"
        for cls in model.classes:
            assert cls in text


def test_rules_text_and_keyword_reminders(pool, page):
    for card_id, model in pool.models.items():
        text = page.text(card_id)
        expected = model.text or ""  # the printed text, if none can be generated
        with contextlib.suppress(Exception):
            expected = card_text(model, pool.registry, cards=pool.cards)
        assert " ".join(expected.split()) in text, card_id
        names = [k if isinstance(k, str) else pool.registry.by_model[type(k)].name
                 for k in model.keywords]
        assert page.cards[card_id].get("keywords", []) == names
    # a reminder is the keyword's docstring, without rule citations
    flying = page.text("skyreach-kestrel")
    assert "you may move it to an adjacent active realm" in flying
    assert "404.3.2" not in flying


def test_statistics_charts(pool, page, page_file):
    assert page.figures == ["chart-cost-curve", "chart-by-orbital", "chart-by-type",
                            "chart-by-tier"]
    html = page_file.read_text(encoding="utf-8")
    deck_cards = [m for m in pool.models.values() if not m.token]  # tokens are not in decks
    wonders = sum(m.type == "wonder" for m in deck_cards)
    assert f"<title>Wonder: {wonders} cards</title>" in html
    solfera_3 = sum(m.orbital == "solfera" and m.cost == 3 for m in deck_cards)
    if solfera_3:
        assert f"<title>Solfera, cost 3: {solfera_3} card" in html


def _view(cid: str, cost: int, orbital: str = "solfera") -> render_cards.CardView:
    return render_cards.CardView(id=cid, name=cid, type="item", classes=[], text="",
                                 text_source="printed",
                                 fields={"orbital": orbital, "tier": "primary", "cost": cost})


def test_high_costs_share_the_last_column_of_the_cost_curve():
    """The chart's work is bounded by the cards, not by how large a cost is: a cost of ten
    million is one card in the "10+" column (it used to be ten million columns)."""
    cards = [_view("a", 1), _view("b", 3), _view("c", 3, "petraia"), _view("d", 12),
             _view("e", 10_000_000)]
    orbital = facets.Facet("orbital", "choice", ("solfera", "petraia"), colours_frame=True)
    start = time.perf_counter()
    chart = charts.cost_curve(cards, "cost", orbital)
    assert time.perf_counter() - start < 1
    ticks = [lab.text for lab in chart.labels if lab.cls == "tick" and lab.anchor == "middle"]
    assert ticks == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"]
    titles = [r.title for r in chart.rects]
    assert "Solfera, cost 10+: 2 cards" in titles
    assert "Solfera, cost 3: 1 card" in titles and "Petraia, cost 3: 1 card" in titles
    small = charts.cost_curve([_view("a", 1), _view("b", 4)], "cost", orbital)
    assert [lab.text for lab in small.labels if lab.cls == "tick" and
            lab.anchor == "middle"] == ["0", "1", "2", "3", "4"]


def test_page_is_self_contained(page_file):
    html = page_file.read_text(encoding="utf-8")
    assert "<link" not in html and "@import" not in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<style>" in html and "<script>" in html


def test_card_data_is_escaped(tmp_path, capsys):
    (tmp_path / "sneaky.card.yaml").write_text(
        "id: sneaky\nname: \"Bolt <script>alert(1)</script> & Co\"\ntype: spell\n"
        "orbital: solfera\ntier: primary\ncost: 1\ntext: \"<img src=x onerror=alert(2)>\"\n"
        "abilities:\n  - trigger: on_play\n    effect: {draw: 1}\n")
    out = tmp_path / "site"
    assert main(["render", str(tmp_path), "--out", str(out)]) == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Bolt &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in html
    assert "<script>alert" not in html and "<img src=x" not in html


def test_bad_input_and_usage_exit_codes(tmp_path, capsys):
    assert main(["render", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o")]) == 2
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.card.yaml").write_text("id: broken\nname: Broken\ntype: wonder\n"
                                          "orbital: solfera\ntier: primary\ncost: 1\n"
                                          "power: 1\nabilities:\n  - trigger: on_plya\n"
                                          "    effect: {draw: 1}\n")
    assert main(["render", str(bad), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "broken.card.yaml:9" in err and "on_play" in err and "Traceback" not in err


# -- in a real browser -----------------------------------------------------------------------

def _visible(dom: Page) -> set[str]:
    return {i for i, c in dom.cards.items() if "is-visible" in c["classes"]
            and "is-hidden" not in c["classes"]}


def test_filters_in_a_browser(browser, pool, page_file, tmp_path):
    url = page_file.as_uri()
    everything = Page(browser.dump_dom(url))
    assert set(everything.cards) == set(pool.cards)
    assert _visible(everything) == set(pool.cards)

    solfera = Page(browser.dump_dom(url + "#filter=orbital:solfera"))
    want = {i for i, m in pool.models.items() if m.orbital == "solfera"}
    assert want and _visible(solfera) == want
    hidden = {i for i, c in solfera.cards.items() if "is-hidden" in c["classes"]}
    assert hidden == set(pool.cards) - want
    assert solfera.body["data-visible"] == str(len(want))

    combo = Page(browser.dump_dom(url + "#filter=type:spell,item;tier:primary"))
    want = {i for i, m in pool.models.items()
            if m.type in ("spell", "item") and m.tier == "primary"}
    assert _visible(combo) == want

    # the page's own self-test tries every single-value filter of every facet
    assert Page(browser.dump_dom(url + "#selftest")).body.get("data-selftest") == "pass"


def test_screenshot_in_a_browser(browser, page_file, tmp_path):
    shot = browser.screenshot(page_file.as_uri(), tmp_path / "spoiler.png")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 2000)
    # a blank page compresses to a few kilobytes; card frames, symbols and text do not
    assert len(data) > 100_000, f"screenshot looks blank ({len(data)} bytes)"
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "spoiler.png")
