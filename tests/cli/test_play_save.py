"""``cardscript play --save`` and ``--resume``: a game at the table can be stopped and picked
up again, and a broken save file is a clear error."""
from __future__ import annotations

import pytest
from cardscript.save import SaveError, load
from cardscript.tools.cli import main


def _script(monkeypatch, answers):
    it = iter(answers)

    def ask(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", ask)


def test_save_then_resume_continues_the_same_game(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.save"
    _script(monkeypatch, ["1", "1", "1"])  # three decisions, then the player quits
    assert main(["play", "--seed", "4", "--save", str(save)]) == 0
    assert f"--resume {save}" in capsys.readouterr().out
    from cardscript.cardpool import CardPool
    pool = CardPool.bundled("wonders")
    saved = load(save, pool.cards, "wonders")
    assert saved.decision is not None and saved.decision.player.name == "You"
    assert len(saved.choices) >= 3
    _script(monkeypatch, ["1"] * 2000)
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"resuming the game saved in {save}" in out
    assert "game over after round 7" in out


@pytest.mark.parametrize("content, message", [
    ("", "not a save document"),
    ("{\"hello\": 1}", "not a save document"),
    (None, "corrupt"),
])
def test_resume_refuses_a_broken_save(monkeypatch, capsys, tmp_path, content, message):
    save = tmp_path / "game.save"
    if content is None:  # a real save with one character changed
        _script(monkeypatch, ["1"])
        main(["play", "--seed", "2", "--save", str(save)])
        text = save.read_text()
        i = text.index('"round"')
        content = text[:i] + text[i:].replace("1", "2", 1)
    save.write_text(content)
    assert main(["play", "--resume", str(save)]) == 1
    assert message in capsys.readouterr().err


def test_resume_of_a_missing_file_is_an_error(capsys, tmp_path):
    assert main(["play", "--resume", str(tmp_path / "nope.save")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_load_raises_save_error_not_a_traceback(tmp_path):
    p = tmp_path / "x.save"
    p.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError):
        load(p, {}, "wonders")
