"""``moved``, the cards an earlier stage drew or moved (core/refs.py ``MovedRef``): refused by
``check`` where no earlier stage of the ability moves cards, and printed after what moved
them ("the card drawn this way", "the cards returned this way")."""
from __future__ import annotations

import pytest
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import card_text

#: a card of each game whose one ability is ``%s`` (a list of stages)
CARD = {
    "riftbound": "{id: x, name: X, type: spell, domains: [calm], cost: 1, abilities: "
                 "[{trigger: on_play, effect: %s}]}",
    "spellfire": "{id: x, name: X, type: event, number: 9, abilities: "
                 "[{trigger: on_play, target: {champion: {}}, effect: %s}]}",
    "wonders": "{id: x, name: X, type: spell, orbital: boundless, tier: primary, cost: 1, "
               "abilities: [{trigger: on_play, effect: %s}]}",
}
#: what each game's stat value reads on a card
STAT = {"riftbound": "cost", "spellfire": "level", "wonders": "cost"}


def model_of(game: str, stages: str):
    spec = load_game(game)
    doc = load_text(CARD[game] % stages, "<test card>")
    return spec, doc, validate_document(doc, spec.card_model)


def compile_card(game: str, stages: str):
    spec, doc, model = model_of(game, stages)
    return Compiler(spec.registry).card(model, doc.pos(()), where=doc.pos)


@pytest.mark.parametrize("game", sorted(CARD))
def test_moved_before_any_stage_moves_cards_is_refused(game):
    stages = f"[{{draw: {{count: {{stat: {{stat: {STAT[game]}, card: moved}}}}}}}}]"
    with pytest.raises(CardError, match="'moved' names the cards an earlier stage"):
        compile_card(game, stages)


@pytest.mark.parametrize("game", sorted(CARD))
def test_moved_after_a_draw_reads_the_card_drawn_this_way(game):
    stages = f"[{{draw: 1}}, {{draw: {{count: {{stat: {{stat: {STAT[game]}, card: moved}}}}}}}}]"
    compile_card(game, stages)
    spec, _, model = model_of(game, stages)
    assert f"the {STAT[game]} of the card drawn this way" in card_text(model, spec.registry)


def test_moved_after_a_move_of_every_match_reads_the_cards():
    stages = "[{return_to_hand: {all: {unit: {controller: you}}}}, " \
             "{draw: {count: {stat: {stat: might, card: moved}}}}]"
    spec, _, model = model_of("riftbound", stages)
    assert "the Might of the cards returned this way" in card_text(model, spec.registry)
