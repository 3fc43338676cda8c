"""`cardscript coverage --game spellfire` (issue 11: "every paragraph of the seed cited by at
least one" scenario): Spellfire's hand-written rules index numbers every paragraph of the seed
(``seed N``) and names the sections of the rules notes (``notes N``), and the bundled
scenarios cite every paragraph of the seed.

The seed has no numbered rules: a paragraph is a non-empty line, its headings are the short
lines without sentence punctuation, and ``seed N`` is the N-th paragraph that is not a
heading (cardscripts/spellfire/rules-index.yaml says so at its top)."""
from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from cardscript.plugins import load_game
from cardscript.tools.coverage import citations, rules_coverage
from cardscript.tools.rules_index import FILE_NAME, load

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
SEEDS = Path(os.environ.get("CARDSCRIPT_SEEDS", SHARED / "seeds"))
NOTES = SHARED / "rules-notes" / "spellfire.md"


def _index() -> list[tuple[str, str]]:
    return load(load_game("spellfire").cards_dir / FILE_NAME)


def _texts() -> tuple[str, str]:
    found = sorted(SEEDS.glob("001_*.txt"))
    if not found or not NOTES.is_file():
        pytest.skip(f"the Spellfire rules texts are not at {SEEDS} and {NOTES}")
    return found[0].read_text(encoding="utf-8"), NOTES.read_text(encoding="utf-8")


def _paragraphs(seed: str) -> list[tuple[str, str]]:
    """(heading, text) of each paragraph of the seed that is not a heading, in order."""
    out: list[tuple[str, str]] = []
    heading = ""
    for line in seed.splitlines():
        line = line.strip()  # a line of a lone no-break space is empty too
        if not line:
            continue
        if len(line) < 40 and not re.search(r"[.!?:]", line):
            heading = line
            continue
        out.append((heading, line))
    return out


def test_the_index_numbers_every_paragraph_of_the_seed():
    seed, _ = _texts()
    paragraphs = _paragraphs(seed)
    assert len(paragraphs) > 20  # the reading of the text still finds its paragraphs
    seeds = [(n, t) for n, t in _index() if n.startswith("seed ")]
    assert [n for n, _ in seeds] == [f"seed {i}" for i in range(1, len(paragraphs) + 1)]
    for (number, title), (heading, text) in zip(seeds, paragraphs, strict=True):
        head, _, opening = title.partition(": ")
        assert head == heading, (number, title)
        assert text.startswith(opening.removesuffix("…")), (number, title)


def test_the_index_names_the_sections_of_the_rules_notes():
    _, notes = _texts()
    sections = re.findall(r"^## (\d+)\. (.+)$", notes, re.M)
    assert [(n, t) for n, t in _index() if n.startswith("notes ")] == \
        [(f"notes {n}", t.strip()) for n, t in sections]


def test_a_paragraph_is_cited_as_written():
    game = load_game("spellfire")
    spec = SimpleNamespace(cards_dir=game.cards_dir, registry=game.registry)
    r = rules_coverage(spec, {"a.scenario.yaml": ["seed 3", "notes 6"]})
    cited = {c["number"]: c["scenarios"] for c in r["clauses"]}
    assert cited["seed 3"] == cited["notes 6"] == ["a"]
    assert cited["seed 1"] == [] and cited["notes 7"] == []
    assert r["unknown_clauses"] == []
    typo = rules_coverage(spec, {"b.scenario.yaml": ["seed 30", "notes 13"]})
    assert typo["unknown_clauses"] == [{"number": "notes 13", "scenarios": ["b"]},
                                       {"number": "seed 30", "scenarios": ["b"]}]


def test_the_bundled_scenarios_cite_every_paragraph_of_the_seed():
    """What `cardscript coverage --game spellfire` reports of the rules (it also plays the
    bundled decks, which this test does not need)."""
    cited, bad = citations([ROOT / "tests" / "rulings" / "spellfire"])
    assert bad == [] and len(cited) >= 40
    r = rules_coverage(load_game("spellfire"), cited)
    assert [c["number"] for c in r["clauses"]] == [n for n, _ in _index()]
    assert [c["number"] for c in r["clauses"]
            if c["number"].startswith("seed ") and not c["scenarios"]] == []
    assert r["unknown_clauses"] == []
