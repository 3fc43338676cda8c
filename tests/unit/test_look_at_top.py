"""Looking at the top of a deck (the core's ``look_at_top``, core/blocks.py): a save made
while the player chooses continues the same, and a script that would take more cards than
it looks at is a ``check`` error."""
from __future__ import annotations

import pytest
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from scenario_games import scenario_game


def looking():
    return scenario_game("riftbound/look-at-top-and-take.scenario.yaml",
                         "play tidewatch-scrying")


def ids(zone) -> list[str]:
    return [c.proto.id for c in zone.cards]


def test_a_save_made_while_choosing_continues_the_same():
    g, pool = looking()
    assert g.decision.kind == "look"
    assert g.decision.labels == ["ironhide-bruiser @deck/A", "none"]
    again = loads(dumps(g), pool.cards, "riftbound")
    for game in (again, g.clone(), g):
        game.choose(game.decision.find("ironhide-bruiser"))
        a = game.players[0]
        assert ids(a.hand) == ["ironhide-bruiser"]
        assert ids(a.deck) == ["foresight", "cinderfall", "grit-tonic", "searing-bolt"]


def test_none_takes_nothing_and_recycles_all_three():
    g, _ = looking()
    g.choose(g.decision.find("none"))
    a = g.players[0]
    assert ids(a.hand) == [] and ids(a.deck)[:3] == ["foresight", "ironhide-bruiser",
                                                      "cinderfall"]


@pytest.mark.parametrize("game", ["riftbound", "spellfire"])
def test_taking_more_than_it_looks_at_is_refused(game):
    fields = {"riftbound": "type: spell, domains: [mind], cost: 1",
              "spellfire": "type: event, number: 1"}[game]
    spec = load_game(game)
    text = (f"{{id: x, name: X, {fields}, abilities: [{{trigger: on_play, effect: "
            f"{{look_at_top: {{count: 2, take: 3}}}}}}]}}")
    doc = load_text(text, "<test card>")
    with pytest.raises(CardError, match=r"takes up to 3 of 2 cards: it can't take more than "
                                        r"it looks at \(take at most 2\)"):
        Compiler(spec.registry).card(validate_document(doc, spec.card_model), doc.pos(()))
