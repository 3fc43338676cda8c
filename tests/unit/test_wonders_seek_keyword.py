"""Wonders' seek keyword takes any selector as its filter: a selector node with parameters
(``{wonder: {cost: {max: 2}}}``) or the bare name of one without (``enemy``), which the
keyword's abilities carry as plain card-language data (compiled cards are pickled)."""
from __future__ import annotations

import pickle

import pytest
from cardscript.compiler import Compiler
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game

SPEC = load_game("wonders")


def compile_card(keyword: str):
    doc = load_text("id: t\nname: T\ntype: wonder\ncost: 2\npower: 2\norbital: thalwind\n"
                    f"tier: primary\nkeywords: [{keyword}]\n", "<test card>")
    model = validate_document(doc, SPEC.card_model, "card")
    return Compiler(SPEC.registry).card(model, doc.pos(()))


@pytest.mark.parametrize("selector, data", [
    ("enemy", "enemy"),
    ("{wonder: {cost: {max: 2}}}", {"wonder": {"cost": {"max": 2}}}),
])
def test_seek_takes_a_selector_by_name_or_with_parameters(selector, data):
    card = compile_card(f"{{seek: {{count: 3, filter: {selector}}}}}")
    assert card.keywords["seek"].data == {"count": 3, "filter": data}
    [ability] = card.program.abilities
    assert ability.trigger.entry_name == "on_arrival"
    pickle.dumps(card)  # plain data: the compile cache keeps it
