"""Inputs the fuzz test (test_fuzz_inputs.py) found breaking a command, each exactly as it was
generated, with what the user must see now."""
from __future__ import annotations

import textwrap

import pytest
from harness import check_run, run_in_process, write
from yamlfuzz import corpus, dump, fresh_copy, in_play

# -- 1. a control character in a key or value printed raw inside a message -------------------
# A key "\x1e" (renamed from "id"), "\r" (renamed from "scenario") or a selector "\u2028" was
# echoed raw: "\r" sent the terminal back to the line's start, so the rest of the message
# overwrote file:line:col; "\x1b" let a file drive the terminal; "\x1e" and "\u2028" cut the
# message in two for any reader that splits lines as Python does.

CONTROL_KEY_CARD = textwrap.dedent("""\
    "\\u001e": fz-aetherforge-titan
    name: Aetherforge Titan
    type: wonder
    orbital: heliosynth
    tier: primary
    cost: 5
    power: 5
    classes:
      - Construct
    text: "TAP ACTION: Put three +1 counters on this."
    abilities:
      -
        trigger: tap_action
        effect:
          counters:
            card: this
            amount: 3
    """)

CONTROL_KEY_SCENARIO = textwrap.dedent("""\
    "\\u000d": "The coin winner chooses who plays first; the second player chooses realm 1's side"
    rule: "401"
    setup:
      start: game
      seed: 0
    steps:
      - B
    """)

CONTROL_SELECTOR_MACRO = textwrap.dedent("""\
    keyword: fz_rally
    text: "Rally {{ amount }}"
    reminder: "When this arrives, your other Wonders in this realm get +N power this round."
    params:
      amount: 1
    abilities:
      -
        trigger: on_arrival
        effect:
          power:
            card:
              all: "\\u2028"
            amount: "$amount"
    """)

CASES = [
    ("card", CONTROL_KEY_CARD, ("check",), "fz-aetherforge-titan",
     ":1:1: CS101 unknown key '\\x1e'; expected one of: abilities,"),
    ("card", CONTROL_KEY_CARD, ("lint", "--no-cache", "--isolated"), "fz-aetherforge-titan",
     ":1:1: CS101 unknown key '\\x1e'; expected one of: abilities,"),
    ("scenario", CONTROL_KEY_SCENARIO, ("lint", "--no-cache", "--isolated"), "s",
     ":1:1: CS101 unknown key '\\x0d'; expected one of: cards,"),
    ("scenario", CONTROL_KEY_SCENARIO, ("test",), "s",
     ":1:1: CS101 unknown key '\\x0d'; expected one of: cards,"),
    ("keyword", CONTROL_SELECTOR_MACRO, ("check",), "fz_rally",
     ":12:16: CS102 keyword 'fz_rally': unknown selector '\\u2028'; expected one of: card,"),
    ("keyword", CONTROL_SELECTOR_MACRO, ("lint", "--no-cache", "--isolated"), "fz_rally",
     ":12:16: CS102 keyword 'fz_rally': unknown selector '\\u2028'; expected one of: card,"),
]


@pytest.mark.parametrize(("kind", "text", "command", "stem", "expected"), CASES,
                         ids=[f"{c[0]}-{c[2][0]}" for c in CASES])
def test_a_control_character_in_the_input_is_shown_escaped(tmp_path, kind, text, command,
                                                           stem, expected):
    raw = text.encode()
    target, given_path = write(tmp_path, kind, raw, stem)
    run = run_in_process([*command, given_path])
    assert run.rc == 1
    shown = [line for line in (run.out + run.err).split("\n") if expected in line]
    assert len(shown) == 1, run
    assert shown[0].lstrip().startswith(f"{target}{expected}")
    check_run(run, target, raw)


# -- 2. a position on line 100 printed as an emoji ---------------------------------------------
# The console read ":100:" in "file.yaml:100:5:" as an emoji code and printed "file.yaml💯5:".
# Found with the bundled scenario 502-... whose 8th inline card has its key 'type' renamed to
# '' (an unknown key on line 100).

def _scenario_with_a_bad_key_on_line_100() -> bytes:
    name = "502-new-triggers-wait-for-the-current-batch.scenario.yaml"
    tree = fresh_copy(dict(corpus()["scenario"])[name])
    card = tree["cards"][7]
    tree["cards"][7] = {("" if k == "type" else k): v for k, v in card.items()}
    return dump(tree).encode()


@pytest.mark.parametrize("command", [("check",), ("test",)])
def test_a_problem_on_line_100_keeps_its_position(tmp_path, command):
    raw = _scenario_with_a_bad_key_on_line_100()
    target, given_path = write(tmp_path, "scenario", raw, "line-100")
    run = run_in_process([*command, given_path])
    assert run.rc == 1
    assert f"{target}:100:5: CS101 [grave-bell] unknown key ''" in run.out + run.err
    assert "\U0001f4af" not in run.out + run.err
    check_run(run, target, raw)


def test_a_designers_colon_word_is_not_an_emoji(tmp_path):
    raw = b"id: x\nname: X\ntype: wonder\ncost: 1\n':smile:': 1\n"
    target, given_path = write(tmp_path, "card", raw, "x")
    run = run_in_process(["check", given_path])
    assert f"{target}:5:1: CS101 [x] unknown key ':smile:'" in run.err


# -- 3. a keyword macro parameter named like the parameter model's own attributes -------------
# The game's keyword macros become pydantic models; a parameter 'model_config' made building
# the game raise TypeError, so every command ended in a traceback. Found by fuzzing the game's
# keywords folder (test_fuzz_inputs.test_a_games_keyword_macros) with the input below;
# 'schema' and 'copy' printed pydantic warnings, and '_x' or 'x y' were taken though no
# '$name' could stand for them.

RESERVED_PARAM_MACRO = textwrap.dedent("""\
    keyword: rally
    text: "Rally {{ amount }}"
    reminder: "When this arrives, your other Wonders in this realm get +N power this round."
    params:
      model_config: true
    abilities:
      -
        trigger: on_arrival
        effect:
          power:
            card:
              all:
                wonder:
                  controller: you
                  realm: this
                  other: true
            amount: "$amount"
    """)


def test_a_macro_parameter_the_model_keeps_is_refused_not_a_crash(tmp_path):
    from cardscript.macros import macro_vocabulary, read_macros
    f = tmp_path / "keywords" / "rally.keyword.yaml"
    f.parent.mkdir()
    f.write_text(RESERVED_PARAM_MACRO)
    _, problems, loaded = macro_vocabulary("wonders-fuzz", read_macros([f]))
    assert loaded == []  # left out of the game, which builds without it
    assert [str(d) for d in problems] == [
        f"{f}:5:3: CS105 value error, 'model_config' is a name the parameter model keeps for "
        "itself; choose another; found 'model_config' (at params.model_config)"]


MACRO = textwrap.dedent("""\
    keyword: zz
    text: "Zz"
    params: {{{name}: 1}}
    abilities:
      - trigger: on_arrival
        effect: {{draw: 1}}
    """)


@pytest.mark.parametrize(("name", "why"), [
    ("schema", "value error, 'schema' is a name the parameter model keeps for itself"),
    ("'x y'", "string should match pattern '^[a-z][a-z0-9_]*$'; found 'x y'"),
    ("_x", "string should match pattern '^[a-z][a-z0-9_]*$'; found '_x'"),
])
def test_a_macro_parameter_name_no_card_could_use_is_an_error(tmp_path, name, why):
    raw = MACRO.format(name=name).encode()
    target, given_path = write(tmp_path, "keyword", raw, "zz")
    run = run_in_process(["check", given_path])
    assert run.rc == 1
    assert f"{target}:3:10: CS105 {why}" in run.err
    check_run(run, target, raw)


# -- 4. the key-order rule on a card whose abilities are a number ------------------------------
# Found with the bundled aetherforge-titan (as 'fz-aetherforge-titan') whose 'cost' and
# 'abilities' were swapped: `lint` ended with "internal error in rule CS120 (key-order) ...
# TypeError: 'int' object is not iterable" and exit 2.

def test_key_order_on_abilities_that_are_a_number(tmp_path):
    tree = fresh_copy(dict(corpus()["card"])["aetherforge-titan.card.yaml"])
    tree["id"] = "fz-aetherforge-titan"
    tree["cost"], tree["abilities"] = tree["abilities"], tree["cost"]
    raw = dump(tree).encode()
    target, given_path = write(tmp_path, "card", raw, "fz-aetherforge-titan")
    run = run_in_process(["lint", "--no-cache", "--isolated", "--select", "ALL", given_path])
    assert (run.rc, run.err) == (1, "")
    assert f"{target}:17:12: CS105 input should be a valid list; found 5 (at abilities)" \
        in run.out
    check_run(run, target, raw)


# -- 5. a control character in a card's id, shown beside the message --------------------------
# Found with the bundled aetherforge-titan, inline in a scenario that plays it, its id
# replaced by '\x1e': the message escaped it, the "[card]" before the message did not.

def test_a_control_character_in_a_cards_id_is_shown_escaped(tmp_path):
    card = fresh_copy(dict(corpus()["card"])["aetherforge-titan.card.yaml"])
    card["id"] = "\x1e"
    raw = dump(in_play(card, "fz-aetherforge-titan", [])).encode()
    target, given_path = write(tmp_path, "scenario", raw, "in-play")
    for command in ("check", "test"):
        run = run_in_process([command, given_path])
        assert run.rc == 1
        assert f"{target}:5:9: CS105 [\\x1e] string should match pattern " in run.out + run.err
        check_run(run, target, raw)
