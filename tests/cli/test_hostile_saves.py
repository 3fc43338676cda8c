"""A save file is untrusted input (core/save.py, core/loadable.py): ``cardscript play --resume``
of a tampered, damaged or hostile save is refused with a message and exit 1 — it never runs
code, never shows a traceback, never hangs — and a save that loads is resumed only once it is
shown to hold a game the rules reach.

Each case writes what the engine would have run to a marker file, and asserts the marker
never appears."""
from __future__ import annotations

import json
import os
import threading

import pytest
import savecraft
from cardscript.save import SaveError, dumps, load, loads, verified
from cardscript.tools.cli import main


@pytest.fixture
def no_input(monkeypatch):
    """The human at the table answers one decision (so that the steps after it would run),
    then quits (end of input)."""
    answers = iter(["1"])

    def ask(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", ask)


@pytest.fixture(scope="module")
def text():
    return dumps(savecraft.game_at("wonders", 3, 30))


def resume(path) -> int:
    return main(["play", "--resume", str(path)])


def _write(tmp_path, content: str):
    f = tmp_path / "game.save"
    f.write_text(content, encoding="utf-8")
    return f


def test_an_untouched_save_resumes(tmp_path, text, no_input, capsys):
    assert resume(_write(tmp_path, text)) == 0
    assert "resuming the game saved in" in capsys.readouterr().out


@pytest.mark.parametrize("name", savecraft.DANGEROUS)
@pytest.mark.parametrize("where", ["todo", "waiting"])
def test_a_step_outside_the_table_runs_nothing(tmp_path, text, no_input, capsys, name, where):
    """Item 1 of the issue: a function reached through a trusted module's own imports
    (``cardscript.cachefile:os.popen``), appended to the steps still to do or put where the
    answer to the pending decision goes, was called on resume."""
    marker = tmp_path / "ran"

    def plant(body):
        step = savecraft.frame(name, f"touch {marker}")
        if where == "todo":
            savecraft.todo_of(body).append(step)
        else:
            values, i = savecraft.field_of(body, "waiting")
            values[i] = step
    assert resume(_write(tmp_path, savecraft.rewrite(text, plant))) == 1
    err = capsys.readouterr().err
    assert f"the save names {name!r}, which is not part of the engine" in err
    assert "Traceback" not in err and not marker.exists()


@pytest.mark.parametrize("tag", ["value", "derived", "method", "constant", "class"])
def test_no_kind_of_name_reaches_outside_the_table(tmp_path, text, no_input, capsys, tag):
    marker = tmp_path / "ran"
    danger = "cardscript.cachefile:os.system"

    def plant(body):
        if tag == "class":
            body["state"]["classes"][0][0] = danger
            return
        value = {"value": {"value": [danger, {"command": f"touch {marker}"}]},
                 "derived": {"derived": [{"function": danger}, None]},
                 "method": {"method": [{"@": 0}, "save"]},
                 "constant": {"constant": danger}}[tag]
        savecraft.todo_of(body).append({"tuple": [value, {"tuple": [f"touch {marker}"]}]})
    assert resume(_write(tmp_path, savecraft.rewrite(text, plant))) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and not marker.exists()
    assert "not part of the engine" in err or "not one" in err or "does not have" in err


@pytest.mark.parametrize("field, value", [
    ("round", "three"), ("round", [1]), ("decision", 5), ("players", {"tuple": ["x"]}),
    ("todo", 7), ("choices", ["a"]), ("seed", None), ("limits", {"tuple": []}),
])
def test_a_field_of_the_wrong_type_is_refused(tmp_path, text, no_input, capsys, field, value):
    """Item 2: a save with a field of the wrong type gave a traceback."""
    def plant(body):
        values, i = savecraft.field_of(body, field)
        values[i] = value
    assert resume(_write(tmp_path, savecraft.rewrite(text, plant))) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "game.save: the save" in err


@pytest.mark.parametrize("value", [-5, 10 ** 4000, 0, 99])
def test_an_impossible_round_is_refused_though_the_checksum_is_right(tmp_path, text, no_input,
                                                                     capsys, value):
    """Item 5: ``round: -5`` or ``10**4000``, resealed, was resumed and played."""
    def plant(body):
        values, i = savecraft.field_of(body, "round")
        values[i] = value
    assert resume(_write(tmp_path, savecraft.rewrite(text, plant))) == 1
    err = capsys.readouterr().err
    assert "does not hold a game the rules reach: WondersGame.round is" in err
    assert "it was edited or damaged" in err


def test_a_card_moved_by_hand_is_refused(pool_cards, text):
    """A resealed save whose state the rules never reach: a card taken from the deck."""
    def plant(body):
        for n, (name, names) in enumerate(body["state"]["classes"]):
            if name.endswith(":Zone"):
                for spec in body["state"]["objects"]:
                    if spec[0] == n and spec[1][names.index("cards")]:
                        spec[1][names.index("cards")].pop()
                        return
    game = loads(savecraft.rewrite(text, plant), pool_cards, "wonders")  # it loads ...
    with pytest.raises(SaveError, match="does not hold a game the rules reach"):
        verified(game)  # ... and is refused before it resumes


@pytest.fixture(scope="module")
def pool_cards():
    from cardscript.cardpool import CardPool
    return CardPool.bundled("wonders").cards


def test_verified_gives_the_game_its_record_reaches(pool_cards, text):
    game = loads(text, pool_cards, "wonders")
    again = verified(game)
    assert again is not game and dumps(again) == text


@pytest.mark.parametrize("make, what", [
    (lambda p: p.symlink_to("/dev/zero"), "a character device, not a regular file"),
    (lambda p: os.mkfifo(p), "a FIFO, not a regular file"),
    (lambda p: p.mkdir(), "a folder, not a regular file"),
    (lambda p: p.write_bytes(b"x" * 1_000_001), "larger than 1000000 bytes"),
])
def test_resume_of_what_is_not_a_regular_file_is_refused_at_once(tmp_path, no_input, capsys,
                                                                   make, what):
    """Item 2: ``/dev/zero`` gave a traceback, a FIFO hung (a writer is never started: a
    read that blocked would hang the test, which a thread's join bounds)."""
    f = tmp_path / "game.save"
    make(f)
    result = []
    t = threading.Thread(target=lambda: result.append(resume(f)), daemon=True)
    t.start()
    t.join(60)
    assert result == [1], "play --resume did not return"
    assert what in capsys.readouterr().err


@pytest.mark.parametrize("body, what", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 64 deep"),
    ('{"game":"wonders","engine":"x","cards":{},"state":{},"x":1}', "must hold exactly"),
    ('{"game":"wonders","game":"wonders"}', "must hold exactly"),
    ("[NaN]", "not a JSON number"),
    ('"\\ud800"', "must hold exactly"),
])
def test_a_malformed_body_is_refused(tmp_path, no_input, capsys, body, what):
    assert resume(_write(tmp_path, savecraft.document(body))) == 1
    err = capsys.readouterr().err
    assert what in err and "Traceback" not in err


def test_a_save_is_written_in_one_step_and_never_through_a_planted_link(tmp_path, monkeypatch,
                                                                       no_input):
    """``--save`` writes through an exclusive temporary file: names an attacker could guess
    (the old ``.FILE.PID.tmp``) are never opened."""
    victim = tmp_path / "victim"
    victim.write_text("precious")
    save = tmp_path / "game.save"
    for pid in range(os.getpid() - 2, os.getpid() + 3):
        (tmp_path / f".{save.name}.{pid}.tmp").symlink_to(victim)
    assert main(["play", "--seed", "2", "--save", str(save)]) == 0
    assert victim.read_text() == "precious"
    assert load(save, pool_cards_of("wonders"), "wonders").decision is not None


def pool_cards_of(game):
    from cardscript.cardpool import CardPool
    return CardPool.bundled(game).cards


def test_the_save_document_names_only_declared_names(text):
    """What a save names is what cardscript.loadable declares, nothing else."""
    from cardscript import loadable
    state = savecraft.body(text)["state"]
    assert {name for name, _ in state["classes"]} <= set(loadable.STATE)
    found = json.dumps(state)
    for name in savecraft.DANGEROUS:
        assert name not in found


def test_a_save_that_cannot_be_written_is_bad_input_not_usage(tmp_path, no_input, capsys):
    where = tmp_path / "a-file"
    where.write_text("")
    assert main(["play", "--seed", "2", "--save", str(where / "game.save")]) == 1
    assert f"{where / 'game.save'}: Not a directory" in capsys.readouterr().err
