"""`cardscript balance`: the intervals against published values, the pairing (each seed
twice, seats swapped, agents following their decks), the per-card metrics and outliers from
hand-made records, --compare, the command end to end for every installed game, the same
report on two processes as on one, and the page in a real browser."""
from __future__ import annotations

import csv
import json
import os
import shutil
import struct
from collections import Counter
from pathlib import Path

import pytest
from cardscript.plugins import games
from cardscript.tools.balance import Pairing, balance, pairs_of
from cardscript.tools.balance.stats import Tally, compare, deck_iwd, difference, wilson
from cardscript.tools.cli import main
from cardscript.tools.common import load_decks, pool_with
from cardscript.tools.records import RANDOM

ARTIFACTS = Path(__file__).parent / "artifacts"


# -- the statistics ------------------------------------------------------------------------

@pytest.mark.parametrize("wins, n, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718), (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775)])
def test_wilson_interval_known_values(wins, n, low, high):
    got = wilson(wins, n)
    assert got is not None
    assert got == pytest.approx((low, high), abs=5e-5)


def test_difference_interval_known_values():
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", method 10, examples (a) and (b)
    assert difference(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=5e-5)
    assert difference(9, 10, 3, 10) == pytest.approx((0.1705, 0.8090), abs=5e-5)
    assert wilson(0, 0) is None and difference(1, 2, 0, 0) is None


# -- the pairing ---------------------------------------------------------------------------

def test_pairs_and_paired_seeds_with_seat_swaps():
    assert pairs_of(1) == ((0, 0),)
    assert pairs_of(3) == ((0, 1), (0, 2), (1, 2))
    plan = Pairing(pairs_of(3), games=4, names=("A", "B", "C"),
                   agents=(("greedy", ()), ("random", ())))
    assert plan.total == 3 * 2 * 4
    by_pair_seed: dict = {}
    for i in range(plan.total):
        decks, names, agents, k = plan.seats(i)
        by_pair_seed.setdefault((frozenset(decks), k), []).append((decks, names, agents))
    assert len(by_pair_seed) == 3 * 4
    for played in by_pair_seed.values():
        assert len(played) == 2  # each seed twice ...
        (d1, n1, a1), (d2, n2, a2) = played
        assert d2 == d1[::-1] and n2 == n1[::-1]  # ... with the seats swapped
        assert a2 == a1[::-1]  # and the agents follow their decks
        first_deck = min(d1)  # the pair's first deck plays the first agent
        assert dict(zip(d1, a1, strict=True))[first_deck][0] == "greedy"
    mirror = Pairing(pairs_of(1), games=1, names=("A",), agents=(("random", ()), ("random", ())))
    assert [mirror.seats(i)[1] for i in range(2)] == [("A", "A (2)"), ("A (2)", "A")]


# -- metrics from hand-made records --------------------------------------------------------

def _rec(winner, seats=("A", "B"), first="A", cards=(), abilities=(), outcome=None):
    return {"decks": list(seats), "winner": winner, "first": first,
            "outcome": outcome or ("draw" if winner is None else "win"),
            "cards": [{"deck": d, "card": c, "opening_hand": oh, "drawn": dr, "played": pl}
                      for d, c, oh, dr, pl in cards],
            "abilities": [{"deck": d, "card": c, "ability": a, "count": 1}
                          for d, c, a in abilities]}


def _tally():
    return Tally({"A": ["x", "x", "y"], "B": ["z"]},
                 {"x": ["on_play"], "y": ["on_play", "on_play", "harvest"], "z": ["flying"]})


def test_metrics_from_hand_made_records():
    t = _tally()
    t.add(_rec("A", cards=[("A", "x", 1, 0, 1), ("B", "z", 0, 1, 0)],
               abilities=[("A", "x", "on_play")]))
    t.add(_rec("B", seats=("B", "A"), first="B", cards=[("A", "x", 0, 2, 0),
                                                        ("A", "y", 1, 0, 1)]))
    t.add(_rec("A", cards=[("A", "y", 0, 1, 1)], abilities=[("A", "y", "harvest")]))
    t.add(_rec(None, first="B"))  # a draw: half a win each
    t.add(_rec(None, outcome="error"))  # left out of every figure
    assert (t.games, t.errors, t.draws) == (5, 1, 1)
    s = t.summary()
    # the first player won the first three games and drew the fourth
    assert s["first_player"]["games"] == 4 and s["first_player"]["wins"] == 3.5
    a = next(d for d in s["decks"] if d["deck"] == "A")
    assert (a["games"], a["wins"]) == (4, 2.5)
    (cell,) = t.matrix()
    assert (cell["deck"], cell["opponent"], cell["games"], cell["wins"]) == ("A", "B", 4, 2.5)
    rows = {(r["deck"], r["card"]): r for r in t.card_rows()}
    x = rows[("A", "x")]
    assert x["copies"] == 2
    assert (x["opening_hand"]["games"], x["opening_hand"]["wins"]) == (1, 1.0)
    assert (x["drawn"]["games"], x["drawn"]["wins"]) == (1, 0.0)
    assert (x["in_hand"]["games"], x["in_hand"]["wins"]) == (2, 1.0)
    assert (x["played"]["games"], x["played"]["wins"]) == (1, 1.0)
    assert (x["not_seen"]["games"], x["not_seen"]["wins"]) == (2, 1.5)  # games 3 and 4
    assert x["iwd"]["value"] == pytest.approx(1.0 / 2 - 1.5 / 2)
    lo, hi = difference(1.0, 2, 1.5, 2)
    assert (x["iwd"]["low"], x["iwd"]["high"]) == (lo, hi)
    z = rows[("B", "z")]
    assert (z["in_hand"]["games"], z["in_hand"]["wins"]) == (1, 0.0)
    assert (z["not_seen"]["games"], z["not_seen"]["wins"]) == (3, 1.5)
    dead = {(d["card"], d["ability"], d["abilities"]) for d in t.dead_text()}
    assert dead == {("y", "on_play", 2), ("z", "flying", 1)}


def test_a_static_ability_is_dead_text_only_if_its_card_was_never_played():
    t = Tally({"A": ["lamp", "dust"], "B": []}, {"lamp": ["static"], "dust": ["static"]},
              {"lamp": {"static"}, "dust": {"static"}})
    t.add(_rec("A", cards=[("A", "lamp", 1, 0, 1), ("A", "dust", 1, 0, 0)]))
    assert [(d["card"], d["ability"]) for d in t.dead_text()] == [("dust", "static")]


def test_mirror_counts_both_copies_for_the_deck():
    t = Tally({"A": ["x"]}, {"x": []})
    t.add(_rec("A", seats=("A", "A (2)"), cards=[("A (2)", "x", 1, 0, 0)]))
    t.add(_rec("A", seats=("A (2)", "A"), first="A (2)", cards=[("A", "x", 0, 1, 0)]))
    (cell,) = t.matrix()
    assert (cell["deck"], cell["opponent"], cell["rate"]) == ("A", "A (2)", 1.0)
    (row,) = t.card_rows()
    assert row["in_hand"]["games"] == 2 and row["in_hand"]["wins"] == 1.0
    assert t.summary()["decks"][0]["games"] == 4


def test_outliers_lie_wholly_above_or_below_the_decks_reference():
    t = Tally({"A": ["hot", "cold", "plain"], "B": ["z"]}, {})
    for i in range(80):
        won = i % 2 == 0
        cards = [("A", "plain", 1, 0, 0)]
        if (won and i % 4 == 0) or (not won and i % 4 == 3):
            cards = []  # plain: in hand in about half of each
        cards.append(("A", "hot" if won else "cold", 1, 0, 0))
        t.add(_rec("A" if won else "B", cards=cards))
    rows = {r["card"]: r for r in t.card_rows()}
    ref = deck_iwd(rows.values())
    assert ref is not None
    hot, cold, plain = rows["hot"], rows["cold"], rows["plain"]
    assert hot["iwd"]["value"] == 1.0 and cold["iwd"]["value"] == -1.0
    assert hot["iwd"]["low"] > ref and hot["flag"] == "strong"
    assert cold["iwd"]["high"] < ref and cold["flag"] == "weak"
    assert plain["iwd"]["low"] <= ref <= plain["iwd"]["high"] and plain["flag"] is None


def _report(rate, low, high, cards, first=(0.5, 0.45, 0.55), digests=None):
    fig = {"games": 100, "rate": first[0], "low": first[1], "high": first[2]}
    return {"matrix": [{"deck": "A", "opponent": "B", "games": 100, "rate": rate,
                        "low": low, "high": high}],
            "summary": {"first_player": fig, "decks": [{"deck": "A", **fig}]},
            "cards": [{"deck": "A", "card": c, "copies": n,
                       "in_hand": {"rate": 0.5, "low": 0.4, "high": 0.6},
                       "iwd": {"value": v, "low": v - 0.1, "high": v + 0.1}}
                      for c, n, v in cards],
            "digests": digests or {}}


def test_compare_reports_moved_rates_and_card_changes():
    old = _report(0.40, 0.35, 0.45, [("x", 2, 0.0), ("y", 1, 0.0), ("gone", 1, 0.0)],
                  digests={"x": "1", "y": "1"})
    new = _report(0.52, 0.47, 0.57, [("x", 3, 0.0), ("y", 1, 0.3), ("fresh", 1, 0.0)],
                  digests={"x": "1", "y": "2"})
    c = compare(old, new)
    moved = {m["what"]: m for m in c["moved"]}
    assert set(moved) == {"A against B", "y (A): improvement when drawn"}
    assert moved["A against B"]["old"]["rate"] == 0.40
    assert moved["A against B"]["new"]["rate"] == 0.52
    assert c["added"] == [{"deck": "A", "card": "fresh"}]
    assert c["removed"] == [{"deck": "A", "card": "gone"}]
    assert c["copies"] == [{"deck": "A", "card": "x", "old": 2, "new": 3}]
    assert c["changed_text"] == ["y"]
    # overlapping intervals are no change
    assert compare(old, _report(0.44, 0.39, 0.49, [("x", 2, 0.0)]))["moved"] == []


# -- the command ---------------------------------------------------------------------------

def _read(out: Path) -> tuple[dict, list[dict], list[dict], list[dict]]:
    doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
    with open(out / "cards.csv", encoding="utf-8") as f:
        cards = list(csv.DictReader(f))
    with open(out / "matrix.csv", encoding="utf-8") as f:
        matrix = list(csv.DictReader(f))
    recs = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    return doc, cards, matrix, recs


@pytest.mark.parametrize("game", sorted(games()))
def test_balance_end_to_end(game, tmp_path, capsys):
    spec = games()[game]
    out = tmp_path / "report"
    assert main(["balance", "--game", game, "--games", "3", "--jobs", "1", "--seed", "5",
                 "--out", str(out), "--no-progress"]) == 0
    doc, cards, matrix, recs = _read(out)
    pool = pool_with(game)
    decks = load_decks(pool, None)
    names = [n for n, _ in decks]
    assert doc["decks"] == names and doc["agents"] == ["random", "random"]
    assert len(recs) == doc["summary"]["games"] == 2 * 3
    assert Counter(r["seed"] for r in recs) == {s: 2 for s in {r["seed"] for r in recs}}
    for r1, r2 in zip(recs[::2], recs[1::2], strict=True):
        assert r1["seed"] == r2["seed"] and r2["decks"] == r1["decks"][::-1]
    wins = sum(r["winner"] == names[0] for r in recs) + 0.5 * sum(
        r["winner"] is None and r["outcome"] != "error" for r in recs)
    assert [(m["deck"], m["opponent"], float(m["wins"])) for m in matrix] == \
        [(names[0], names[1], wins)]
    assert {(r["deck"], r["card"]) for r in cards} == \
        {(n, c.id) for n, deck in decks for c in deck}
    assert "not metagame data" in doc["label"]
    own = f"no {spec.title.split(' (')[0]} metagame statistics are produced or stored"
    assert (own in doc["label"]) == bool(spec.extra.get("sample_cards"))
    html = (out / "report.html").read_text(encoding="utf-8")
    assert doc["label"].replace("'", "&#39;") in html
    assert "<link" not in html and "http://" not in html and "https://" not in html
    printed = capsys.readouterr().out
    assert "report.html" in printed and "not metagame data" in printed


def test_a_mirror_reads_exactly_half(tmp_path, capsys):
    """One deck against itself with one agent: each seed's two games are the same game
    with the seats swapped, so each copy wins one of them."""
    out = tmp_path / "mirror"
    assert main(["balance", "skyforge-wilds", "--games", "6", "--jobs", "1",
                 "--out", str(out), "--no-progress"]) == 0
    doc, _, matrix, recs = _read(out)
    (cell,) = doc["matrix"]
    assert (cell["deck"], cell["opponent"]) == ("Skyforge Wilds", "Skyforge Wilds (2)")
    assert cell["rate"] == 0.5 and cell["games"] == 12
    for r1, r2 in zip(recs[::2], recs[1::2], strict=True):
        assert r1["winner"] != r2["winner"]


def test_agents_come_from_the_plugins_registry_and_follow_their_decks(tmp_path, capsys,
                                                                     monkeypatch):
    """With an agent registry (``cardscript.plugins.agents()``), --agents names its agents:
    the first plays each pair's first deck, in whichever seat, and the records say so."""
    from cardscript.decisions import FirstLegalAgent, RandomAgent
    class First(FirstLegalAgent):
        OPTIONS: dict = {}

        def __init__(self, seed: int = 0):
            pass

    import cardscript.agents
    registry = {"random": RandomAgent, "first": First}
    monkeypatch.setattr(cardscript.agents, "agents", lambda: registry)
    out = tmp_path / "agents"
    assert main(["balance", "--games", "3", "--jobs", "1", "--agents", "first", "random",
                 "--out", str(out), "--no-progress"]) == 0
    doc, _, _, recs = _read(out)
    assert doc["agents"] == ["first", "random"]
    assert "first and random agents" in doc["label"]
    first_deck = doc["decks"][0]
    for r in recs:
        assert r["agents"][r["decks"].index(first_deck)] == "first"
    assert {tuple(r["agents"]) for r in recs} == {("first", "random"), ("random", "first")}
    # the agents named play: the same seeds with random agents alone play other games
    assert main(["balance", "--games", "3", "--jobs", "1", "--out", str(tmp_path / "random"),
                 "--no-progress"]) == 0
    plain = _read(tmp_path / "random")[3]
    assert [r["decisions"] for r in recs] != [r["decisions"] for r in plain]
    assert main(["balance", "--agents", "nobody", "--out", str(out)]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err


def test_two_processes_write_the_same_report(tmp_path):
    from cardscript.tools.simjobs import Workers
    pool = pool_with("wonders")
    decks = load_decks(pool, None)
    one = balance(pool, decks, 24, RANDOM, 3, tmp_path / "one", jobs=1,
                  progress=False)
    workers = Workers(1, "wonders", (), None)
    try:
        two = balance(pool, decks, 24, RANDOM, 3, tmp_path / "two", jobs=2,
                      progress=False, workers=workers)
    finally:
        workers.close()
    assert one["summary"]["games"] == two["summary"]["games"] == 48
    for name in ("report.json", "cards.csv", "matrix.csv", "games.jsonl", "report.html"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_compare_end_to_end(tmp_path, capsys):
    old, new = tmp_path / "old", tmp_path / "new"
    assert main(["balance", "--games", "4", "--jobs", "1", "--out", str(old),
                 "--no-progress"]) == 0
    assert main(["balance", "skyforge-wilds", "ironroot-legion", "--games", "4", "--jobs",
                 "1", "--out", str(new), "--no-progress", "--compare",
                 str(old / "report.json")]) == 0
    doc = json.loads((new / "report.json").read_text(encoding="utf-8"))
    assert doc["compared_with"] == str(old / "report.json")
    assert doc["compare"]["decks_added"] == ["Ironroot Legion"]
    assert doc["compare"]["decks_removed"] == ["Umbral Dawn"]
    assert "Changes since" in (new / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("argv, message", [
    (["--agents", "nobody"], "unknown agent 'nobody'"),
    (["--agents", "random", "random", "random"], "one or two names"),
    (["--games", "0"], "--games must be at least 1"),
    (["skyforge-wilds", "skyforge-wilds"], "two decks share a name"),
])
def test_bad_usage(argv, message, tmp_path, capsys):
    assert main(["balance", *argv, "--out", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.fixture(scope="module")
def old_report(tmp_path_factory) -> dict:
    """A real report.json of a small run, to mutate."""
    out = tmp_path_factory.mktemp("old") / "report"
    assert main(["balance", "--games", "1", "--jobs", "1", "--out", str(out),
                 "--no-progress"]) == 0
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


_FIG = {"deck": "A", "opponent": "B", "games": 2, "wins": 1, "rate": 0.5}


def _deep(doc: dict) -> dict:
    doc["summary"]["first_player"] = json.loads("[" * 100 + "]" * 100)
    return doc


def _set(path: str, value):
    def mutate(doc: dict) -> dict:
        *parents, last = path.split(".")
        node = doc
        for k in parents:
            node = node[int(k)] if isinstance(node, list) else node[k]
        key = int(last) if isinstance(node, list) else last
        if value is KeyError:
            del node[key]
        else:
            node[key] = value
        return doc
    return mutate


@pytest.mark.parametrize("mutate, at, says", [
    (_set("format", "something else"), "at format", "Input should be"),
    (_set("matrix.0.low", "0.3"), "at matrix.0.low", "valid number"),
    (_set("summary.first_player", KeyError), "at summary.first_player", "CS104"),
    (_set("cards.0.iwd", {"value": 0.1, "low": 0.0, "high": None}), "at cards.0.iwd",
     "both ends"),
    (_set("matrix.0", {**_FIG, "low": 0.6, "high": 0.4}), "at matrix.0", "low end lies"),
    (_set("cards.1.copies", 10**30), "at cards.1.copies", "less than or equal"),
    (_set("summary.decks.0.rate", 1e300), "at summary.decks.0.rate", "less than or equal"),
    (_set("digests", ["x"]), "at digests", "valid dictionary"),
    (_deep, "", "nested more than 64 deep"),
])
def test_a_bad_compare_report_is_refused_before_any_game(tmp_path, capsys, old_report,
                                                          mutate, at, says):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(mutate(json.loads(json.dumps(old_report)))), encoding="utf-8")
    out = tmp_path / "o"
    assert main(["balance", "--out", str(out), "--no-progress", "--compare", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:1:1: CS") and "Traceback" not in err
    assert at in err and says in err, err
    assert not out.exists()  # refused before any game


@pytest.mark.parametrize("make, kind", [
    (lambda p: p.symlink_to("/dev/zero"), "a character device"),
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: p.write_bytes(b"\x00" * 1_000_001), "larger than 1000000 bytes"),
    (lambda p: p.write_bytes(b'{"format": "cardscript-balance-report/1", '), "JSON error"),
])
def test_a_compare_file_that_cannot_be_read_is_bad_input(tmp_path, capsys, make, kind):
    f = tmp_path / "old.json"
    make(f)
    out = tmp_path / "o"
    assert main(["balance", "--out", str(out), "--no-progress", "--compare", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{f}:1:") and kind in err and "Traceback" not in err
    assert not out.exists()
    assert main(["balance", "--out", str(out), "--compare", str(tmp_path / "none")]) == 2


# -- in a real browser ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def report_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("balance")
    assert main(["balance", "--games", "10", "--jobs", "1", "--out", str(out),
                 "--no-progress"]) == 0
    return out / "report.html"


def test_report_in_a_browser(browser, report_page, tmp_path):
    dom = browser.dump_dom(report_page.as_uri())
    assert 'data-ready="yes"' in dom  # the page's script ran
    assert "Deck against deck" in dom and "First-player advantage" in dom
    shot = browser.screenshot(report_page.as_uri(), tmp_path / "balance.png")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1280, 2000)
    # a blank page compresses to a few kilobytes; tables of figures do not
    assert len(data) > 100_000, f"screenshot looks blank ({len(data)} bytes)"
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "balance.png")
