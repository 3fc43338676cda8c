"""The set spoiler's filter chips and charts for every game (`cardscript render`): they come
from the game's own fields (tools/render/facets.py), each chip's query is a query of
`cardscript find` that shows exactly the cards the chip counts, every chart has bars, the
values of one field get distinct colours, and, in a real browser, a chip's query in the URL
shows the right cards of a game other than Wonders."""
from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from cardscript import plugins
from cardscript.tools import facts as facts_module
from cardscript.tools.facts import CardFacts, SetFacts, load_facts
from cardscript.tools.query import parse
from cardscript.tools.query_match import search
from cardscript.tools.render import palette, render_set
from cardscript.tools.render.facets import facet_names
from cardscript.tools.render.frame import frame_spec

GAMES = sorted(plugins.games())


class Chips(HTMLParser):
    """The filter chips, charts and cards of a spoiler page (or of a DOM chromium dumped)."""

    def __init__(self, html: str):
        super().__init__()
        self.chips: list[dict[str, str]] = []
        self.charts: dict[str, list[dict[str, str]]] = {}
        self.cards: dict[str, set[str]] = {}
        self.body: dict[str, str] = {}
        self._chart: str | None = None
        self._title: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "body":
            self.body = a
        elif tag == "button" and "chip" in a.get("class", "").split():
            self.chips.append(a)
        elif tag == "figure":
            self._chart = a.get("id", "")
            self.charts[self._chart] = []
        elif tag == "rect" and self._chart:
            self.charts[self._chart].append(a)
        elif tag == "title" and self._chart and self.charts[self._chart]:
            self._title = []
        elif tag == "article" and "card" in a.get("class", "").split():
            self.cards[a["data-id"]] = set(a["class"].split())

    def handle_endtag(self, tag):
        if tag == "figure":
            self._chart = None
        elif tag == "title" and self._title is not None and self._chart:
            self.charts[self._chart][-1]["title"] = "".join(self._title)
            self._title = None

    def handle_data(self, data):
        if self._title is not None:
            self._title.append(data)

    def counts(self, chart: str) -> list[int]:
        """The cards each bar of a chart counts, from its tooltip ("Fury, cost 2: 7 cards")."""
        return [int(r["title"].rsplit(": ", 1)[1].split()[0]) for r in self.charts[chart]]

    def values(self) -> list[dict[str, str]]:
        """The chips of one value each (not the "All" chips)."""
        return [c for c in self.chips if "data-query" in c]


def _values(card: CardFacts, name: str) -> set[str]:
    """What a card holds of a field, worked out from its facts, not from the page."""
    value = card.value(name)
    if value is None or value == "" or value == ():
        return set()
    return {str(v) for v in value} if isinstance(value, tuple) else {str(value)}


@pytest.fixture(scope="module", params=GAMES)
def rendered(request, tmp_path_factory) -> tuple[str, SetFacts, Chips]:
    game = request.param
    out = tmp_path_factory.mktemp(f"spoiler-{game}")
    cards = plugins.games()[game].cards_dir
    render_set([str(cards)], out, game)
    page = Chips((out / "index.html").read_text(encoding="utf-8"))
    return game, load_facts([cards], game), page


def test_type_lines_read_as_words(rendered):
    """A type the model spells with an underscore prints as words: "Magic Item"."""
    from cardscript.tools.render.cards import set_views
    _, facts, _ = rendered
    views = set_views(facts)
    assert views and all("_" not in v.type_line for v in views)


def test_the_chips_are_the_game_own_fields(rendered):
    game, facts, page = rendered
    spec = frame_spec(facts.pool.spec.card_model)
    names = facet_names(spec, facts.fields)
    colour = [n for n in spec.colour if n != "type"][0]
    assert names[:2] == [colour, "type"]  # the field colouring the frame, then the type
    if facts.field(spec.foot or "") and facts.field(spec.foot).kind == "choice":
        assert names[2:] == [spec.foot]
    assert [c["data-facet"] for c in page.chips if "data-query" not in c] == names
    assert {c["data-facet"] for c in page.values()} == set(names)


def test_each_chip_query_shows_exactly_the_cards_it_counts(rendered):
    game, facts, page = rendered
    assert page.values(), f"{game}: no filter chips"
    covered: Counter[str] = Counter()
    for chip in page.values():
        field, value, query = chip["data-facet"], chip["data-value"], chip["data-query"]
        parse(query)  # a query of `cardscript find`'s language ...
        found = {c.id for c in search(query, facts)}  # ... that this game's schema takes
        want = {c.id for c in facts.cards
                if (value in _values(c, field) if value else not _values(c, field))}
        assert found == want, f"{game}: {query}"
        assert int(chip["data-count"]) == len(want) > 0, f"{game}: {query}"
        if value and facts.field(field) is not None and facts.field(field).kind != "text":
            assert query == f"{field}:{value}"  # a list field too: domains:fury
        covered.update({field: len(want)})
    for field in {c["data-facet"] for c in page.values()}:
        # every card is under a chip of each facet: once, or under each value of a list
        assert covered[field] == sum(max(1, len(_values(c, field))) for c in facts.cards)
        single = all(len(_values(c, field)) <= 1 for c in facts.cards)
        if single:
            assert covered[field] == len(facts.cards) == len(page.cards)


def test_the_charts_have_bars_that_count_the_deck_cards(rendered):
    game, facts, page = rendered
    deck = [c for c in facts.cards if not c.token]
    spec = frame_spec(facts.pool.spec.card_model)
    stat = spec.corner[0]
    assert f"chart-{stat}-curve" in page.charts
    for chart, rects in page.charts.items():
        assert rects and all(float(r["height"]) > 0 for r in rects), f"{game}: {chart}"
    for field in facet_names(spec, facts.fields):
        total = sum(page.counts(f"chart-by-{field}"))
        assert total == sum(max(1, len(_values(c, field))) for c in deck), f"{game}: {field}"
    curve = sum(page.counts(f"chart-{stat}-curve"))
    stacked = sum(max(1, len(_values(c, spec.colour[0])))
                  for c in deck if isinstance(c.value(stat), int))
    assert curve == stacked


def test_one_field_values_get_distinct_colours_every_time(rendered):
    game, facts, page = rendered
    spec = frame_spec(facts.pool.spec.card_model)
    colours = palette(facts)
    again = palette(load_facts([facts.pool.spec.cards_dir], game))
    for name in facet_names(spec, facts.fields):
        values = sorted({v for c in facts.cards for v in _values(c, name)})
        picked = [colours.colour(v) for v in values]
        shown = dict(zip(values, picked, strict=True))
        assert len(set(picked)) == len(picked), f"{game}: {name} {shown}"
        assert picked == [again.colour(v) for v in values]  # the same on every run


def test_the_rules_text_is_generated_once_per_card(monkeypatch, tmp_path):
    game = next(g for g in GAMES if g != "wonders")
    calls: Counter[str] = Counter()
    real = facts_module.rules_text

    def counting(model, pool, warnings):
        calls[model.id] += 1
        return real(model, pool, warnings)
    monkeypatch.setattr(facts_module, "rules_text", counting)
    result = render_set([str(plugins.games()[game].cards_dir)], tmp_path, game)
    assert calls and set(calls.values()) == {1}
    assert set(calls) == {c.id for c in result.cards}


# -- in a real browser -----------------------------------------------------------------------

def _shown(dom: Chips) -> set[str]:
    return {i for i, classes in dom.cards.items() if "is-visible" in classes}


def test_a_chip_query_in_the_url_shows_its_cards_in_a_browser(browser, tmp_path):
    game = "riftbound" if "riftbound" in GAMES else next(g for g in GAMES if g != "wonders")
    cards = plugins.games()[game].cards_dir
    render_set([str(cards)], tmp_path, game)
    facts = load_facts([cards], game)
    page = Chips((tmp_path / "index.html").read_text(encoding="utf-8"))
    chip = next(c for c in page.values() if c["data-facet"] != "type" and c["data-value"])
    url = (tmp_path / "index.html").as_uri()
    dom = Chips(browser.dump_dom(url + "#q=" + quote(chip["data-query"], safe="")))
    want = {c.id for c in facts.cards if chip["data-value"] in _values(c, chip["data-facet"])}
    assert want and _shown(dom) == want
    assert dom.body["data-visible"] == str(len(want)) == chip["data-count"]
    pressed = [c for c in dom.values() if c.get("aria-pressed") == "true"]
    assert [(c["data-facet"], c["data-value"]) for c in pressed] == \
        [(chip["data-facet"], chip["data-value"])]
    # the "no value" chip's query, and every chip alone (the page's self-test)
    none = next((c for c in page.values() if not c["data-value"]), None)
    if none is not None:
        dom = Chips(browser.dump_dom(url + "#q=" + quote(none["data-query"], safe="")))
        assert _shown(dom) == {c.id for c in facts.cards
                               if not _values(c, none["data-facet"])}
    assert Chips(browser.dump_dom(url + "#selftest")).body.get("data-selftest") == "pass"


@pytest.mark.parametrize("game", [g for g in GAMES if g not in ("wonders", "riftbound")][:1])
def test_every_chip_of_another_game_in_a_browser(browser, tmp_path, game):
    render_set([str(plugins.games()[game].cards_dir)], tmp_path, game)
    url = (tmp_path / "index.html").as_uri()
    assert Chips(browser.dump_dom(url + "#selftest")).body.get("data-selftest") == "pass"
