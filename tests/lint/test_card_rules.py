"""What the linter finds in one card file: the engine's own diagnostics (codes shared with
`cardscript check`) and the semantic rules — targets, triggers that can't fire, stats, key
order, file names, printed text against generated text."""
from __future__ import annotations

from cardscript.plugins import load_game
from cardscript.tools.cli import main

BROKEN = """\
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
    """


def test_schema_findings_name_position_code_and_suggestion(write, lint):
    write("broken-wonder.card.yaml", BROKEN)
    r = lint(".")
    assert r.rc == 1
    out = r.out
    assert "broken-wonder.card.yaml:10:23: CS101 unknown key 'controler' (did you mean " \
           "'controller'?)" in out
    assert "broken-wonder.card.yaml:11:14: CS102 unknown effect 'destory' (did you mean " \
           "'destroy'?)" in out
    assert "broken-wonder.card.yaml:13:28: CS102 unknown value 'many'" in out


def test_lint_and_check_agree_on_engine_codes_and_positions(write, lint, capsys):
    f = write("broken-wonder.card.yaml", BROKEN)
    write("spell.card.yaml", """\
        id: spell
        name: Spell
        type: spell
        orbital: solfera
        cost: -1
        power: 3
        """)
    main(["check", str(f.parent)])
    checked = {line.split(" [")[0] for line in capsys.readouterr().err.splitlines()
               if ": CS" in line}
    r = lint(".")
    linted = {line.split(" ", 2)[0] + " " + line.split(" ", 2)[1] for line in r.lines()}
    checked = {c.replace(str(f.parent) + "/", "") for c in checked}
    assert checked and checked <= linted


def test_missing_tier_negative_cost_and_power_on_a_spell(write, lint):
    write("odd.card.yaml", """\
        id: odd
        name: Odd
        type: spell
        orbital: solfera
        cost: -1
        power: 3
        """)
    r = lint(".")
    out = r.out
    assert "odd.card.yaml:1:1: CS104 missing required field 'tier'" in out
    assert "odd.card.yaml:5:7: CS105 input should be greater than or equal to 0" in out
    assert "odd.card.yaml:6:8: CS105 value error, only wonders have power" in out


def test_target_used_without_being_declared(write, lint):
    write("no-target.card.yaml", """\
        id: no-target
        name: No Target
        type: spell
        orbital: solfera
        tier: primary
        cost: 1
        abilities:
          - trigger: on_play
            effect: {destroy: target}
          - trigger: on_play
            effect: [{draw: 1}, {untap: {}}]
        """)
    r = lint(".", "--select", "target")
    assert r.lines() == [
        "no-target.card.yaml:9:23: CS110 ability 1 uses 'target' but declares no target: "
        "add a `target:` selector",
        "no-target.card.yaml:11:33: CS110 ability 2 uses 'card' (which defaults to target) "
        "but declares no target: add a `target:` selector"]


def test_target_declared_and_never_used(write, lint):
    write("idle.card.yaml", """\
        id: idle
        name: Idle
        type: spell
        orbital: solfera
        tier: primary
        cost: 1
        abilities:
          - trigger: on_play
            target: {wonder: {controller: opponent}}
            effect: {draw: 1}
          - trigger: on_play
            target: {player: opponent}
            effect: {discard: {player: target}}
          - trigger: on_play
            target: {wonder: {}}
            effect: {draw: {player: controller}}
        """)
    r = lint(".", "--select", "target")
    assert r.lines() == ["idle.card.yaml:9:5: CS111 ability 1 declares a target that its "
                         "effect never uses"]


def test_triggers_that_can_never_fire(write, lint):
    write("storm-call.card.yaml", """\
        id: storm-call
        name: Storm Call
        type: spell
        orbital: thalwind
        tier: primary
        cost: 2
        keywords: [flying]
        abilities:
          - trigger: on_play
            effect: {draw: 1}
          - trigger: on_attack
            effect: {draw: 1}
          - trigger: tap_free
            effect: {draw: 1}
          - trigger: {instead_of: discarded}
            effect: {draw: 1}
          - trigger: static
            effect: {cant: {action: untap}}
        """)
    write("sprout.card.yaml", """\
        id: sprout
        name: Sprout
        type: wonder
        orbital: boundless
        tier: secondary
        cost: 0
        power: 1
        token: true
        abilities:
          - trigger: on_play
            effect: {draw: 1}
          - trigger: on_arrival
            effect: {draw: 1}
        """)
    r = lint(".", "--select", "CS112")
    lines = r.lines()
    assert len(lines) == 5, lines
    assert lines[0].startswith("sprout.card.yaml:10:14: CS112 trigger 'on_play' can never fire: "
                               "a token is created in The World, never played")
    assert lines[1].startswith("storm-call.card.yaml:7:12: CS112 keyword 'flying' can never "
                               "work here")
    assert lines[2].startswith("storm-call.card.yaml:11:14: CS112 trigger 'on_attack' can "
                               "never fire: a spell never enters The World")
    assert lines[3].startswith("storm-call.card.yaml:13:14: CS112 trigger 'tap_free' can "
                               "never fire")
    # its own replacement effect works in any zone (rule 504), its static ability never
    assert lines[4].startswith("storm-call.card.yaml:17:14: CS112 trigger 'static' can "
                               "never fire")


def test_stats_the_schema_accepts_but_a_card_should_not_have(write, lint):
    write("huge.card.yaml", """\
        id: huge
        name: Huge
        type: wonder
        orbital: petraia
        tier: legendary
        cost: 40
        power: -2
        token: true
        """)
    r = lint(".", "--select", "stats")
    assert r.lines() == [
        "huge.card.yaml:6:7: CS113 a token costs 0 (rulebook, Tokens); its printed cost 40 is "
        "never used",
        "huge.card.yaml:6:7: CS113 cost 40 is above 15; a typo?",
        "huge.card.yaml:7:8: CS113 power -2 is below 0: the Wonder would die as soon as it "
        "arrives"]


def test_key_order_and_file_name(write, lint):
    write("misnamed.card.yaml", """\
        name: Misplaced
        id: misplaced
        type: land
        orbital: petraia
        tier: secondary
        cost: 0
        abilities:
          - effect: {draw: 1}
            trigger: harvest
        """)
    r = lint(".", "--select", "style")
    assert r.lines() == [
        "misnamed.card.yaml:2:1: CS120 [*] keys of the card are not in canonical order: 'id' "
        "should come before 'name' (expected id, name, type, orbital, tier, cost, abilities)",
        "misnamed.card.yaml:2:5: CS121 the file of card 'misplaced' should be named "
        "'misplaced.card.yaml', not 'misnamed.card.yaml'",
        "misnamed.card.yaml:9:5: CS120 [*] keys of ability 1 are not in canonical order: "
        "'trigger' should come before 'effect' (expected trigger, effect)"]


def test_printed_text_that_drifted_from_the_abilities_shows_a_diff(write, lint, good):
    write("good-knight.card.yaml", good().replace("Draw a card.", "Draw two cards."))
    r = lint(".")
    assert r.rc == 1
    assert "good-knight.card.yaml:9:7: CS130 [*] printed text differs from the text generated " \
           "from the card's abilities" in r.out
    assert "    -ON ARRIVAL: Draw two cards" in r.out
    assert "    +ON ARRIVAL: Draw a card" in r.out


def test_normalised_differences_are_not_drift(write, lint, good):
    write("good-knight.card.yaml", good().replace('"ON ARRIVAL: Draw a card."',
                                                  "'On Arrival:  Draw a card'"))
    assert lint(".").rc == 0


def test_keyword_spelling_is_an_unknown_name_with_a_fix(write, lint):
    write("crow.card.yaml", """\
        id: crow
        name: Crow
        type: wonder
        orbital: umbrathene
        tier: primary
        cost: 4
        power: 3
        keywords: [Flying, Death-Strike]
        """)
    r = lint(".", "--select", "CS102")
    known = ", ".join(n for n, e in sorted(load_game("wonders").registry.entries["keyword"]
                                           .items()) if not e.meta.get("internal"))
    assert "deathstrike, flying" in known  # derived from the registry
    assert r.lines() == [
        "crow.card.yaml:8:12: CS102 [*] unknown keyword 'Flying' (did you mean 'flying'?); "
        f"expected one of: {known} (at keywords.0)",
        "crow.card.yaml:8:20: CS102 [*] unknown keyword 'Death-Strike' (did you mean "
        f"'deathstrike'?); expected one of: {known} (at keywords.1)"]
