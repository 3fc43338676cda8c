"""Hostile paths and input at the command line: special files, link loops, missing paths,
bad answers to `play`, bad scenarios among good ones, output paths of the wrong kind.
Each must end in a message and exit 1 (bad input) or 2 (bad usage), quickly and in bounded
memory: never a hang, never a traceback, never a silent exit 0."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cardscript.plugins import games
from cardscript.tools.cli import main

CARD = textwrap.dedent("""\
    id: plain-knight
    name: Plain Knight
    type: wonder
    orbital: solfera
    tier: primary
    cost: 3
    power: 2
    classes: [Knight]
    text: "ON ARRIVAL: Draw a card."
    abilities:
      - trigger: on_arrival
        effect: {draw: 1}
    """)

SCENARIO = textwrap.dedent("""\
    scenario: a realm that exists
    rule: "403"
    setup:
      realms:
        1:
          A: [filler]
    expect:
      realms:
        1: {A: [filler]}
    """)


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(tmp_path)


def _limited():
    # a reader that follows /dev/zero would grow without end: cap the child's memory
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_child(*argv: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """The command in a child process, time- and memory-bounded (a hang fails the test)."""
    env = {**os.environ, "CARDSCRIPT_CACHE": str(cwd / ".cache")}
    return subprocess.run([sys.executable, "-m", "cardscript.tools.cli", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          preexec_fn=_limited)


# -- 1. special files: one reader, regular files only ----------------------------------------

@pytest.fixture
def specials(tmp_path) -> tuple[str, str]:
    """A card file that is a link to /dev/zero, and one that is a FIFO with no writer."""
    (tmp_path / "zero.card.yaml").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo.card.yaml")
    return "zero.card.yaml", "fifo.card.yaml"


@pytest.mark.parametrize("argv", [
    ["check", "zero.card.yaml", "fifo.card.yaml"],
    ["render", "zero.card.yaml", "fifo.card.yaml", "--out", "site"],
    ["simulate", "--games", "1", "--no-progress", "--cards", "zero.card.yaml",
     "fifo.card.yaml"],
    ["text", "zero.card.yaml"],
    ["text", "fifo.card.yaml"],
])
def test_a_device_or_fifo_card_file_is_refused_quickly(tmp_path, specials, argv):
    r = run_child(*argv, cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    named = [f for f in specials if f in argv]
    for f in named:
        assert f"{f}:1:1: CS002 cannot read file: " in r.stderr
    if "zero.card.yaml" in named:
        assert "a character device, not a regular file" in r.stderr
    if "fifo.card.yaml" in named:
        assert "a FIFO, not a regular file" in r.stderr


def test_check_of_a_fifo_of_no_known_kind_is_not_a_silent_success(tmp_path, cli):
    os.mkfifo(tmp_path / "notes")
    rc, _, err = cli("check", "notes")
    assert rc == 1
    assert "notes:1:1: CS000 not a card, deck, scenario or keyword file" in err


def test_a_fifo_config_file_does_not_hang_lint(tmp_path):
    os.mkfifo(tmp_path / "pyproject.fifo")
    (tmp_path / "plain-knight.card.yaml").write_text(CARD)
    r = run_child("lint", "--config", "pyproject.fifo", "plain-knight.card.yaml",
                  cwd=tmp_path, timeout=30)
    assert r.returncode == 2
    assert "pyproject.fifo: cannot read file: a FIFO, not a regular file" in r.stderr


def test_an_oversized_deck_is_refused_without_reading_it_all(tmp_path):
    with (tmp_path / "big.deck.yaml").open("wb") as f:  # sparse: 8 GB that take no room
        f.truncate(8 << 30)
    r = run_child("simulate", "--games", "1", "--no-progress", "--decks", "big.deck.yaml",
                  "big.deck.yaml", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert "big.deck.yaml:1:1: CS003 file is larger than 1000000 bytes" in r.stderr
    assert "Traceback" not in r.stderr


# -- 2. link loops and missing paths ------------------------------------------------------------

@pytest.fixture
def loop_dir(tmp_path) -> Path:
    d = tmp_path / "set"
    d.mkdir()
    (d / "plain-knight.card.yaml").write_text(CARD)
    (d / "a.card.yaml").symlink_to("b.card.yaml")
    (d / "b.card.yaml").symlink_to("a.card.yaml")
    (d / "up").symlink_to("..")  # a folder link to its parent: a walk must not follow it
    return d


@pytest.mark.parametrize("argv", [["check", "set"],
                                  ["simulate", "--games", "1", "--no-progress", "--cards",
                                   "set"]])
def test_a_link_loop_is_a_positioned_error_not_a_traceback(loop_dir, cli, argv):
    rc, _, err = cli(*argv)
    assert rc == 1
    for name in ("a.card.yaml", "b.card.yaml"):
        assert f"{os.path.join('set', name)}:1:1: CS002 cannot read file: Too many levels " \
               "of symbolic links" in err
    assert "plain-knight" not in err  # the good card in the same folder loaded


def test_a_deck_that_is_a_link_loop_is_reported_as_that_file(loop_dir, cli):
    deck = os.path.join("set", "a.card.yaml")
    rc, _, err = cli("simulate", "--games", "1", "--decks", deck, deck)
    assert rc == 1
    assert f"{deck}:1:1: CS002 cannot read file: Too many levels of symbolic links" in err


@pytest.mark.parametrize("argv", [
    ["check", "nowhere"],
    ["simulate", "--games", "1", "--cards", "nowhere"],
    ["play", "--cards", "nowhere"],
    ["text", "nowhere"],
    ["render", "nowhere", "--out", "site"],
    ["lint", "nowhere"],
    ["test", "nowhere"],
])
def test_a_path_that_does_not_exist_is_bad_usage(cli, argv):
    rc, out, err = cli(*argv)
    assert rc == 2, out + err
    assert "nowhere" in err


# -- 3. play: whatever is typed --------------------------------------------------------------

def _answers(monkeypatch, answers):
    it = iter(answers)
    asked = []

    def ask(prompt=""):
        asked.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", ask)
    return asked


def test_play_reprompts_on_bad_answers(monkeypatch, cli):
    bad = ["²", "7" * 5000, "", "-1", "0", "99", "  ", "no such option"]
    _answers(monkeypatch, bad + ["1"] * 3000)
    rc, out, _ = cli("play", "--seed", "1")
    assert rc == 0
    assert "game over after round 7" in out
    assert "'²' is not an option: type a number from 1 to 2, or ? for help" in out
    assert "'77777777777777777...' is not an option" in out
    assert "nothing typed: type a number" in out
    assert "'-1' is not an option" in out and "'99' is not an option" in out


def test_play_ends_cleanly_at_the_end_of_input(monkeypatch, cli):
    _answers(monkeypatch, ["1", "1", "²"])
    rc, out, _ = cli("play", "--seed", "1")
    assert rc == 0
    assert "game abandoned (end of input)" in out


def test_play_gives_up_on_input_that_never_answers(monkeypatch, cli):
    asked = _answers(monkeypatch, ["y"] * 100_000)  # `yes | cardscript play`
    rc, out, _ = cli("play", "--seed", "1")
    assert rc == 0
    assert "game abandoned (no valid answer in 100 tries)" in out
    assert len(asked) == 100


# -- 4, 5. scenarios --------------------------------------------------------------------------

@pytest.mark.parametrize("realm, where, msg", [
    ("99", "5:5", "input should be less than or equal to 7; found '99' (at setup.realms.99)"),
    ("-6", "5:5", "input should be greater than or equal to 1; found '-6' (at setup.realms.-6)"),
    ("0", "5:5", "input should be greater than or equal to 1; found '0' (at setup.realms.0)"),
])
def test_a_realm_that_does_not_exist_is_a_positioned_error(tmp_path, cli, realm, where,
                                                          msg):
    f = tmp_path / "realm.scenario.yaml"
    f.write_text(SCENARIO.replace("    1:\n      A:", f"    {realm}:\n      A:"))
    rc, _, err = cli("check", str(f))
    assert rc == 1
    assert f"{f}:{where}: CS105 {msg}" in err
    rc, out, _ = cli("test", str(f))
    assert rc == 1
    assert f"FAIL {f}" in out and f"{f}:{where}: CS105 {msg}" in out


def test_an_expected_realm_out_of_range_is_a_positioned_error(tmp_path, cli):
    f = tmp_path / "realm.scenario.yaml"
    f.write_text(SCENARIO.replace("    1: {A: [filler]}", "    -6: {A: [filler]}"))
    rc, _, err = cli("check", str(f))
    assert rc == 1
    assert f"{f}:9:5: CS105 input should be greater than or equal to 1; found '-6' " \
           "(at expect.realms.-6)" in err


def test_the_scenario_used_above_is_good(tmp_path, cli):
    f = tmp_path / "realm.scenario.yaml"
    f.write_text(SCENARIO)
    assert cli("test", str(f))[0] == 0


@pytest.fixture
def scenarios(tmp_path) -> Path:
    d = tmp_path / "scenarios"
    d.mkdir()
    (d / "a-good.scenario.yaml").write_text(SCENARIO)
    (d / "b-bogus.scenario.yaml").write_text(SCENARIO.replace('rule: "403"\n',
                                                              'rule: "403"\ngame: wondrs\n'))
    (d / "c-good.scenario.yaml").write_text(SCENARIO)
    return d


def test_one_scenario_of_an_unknown_game_fails_alone_in_test(scenarios, cli):
    rc, out, _ = cli("test", str(scenarios))
    assert rc == 1
    bad = scenarios / "b-bogus.scenario.yaml"
    assert f"FAIL {bad}" in out
    assert f"{bad}:3:7: CS105 unknown game 'wondrs' (did you mean 'wonders'?); installed: " \
           f"{', '.join(sorted(games()))}" in out
    assert "2 passed, 1 failed" in out


def test_one_scenario_of_an_unknown_game_is_its_own_error_in_check(scenarios, cli):
    rc, _, err = cli("check", str(scenarios))
    assert rc == 1
    assert f"{scenarios / 'b-bogus.scenario.yaml'}:3:7: CS105 unknown game 'wondrs'" in err
    assert "3 scenario and 0 keyword files: 1 problem" in err


# -- 6. output paths ----------------------------------------------------------------------------

@pytest.fixture
def card(tmp_path) -> Path:
    f = tmp_path / "plain-knight.card.yaml"
    f.write_text(CARD)
    return f


@pytest.mark.parametrize("argv, msg", [
    (["render", "plain-knight.card.yaml", "--out", "a-file"],
     "--out a-file: is a file; expected a folder"),
    (["render", "plain-knight.card.yaml", "--out", "a-file/site"],
     "--out a-file/site: lies under "),
    (["docs", "--out", "a-file"], "--out a-file: is a file; expected a folder"),
    (["schema", "--out", "a-file"], "--out a-file: is a file; expected a folder"),
    (["bench", "--make-set", "a-file"], "--make-set a-file: is a file; expected a folder"),
    (["lint", "plain-knight.card.yaml", "-o", "a-folder"],
     "-o a-folder: is a folder; expected a file"),
    (["lint", "plain-knight.card.yaml", "-o", "missing/out.json"],
     "does not exist"),
])
def test_an_output_path_of_the_wrong_kind_is_bad_usage(tmp_path, card, cli, argv, msg):
    (tmp_path / "a-file").write_text("keep me\n")
    (tmp_path / "a-folder").mkdir()
    rc, out, err = cli(*argv)
    assert rc == 2, out + err
    assert msg in err
    assert (tmp_path / "a-file").read_text() == "keep me\n"


UNWRITABLE = "/sys/cardscript-test-out"


@pytest.fixture
def unwritable():
    """A place even root may not write (sysfs), or the test is skipped."""
    try:
        os.mkdir(UNWRITABLE)
    except OSError:
        return UNWRITABLE
    os.rmdir(UNWRITABLE)
    pytest.skip("needs a folder nobody may write")


@pytest.mark.parametrize("argv", [
    ["render", "plain-knight.card.yaml", "--out", UNWRITABLE],
    ["docs", "--out", UNWRITABLE],
    ["schema", "--out", UNWRITABLE],
    ["lint", "plain-knight.card.yaml", "-o", UNWRITABLE + ".json"],
])
def test_an_unwritable_output_path_is_a_clean_error(card, unwritable, cli, argv):
    rc, out, err = cli(*argv)
    assert rc == 1, out + err
    assert f"cardscript {argv[0]}: error: {UNWRITABLE}" in err


# -- 7. lint --fix through a link ------------------------------------------------------------

def _unordered(text: str) -> str:
    """The card with `cost` before `tier`: a key-order finding (CS120) --fix can fix."""
    return text.replace("tier: primary\ncost: 3\n", "cost: 3\ntier: primary\n")


def test_lint_fix_writes_through_a_link_and_keeps_it(tmp_path, cli):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "plain-knight.card.yaml"
    target.write_text(_unordered(CARD))
    os.chmod(target, 0o640)
    links = tmp_path / "links"
    links.mkdir()
    link = links / "plain-knight.card.yaml"
    link.symlink_to(target)
    rc, _, err = cli("lint", "--fix", "--isolated", str(link))
    assert rc == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == CARD
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in real.iterdir()) == ["plain-knight.card.yaml"]
    assert sorted(p.name for p in links.iterdir()) == ["plain-knight.card.yaml"]


def test_lint_fix_that_cannot_be_written_leaves_the_file_and_no_temporary(
        tmp_path, cli, monkeypatch):
    f = tmp_path / "plain-knight.card.yaml"
    f.write_text(_unordered(CARD))

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied", dst)
    monkeypatch.setattr("cardscript.tools.lint.fixes.os.replace", refuse)
    rc, _, err = cli("lint", "--fix", "--isolated", str(f))
    assert rc == 1
    assert f"cardscript lint: error: {f}: fixes not written: Permission denied" in err
    assert f.read_text() == _unordered(CARD)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".cache")) == \
        ["plain-knight.card.yaml"]


# -- 8. the top level ------------------------------------------------------------------------

def test_an_os_error_on_a_user_path_is_exit_one_with_its_name(tmp_path, card, cli,
                                                             monkeypatch):
    """What no command checks beforehand (here a folder that can't be made) still ends in a
    message naming the path."""
    def refuse(self, *a, **k):
        raise PermissionError(13, "Permission denied", str(self))
    monkeypatch.setattr(Path, "mkdir", refuse)
    rc, _, err = cli("docs", "--out", "site")
    assert rc == 1
    assert "cardscript docs: error: site: Permission denied" in err


def test_a_deck_name_or_a_rule_that_looks_like_markup_is_printed_as_it_is(tmp_path, cli):
    from cardscript.cardpool import bundled_decks
    from cardscript.plugins import load_game
    source = bundled_decks(load_game("wonders"))[0].read_text()
    deck = tmp_path / "odd.deck.yaml"
    deck.write_text("\n".join('name: "[/odd] deck"' if line.startswith("name:") else line
                              for line in source.splitlines()) + "\n")
    rc, out, _ = cli("simulate", "--games", "1", "--no-progress", "--decks",
                     str(deck), str(deck))
    assert rc == 0 and "[/odd] deck wins" in out
    f = tmp_path / "odd.scenario.yaml"
    f.write_text(SCENARIO.replace('rule: "403"', 'rule: "[/403]"'))
    rc, out, _ = cli("test", str(f))
    assert rc == 0 and f"PASS {f} ([/403])" in out


def test_an_os_error_about_no_path_stays_visible(monkeypatch):
    """Internal failures are not dressed up as the user's: they keep their traceback."""
    def broken(args):
        raise OSError("something internal")
    import cardscript.tools.commands.docs as docs
    monkeypatch.setattr(docs, "run", broken)
    with pytest.raises(OSError, match="something internal"):
        main(["docs", "--out", "site"])
