"""Rules not implemented yet are refused with a message that says so (not "unknown name"):
every name a game reserves (``Vocabulary.planned``), and the mechanism itself with a name
reserved for this test."""
import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model.validate import reserved_names
from cardscript.plugins import games, load_game

ITEM = "id: x\nname: X\ntype: item\norbital: solfera\ntier: primary\ncost: 1\n"
SNIPPET = {"effect": "abilities:\n  - trigger: on_play\n    effect: {name}\n",
           "trigger": "abilities:\n  - trigger: {name}\n    effect: {{draw: 1}}\n",
           "keyword": "keywords: [{name}]\n"}


def _refusal(pool: CardPool, kind: str, name: str):
    text = ITEM + SNIPPET[kind].format(name=name)
    with pytest.raises(CardError) as exc:
        pool.compile(load_text(text, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    return d


def test_a_reserved_name_is_refused_as_not_implemented_at_its_position():
    pool = CardPool("wonders", cache=False)
    planned = reserved_names(pool.registry.types["Card"])  # what the card model refuses
    planned[("effect", "test_future_effect")] = \
        "the test's future effect (rule 999) is not implemented yet"
    try:
        d = _refusal(pool, "effect", "test_future_effect")
    finally:
        del planned[("effect", "test_future_effect")]
    assert "not implemented yet" in d.message and "999" in d.message
    assert (d.pos.line, d.pos.col) == (9, 13)


@pytest.mark.parametrize("game,kind,name", [
    (game, kind, name) for game in games() for kind, name in load_game(game).registry.planned
    if kind in SNIPPET and game == "wonders"])  # the snippet is a Wonders card
def test_every_reserved_name_says_it_is_not_implemented(game, kind, name):
    d = _refusal(CardPool(game, cache=False), kind, name)
    assert "not implemented yet" in d.message
