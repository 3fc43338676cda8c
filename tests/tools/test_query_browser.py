"""The spoiler's search box runs a JavaScript port of the query language (query.js): on the
bundled set of every game, it must match the same cards as tools/query_match.py for a table of
queries, and fail with the same message at the same column. Also: the facts embedded in the
page are script-safe JSON, #q= links filter the cards, errors show under the box."""
from __future__ import annotations

import json
import re
import urllib.parse
from html import unescape

import pytest
from cardscript.plugins import games
from cardscript.tools.facts import load_facts
from cardscript.tools.query import QueryError
from cardscript.tools.query_match import schema, schema_json, search
from cardscript.tools.render import render_set
from test_render_spoiler import Page

GAMES = sorted(games())

COMMON = [
    "a", "BOLT", '"of the"', "-a", "a or e", "a -e", "(a or e) -(i o)", "a and e or i",
    "--a", "-(-a)", 'name:"the "', "name=zzz", "id:-", 'text:"draw a card"', "o:draw",
    "text!=x", 'name:"quo\\"te"', "t:s", "kw:x", "type!=zzz",
    # errors: syntax, then meaning
    "a (", ")", "()", "a or", "or a", "- a", "a -", 'name:"x', "cost: 3", "and a",
    "(" * 51 + "a" + ")" * 51, "-" * 51 + "a", "x" * 1001, "", "zz:1", "nme:bolt",
    "name<3", "type:zzzzzz", "t:wondr", "kw:xyzzy-qqq", "a (b or", "a b ) c",
    # names every JavaScript object has: no field of any game
    "constructor:x", "__proto__:x", "constructor<3", "kw:__proto__", "name:constructor",
]


def game_queries(facts) -> list[str]:
    """Queries on every field of the game, derived from its card model: a good value and a
    bad one of each kind, so the table grows with the game."""
    out = []
    sch = schema(facts)
    for f in sch.fields.values():
        n = f.name
        if f.kind == "int":
            out += [f"{n}>=2", f"{n}<2", f"{n}=1", f"{n}:0", f"{n}!=1", f"-{n}>3", f"{n}<=x",
                    f"{n}>-1"]
        elif f.kind == "bool":
            out += [f"{n}:true", f"{n}=no", f"{n}!=yes", f"{n}:perhaps"]
        elif f.choices:
            first, last = f.choices[0], f.choices[-1]
            out += [f"{n}:{first}", f"{n}={last}", f"{n}!={first}", f"{n}:{last[:2]}",
                    f"{n}:{first[:1]}", f"{n}={first[:-1]}", f"{n}:{first[:-1]}x",
                    f"{n}:{first[1:]}", f"{n}>1"]
        else:
            out += [f"{n}:a", f"{n}=zz", f"{n}!=a", f"{n}:e"]
    out += [f"{a}:{sch.fields[n].choices[0] if sch.fields[n].choices else 'a'}"
            for a, n in sch.aliases.items()]
    out += [f"{n[:-1]}:1" for n in list(sch.fields)[3:]]  # typos of field names
    out += [f'kw:"{label}"' for label in sorted(sch.labels)[:5]]
    return out


def python_result(query, facts) -> dict:
    try:
        return {"ids": sorted(c.id for c in search(query, facts))}
    except QueryError as exc:
        return {"error": exc.message, "column": exc.column}


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = {}
    for game in GAMES:
        folder = tmp_path_factory.mktemp(game)
        cards = games()[game].cards_dir
        render_set([str(cards)], folder, game)
        out[game] = (folder / "index.html", load_facts([cards], game))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_facts_are_embedded_as_script_safe_json(pages, game):
    page, facts = pages[game]
    html = page.read_text(encoding="utf-8")
    blob = re.search(r'<script type="application/json" id="card-facts">(.*?)</script>', html,
                     re.DOTALL).group(1)
    assert "<" not in blob and ">" not in blob and "&" not in blob
    assert json.loads(blob) == json.loads(json.dumps(schema_json(facts)))


@pytest.mark.parametrize("game", GAMES)
def test_javascript_and_python_agree(browser, pages, game):
    page, facts = pages[game]
    queries = COMMON + game_queries(facts)
    url = page.as_uri() + "#qtest=" + urllib.parse.quote(json.dumps(queries))
    dom = Page(browser.dump_dom(url))
    got = json.loads(dom.body["data-qtest"])
    want = [python_result(q, facts) for q in queries]
    assert len(got) == len(queries)
    for q, g, w in zip(queries, got, want, strict=True):
        assert g == w, f"{game}: {q!r}: JavaScript {g} != Python {w}"
    # the table is not trivial: it has errors, empty and partial results
    counts = [len(w["ids"]) for w in want if "ids" in w]
    assert 0 in counts and any(0 < n < len(facts.cards) for n in counts)
    assert sum("error" in w for w in want) >= 20


def _visible(dom: Page) -> set[str]:
    return {i for i, c in dom.cards.items() if "is-visible" in c["classes"]
            and "is-hidden" not in c["classes"]}


@pytest.mark.parametrize(("game", "query"), [
    ("wonders", "t:wonder cost<=3 -kw:flying (orbital:solfera or power>=4)"),
    ("riftbound", "domain:fury or might>=5"),
    ("spellfire", "t:champion -champion_type:monster level>=5"),
])
def test_a_query_link_shows_the_matching_cards(browser, pages, game, query):
    page, facts = pages[game]
    want = {c.id for c in search(query, facts)}
    assert want and len(want) < len(facts.cards)
    dom = Page(browser.dump_dom(page.as_uri() + "#q=" + urllib.parse.quote(query)))
    assert _visible(dom) == want
    hidden = {i for i, c in dom.cards.items() if "is-hidden" in c["classes"]}
    assert hidden == {c.id for c in facts.cards} - want
    assert dom.body["data-visible"] == str(len(want)) and dom.body["data-query"] == query


def test_a_bad_query_shows_its_error_and_column(browser, pages):
    page, _ = pages["wonders"]
    html = browser.dump_dom(page.as_uri() + "#q=" + urllib.parse.quote("t:wonder orbitl:x"))
    dom = Page(html)
    assert dom.body["data-query-error"] == "unknown field 'orbitl' (did you mean 'orbital'?)"
    assert dom.body["data-query-column"] == "10"
    box = re.search(r'<div class="query-error" id="query-error"[^>]*>(.*?)</div>', html,
                    re.DOTALL).group(1)
    assert "hidden" not in re.search(r'<div class="query-error"[^>]*>', html).group(0)
    assert "at column 10" in unescape(box)
    assert "t:wonder orbitl:x\n" + " " * 9 + "^" in unescape(box)


def test_old_filter_links_and_facet_buttons(browser, pages):
    page, facts = pages["wonders"]
    dom = Page(browser.dump_dom(page.as_uri() + "#filter=type:spell,item;tier:primary"))
    assert dom.body["data-query"] == "(type:spell or type:item) tier:primary"
    assert _visible(dom) == {c.id for c in search("(t:spell or t:item) tier:primary", facts)}
    # every facet button writes a query that shows exactly its cards
    assert Page(browser.dump_dom(page.as_uri() + "#selftest")).body["data-selftest"] == "pass"


def test_hostile_card_data_stays_data(browser, tmp_path):
    """A card whose name and classes try to end the facts' script block or run code: the
    page's JSON stays intact and the search finds the card by that very name."""
    cards = tmp_path / "cards"
    cards.mkdir()
    # (no U+2028 in it any more: a printed field can't hold one, `check` refuses it: CS105)
    name = "</script><script>document.body.dataset.pwned='1'</script><!-- & \u00a0"
    (cards / "evil.card.yaml").write_text(
        f"id: evil\nname: {json.dumps(name)}\ntype: wonder\norbital: solfera\n"
        "tier: secondary\ncost: 1\npower: 1\nclasses: ['</SCRIPT x>']\n", encoding="utf-8")
    (cards / "plain.card.yaml").write_text(
        "id: plain\nname: Plain\ntype: wonder\norbital: solfera\ntier: secondary\ncost: 1\n"
        "power: 1\n", encoding="utf-8")
    render_set([str(cards)], tmp_path / "out", "wonders")
    page = tmp_path / "out" / "index.html"
    query = 'name:"</script>" class:"</script"'
    dom = Page(browser.dump_dom(page.as_uri() + "#q=" + urllib.parse.quote(query)))
    assert "data-pwned" not in dom.body and dom.body["data-query-error"] == ""
    assert _visible(dom) == {"evil"} and set(dom.cards) == {"evil", "plain"}


@pytest.mark.parametrize(("hash", "says"), [
    ("#qtest=" + urllib.parse.quote('{"q": "t:wonder"}'), "takes a JSON list of queries"),
    ("#qtest=" + urllib.parse.quote('[{"q": 1}'), "#qtest= is not JSON"),
    ("#qtest=%E0%A4%A", "#qtest= is not JSON"),
])
def test_a_crafted_test_link_is_a_message_and_the_page_still_filters(browser, pages, hash,
                                                                     says):
    """#qtest= reads JSON from the link: an object where a list of queries is expected, or
    no JSON at all, is said under the box; every card is shown and counted (before, the
    page stopped before filtering, without a word)."""
    page, facts = pages["wonders"]
    dom = Page(browser.dump_dom(page.as_uri() + hash))
    assert says in dom.body["data-query-error"]
    assert dom.body["data-visible"] == str(len(facts.cards)) == dom.body["data-total"]
    assert json.loads(dom.body["data-qtest"]) == {"error": dom.body["data-query-error"]}


def test_a_query_that_is_not_text_is_an_error_not_a_crash(browser, pages):
    page, facts = pages["wonders"]
    queries = [{"q": "t:wonder"}, ["t:wonder"], 3, None, True, "t:spell"]
    dom = Page(browser.dump_dom(page.as_uri() + "#qtest=" +
                                urllib.parse.quote(json.dumps(queries))))
    got = json.loads(dom.body["data-qtest"])
    assert [g.get("error") for g in got] == [
        "a query is text, not an object", "a query is text, not a list",
        "a query is text, not a number", "a query is text, not null",
        "a query is text, not a boolean", None]
    assert got[-1] == python_result("t:spell", facts)
    assert dom.body["data-query-error"] == "" and dom.body["data-visible"] == str(len(facts.cards))


def test_a_link_naming_an_object_property_is_an_unknown_field(browser, pages):
    """#q=constructor:x looked the field up on the schema's prototype (a function where a
    field was expected) and silently showed no card; it is an unknown field, as in Python."""
    page, facts = pages["wonders"]
    dom = Page(browser.dump_dom(page.as_uri() + "#q=" + urllib.parse.quote("constructor:x")))
    assert dom.body["data-query-error"] == "unknown field 'constructor'"
    assert dom.body["data-visible"] == str(len(facts.cards))
