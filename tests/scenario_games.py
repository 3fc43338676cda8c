"""A game a scenario file sets up, for unit tests that go on from there by hand (saves,
clones, what a rule records): built as `cardscript test` builds it, advanced to its first
decision, then the given answers chosen."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.plugins import load_game
from cardscript.tools.scenarios import load_scenario, prepare

RULINGS = Path(__file__).resolve().parent / "rulings"


def scenario_game(path: str | Path, *answers: str) -> tuple[Any, Any]:
    """The game of the scenario at ``path`` (relative: under tests/rulings) after its setup
    and ``answers`` (each a decision's option, as a scenario step names it), and the pool
    of its cards."""
    path = Path(path)
    doc, model = load_scenario(path if path.is_absolute() else RULINGS / path)
    pool = prepare(doc, model)
    g = load_game(model.game).scenario.build(model.setup, pool)
    g.advance()
    for answer in answers:
        g.choose(g.decision.find(answer))
    return g, pool
