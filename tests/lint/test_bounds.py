"""Numbers beyond sane bounds (core/limits.py) are refused where they are written: counts of
cards, tokens, repetitions and energy, power changes, counters, costs and power. The bound is
declared once, in the parameter model, so `cardscript check`, `cardscript lint`, the editors'
JSON Schema and the language reference agree."""
from __future__ import annotations

import json

from cardscript.limits import AMOUNT_MAX, COUNT_MAX, STAT_MAX
from cardscript.plugins import load_game
from cardscript.tools.cli import main
from cardscript.tools.schema import bundled_schemas

ABSURD = """\
    id: absurd
    name: Absurd
    type: wonder
    orbital: solfera
    tier: primary
    cost: 10000000
    power: -1000
    keywords: [{seek: {count: 500, filter: {wonder: {}}}}]
    abilities:
      - trigger: on_arrival
        effect:
          - {create_token: {token: skeleton, count: 1000000000}}
          - {repeat: {times: 1000000000000, effect: {draw: 1}}}
          - {draw: 1000}
          - {counters: {card: this, amount: -5000}}
          - {sacrifice: {selector: {wonder: {}}, count: 1000}}
          - {gain_energy: {count: 101}}
          - {power: {card: this, amount: 200}}
          - {seek: {count: 101, filter: {wonder: {}}}}
    """

#: (line, col, path) of every absurd number in ABSURD
EXPECTED = [(6, 7, "cost"), (7, 8, "power"), (8, 27, "keywords.0.seek.count"),
            (12, 49, "abilities.0.effect.0.create_token.count"),
            (13, 26, "abilities.0.effect.1.repeat.times"),
            (14, 16, "abilities.0.effect.2.draw"),
            (15, 41, "abilities.0.effect.3.counters.amount"),
            (16, 53, "abilities.0.effect.4.sacrifice.count"),
            (17, 31, "abilities.0.effect.5.gain_energy.count"),
            (18, 38, "abilities.0.effect.6.power.amount"),
            (19, 24, "abilities.0.effect.7.seek.count")]


def test_check_and_lint_refuse_absurd_numbers_at_the_same_places(write, lint, capsys):
    f = write("absurd.card.yaml", ABSURD)
    assert main(["check", str(f)]) == 1
    checked = [line for line in capsys.readouterr().err.splitlines() if ": CS" in line]
    r = lint(".")
    assert r.rc == 1
    for line, col, path in EXPECTED:
        want = f"absurd.card.yaml:{line}:{col}: CS105"
        assert any(c.split(" [")[0].endswith(want) and f"(at {path})" in c
                   for c in checked), (want, checked)
        assert any(x.startswith(want) and f"(at {path})" in x for x in r.lines()), \
            (want, r.lines())
    assert "input should be less than or equal to 100; found 1000000000 (at abilities.0." \
        "effect.0.create_token.count)" in r.out
    assert "input should be greater than or equal to -99; found -1000 (at power)" in r.out
    # beyond the schema's bound, CS113 says nothing more about the same number
    assert not [x for x in r.lines() if " CS113 " in x]


def test_the_largest_sane_numbers_are_accepted(write, lint):
    write("edge.card.yaml", f"""\
        id: edge
        name: Edge
        type: wonder
        orbital: solfera
        tier: primary
        cost: {STAT_MAX}  # cardscript: disable=CS113
        power: -{STAT_MAX}  # cardscript: disable=CS113
        abilities:
          - trigger: on_arrival
            effect:
              - {{draw: {COUNT_MAX}}}
              - {{repeat: {{times: {COUNT_MAX}, effect: {{counters: {{card: this,
                                                                   amount: {AMOUNT_MAX}}}}}}}}}
        """)
    r = lint(".", "--ignore", "CS120,CS121,CS130")
    assert r.rc == 0, r.out


def test_a_macro_parameter_beyond_what_its_expansion_accepts_is_a_card_error(write, lint,
                                                                             capsys):
    """{rally: 1000000} expands to a power change of a million: an invalid value of the
    card, never a traceback or an internal error."""
    f = write("rallied.card.yaml", """\
        id: rallied
        name: Rallied
        type: wonder
        orbital: solfera
        tier: primary
        cost: 3
        power: 1
        keywords: [{rally: 1000000}]
        """)
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().err
    # at the card's keyword entry, naming the field of the macro the value reached
    assert f"{f}:8:12: CS105 [rallied] keyword 'rally' with these parameters (amount: " \
           "1000000) expands into an invalid ability at " \
           f"{load_game('wonders').cards_dir / 'keywords' / 'rally.keyword.yaml'}:12:17: " \
           "input should be less than or equal to 100; found 1000000 (at " \
           "effect.power.amount)" in err
    assert "Traceback" not in err
    r = lint(".")
    assert r.rc == 1 and "internal error" not in r.out + r.err
    assert [x.split(" ", 2)[1] for x in r.lines()] == ["CS105"]


def test_the_editor_schema_and_the_docs_show_the_bounds(tmp_path):
    schema = (bundled_schemas() / "wonders" / "card.schema.json").read_text(encoding="utf-8")
    card = json.loads(schema)
    assert card["properties"]["cost"]["maximum"] == STAT_MAX
    assert f'"maximum": {COUNT_MAX}' in schema and f'"minimum": -{AMOUNT_MAX}' in schema
    assert main(["docs", "--out", str(tmp_path), "--game", "wonders"]) == 0
    html = (tmp_path / "wonders.html").read_text(encoding="utf-8")
    assert f"int (1 to {COUNT_MAX})" in html  # create_token's count, seek's count
    assert f"int (-{AMOUNT_MAX} to {AMOUNT_MAX})" in html  # counters, power
    assert f"a bare number (0 to {COUNT_MAX}) is a constant" in html
