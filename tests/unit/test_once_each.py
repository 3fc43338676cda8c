"""Abilities that trigger once each period (an ability's ``once_each``; core/game.py,
``Game.trigger_once``): the first time the event happens in the period counts, for that card
object; the next period counts again. An activated ability so limited is activated once each
period (``Game.used_up``). A period the game doesn't name, or a limit that would change
nothing, is a positioned ``check`` error."""
from __future__ import annotations

import pytest
from cardscript.bus import Event
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from cardscript.text import card_text
from scenario_games import scenario_game


def after_cinderfall():
    """The Riftbound scenario played: Mourning Bellringer has triggered this turn."""
    return scenario_game("riftbound/once-each-turn.scenario.yaml", "play cinderfall")


def bellringer_triggers(g) -> bool:
    """Whether a unit's death now would trigger the Bellringer (the triggers it collects)."""
    dead = g.players[1].trash.cards[0]
    g.pending = []
    g.publish(Event("died", dead, g.players[1], dead.last_zone.area))
    found = any(card.proto.id == "mourning-bellringer" for _, card, _ in g.pending)
    g.pending = []
    return found


def test_the_next_death_this_turn_does_not_trigger_it_and_the_next_turn_s_does():
    g, _ = after_cinderfall()
    assert not bellringer_triggers(g)
    g.players[1].turns += 1  # the next turn has begun
    assert bellringer_triggers(g)
    assert not bellringer_triggers(g)


def test_clone_and_save_keep_what_triggered_this_turn():
    g, pool = after_cinderfall()
    for game in (g.clone(), loads(dumps(g), pool.cards, "riftbound")):
        assert not bellringer_triggers(game)


def compile_card(game: str, text: str):
    spec = load_game(game)
    doc = load_text(text, "<test card>")
    return Compiler(spec.registry).card(validate_document(doc, spec.card_model), doc.pos(()),
                                        where=doc.pos)


UNIT = "{id: x, name: X, type: unit, domains: [calm], cost: 1, might: 1, abilities: [%s]}"


def test_a_period_the_game_does_not_name_is_refused_at_its_key():
    text = UNIT % "{trigger: on_conquer, once_each: round, effect: {draw: 1}}"
    with pytest.raises(CardError) as exc:
        compile_card("riftbound", text)
    d = exc.value.diagnostics[0]
    periods = ", ".join(sorted(load_game("riftbound").registry.periods))
    assert f"unknown period 'round' for once_each; expected one of: {periods}" in d.message
    assert (d.code, d.pos.col) == ("CS200", text.index("round,") + 1)  # at its value


@pytest.mark.parametrize(("game", "text", "what"), [
    ("riftbound", "{id: x, name: X, type: spell, domains: [calm], cost: 1, abilities: "
                  "[{trigger: on_play, once_each: turn, effect: {draw: 1}}]}",
     "what the card does as it is played, once each time"),
    ("wonders", "{id: x, name: X, type: wonder, orbital: petraia, tier: primary, cost: 1, "
                "power: 1, abilities: [{trigger: static, once_each: round, effect: "
                "{grant: {card: this, keywords: [guardian]}}}]}", "a continuous ability"),
])
def test_a_limit_that_would_change_nothing_is_refused(game, text, what):
    with pytest.raises(CardError, match=f"makes {what}: it would change nothing"):
        compile_card(game, text)


def test_an_activated_ability_s_limit_reads_use_only_once():
    spec = load_game("riftbound")
    text = UNIT % "{trigger: {activate: {exhaust: false, energy: 1}}, once_each: turn, " \
                  "effect: {draw: 1}}"
    model = validate_document(load_text(text), spec.card_model)
    assert card_text(model, spec.registry).endswith("Use this ability only once each turn.")


@pytest.mark.parametrize("game", ["riftbound", "spellfire", "wonders"])
def test_the_text_says_the_limit_in_the_game_s_words(game):
    spec = load_game(game)
    fields = {"riftbound": "type: unit, domains: [calm], cost: 1, might: 1",
              "spellfire": "type: champion, champion_type: hero, world: vael, level: 3, number: 1",
              "wonders": "type: wonder, orbital: petraia, tier: primary, cost: 1, power: 1"}
    trigger = {"riftbound": "on_conquer", "spellfire": "on_attack", "wonders": "on_attack"}
    for period, words in spec.registry.periods.items():
        text = (f"{{id: x, name: X, {fields[game]}, abilities: [{{trigger: {trigger[game]}, "
                f"once_each: {period}, effect: {{draw: 1}}}}]}}")
        model = validate_document(load_text(text), spec.card_model)
        assert card_text(model, spec.registry).endswith(
            f"This ability triggers only once each {words}.")
