"""The worked example of docs/architecture.md ("Writing a vocabulary plugin") runs as written:
its code registers through the plugin manager like a third-party package, compiles into a
card, prints its rules text and does what it says in a game. It runs in a process of its own,
since a game's registry is built once per process."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

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

RUN = textwrap.dedent("""\
    import json, sys, types
    from cardscript.cardpool import CardPool, bundled_decks
    from cardscript.loader import load_text
    from cardscript.plugins import hookimpl, load_game, plugin_manager
    from cardscript.resolve import Trigger
    from cardscript.text import card_text

    example = types.ModuleType("mill_example")
    exec(compile(sys.argv[1], "docs/architecture.md", "exec"), example.__dict__)

    class Plugin:
        @hookimpl
        def cardscript_vocabulary(self, game):
            return [example.vocab] if game == "wonders" else []

    plugin_manager().register(Plugin())
    spec = load_game("wonders")
    pool = CardPool.bundled("wonders", cache=False, keep_models=True)
    card = pool.compile(load_text(sys.argv[2], "grave-tide.card.yaml"))
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = spec.game_class(decks, 0, tokens=pool.tokens)
    g.advance()
    you = g.players[0]
    top_two = sorted(c.proto.id for c in you.deck.cards[-2:])
    before = [len(you.deck.cards), len(you.abyss.cards)]
    t = Trigger(card.program.abilities[0], g.new_card(card, you, you.hand), you)
    card.program.abilities[0].effect.run(g, t)
    print(json.dumps({"text": card_text(pool.models["grave-tide"], spec.registry),
                      "before": before, "after": [len(you.deck.cards), len(you.abyss.cards)],
                      "top_two": top_two,
                      "milled": sorted(c.proto.id for c in you.abyss.cards[-2:]),
                      "done": t.done}))
    """)


def test_the_documented_effect_compiles_prints_and_runs():
    section = DOC.read_text(encoding="utf-8").split("## Writing a vocabulary plugin", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    p = subprocess.run([sys.executable, "-c", RUN, code, CARD], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["text"] == "Put the top 2 cards of your deck into your Abyss."
    assert out["after"] == [out["before"][0] - 2, out["before"][1] + 2]
    assert out["milled"] == out["top_two"] and out["done"]
