"""What `cardscript check` and `cardscript test` find in a scenario before running it — an
unknown decision kind or variant (CS105) — at the value concerned."""
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
