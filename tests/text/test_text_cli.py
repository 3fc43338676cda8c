"""`cardscript text`: the generated rules text of a bundled card, a file or a folder, and
`--diff` against the printed `text:` (exit 1 when any card drifted)."""
from __future__ import annotations

import textwrap
from pathlib import Path

from cardscript.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]  # the repository

CARD = textwrap.dedent("""\
    id: drifting-sage
    name: Drifting Sage
    type: wonder
    orbital: thalwind
    tier: secondary
    cost: 2
    power: 1
    text: "{text}"
    abilities:
      - trigger: on_arrival
        effect: [{{draw: 2}}, {{gain_energy: 1}}]
    """)


def _write(tmp_path, text, name="drifting-sage"):
    f = tmp_path / f"{name}.card.yaml"
    f.write_text(CARD.format(text=text).replace("drifting-sage", name))
    return f


def test_text_of_a_bundled_card_by_id(capsys):
    assert main(["text", "cairnvox-soulforger"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "cairnvox-soulforger",
        "  ON ARRIVAL: Put target Wonder you own with cost 4 or less from The Abyss into this "
        "realm."]


def test_text_of_a_file_with_abilities_on_their_own_lines(tmp_path, capsys):
    f = _write(tmp_path, "ON ARRIVAL: Draw 2 cards and gain 1 energy.")
    assert main(["text", str(f)]) == 0
    out = capsys.readouterr().out
    assert "drifting-sage\n  ON ARRIVAL: Draw 2 cards and gain 1 energy.\n" in out


def test_diff_of_the_bundled_set_is_clean(capsys):
    assert main(["text", str(ROOT / "cardscripts" / "wonders"), "--diff"]) == 0
    out = capsys.readouterr().out
    n = len(list((ROOT / "cardscripts" / "wonders").rglob("*.card.yaml")))
    assert "---" not in out and f"all {n} cards match" in out


def test_diff_shows_the_drifted_sentence_and_exits_one(tmp_path, capsys):
    good = _write(tmp_path, "ON ARRIVAL: Draw 2 cards and gain 1 energy", "steady-sage")
    bad = _write(tmp_path, "ON ARRIVAL: Draw 3 cards and gain 1 energy.")
    assert main(["text", str(tmp_path), "--diff"]) == 1
    out = capsys.readouterr().out
    assert "steady-sage" not in out  # matches modulo the final period
    assert f"--- {bad} (printed)" in out and "+++ drifting-sage (generated)" in out
    assert "-ON ARRIVAL: Draw 3 cards and gain 1 energy." in out
    assert "+ON ARRIVAL: Draw 2 cards and gain 1 energy." in out
    assert "1 of 2 cards: generated text differs" in out
    assert main(["text", str(good), "--diff"]) == 0


def test_unknown_card_is_a_usage_error_with_a_suggestion(capsys):
    assert main(["text", "cairnvox-soulfroger"]) == 2
    assert "did you mean 'cairnvox-soulforger'?" in capsys.readouterr().err


def test_a_broken_card_file_reports_its_position_and_exits_one(tmp_path, capsys):
    f = tmp_path / "broken.card.yaml"
    f.write_text("id: broken\nname: Broken\ntype: spell\norbital: solfera\ntier: primary\n"
                 "cost: 1\nabilities:\n  - {trigger: on_play, effect: {drav: 1}}\n")
    assert main(["text", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:8:" in err and "did you mean 'draw'?" in err and "Traceback" not in err


def test_folder_without_cards_is_a_usage_error(tmp_path, capsys):
    assert main(["text", str(tmp_path)]) == 2
    assert "no *.card.yaml files" in capsys.readouterr().err
