"""`cardscript coverage` (issue 9, item 6): the rules index the game ships and how it is read
from the rules text; which clauses and keywords scenarios cite; which abilities random games
never resolve, and the designer's explained ones."""
from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest
from cardscript.plugins import load_game
from cardscript.tools.cli import main
from cardscript.tools.rules_index import FILE_NAME, clauses, index, load

ROOT = Path(__file__).resolve().parents[2]
#: the rules texts, beside the repository (shared/seeds) or where CARDSCRIPT_SEEDS says
SEEDS = Path(os.environ.get("CARDSCRIPT_SEEDS", ROOT.parent / "shared" / "seeds"))


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """A folder without tests/rulings (only the scenarios a test names count) and a cache."""
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(tmp_path)


def coverage(capsys, *argv) -> tuple[int, dict]:
    capsys.readouterr()
    rc = main(["coverage", "--json", *map(str, argv)])
    cap = capsys.readouterr()
    assert "Traceback" not in cap.out + cap.err
    return rc, json.loads(cap.out) if rc == 0 else {"err": cap.err}


def scenario(folder: Path, name: str, rule: str) -> Path:
    f = folder / f"{name}.scenario.yaml"
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(f'scenario: {name}\nrule: {rule}\nsetup: {{start: game}}\n', encoding="utf-8")
    return f


# -- the rules index ------------------------------------------------------------------------

def test_clauses_are_headings_and_the_steps_written_from_the_line_start():
    text = textwrap.dedent("""\
        4 Sequence of Play

        403 Steps of the Round

        • Steps of the round are:
          1. Beginning of Round
          2. Take Turns

        403.1 Beginning of Round

        1. The new realm opens.
        2. Add energy and actions.
           • Each player adds one energy for each round.
        404.3.2 Battle Timing
        1. On Attack step — Once you declare an attack, any of your cards trigger.
        """)
    assert clauses(text) == [("403", "Steps of the Round"), ("403.1", "Beginning of Round"),
                             ("403.1.1", "The new realm opens"),
                             ("403.1.2", "Add energy and actions"),
                             ("404.3.2", "Battle Timing"), ("404.3.2.1", "On Attack step")]


def test_the_index_writer_refuses_what_is_not_a_rules_text(tmp_path, capsys):
    from cardscript.tools.rules_index import main as write_index
    latin = tmp_path / "503.txt"
    latin.write_bytes(b"503 Caf\xe9\n")
    assert write_index(["/dev/zero"]) == 1 and write_index([str(latin)]) == 1
    err = capsys.readouterr().err
    assert "/dev/zero:1:1: CS002 cannot read file: a character device" in err
    assert f"{latin}:1:1: not UTF-8 (byte 0xe9)" in err


def test_the_shipped_index_is_the_one_the_rules_texts_give():
    sections = sorted(SEEDS.glob("000_*.txt")) + sorted(SEEDS.glob("002_*.txt"))
    if len(sections) != 2:
        pytest.skip(f"the rules texts (sections 4 and 5) are not at {SEEDS}")
    shipped = load(load_game("wonders").cards_dir / FILE_NAME)
    assert shipped == index(p.read_text(encoding="utf-8") for p in sections)
    numbers = [n for n, _ in shipped]
    assert {f"40{i}" for i in range(1, 6)} | {f"5{i:02}" for i in range(1, 12)} <= set(numbers)
    assert "403.1.3" in numbers and "404.3.2.6" in numbers


def test_the_index_is_package_data_beside_the_bundled_cards():
    spec = load_game("wonders")
    entries = load(spec.cards_dir / FILE_NAME)
    assert ("501.1", "Targeting") in entries and len({n for n, _ in entries}) == len(entries)


# -- clauses and keywords -------------------------------------------------------------------

def test_a_clause_is_covered_by_a_citation_of_it_or_of_a_sub_clause(tmp_path, capsys):
    mine = tmp_path / "mine"
    scenario(mine, "round-start", '["403.1.3", "rulebook: Flying"]')
    scenario(mine, "targets", '"501.1"')
    scenario(mine, "seeking", '["keyword: seek", "rulebook: On Arrival"]')
    rc, r = coverage(capsys, mine, "--games", "0")
    assert rc == 0
    cited = {c["number"]: c["scenarios"] for c in r["clauses"]}
    assert cited["403.1.3"] == cited["403.1"] == cited["403"] == ["round-start"]
    assert cited["403.1.2"] == [] and cited["403.2"] == []
    assert cited["501"] == cited["501.1"] == ["targets"]
    assert cited["502"] == []
    keywords = {k["name"]: k for k in r["keywords"]}
    assert keywords["flying"]["scenarios"] == ["round-start"]
    assert keywords["seek"]["scenarios"] == ["seeking"]
    assert keywords["deathstrike"]["scenarios"] == []
    s = r["summary"]
    assert s["clauses_covered"] == 5 and s["keywords_covered"] == 2


def test_a_citation_of_no_clause_is_named(tmp_path, capsys):
    scenario(tmp_path / "mine", "typo", '["404.6", "403.1"]')
    rc, r = coverage(capsys, tmp_path / "mine", "--games", "0")
    assert r["unknown_clauses"] == [{"number": "404.6", "scenarios": ["typo"]}]
    capsys.readouterr()
    main(["coverage", str(tmp_path / "mine"), "--games", "0"])
    assert "no clause 404.6 in the rules, cited by typo" in capsys.readouterr().out


def test_every_keyword_of_the_registry_is_listed_planned_ones_marked(capsys):
    registry = load_game("wonders").registry
    rc, r = coverage(capsys, "--games", "0")
    planned = {n for k, n in registry.planned if k == "keyword"}
    assert {k["name"] for k in r["keywords"]} == set(registry.names("keyword")) | planned
    assert {k["name"] for k in r["keywords"] if k["planned"]} == planned


def test_the_table_shows_uncovered_clauses_and_a_summary(tmp_path, capsys):
    scenario(tmp_path / "mine", "targets", '"501.1"')
    capsys.readouterr()
    assert main(["coverage", str(tmp_path / "mine"), "--games", "0"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "Endless Loops" in line)
    assert "503" in row and "uncovered" in row
    row = next(line for line in out.splitlines() if "│ 501.1 " in line)
    assert "targets" in row
    assert out.rstrip().splitlines()[-1].startswith("clauses: 2/")


def test_the_bundled_rulings_count_when_run_from_the_repository(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rc, r = coverage(capsys, "--games", "0")
    cited = {c["number"]: c["scenarios"] for c in r["clauses"]}
    assert "501-1-cairnvox" in cited["501.1"]
    assert "404-3-2-flying-at-end-of-battle" in cited["404.3.2.6"]


# -- abilities ------------------------------------------------------------------------------

def test_abilities_of_the_decks_resolve_in_random_games_and_the_count_is_seeded(capsys):
    rc, r = coverage(capsys, "--games", "20", "--seed", "3")
    rows = {(a["card"], a["ability"]): a for a in r["abilities"]}
    assert rows[("chained-crow", "flying")]["status"] in ("resolved", "dead")
    resolved = [a for a in r["abilities"] if a["status"] == "resolved"]
    assert resolved and all(a["resolutions"] > 0 for a in resolved)
    # cards in neither bundled deck are not counted as dead
    assert rows[("banner-squire", "rally")]["status"] == "unplayed"
    again = coverage(capsys, "--games", "20", "--seed", "3")[1]
    assert again["abilities"] == r["abilities"] and r["errors"] == 0
    # the counting names this run's abilities apart only: the pool's keep their names
    from cardscript.tools.common import pool_with
    pool = pool_with("wonders")
    assert all("#" not in ab.name for c in pool.cards.values() for ab in c.program.abilities)


@pytest.mark.parametrize("game", ["riftbound", "spellfire"])
def test_the_count_plays_every_game_s_random_games_without_an_error(capsys, game):
    """Counting leaves the rules as they are: a Riftbound rule that reads an effect's own
    fields (an Add ability's domain) sees the effect itself."""
    r = coverage(capsys, "--game", game, "--games", "20", "--seed", "1")[1]
    assert r["errors"] == 0
    assert any(a["status"] == "resolved" for a in r["abilities"])


@pytest.mark.parametrize("game", ["riftbound", "spellfire", "wonders"])
def test_a_static_ability_in_a_deck_is_never_dead(game):
    """A static ability never resolves (it applies while its card is in play): a deck card's
    static ability is reported as static, with no game played, where any other is dead."""
    from cardscript.cardpool import CardPool
    from cardscript.tools.coverage import Explained, ability_coverage
    pool = CardPool.bundled(game)
    cards = list(pool.cards.values())
    static = [c for c in cards if any(getattr(a.trigger, "continuous", False)
                                      for a in c.program.abilities)]
    assert static, "every game bundles a card with a static ability"
    deck = static + [c for c in cards if c not in static]
    r = ability_coverage(pool, [(("a", deck), ("b", deck))], 0, 1, Explained())
    statuses = {(row["card"], row["trigger"]): row["status"] for row in r["abilities"]}
    assert all(statuses[(c.id, "static")] == "static" for c in static)
    assert "dead" in statuses.values()  # the others, with no game played


def test_dead_and_explained_abilities(tmp_path, capsys):
    explained = tmp_path / "coverage.yaml"
    explained.write_text(textwrap.dedent("""\
        expected_dead:
          - {card: chained-crow, ability: deathstrike, reason: "needs a won or tied battle"}
          - {card: cairnvox-soulforger, ability: 1, reason: "needs a Wonder in The Abyss"}
        """), encoding="utf-8")
    # no game played: every ability of the decks' cards is dead unless explained
    rc, r = coverage(capsys, "--games", "0", "--explained", explained)
    assert rc == 0
    rows = {(a["card"], a["ability"]): a for a in r["abilities"]}
    assert rows[("chained-crow", "deathstrike")]["status"] == "explained"
    assert rows[("chained-crow", "deathstrike")]["reason"] == "needs a won or tied battle"
    assert rows[("chained-crow", "flying")]["status"] == "dead"
    assert rows[("cairnvox-soulforger", "1")]["status"] == "explained"
    assert r["summary"]["abilities_resolved"] == 0 and r["summary"]["abilities_explained"] == 2
    capsys.readouterr()
    assert main(["coverage", "--games", "0", "--explained", str(explained)]) == 0
    out = capsys.readouterr().out
    line = next(li for li in out.splitlines() if "chained-crow" in li and "flying" in li)
    assert "dead" in line
    line = next(li for li in out.splitlines() if "chained-crow" in li and "deathstrike" in li)
    assert "explained: needs a" in line  # the reason, wrapped in its cell


def test_a_wrong_explained_entry_is_an_error_at_its_place(tmp_path, capsys):
    explained = tmp_path / "coverage.yaml"
    explained.write_text(textwrap.dedent("""\
        expected_dead:
          - {card: chained-crow, ability: 3, reason: "x"}
          - {card: chained-cro, ability: 1, reason: "x"}
        """), encoding="utf-8")
    capsys.readouterr()
    rc = main(["coverage", "--games", "0", "--explained", str(explained)])
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err
    assert f"{explained}:2:35: CS105 'chained-crow' has no ability '3'; it has: deathstrike, " \
           "flying" in err
    assert f"{explained}:3:12: CS500 unknown card 'chained-cro' (did you mean " \
           "'chained-crow'?)" in err
