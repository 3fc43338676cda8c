"""A card's stat as a value (the core's ``stat``, core/blocks.py): the stats each game names
(``Game.STATS``), read as the game reads them (``Game.stat``), the total of a selection's,
and an unknown stat as a positioned ``check`` error naming the game's."""
from __future__ import annotations

import pytest
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import card_text
from scenario_games import scenario_game

CARD = {"riftbound": ("type: spell, domains: [fury], cost: 1",
                      "{deal_damage: {amount: %s, card: {all: {unit: {}}}}}"),
        "spellfire": ("type: event, number: 1", "{draw: {count: %s}}"),
        "wonders": ("type: spell, orbital: boundless, tier: secondary, cost: 1",
                    "{draw: {count: %s}}")}
SELECTION = {"riftbound": "{all: {unit: {controller: you}}}",
             "spellfire": "{all: {champion: {controller: you}}}",
             "wonders": "{all: {wonder: {controller: you}}}"}


def card(game: str, value: str) -> str:
    fields, effect = CARD[game]
    return (f"{{id: x, name: X, {fields}, abilities: [{{trigger: on_play, "
            f"effect: {effect % value}}}]}}")


def compiled(game: str, text: str):
    spec = load_game(game)
    doc = load_text(text, "<test card>")
    return Compiler(spec.registry).card(validate_document(doc, spec.card_model), doc.pos(()),
                                        where=doc.pos)


@pytest.mark.parametrize("game", list(CARD))
def test_an_unknown_stat_names_the_game_s_stats(game):
    with pytest.raises(CardError) as exc:
        compiled(game, card(game, f"{{stat: {{stat: toughness, card: {SELECTION[game]}}}}}"))
    stats = ", ".join(sorted(load_game(game).registry.stats))
    assert f"unknown stat 'toughness'; expected one of: {stats}" in str(exc.value)


@pytest.mark.parametrize("game", list(CARD))
def test_each_stat_compiles_and_reads_in_the_game_s_words(game):
    spec = load_game(game)
    assert spec.registry.stats, f"{game} names no stat"
    for name, words in spec.registry.stats.items():
        text = card(game, f"{{stat: {{stat: {name}, card: {SELECTION[game]}}}}}")
        compiled(game, text)
        model = validate_document(load_text(text), spec.card_model)
        assert f"equal to the total {words} of " in card_text(model, spec.registry)


def test_a_stat_is_the_card_s_current_value_else_its_printed_one():
    from types import SimpleNamespace

    from cardscript.game import Game

    proto = SimpleNamespace(might=2, cost=5, name="X")
    unit = SimpleNamespace(proto=proto, might=lambda: 7)
    assert Game.stat(None, unit, "might") == 7  # type: ignore[arg-type]
    assert Game.stat(None, unit, "cost") == 5  # type: ignore[arg-type]
    assert Game.stat(None, unit, "level") == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [
    "{count: {selector: {unit: {}}, max: 1}}", "{stat: {stat: might, card: {all: {unit: {}}},"
    " max: 1}}"])
def test_a_bound_caps_the_value_and_says_so(value):
    spec = load_game("riftbound")
    text = card("riftbound", value)
    model = validate_document(load_text(text), spec.card_model)
    assert card_text(model, spec.registry).endswith(" (up to 1) to all units.")
    g = scenario_game("riftbound/value-stat-might.scenario.yaml")[0]
    assert compiled("riftbound", text).program.abilities[0].effect.amount.get(
        g, _ctx(g)) == 1


def _ctx(g):
    from cardscript.resolve import Trigger
    a = g.players[0]
    source = a.base.cards[0]
    return Trigger(source.proto.program.abilities[0] if source.proto.program.abilities
                   else None, source, a)
