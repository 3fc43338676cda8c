"""The core's continuous effects (core/continuous.py): a static ability's stat bonus and
keyword grant are refused anywhere but alone in a static ability, a keyword the rules can't
read from a card in play is refused by name, and a game holding static abilities in force
clones and saves with what they give (the bonuses and keywords are state, the next refresh
recomputes them the same)."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from scenario_games import scenario_game

#: Riftbound's continuous effects, as the message lists them (from the registry)
CONTINUOUS = ", ".join(sorted(
    e.name for e in load_game("riftbound").registry.entries["effect"].values()
    if getattr(e.impl, "continuous", False)))
UNIT = "id: x\nname: X\ntype: unit\ndomains: [body]\ncost: 1\nmight: 1\n"


def _refused(text: str, game: str = "riftbound") -> str:
    with pytest.raises(CardError) as exc:
        CardPool(game, cache=False).compile(load_text(text, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    return d.message


@pytest.mark.parametrize("ability,expected", [
    ("{trigger: when_played, effect: {might_bonus: 2}}",
     "'might_bonus' is a continuous effect: it belongs alone in a static ability"),
    ("{trigger: static, effect: {might_bonus: 0}}", "'might_bonus' of 0 changes nothing"),
    ("{trigger: static, effect: {might_bonus: {card: target, amount: 1}}}",
     "a continuous effect applies to 'this' or to {all: ...} cards; found 'target'"),
    ("{trigger: static, target: {unit: {}}, effect: {might_bonus: 1}}",
     "a static ability has no target"),
    ("{trigger: static, effect: [{might_bonus: 1}, {draw: 1}]}",
     f"a static ability's effect must be one continuous effect ({CONTINUOUS}); found a "
     "list of effects"),
    ("{trigger: static, effect: {grant: {keywords: [accelerate]}}}",
     "keyword 'accelerate' can't be given by a static ability: the rules read it as its "
     "card is played"),
    ("{trigger: static, effect: {grant: {keywords: [{legion: {draw: 1}}]}}}",
     "keyword 'legion' can't be given by a static ability: it adds abilities of its own"),
    ("{trigger: static, effect: {grant: {keywords: [{cost_less: {amount: 1}}]}}}",
     "keyword 'cost_less' can't be given by a static ability: the game reads it from the "
     "printed card only"),
])
def test_a_continuous_effect_out_of_place_is_refused_saying_why(ability, expected):
    assert expected in _refused(UNIT + f"abilities: [{ability}]\n")


def test_a_bonus_to_a_stat_this_card_has_not_is_refused():
    gear = "id: x\nname: X\ntype: gear\ndomains: [body]\ncost: 1\n"
    assert "'might_bonus' on this card changes nothing: only a unit has Might, and this card " \
        "is a gear" in _refused(gear + "abilities: [{trigger: static, effect: {might_bonus: 2}}]\n")


def test_a_prohibition_names_one_kind_of_action():
    assert "'by: opponents' is for what players do to the card: choose" in _refused(
        UNIT + "abilities: [{trigger: static, effect: {cant: {action: move, by: opponents}}}]\n")


def _might(g) -> dict[str, int]:
    return {c.proto.id: c.might() for c in g.all_units()}


def test_a_game_with_statics_in_force_clones_and_saves_with_them():
    g, pool = scenario_game("riftbound/static-might-bonus-here.scenario.yaml")
    before = _might(g)
    assert before["pyre-brawler"] == 3  # the Standard's +1 (the scenario's first step)
    for copy in (g.clone(), loads(dumps(g), pool.cards, "riftbound")):
        assert _might(copy) == before
        copy.continuous.refresh(copy)
        assert _might(copy) == before  # the same state: the same bonuses


def test_a_keyword_given_is_the_card_s_while_given_and_gone_after():
    g, _ = scenario_game("riftbound/static-grant-assault.scenario.yaml")
    grunt = next(c for c in g.all_units() if c.proto.id == "grunt")
    assert grunt.has_keyword("assault") and [k.amount for k in grunt.keywords_named("assault")] \
        == [2]
    horn = next(c for c in g.players[0].base.cards if c.proto.id == "rallying-warhorn")
    g.move(horn, g.players[0].trash)
    assert not grunt.has_keyword("assault") and grunt.keywords_named("assault") == []
