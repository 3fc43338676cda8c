"""The worked example of docs/architecture.md ("Writing a vocabulary plugin") runs as written:
its code registers through the plugin manager like a third-party package, compiles into a
card, prints its rules text and does what it says in a game."""
from __future__ import annotations

import re
import textwrap
import types
from pathlib import Path

import pytest

from cardscript.cardpool import CardPool, bundled_decks
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import hookimpl, load_game, plugin_manager
from cardscript.resolve import Trigger
from cardscript.text import card_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

CARD = textwrap.dedent("""\
    id: grave-tide
    name: Grave Tide
    type: spell
    orbital: umbrathene
    tier: secondary
    cost: 1
    abilities:
      - trigger: on_play
        effect: {mill: 2}
    """)


def _example() -> types.ModuleType:
    section = DOC.read_text(encoding="utf-8").split("## Writing a vocabulary plugin", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    module = types.ModuleType("mill_example")
    exec(compile(code, str(DOC), "exec"), module.__dict__)  # the doc's own example code
    return module


@pytest.fixture
def registry_with_mill():
    example = _example()

    class Plugin:
        @hookimpl
        def cardscript_vocabulary(self, game):
            return [example.vocab] if game == "wonders" else []

    plugin = Plugin()
    plugin_manager().register(plugin)
    load_game.cache_clear()
    try:
        yield load_game("wonders")
    finally:
        plugin_manager().unregister(plugin)
        load_game.cache_clear()


def test_the_documented_effect_compiles_prints_and_runs(registry_with_mill):
    spec = registry_with_mill
    assert "mill" in spec.registry.entries["effect"]
    pool = CardPool("wonders", cache=False, keep_models=True)
    doc = load_text(CARD, "grave-tide.card.yaml")
    card = pool.compile(doc)
    assert card_text(pool.models["grave-tide"], spec.registry) == \
        "Put the top 2 cards of your deck into your Abyss."
    base = CardPool.bundled("wonders", cache=False)
    decks = [base.load_deck(p)[1] for p in bundled_decks(base.spec)[:2]]
    g = spec.game_class(decks, 0, tokens=base.tokens)
    g.advance()
    you = g.players[0]
    source = g.new_card(card, you, you.hand)
    top_two = you.deck.cards[-2:]
    before = len(you.deck.cards), len(you.abyss.cards)
    t = Trigger(card.program.abilities[0], source, you)
    card.program.abilities[0].effect.run(g, t)
    assert (len(you.deck.cards), len(you.abyss.cards)) == (before[0] - 2, before[1] + 2)
    assert {c.proto.id for c in you.abyss.cards[-2:]} == {c.proto.id for c in top_two}
    assert t.done
    validate_document(doc, spec.registry.types["Card"])
