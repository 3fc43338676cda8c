"""The scenario format's designer conveniences (docs/scenarios.md): card files named in
``cards:`` (CS505 when outside the scenario's folder), one copy named by its object number
(``squire#9``), counted and structured log expectations, who won and why when a step finds
the game over, card states by counter sign, face down and owner, and one file run with and
without a rule variant."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cardscript.games.wonders.scenario_log import LOG_EVENTS
from cardscript.tools.cli import main
from cardscript.tools.scenarios import run_scenarios

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(tmp_path)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def failures(path: Path) -> list[str]:
    return [line for r in run_scenarios(path) for line in r.failures]


# two Hatchlings on B's side, the second tapped: objects 1-40 are the decks' fillers, 41 is
# A's Rockslide, 42 and 43 the Hatchlings (the setup's order, docs "Naming one copy")
TWINS = """\
    scenario: twins
    rule: "501.1"
    setup:
      players:
        A: {energy: 3, actions: 1, hand: [rockslide]}
        B: {actions: 1}
      realms:
        1: {B: [riftborn-hatchling, {card: riftborn-hatchling, tapped: true}]}
    steps:
      - play rockslide
      - <answer>
    expect:
      cards:
        riftborn-hatchling: {tapped: <left_tapped>}
      log: [<log>]
      log_excludes: [<excluded>]
    """


def twins(tmp_path, answer, left_tapped="false", log='"dies riftborn-hatchling"',
          excluded='"nothing"') -> Path:
    text = TWINS.replace("<answer>", answer).replace("<left_tapped>", left_tapped)
    text = text.replace("<log>", log).replace("<excluded>", excluded)
    return write(tmp_path / "twins.scenario.yaml", text)


# -- 2. one copy by its object number ----------------------------------------------------

def test_an_answer_names_one_copy_by_its_object_number(tmp_path):
    """The two targets have the same label; `#43` picks the tapped one, so the untapped one
    stays (the full label alone would choose the first, the untapped one)."""
    assert failures(twins(tmp_path, '"riftborn-hatchling#43"')) == []
    assert failures(twins(tmp_path, '"riftborn-hatchling#43 @realm 1/B"')) == []
    wrong = failures(twins(tmp_path, '"riftborn-hatchling @realm 1/B"'))
    assert len(wrong) == 1 and "expected cards.riftborn-hatchling.tapped = False, found " \
                               "True" in wrong[0]


def test_an_ambiguous_answer_lists_the_options_by_object_number(tmp_path):
    [msg] = failures(twins(tmp_path, "riftborn-hatchling"))
    assert "twins.scenario.yaml:11:5: step 2 ('riftborn-hatchling'): 'riftborn-hatchling' " \
           "is ambiguous" in msg
    assert "'riftborn-hatchling#42 @realm 1/B', 'riftborn-hatchling#43 @realm 1/B'" in msg


def test_an_object_number_that_names_no_option_is_an_error(tmp_path):
    [msg] = failures(twins(tmp_path, '"riftborn-hatchling#7"'))
    assert "'riftborn-hatchling#7' is not a legal option for target decision of A; " \
           "options: 'riftborn-hatchling#42 @realm 1/B', 'riftborn-hatchling#43 " \
           "@realm 1/B'" in msg


def test_expect_cards_names_one_copy(tmp_path):
    f = write(tmp_path / "c.scenario.yaml", """\
        scenario: copies
        rule: "0"
        setup:
          realms:
            1: {A: [skeleton, {card: skeleton, counters: 2}]}
        expect:
          cards:
            "skeleton#41": {plus_counters: 0}
            "skeleton#42": {plus_counters: 2, power: 3}
            skeleton: {tapped: false}
            "skeleton#9": {tapped: false}
        """)
    found = failures(f)
    assert len(found) == 2
    assert found[0].endswith(":10:15: card 'skeleton' is ambiguous: name one by its object "
                             "number, as the log prints it: skeleton#41 @realm 1/A, "
                             "skeleton#42 @realm 1/A"), found[0]
    assert ":11:19: no card 'skeleton#9' is in the game; the skeleton objects are: " \
           "skeleton#41 @realm 1/A, skeleton#42 @realm 1/A" in found[1]


def test_triggers_of_two_copies_are_told_apart(tmp_path):
    f = write(tmp_path / "t.scenario.yaml", """\
        scenario: two chimes trigger at the round's start
        rule: "502"
        cards:
          - {id: chime, name: Chime, type: item, orbital: boundless, tier: secondary,
             cost: 1, abilities: [{trigger: on_round_start, effect: {gain_energy: 1}}]}
        setup:
          start: beginning
          round: 2
          realms:
            1: {A: [chime, chime]}
        steps:
          - expect:
              decision: {kind: order, options: ["chime: on_round_start",
                                                "chime: on_round_start"]}
          - "<answer>"
        expect:
          players:
            A: {energy: 4}
        """.replace("<answer>", "chime#42: on_round_start"))
    assert failures(f) == []
    f.write_text(f.read_text().replace("chime#42: on_round_start", "chime#9"))
    [msg] = failures(f)
    assert "'chime#9' is not a legal option" in msg and "'chime#41: on_round_start'" in msg


# -- 3. log expectations ---------------------------------------------------------------

def test_log_items_count_and_match_events(tmp_path):
    ok = twins(tmp_path, '"riftborn-hatchling#43"',
               log='{event: dies, card: "riftborn-hatchling#43", count: 1}, '
                   '{line: "play A rockslide", count: 1}, {event: dies, count: 1}, '
                   '{event: target, card: rockslide, target: riftborn-hatchling}',
               excluded='{event: dies, card: "riftborn-hatchling#42"}')
    assert failures(ok) == []
    bad = twins(tmp_path, '"riftborn-hatchling#43"',
                log='{event: dies, card: riftborn-hatchling, count: 2}',
                excluded='{event: dies, card: "riftborn-hatchling#43"}')
    found = failures(bad)
    assert len(found) == 2
    assert ":15:56: expected 2 log line(s) for the event {event: dies, card: " \
           "riftborn-hatchling}, found 1: ['dies riftborn-hatchling 43']" in found[0]
    assert ":16:18: the log should have no line for the event {event: dies, card: " \
           "riftborn-hatchling#43}: ['dies riftborn-hatchling 43']" in found[1]


def test_a_plain_string_still_matches_words(tmp_path):
    """The old form keeps working, as every scenario of tests/rulings shows."""
    assert failures(twins(tmp_path, '"riftborn-hatchling#43"',
                          log='"dies riftborn-hatchling"')) == []
    [msg] = failures(twins(tmp_path, '"riftborn-hatchling#43"', log='"dies riftborn"'))
    assert "expected a log line with the words 'dies riftborn'; lines with it only as " \
           "part of a word: ['dies riftborn-hatchling 43']" in msg


@pytest.mark.parametrize("item,says", [
    ("{event: draw, card: x}", "the `draw` event has no field `card`; its fields: player, "
                               "number"),
    ("{line: draw A 1, event: draw}", "give either `line` (words of the line) or `event`"),
    ("{count: 2}", "give either `line` (words of the line) or `event`"),
    ("{line: draw, player: A}", "`player` is a field of an `event`"),
    ("{event: died}", "did you mean 'dies'"),
])
def test_a_wrong_log_item_is_an_error_at_it(tmp_path, capsys, item, says):
    f = twins(tmp_path, '"riftborn-hatchling#43"', log=item)
    capsys.readouterr()
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr()
    assert f"{f}:15:" in err.err + err.out and says in err.err + err.out


def test_the_log_table_is_every_event_the_engine_logs():
    """LOG_EVENTS names each value of each ``log.append((...))`` in the engine: every event
    and its number of values, so a new event (or a changed one) fails here."""
    found: dict[str, int] = {}
    for path in [*(ROOT / "core").glob("*.py"), *(ROOT / "core/games/wonders").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "append" and isinstance(node.func.value,
                                                                  ast.Attribute) \
                    and node.func.value.attr == "log" and node.args \
                    and isinstance(node.args[0], ast.Tuple):
                head = node.args[0].elts[0]
                assert isinstance(head, ast.Constant), f"{path}: a log event without a name"
                found[head.value] = len(node.args[0].elts) - 1
    assert found, "no log.append found: the scan is broken"
    assert {k: len(v) for k, v in LOG_EVENTS.items()} == found


# -- 4. the game over ------------------------------------------------------------------

def test_a_step_after_the_game_ended_says_who_won_and_why(tmp_path):
    f = write(tmp_path / "over.scenario.yaml", """\
        scenario: A draws its last card
        rule: "405"
        setup:
          players:
            A: {actions: 2, deck: [filler]}
            B: {actions: 1}
        steps:
          - draw
          - pass
        """)
    [msg] = failures(f)
    assert msg.endswith(":9:5: step 2 ('pass'): the game is over: A's deck is empty "
                        "(rule 405); B won; there is no decision to answer")
    f.write_text(f.read_text().replace("  - pass", "  - expect: {decision: {player: B}}"))
    [msg] = failures(f)
    assert "expected a pending decision, found none: the game is over: A's deck is empty " \
           "(rule 405); B won" in msg


# -- 5. card states ----------------------------------------------------------------------

def test_counters_by_sign_face_down_and_owner(tmp_path):
    f = write(tmp_path / "s.scenario.yaml", """\
        scenario: states
        rule: ["rulebook: Counters", "505.1", "510"]
        setup:
          players:
            A: {energy: 3, actions: 1, hand: [rockslide]}
            B: {actions: 1}
          realms:
            1:
              A: [{card: quarry-golem, minus_counters: 1}]
              B: [{card: skeleton, face_down: true}, {card: riftborn-hatchling, owner: A}]
        steps:
          - expect:
              cards:
                quarry-golem: {minus_counters: 1, plus_counters: 0, counters: -1, power: 3}
                skeleton: {face_down: true, controller: B, owner: B}
                riftborn-hatchling: {owner: A, controller: B}
              decision: {kind: turn, includes: ["play rockslide"]}
          - play rockslide                 # the face-down Skeleton is no target (510)
        expect:
          realms:
            1: {B: [skeleton]}
          players:
            A: {abyss: [rockslide, riftborn-hatchling]}  # the owner's Abyss
            B: {abyss: []}
        """)
    assert failures(f) == []
    f.write_text(f.read_text().replace("skeleton, face_down: true}", "skeleton}"))
    [msg] = failures(f)
    assert "expected cards.skeleton.face_down = True, found False" in msg
    # face up, the Skeleton is a target too: Rockslide asks, and the Hatchling stays
    f.write_text(f.read_text().replace("{face_down: true, controller", "{controller"))
    found = failures(f)
    assert any("expected realms.1.B = ['skeleton'], found ['riftborn-hatchling', "
               "'skeleton']" in x for x in found), found


def test_plus_and_minus_counters_together_are_an_error(tmp_path, capsys):
    f = write(tmp_path / "s.scenario.yaml", """\
        scenario: both
        rule: "0"
        setup:
          realms:
            1: {A: [{card: skeleton, plus_counters: 1, minus_counters: 1},
                    {card: skeleton, counters: 1, plus_counters: 1}]}
        """)
    found = failures(f)
    assert any(":5:48: CS502 skeleton cannot have +1 and -1 counters at once" in x
               for x in found)
    assert any(":6:30: CS502 give the counters as `counters`" in x for x in found)


# -- 6. variants -------------------------------------------------------------------------

TIE = """\
    scenario: tie
    rule: "405"
    setup:
      round: 7
      players:
        A: {actions: 1}
        B: {actions: 1}
      realms:
        1: {A: [skeleton], B: [quarry-golem], stones: [A]}
        2: {stones: [B]}
    variants:
      - []
      - {variants: [power_tiebreak], expect: {winner: <winner>}}
    steps: [pass, pass]
    expect:
      over: true
    """


def test_one_file_runs_with_and_without_a_variant(tmp_path, capsys):
    f = write(tmp_path / "tie.scenario.yaml", TIE.replace("<winner>", "B"))
    results = run_scenarios(f)
    assert [(r.variants, r.passed) for r in results] == [
        ("variants: none", True), ("variants: power_tiebreak", True)]
    f.write_text(f.read_text().replace("winner: B", "winner: A"))
    results = run_scenarios(f)
    assert [r.passed for r in results] == [True, False]
    assert results[1].failures == [f"{f}:13:51: expected winner = 'A', found 'B'"]
    capsys.readouterr()
    assert main(["test", str(f)]) == 1
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"PASS {f} [variants: none] (405)", f"FAIL {f} [variants: power_tiebreak] (405)"]


def test_pytest_collects_a_test_per_run(tmp_path):
    write(tmp_path / "tie.scenario.yaml", TIE.replace("<winner>", "B"))
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--rootdir", str(tmp_path), str(tmp_path), "-rA"],
                         capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "CARDSCRIPT_CACHE": str(tmp_path / ".c")})
    assert "2 passed" in out.stdout, out.stdout
    assert "tie[variants: power_tiebreak]" in out.stdout


# -- 1. card files -----------------------------------------------------------------------

CHIME = """\
    id: <id>
    name: Chime
    type: item
    orbital: boundless
    tier: secondary
    cost: 1
    """


def files_scenario(tmp_path: Path, entries: str) -> Path:
    return write(tmp_path / "here" / "f.scenario.yaml", f"""\
        scenario: cards from files
        rule: "0"
        cards: {entries}
        setup:
          realms:
            1: {{A: [chime, gong]}}
        """)


def test_cards_come_from_files_and_folders_beside_the_scenario(tmp_path, capsys):
    write(tmp_path / "here" / "cards" / "chime.card.yaml", CHIME.replace("<id>", "chime"))
    write(tmp_path / "here" / "more" / "deep" / "gong.card.yaml", CHIME.replace("<id>", "gong"))
    f = files_scenario(tmp_path, "[cards/chime.card.yaml, more/]")
    assert failures(f) == []
    capsys.readouterr()
    assert main(["lint", str(f)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("entry,says", [
    ("../out.card.yaml", "card path '../out.card.yaml' is outside the scenario's folder"),
    ("/etc/x.card.yaml", "card path '/etc/x.card.yaml' is absolute"),
    ("cards/none.card.yaml", "no card file or folder 'cards/none.card.yaml' beside the "
                             "scenario"),
    ("notes.txt", "'notes.txt' is not a card file"),
    ("empty", "card folder 'empty' holds no .card.yaml file"),
    ("link.card.yaml", "card path 'link.card.yaml' is outside the scenario's folder"),
])
def test_a_card_path_it_cannot_use_is_an_error_at_the_entry(tmp_path, capsys, entry, says):
    write(tmp_path / "out.card.yaml", CHIME.replace("<id>", "chime"))
    write(tmp_path / "here" / "cards" / "gong.card.yaml", CHIME.replace("<id>", "gong"))
    write(tmp_path / "here" / "notes.txt", "x")
    (tmp_path / "here" / "empty").mkdir()
    (tmp_path / "here" / "link.card.yaml").symlink_to(tmp_path / "out.card.yaml")
    f = files_scenario(tmp_path, f"[cards/, '{entry}']")
    found = failures(f)
    assert any(x.startswith(f"{f}:3:17: CS505 {says}") for x in found), found
    capsys.readouterr()
    assert main(["lint", str(f)]) == 1
    assert f"f.scenario.yaml:3:17: CS505 {says}" in capsys.readouterr().out


def test_a_card_files_own_error_is_at_its_line(tmp_path, capsys):
    card = write(tmp_path / "here" / "chime.card.yaml",
                 CHIME.replace("<id>", "chime").replace("cost: 1", "cost: lots"))
    write(tmp_path / "here" / "gong.card.yaml", CHIME.replace("<id>", "gong"))
    f = files_scenario(tmp_path, "[chime.card.yaml, gong.card.yaml, {id: gong, name: G, "
                                 "type: item, orbital: boundless, tier: secondary, cost: 1}]")
    found = failures(f)
    assert any(x.startswith(f"{card}:6:7: CS105") for x in found), found
    assert any(x.startswith(f"{f}:3:47: CS503 card 'gong' is defined twice for this "
                            f"scenario (first in {tmp_path / 'here' / 'gong.card.yaml'}")
               for x in found), found
    capsys.readouterr()
    assert main(["lint", str(f)]) == 1
    printed = capsys.readouterr().out
    assert f"{f}:3:9: CS105 {card}:6:7: input should be a valid integer" in printed
    assert f"{f}:3:47: CS503 card 'gong' is defined twice for this scenario" in printed


def test_the_game_over_message_says_how_round_7_decided_it(tmp_path):
    f = write(tmp_path / "tie.scenario.yaml",
              TIE.replace("<winner>", "B").replace("[pass, pass]", "[pass, pass, pass]"))
    by_rules, by_power = (r.failures for r in run_scenarios(f))
    assert by_rules[0].endswith(":14:21: step 3 ('pass'): the game is over: round 7 ended "
                                "with the stones tied; the tie goes to the controller of "
                                "realm 1, the lowest-numbered realm with a single controller "
                                "(rule 405); A won; there is no decision to answer")
    assert by_power[0].endswith("the game is over: round 7 ended with the stones tied; the "
                                "variant power_tiebreak decides by the total power of each "
                                "player's Wonders; B won; there is no decision to answer")
