"""Designer errors in card files (docs/architecture.md, "The pipeline"): every mistake names
file:line:col of the offending node, the card id, what was expected, and "did you mean"
where a known name is close. Unknown keys are errors at every depth."""
from __future__ import annotations

import textwrap

import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError, Diagnostic
from cardscript.loader import load_text

HEAD = """\
id: test-card
name: Test Card
type: wonder
orbital: solfera
tier: primary
cost: 2
power: 2
"""  # seven lines: anything appended starts on line 8


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool("wonders", cache=False)


def errors(pool: CardPool, text: str, path: str = "cards/test.card.yaml") -> list[Diagnostic]:
    with pytest.raises(CardError) as info:
        pool.compile(load_text(text, path))
    assert info.type is CardError
    assert info.value.diagnostics
    return info.value.diagnostics


def only(diags: list[Diagnostic]) -> Diagnostic:
    assert len(diags) == 1, "\n".join(map(str, diags))
    return diags[0]


def at(d: Diagnostic) -> tuple[int, int]:
    return d.pos.line, d.pos.col


def test_a_correct_card_compiles(pool):
    """Contrast for every test below: the same head with a valid ability is accepted."""
    card = pool.compile(load_text(HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_arrival
            target: {wonder: {zone: abyss, owner: you}}
            effect: {put_into_realm: {card: target}}
        """), "ok.card.yaml"))
    assert card.id == "test-card" and card.power == 2
    assert [a.name for a in card.program.abilities] == ["on_arrival"]


# -- unknown keys at depth -----------------------------------------------------------------

def test_unknown_key_in_a_target_filter(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_arrival
            target:
              wonder:
                zone: abyss
                ownr: you
            effect: {destroy: target}
        """)))
    assert d.pos.file == "cards/test.card.yaml"
    assert at(d) == (13, 9)  # the key itself
    assert d.card == "test-card"
    assert d.code == "CS101"
    assert "unknown key 'ownr'" in d.message and "did you mean 'owner'" in d.message
    assert "controller" in d.message  # what was expected is listed
    assert str(d).startswith("cards/test.card.yaml:13:9: CS101 [test-card]")


def test_unknown_key_in_a_flow_mapping_points_at_the_key(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_arrival
            target: {wonder: {zone: abyss, cots: {max: 3}}}
            effect: {destroy: target}
        """)))
    assert at(d) == (10, 36)
    assert "did you mean 'cost'" in d.message


def test_unknown_key_in_a_range(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_arrival
            target: {wonder: {cost: {mx: 3}}}
            effect: {destroy: target}
        """)))
    assert at(d) == (10, 30)
    assert "did you mean 'max'" in d.message


def test_unknown_key_inside_a_trigger(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: {whenever: {dis: {wonder: {}}}}
            effect: {draw: 1}
        """)))
    assert at(d) == (9, 26)
    assert "did you mean 'dies'" in d.message


def test_unknown_key_in_an_else_branch(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_play
            effect:
              if:
                condition: {stones: {min: 2}}
                then: {draw: 1}
                els: {draw: 2}
        """)))
    assert at(d) == (14, 9)
    assert "did you mean 'else'" in d.message


def test_unknown_key_at_top_level(pool):
    d = only(errors(pool, HEAD + "powr: 3\n"))
    assert at(d) == (8, 1)
    assert "did you mean 'power'" in d.message


# -- wrong types ---------------------------------------------------------------------------

def test_wrong_type_of_a_stat(pool):
    d = only(errors(pool, HEAD.replace("cost: 2", "cost: two")))
    assert at(d) == (6, 7)
    assert d.card == "test-card"
    assert "integer" in d.message and "'two'" in d.message


def test_wrong_type_deep_in_an_effect(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_play
            target: {wonder: {}}
            effect: {counters: {amount: many}}
        """)))
    assert at(d) == (11, 33)
    assert "integer" in d.message


def test_a_list_where_a_mapping_is_expected(pool):
    d = only(errors(pool, HEAD + "abilities: {trigger: on_play, effect: {draw: 1}}\n"))
    assert at(d) == (8, 12)
    assert "list" in d.message


def test_out_of_range_round_number(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: {round: 8}\n    effect: {draw: 1}\n"))
    assert at(d) == (9, 22)
    assert "7" in d.message  # rule 403: seven rounds


def test_a_boolean_is_not_a_cost(pool):
    d = only(errors(pool, HEAD.replace("cost: 2", "cost: true")))
    assert at(d) == (6, 7)


# -- unknown vocabulary names --------------------------------------------------------------

def test_unknown_effect_name_in_a_mapping(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_play\n    effect: {drawe: 1}\n"))
    assert at(d) == (10, 14)  # the effect's name, not the whole mapping
    assert d.code == "CS102"
    assert "unknown effect 'drawe'" in d.message and "did you mean 'draw'" in d.message


def test_unknown_effect_written_as_a_bare_name(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_play\n    effect: destroi\n"))
    assert at(d) == (10, 13)
    assert "did you mean 'destroy'" in d.message


def test_unknown_effect_nested_in_may_inside_stages(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_play
            effect:
              - {draw: 1}
              - {may: {drow: 1}}
        """)))
    assert at(d) == (12, 16)
    assert "did you mean 'draw'" in d.message


def test_unknown_trigger(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_arival\n    effect: {draw: 1}\n"))
    assert at(d) == (9, 14)
    assert d.card == "test-card"
    assert "unknown trigger 'on_arival'" in d.message
    assert "did you mean 'on_arrival'" in d.message


def test_unknown_trigger_with_parameters(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: {wheneverr: {dies: {wonder: {}}}}
            effect: {draw: 1}
        """)))
    assert at(d) == (9, 15)
    assert "did you mean 'whenever'" in d.message


def test_unknown_keyword(pool):
    d = only(errors(pool, HEAD + "keywords: [deathstrike, flyng]\n"))
    assert at(d) == (8, 25)
    assert d.card == "test-card"
    assert "unknown keyword 'flyng'" in d.message and "did you mean 'flying'" in d.message


def test_unknown_keyword_with_parameters(pool):
    d = only(errors(pool, HEAD + "keywords:\n  - seak: {count: 3, filter: {wonder: {}}}\n"))
    assert at(d) == (9, 5)
    assert "did you mean 'seek'" in d.message


def test_a_keyword_given_twice_is_refused_where_the_second_is(pool):
    # a second entry used to replace the first in the compiled card without a word
    d = only(errors(pool, HEAD + "keywords: [flying, deathstrike, flying]\n"))
    assert at(d) == (8, 33)
    assert d.card == "test-card"
    assert "keyword 'flying' is given twice" in d.message


def test_unknown_selector(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_arrival
            target: {wondr: {}}
            effect: {destroy: target}
        """)))
    assert at(d) == (10, 14)
    assert "did you mean 'wonder'" in d.message


def test_unknown_name_without_a_close_match_has_no_guess(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_play\n    effect: {zzzzqx: 1}\n"))
    assert "did you mean" not in d.message
    assert "expected one of:" in d.message and "draw" in d.message


@pytest.mark.parametrize("field,bad,good", [
    ("orbital", "solfira", "solfera"),
    ("type", "wondr", "wonder"),
    ("tier", "primery", "primary"),
])
def test_misspelled_fixed_values(pool, field, bad, good):
    line = {"type": 3, "orbital": 4, "tier": 5}[field]
    d = only(errors(pool, HEAD.replace(f"{field}: {good}", f"{field}: {bad}")))
    assert d.pos.line == line
    assert f"did you mean '{good}'" in d.message


def test_misspelled_card_reference_is_one_clear_error(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_play\n"
                                  "    effect: {destroy: targt}\n"))
    assert "did you mean 'target'" in d.message


# -- missing fields ------------------------------------------------------------------------

def test_missing_effect_points_at_the_ability(pool):
    d = only(errors(pool, HEAD + "abilities:\n  - trigger: on_play\n"))
    assert at(d) == (9, 5)
    assert d.code == "CS104"
    assert "missing required field 'effect'" in d.message


def test_missing_parameter_points_at_its_effect(pool):
    d = only(errors(pool, HEAD + textwrap.dedent("""\
        abilities:
          - trigger: on_play
            target: {wonder: {}}
            effect: {counters: {card: target}}
        """)))
    assert at(d) == (11, 24)
    assert "missing required field 'amount'" in d.message


def test_missing_name_is_reported_for_the_card(pool):
    d = only(errors(pool, HEAD.replace("name: Test Card\n", "")))
    assert d.card == "test-card"
    assert "missing required field 'name'" in d.message


# -- power and card type -------------------------------------------------------------------

LAND = """\
id: test-land
name: Test Land
type: land
orbital: solfera
tier: secondary
cost: 0
power: 3
"""


def test_power_on_a_land_is_an_error_for_that_card(pool):
    d = only(errors(pool, LAND))
    assert d.card == "test-land"
    assert "only wonders have power" in d.message


def test_power_on_a_land_points_at_the_power_line(pool):
    d = only(errors(pool, LAND))
    assert d.pos.line == 7
    assert "found {" not in d.message


def test_a_wonder_without_power(pool):
    d = only(errors(pool, HEAD.replace("power: 2\n", "")))
    assert d.card == "test-card"
    assert "power" in d.message
    assert d.pos.line in (1, 3)  # the card, or its `type: wonder` line


# -- whole files through the pool ----------------------------------------------------------

def test_pool_reports_every_bad_file_and_keeps_the_good_ones(tmp_path):
    (tmp_path / "good.card.yaml").write_text(HEAD)
    (tmp_path / "bad-trigger.card.yaml").write_text(
        HEAD.replace("test-card", "bad-trigger") +
        "abilities:\n  - trigger: on_arival\n    effect: {draw: 1}\n")
    sub = tmp_path / "set2"
    sub.mkdir()
    (sub / "bad-key.card.yaml").write_text(
        HEAD.replace("test-card", "bad-key") + "keywords: [flying]\nkeyword: [guardian]\n")
    pool = CardPool("wonders", cache=False).load([tmp_path])
    assert sorted(pool.cards) == ["test-card"]
    found = sorted((d.pos.file, d.pos.line, d.pos.col, d.card) for d in pool.diagnostics)
    assert found == sorted([
        (str(tmp_path / "bad-trigger.card.yaml"), 9, 14, "bad-trigger"),
        (str(sub / "bad-key.card.yaml"), 9, 1, "bad-key"),
    ])
    assert any("did you mean 'keywords'" in d.message for d in pool.diagnostics)


def test_unknown_token_reference_with_did_you_mean(tmp_path):
    (tmp_path / "skeleton.card.yaml").write_text(
        "id: skeleton\nname: Skeleton\ntype: wonder\norbital: umbrathene\n"
        "tier: secondary\ncost: 0\npower: 1\ntoken: true\n")
    (tmp_path / "maker.card.yaml").write_text(
        HEAD.replace("test-card", "maker") +
        "abilities:\n  - {trigger: on_death, effect: {create_token: skeletn}}\n")
    pool = CardPool("wonders", cache=False).load([tmp_path])
    d = only(pool.diagnostics)
    assert d.pos.file == str(tmp_path / "maker.card.yaml")
    assert d.card == "maker"
    assert "'skeletn'" in d.message and "did you mean 'skeleton'" in d.message


def test_duplicate_card_id_names_both_files(tmp_path):
    (tmp_path / "a.card.yaml").write_text(HEAD)
    (tmp_path / "b.card.yaml").write_text(HEAD.replace("name: Test Card", "name: Other"))
    pool = CardPool("wonders", cache=False).load([tmp_path])
    d = only(pool.diagnostics)
    assert d.pos.file == str(tmp_path / "b.card.yaml")
    assert str(tmp_path / "a.card.yaml") in d.message
