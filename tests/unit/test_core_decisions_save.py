"""A game stopped at a decision one of the core's own effects asks (``may``, ``choose``,
``look_at_top``) saves and loads, and goes on as the original would (core/vocabulary.py,
core/blocks.py: their answers are declared steps)."""
from __future__ import annotations

import pytest
from cardscript.save import dumps, loads
from scenario_games import scenario_game

SCENARIO = """\
scenario: a core decision
rule: "effect: {name}"
game: riftbound
cards:
  - id: asker
    name: Asker
    type: spell
    domains: [calm]
    cost: 1
    abilities:
      - {{trigger: on_play, effect: {effect}}}
setup:
  players:
    A: {{hand: [asker], energy: 1, base: [stoneskin-guard],
        deck: [foresight, pyre-brawler, grit-tonic]}}
    B: {{base: [stoneskin-guard]}}
  battlefields:
    - {{card: broken-spire}}
"""
EFFECTS = {
    "may": ("{may: {draw: 1}}", "yes"),
    "mode": ("{choose: [{draw: 1}, {add_energy: 1}]}", "mode 1"),
    "look": ("{look_at_top: {count: 2}}", "foresight"),
}


@pytest.mark.parametrize("kind", sorted(EFFECTS))
def test_a_game_at_a_core_decision_saves_and_goes_on_the_same(tmp_path, kind):
    effect, answer = EFFECTS[kind]
    path = tmp_path / "asker.scenario.yaml"
    path.write_text(SCENARIO.format(name=kind, effect=effect))
    g, pool = scenario_game(path, "play asker")
    assert g.decision.kind == kind
    again = loads(dumps(g), pool.cards, "riftbound")
    for game in (again, g):
        game.choose(game.decision.find(answer))
    assert again.log == g.log
    assert [c.proto.id for c in again.players[0].hand.cards] == \
        [c.proto.id for c in g.players[0].hand.cards]
