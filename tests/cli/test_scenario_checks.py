"""What `cardscript check` and `cardscript test` find in a scenario before running it — an
unknown decision kind or variant (CS105) — at the value concerned; and log lines matched by
whole words when it runs."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from cardscript.games.wonders.rules import DECISION_KINDS
from cardscript.tools.cli import main


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(tmp_path)


def scenario(tmp_path: Path, template: str, **fill: str) -> Path:
    """The scenario file of ``template`` (dedented) with each ``<name>`` replaced."""
    text = textwrap.dedent(template)
    for name, value in fill.items():
        text = text.replace(f"<{name}>", value)
    f = tmp_path / "s.scenario.yaml"
    f.write_text(text, encoding="utf-8")
    return f


def run(capsys, *argv: str) -> tuple[int, str]:
    """Exit code and everything printed (check reports on stderr, test on stdout)."""
    capsys.readouterr()
    rc = main([str(a) for a in argv])
    cap = capsys.readouterr()
    assert "Traceback" not in cap.out + cap.err
    return rc, cap.out + cap.err


def problems_of(capsys, f: Path, command: str) -> tuple[int, list[str]]:
    """The ``path:line:col: ...`` lines a command prints about ``f``, path left out."""
    rc, printed = run(capsys, command, f)
    return rc, [line.strip()[len(str(f)) + 1:] for line in printed.splitlines()
                if line.strip().startswith(f"{f}:")]


def in_check_and_test(capsys, f: Path) -> list[str]:
    """The problems `check` reports, which `test` must report too (and fail)."""
    rc, found = problems_of(capsys, f, "check")
    assert rc == 1 and found
    rc, tested = problems_of(capsys, f, "test")
    assert rc == 1 and sorted(tested) == sorted(found)
    return found


# -- names the game knows ---------------------------------------------------------------

def test_an_unknown_variant_is_an_error_at_its_name(tmp_path, capsys):
    f = scenario(tmp_path, """\
        scenario: A misspelt variant
        rule: "405"
        setup:
          variants: [power_tiebrake]
        """)
    (found,) = in_check_and_test(capsys, f)
    assert found == ("4:14: CS105 found 'power_tiebrake', expected one of: power_tiebreak "
                     "(did you mean 'power_tiebreak'?) (at setup.variants.0)")


def test_an_unknown_decision_kind_is_an_error_naming_the_games_kinds(tmp_path, capsys):
    f = scenario(tmp_path, """\
        scenario: A misspelt decision kind
        rule: "0"
        expect:
          decision: {player: A, kind: tarjet}
        """)
    (found,) = in_check_and_test(capsys, f)
    assert found == (f"4:31: CS105 found 'tarjet', expected one of: {', '.join(DECISION_KINDS)}"
                     " (did you mean 'target'?) (at expect.decision.kind)")


# -- 7. log lines match by whole words ---------------------------------------------------------

LOG = """\
    scenario: Twelve cards drawn
    rule: "0"
    cards:
      - {id: deep-well, name: Deep Well, type: spell, orbital: boundless, tier: secondary,
         cost: 0, abilities: [{trigger: on_play, effect: {draw: 12}}]}
    setup:
      players:
        A: {actions: 1, hand: [deep-well]}
    steps:
      - play deep-well
    expect:
      <expect>
    """


def test_a_log_expectation_does_not_match_part_of_a_word(tmp_path, capsys):
    f = scenario(tmp_path, LOG, expect='log: ["draw A 12", "draw A 1"]')
    rc, found = problems_of(capsys, f, "test")
    assert rc == 1
    assert found == ["12:22: expected a log line with the words 'draw A 1'; lines with it "
                     "only as part of a word: ['draw A 12']"]


def test_a_log_exclusion_does_not_match_part_of_a_word(tmp_path, capsys):
    f = scenario(tmp_path, LOG, expect='log_excludes: ["draw A 1", "play A deep"]')
    assert run(capsys, "test", f)[0] == 0
    f.write_text(f.read_text().replace('"play A deep"', '"play A deep-well"'))
    rc, found = problems_of(capsys, f, "test")
    assert rc == 1 and found[0].startswith(
        "12:30: the log should have no line with the words 'play A deep-well': ['play A "
        "deep-well")


def test_a_card_is_found_in_the_log_without_its_object_number(tmp_path, capsys):
    f = scenario(tmp_path, """\
        scenario: A target is logged as id#number
        rule: "501.1"
        cards:
          - {id: hunter, name: Hunter, type: wonder, orbital: solfera, tier: secondary,
             cost: 1, power: 1, abilities: [{trigger: on_arrival, target: {wonder: {}},
                                             effect: {destroy: target}}]}
        setup:
          players:
            A: {energy: 1, actions: 1, hand: [hunter]}
          realms:
            1: {B: [skeleton, quarry-golem]}
        steps:
          - play hunter
          - skeleton
        expect:
          log: ["target hunter skeleton", "dies skeleton"]
          log_excludes: ["target hunter skeleton#"]
        """)
    rc, out = run(capsys, "test", f)
    assert rc == 0, out
