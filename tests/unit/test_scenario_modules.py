"""Every game's scenario module (``GameSpec.scenario``) is what the scenario runner and the
linter call (docs/architecture.md, "How a game plugs in"), and its expect models build on
the core's shared ones (core/scenario_checks.py): the fields every game has are written
once."""
from __future__ import annotations

import pytest
from cardscript import scenario_checks
from cardscript.plugins import games

GAMES = sorted(games())
#: what the runner (tools/scenarios.py) and the linter read of a game's scenario module
API = ("Setup", "Expect", "card_ids", "known_card", "setup_problems", "build", "check",
       "find_card", "game_over_reason")


@pytest.mark.parametrize("game", GAMES)
def test_the_scenario_module_has_what_the_runner_calls(game):
    sc = games()[game].scenario
    missing = [name for name in API if not hasattr(sc, name)]
    assert not missing, f"{sc.__name__} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_expectations_are_the_cores(game):
    sc = games()[game].scenario
    assert issubclass(sc.Expect, scenario_checks.Expect)
    shared = set(scenario_checks.Expect.model_fields)
    assert shared <= set(sc.Expect.model_fields)
    players = sc.Expect.model_fields["players"].annotation
    player_expect = players.__args__[1]  # dict[name, PlayerExpect]
    assert issubclass(player_expect, scenario_checks.PlayerExpect)
