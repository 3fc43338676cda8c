"""One-shot modifiers (core/modifiers.py): a discount waiting for the next card is game
state — a clone and a save keep it and price the card the same — and a discount of nothing
is refused by ``check``."""
from __future__ import annotations

import pytest
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from scenario_games import scenario_game


def after_the_apprentice():
    """Riftbound: Spellwright Apprentice played, its discount on the next spell waiting."""
    return scenario_game("riftbound/next-spell-costs-less.scenario.yaml",
                         "play spellwright-apprentice")


def foresight_cost(g) -> tuple[int, int, int]:
    from cardscript.games.riftbound import cost
    a = g.players[0]
    card = next(c for c in a.hand.cards if c.proto.id == "foresight")
    return cost.total_cost(g, a, card)


def test_the_discount_waits_and_prices_the_next_spell():
    g, _ = after_the_apprentice()
    assert len(g.modifiers.waiting) == 1
    assert foresight_cost(g) == (0, 0, 0)


def test_clone_and_save_keep_the_waiting_discount():
    g, pool = after_the_apprentice()
    for game in (g.clone(), loads(dumps(g), pool.cards, "riftbound")):
        assert foresight_cost(game) == (0, 0, 0)
        assert game.modifiers.waiting[0].player is game.players[0]


@pytest.mark.parametrize(("game", "card"), [
    ("riftbound", "{id: x, name: X, type: spell, domains: [calm], cost: 1, abilities: "
                  "[{trigger: on_play, effect: {next_costs_less: {amount: 0}}}]}"),
    ("wonders", "{id: x, name: X, type: spell, orbital: petraia, tier: primary, cost: 1, "
                "abilities: [{trigger: on_play, effect: {next_costs_less: {amount: 0}}}]}"),
])
def test_a_discount_of_nothing_is_refused(game, card):
    spec = load_game(game)
    doc = load_text(card, "<test card>")
    with pytest.raises(CardError, match="next_costs_less of 0 changes nothing"):
        Compiler(spec.registry).card(validate_document(doc, spec.card_model), doc.pos(()),
                                     where=doc.pos)
