"""What `cardscript check` and `cardscript test` find in a scenario before running it — a
setup key its start mode ignores (CS501), a setup the game cannot start from (CS502), inline
cards with one id (CS503), unknown card ids in `expect` (CS500), an unknown decision kind or
variant (CS105) — each at the key or value concerned; and what running checks: the first
player at a round's beginning (rule 403.2), positions under realm numbers, log lines
matched by whole words. (docs/scenarios.md documents each; the linter's side is in
tests/lint/test_set_decks_scenarios.py.)"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from cardscript.games.wonders.rules import DECISION_KINDS


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


def problems_of(cli, f: Path, command: str) -> tuple[int, list[str]]:
    """The ``path:line:col: ...`` lines a command prints about ``f``, path left out."""
    rc, printed = cli.merged(command, f)
    return rc, [line.strip()[len(str(f)) + 1:] for line in printed.splitlines()
                if line.strip().startswith(f"{f}:")]


def in_check_and_test(cli, f: Path) -> list[str]:
    """The problems `check` reports, which `test` must report too (and fail)."""
    rc, found = problems_of(cli, f, "check")
    assert rc == 1 and found
    rc, tested = problems_of(cli, f, "test")
    assert rc == 1 and sorted(tested) == sorted(found)
    return found


# -- 1. keys a start mode ignores: CS501 ---------------------------------------------------

GAME_START = """\
    scenario: Keys that a game started from rule 401 does not use
    rule: "401"
    setup:
      start: game
      <key>
    expect:
      round: 0
    """


@pytest.mark.parametrize("key, line, why", [
    ("round: 5", "`round` is not used with `start: game`: the game starts before round 1",
     "start in a later round with `start: beginning` or `start: turns`"),
    ("first_player: B", "`first_player` is not used with `start: game`: the coin winner",
     "answer the `first_player` decision in `steps`"),
    ("round1_first: B", "`round1_first` is not used with `start: game`",
     "answer the `first_player` decision in `steps`"),
    ("last_seizer: A", "`last_seizer` is not used with `start: game`: no stone has been "
     "seized", "start in a later round"),
    ("realms: {3: {A: [skeleton]}}", "`realms` is not used with `start: game`: every realm "
     "starts empty", "put cards in realms with `start: beginning` or `start: turns`"),
])
def test_a_key_start_game_ignores_is_an_error_at_the_key(tmp_path, cli, key, line, why):
    f = scenario(tmp_path, GAME_START, key=key)
    (found,) = in_check_and_test(cli, f)
    assert found.startswith(f"5:3: CS501 {line}") and why in found


def test_the_readers_scenario_no_longer_passes(tmp_path, cli):
    """round 5 and a card in realm 3 with start: game passed with `expect: {round: 0}`."""
    f = scenario(tmp_path, GAME_START, key="round: 5\n  realms:\n    3: {A: [skeleton]}")
    assert [p[:10] for p in in_check_and_test(cli, f)] == ["5:3: CS501", "6:3: CS501"]


@pytest.mark.parametrize("start, mode", [("", "`start: turns` (the default)"),
                                         ("start: beginning\n  ", "`start: beginning`"),
                                         ("start: turns\n  ", "`start: turns`")])
def test_previous_loser_without_start_game_is_an_error(tmp_path, cli, start, mode):
    f = scenario(tmp_path, """\
        scenario: previous_loser chooses only when a game starts
        rule: "401"
        setup:
          <start>round: 2
          previous_loser: B
        """, start=start)
    (found,) = in_check_and_test(cli, f)
    line = 6 if start else 5
    assert found.startswith(f"{line}:3: CS501 `previous_loser` is not used with {mode}: ")
    assert "rule 401" in found and "use `start: game`" in found


# -- 2. the first player at a round's beginning (rule 403.2) ------------------------------

def test_round1_first_is_honoured_at_a_rounds_beginning(tmp_path, cli):
    """No stone seized: the player who took round 1's first turn goes first again."""
    f = scenario(tmp_path, """\
        scenario: With no seizer, round 1's first player goes first
        rule: "403.2"
        setup:
          start: beginning
          round: 3
          round1_first: B
        expect:
          first_player: B
          decision: {player: B, kind: turn}
        """)
    rc, out = cli.merged("test", f)
    assert rc == 0, out


@pytest.mark.parametrize("keys, line, says", [
    ("first_player: A\n  round1_first: B", 5,
     "`first_player: A` contradicts `round1_first: B`: with no stone seized, the player "
     "who took the first turn of round 1 takes it again (rule 403.2)"),
    ("first_player: A\n  round1_first: A\n  last_seizer: B", 5,
     "`first_player: A` contradicts `last_seizer: B`: the player who most recently seized a "
     "stone takes the first turn each round (rule 403.2)"),
])
def test_a_first_player_rule_403_2_contradicts_is_an_error(tmp_path, cli, keys, line,
                                                           says):
    f = scenario(tmp_path, """\
        scenario: first_player must agree with rule 403.2 at a round's beginning
        rule: "403.2"
        setup:
          start: beginning
          <keys>
          round: 3
        """, keys=keys)
    (found,) = in_check_and_test(cli, f)
    assert found.startswith(f"{line}:3: CS502 {says}")


def test_agreeing_keys_at_a_rounds_beginning_are_fine(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: first_player may repeat what rule 403.2 says
        rule: "403.2"
        setup:
          start: beginning
          round: 2
          first_player: B
          round1_first: A
          last_seizer: B
        expect:
          decision: {player: B, kind: turn}
        """)
    assert cli.merged("test", f)[0] == 0


def test_round1_first_and_first_player_differ_in_round_1(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: In round 1 they are one player
        rule: "403.2"
        setup:
          first_player: A
          round1_first: B
        """)
    (found,) = in_check_and_test(cli, f)
    assert found.startswith("5:3: CS502 `round1_first: B` contradicts `first_player: A`")


# -- 3. positions under realm numbers --------------------------------------------------------

REALMS = """\
    scenario: Positions under realm numbers
    rule: "0"
    setup:
      realms:
        1:
          A: [skeleton<wrong>]
    expect:
      realms:
        1:
          A: [quarry-golem]
    """


def test_an_unknown_card_in_a_realm_is_reported_at_the_card(tmp_path, cli):
    f = scenario(tmp_path, REALMS, wrong=", skeletn")
    assert in_check_and_test(cli, f) == [
        "6:21: CS500 unknown card 'skeletn' (did you mean 'skeleton'?)"]


def test_an_expectation_under_a_realm_fails_at_its_key(tmp_path, cli):
    f = scenario(tmp_path, REALMS, wrong="")
    rc, found = problems_of(cli, f, "test")
    assert rc == 1
    assert found == ["10:10: expected realms.1.A = ['quarry-golem'], found ['skeleton']"]


# -- 4. what the game would refuse when running, found before --------------------------------

@pytest.mark.parametrize("start, realm, says", [
    ("turns", 3, "realm 3 is not open in round 2: realm N opens in round N (rule 403.1), so "
                 "a game starting at round 2's turns has realms 1 to 2 open"),
    ("beginning", 2, "realm 2 is not open at the beginning of round 2: with `start: "
                     "beginning` the game starts before the round's realm opens (rule "
                     "403.1, step 1), so realm 1 is open; realm 2 opens, empty, as the game "
                     "starts; use `start: turns` to start with cards in it"),
    ("beginning", 1, "realm 1 is not open at the beginning of round 1"),
])
def test_a_realm_not_open_is_an_error_at_its_number(tmp_path, cli, start, realm, says):
    f = scenario(tmp_path, """\
        scenario: A realm that is not open yet
        rule: "403.1"
        setup:
          start: <start>
          round: <round>
          realms:
            <realm>: {A: [skeleton]}
        """, start=start, round="1" if realm == 1 else "2", realm=str(realm))
    (found,) = in_check_and_test(cli, f)
    assert found.startswith(f"7:5: CS502 {says}")


def test_an_unknown_variant_is_an_error_at_its_name(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: A misspelt variant
        rule: "405"
        setup:
          variants: [power_tiebrake]
        """)
    (found,) = in_check_and_test(cli, f)
    assert found == ("4:14: CS105 found 'power_tiebrake', expected one of: power_tiebreak "
                     "(did you mean 'power_tiebreak'?) (at setup.variants.0)")


# -- 5. inline cards with one id ---------------------------------------------------------------

def test_two_inline_cards_with_one_id_are_an_error(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: Two inline cards with one id
        rule: "0"
        cards:
          - {id: chime, name: Chime, type: item, orbital: boundless, tier: secondary, cost: 1}
          - {id: chime, name: Gong, type: item, orbital: boundless, tier: secondary, cost: 2}
        setup:
          players:
            A: {hand: [chime]}
        """)
    assert in_check_and_test(cli, f) == [
        "5:10: CS503 inline card 'chime' is defined twice in this scenario (first as "
        "cards[0]); give it another id or remove one"]


def test_an_inline_card_may_replace_a_bundled_one(tmp_path, cli):
    """A documented feature: check and test accept it (the linter warns, CS504)."""
    f = scenario(tmp_path, """\
        scenario: An inline Skeleton of power 5
        rule: "0"
        cards:
          - {id: skeleton, name: Skeleton, type: wonder, orbital: umbrathene,
             tier: secondary, cost: 1, power: 5}
        setup:
          realms:
            1: {A: [skeleton]}
        expect:
          cards:
            skeleton: {power: 5}
        """)
    assert cli.merged("check", f)[0] == 0
    assert cli.merged("test", f)[0] == 0


# -- 6. expect blocks: card ids and decision kinds -------------------------------------------

def test_unknown_cards_in_expect_are_errors_at_their_position(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: Unknown cards in expectations
        rule: "0"
        steps:
          - expect:
              players:
                A: {deck_top: [filler], abyss: [skeletn]}
        expect:
          realms:
            1: {B: [quary-golem]}
          cards:
            nobody-at-all: {tapped: false}
        """)
    assert in_check_and_test(cli, f) == [
        "6:41: CS500 unknown card 'skeletn' (did you mean 'skeleton'?)",
        "9:13: CS500 unknown card 'quary-golem' (did you mean 'quarry-golem'?)",
        "11:5: CS500 unknown card 'nobody-at-all'"]


def test_an_unknown_decision_kind_is_an_error_naming_the_games_kinds(tmp_path, cli):
    f = scenario(tmp_path, """\
        scenario: A misspelt decision kind
        rule: "0"
        expect:
          decision: {player: A, kind: tarjet}
        """)
    (found,) = in_check_and_test(cli, f)
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


def test_a_log_expectation_does_not_match_part_of_a_word(tmp_path, cli):
    f = scenario(tmp_path, LOG, expect='log: ["draw A 12", "draw A 1"]')
    rc, found = problems_of(cli, f, "test")
    assert rc == 1
    assert found == ["12:22: expected a log line with the words 'draw A 1'; lines with it "
                     "only as part of a word: ['draw A 12']"]


def test_a_log_exclusion_does_not_match_part_of_a_word(tmp_path, cli):
    f = scenario(tmp_path, LOG, expect='log_excludes: ["draw A 1", "play A deep"]')
    assert cli.merged("test", f)[0] == 0
    f.write_text(f.read_text().replace('"play A deep"', '"play A deep-well"'))
    rc, found = problems_of(cli, f, "test")
    assert rc == 1 and found[0].startswith(
        "12:30: the log should have no line with the words 'play A deep-well': ['play A "
        "deep-well")


def test_a_card_is_found_in_the_log_without_its_object_number(tmp_path, cli):
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
    rc, out = cli.merged("test", f)
    assert rc == 0, out
