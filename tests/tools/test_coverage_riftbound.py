"""`cardscript coverage --game riftbound` (issue 10, "every rule number named in the seed
cited by at least one" scenario): Riftbound's hand-written rules index holds exactly what its
rules texts name, and the bundled scenarios cite every clause and every keyword not planned.

Unlike Wonders' index (read from numbered headings by :mod:`cardscript.tools.rules_index`),
the seed names its rules as start-sequence steps, phases with their Core Rules numbers and
named states, so the index is written by hand and checked here both ways against the texts."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from cardscript.plugins import load_game
from cardscript.tools.cli import main
from cardscript.tools.coverage import rules_coverage
from cardscript.tools.rules_index import FILE_NAME, load

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
SEEDS = Path(os.environ.get("CARDSCRIPT_SEEDS", SHARED / "seeds"))
NOTES = SHARED / "rules-notes" / "riftbound.md"


def _index() -> list[tuple[str, str]]:
    return load(load_game("riftbound").cards_dir / FILE_NAME)


def _seed() -> str:
    found = sorted(SEEDS.glob("004_*.txt"))
    if not found or not NOTES.is_file():
        pytest.skip(f"the Riftbound rules texts are not at {SEEDS} and {NOTES}")
    return found[0].read_text(encoding="utf-8")


def _seed_names(seed: str) -> set[str]:
    """What the seed names, as the scenarios cite it: `seed N` for the start sequence's
    steps, the Core Rules number of each phase, `seed Name` for the states and priorities."""
    lines = [line.strip() for line in seed.splitlines()]
    start = lines[: lines.index("The six phases")]
    names = {f"seed {m[1]}" for line in start if (m := re.match(r"^(\d+)\. ", line))}
    names |= set(re.findall(r"Core Rules ([0-9.]+)", seed))
    legal = lines[lines.index("Which cards are legal right now"):
                  lines.index("The cleanup you never see")]
    names |= {f"seed {line}" for line in legal if re.fullmatch(r"[A-Z][a-z]+", line)}
    return names


def test_the_index_names_everything_the_seed_names():
    seed = _seed()
    named = _seed_names(seed)
    assert {"seed 1", "seed 10", "315.1", "317", "seed Open", "seed Focus"} <= named
    assert named <= {n for n, _ in _index()}


def test_every_entry_of_the_index_is_in_the_seed_or_the_rules_notes():
    seed, notes = _seed(), NOTES.read_text(encoding="utf-8")
    named = _seed_names(seed)
    for number, title in _index():
        if number in named:
            assert title in seed, (number, title)
        else:  # the baseline's number of a rule the seed names without one (rules notes)
            top = int(number.split(".")[0])
            assert title in notes and any(  # "(356)", or a block "(333–340)"
                int(lo) <= top <= int(hi or lo)
                for lo, hi in re.findall(r"\((\d+)(?:–(\d+))?\)", notes)), (number, title)


def test_a_named_clause_is_cited_as_written():
    with_index = SimpleNamespace(cards_dir=load_game("riftbound").cards_dir,
                                 registry=load_game("riftbound").registry)
    r = rules_coverage(with_index, {"a.scenario.yaml": ["seed 10", "seed Focus", "315.2.1"]})
    cited = {c["number"]: c["scenarios"] for c in r["clauses"]}
    assert cited["seed 10"] == cited["seed Focus"] == cited["315.2"] == ["a"]
    assert cited["seed 1"] == [] and cited["seed Open"] == []
    assert r["unknown_clauses"] == [{"number": "315.2.1", "scenarios": ["a"]}]


def test_the_bundled_scenarios_cite_every_clause_and_every_keyword_not_planned(
        tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(ROOT)
    capsys.readouterr()
    assert main(["coverage", "--game", "riftbound", "--json", "--games", "0"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert [c["number"] for c in r["clauses"] if not c["scenarios"]] == []
    assert [c["number"] for c in r["clauses"]] == [n for n, _ in _index()]
    registry = load_game("riftbound").registry
    planned = {n for kind, n in registry.planned if kind == "keyword"}
    keywords = {k["name"]: k for k in r["keywords"]}
    assert set(keywords) == set(registry.names("keyword")) | planned
    assert [k for k, row in keywords.items() if not row["scenarios"] and k not in planned] == []
    assert {k for k, row in keywords.items() if row["planned"]} == planned
    s = r["summary"]
    assert s["clauses_covered"] == s["clauses"] and s["keywords_covered"] == s["keywords"]
    assert s["keywords_planned"] == len(planned)
