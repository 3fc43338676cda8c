"""The command line as a designer meets it: exit codes, messages on stderr, no tracebacks,
and simulate output that depends only on the seed."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from cardscript.tools.cli import main

BAD_CARD = textwrap.dedent("""\
    id: broken-wonder
    name: Broken Wonder
    type: wonder
    orbital: solfera
    tier: primary
    cost: 3
    power: 2
    abilities:
      - trigger: on_play
        target: {wonder: {controler: opponent}}
        effect: {destory: target}
      - trigger: on_arrival
        effect: {draw: {count: many}}
    """)


def test_check_reports_position_card_and_suggestion(tmp_path, capsys):
    f = tmp_path / "broken-wonder.card.yaml"
    f.write_text(BAD_CARD)
    assert main(["check", str(f)]) == 1
    e = capsys.readouterr().err
    assert "Traceback" not in e
    # unknown key at depth: line 10, column of the key
    assert f"{f}:10:23: CS101 [broken-wonder] unknown key 'controler' (did you mean " \
           "'controller'?)" in e
    # unknown effect name
    assert f"{f}:11:14: CS102 [broken-wonder] unknown effect 'destory' (did you mean " \
           "'destroy'?)" in e
    # wrong type
    assert f"{f}:13:28: CS102 [broken-wonder] unknown value 'many'" in e


def test_check_clean_file_exits_zero(tmp_path, capsys):
    f = tmp_path / "fine.card.yaml"
    f.write_text("id: fine\nname: Fine\ntype: land\norbital: petraia\ntier: secondary\n"
                 "cost: 0\n")
    assert main(["check", str(f)]) == 0


def test_check_missing_path_is_usage_error(capsys):
    assert main(["check", "/no/such/place"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_bad_usage_exits_two():
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", "many"])
    assert exc.value.code == 2


def test_unknown_deck_name_is_usage_error(capsys):
    assert main(["simulate", "--games", "1", "--decks", "nope", "nada"]) == 2
    assert "no deck file or bundled deck named 'nope'" in capsys.readouterr().err


def test_simulate_is_deterministic(capsys):
    assert main(["simulate", "--games", "30", "--seed", "7", "--no-progress"]) == 0
    first = capsys.readouterr().out
    assert main(["simulate", "--games", "30", "--seed", "7", "--no-progress"]) == 0
    second = capsys.readouterr().out
    assert first == second
    assert "30 games, seed 7" in first and "errors" in first
    assert "not metagame data" in " ".join(first.split())  # what the shares are not
    assert main(["simulate", "--games", "30", "--seed", "8", "--no-progress"]) == 0
    assert capsys.readouterr().out != first


def test_simulate_json_counts_every_game(capsys):
    assert main(["simulate", "--games", "25", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(data["wins"].values()) + data["draws"] + data["errors"] == 25
    assert data["errors"] == 0
    assert 1 <= data["mean_rounds"] <= 7


def test_console_script_installed():
    r = subprocess.run([sys.executable, "-m", "cardscript.tools.cli", "--version"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "cardscript" in r.stdout


def test_play_against_random_agent_from_a_script(monkeypatch, capsys):
    answers = iter(["1"] * 2000)  # always the first option: pass, done, first realm...
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--seed", "1"]) == 0
    assert "game over after round 7" in capsys.readouterr().out
