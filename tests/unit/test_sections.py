"""Rules sections are components (core/section.py), not a chain of mixins: each game's
sections are made in any order and its rulings pass whatever the order; each section is
declared where its type reaches the type checker; the game class is the game, its actions
and the core (no class is there only to be mixed in)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from cardscript.game import Game
from cardscript.plugins import games
from cardscript.section import Section
from cardscript.tools.scenarios import find_scenarios, run_scenarios

RULINGS = Path(__file__).parents[1] / "rulings"
GAMES = sorted(games())


def _orders(sections: tuple) -> list[tuple]:
    shuffled = list(sections)
    random.Random(511).shuffle(shuffled)
    return [tuple(reversed(sections)), tuple(shuffled)]


@pytest.mark.parametrize("game", GAMES)
def test_the_rulings_pass_whatever_order_the_sections_are_declared_in(game, monkeypatch):
    cls = games()[game].game_class
    files = find_scenarios([RULINGS / game])
    assert files, f"no rulings for {game}"
    for order in _orders(cls.SECTIONS):
        monkeypatch.setattr(cls, "SECTIONS", order)
        failed = [f"{r.path}: {line}" for f in files for r in run_scenarios(f)
                  for line in r.failures]
        assert not failed, f"sections in the order {[s.__name__ for s in order]}:\n" + \
            "\n".join(failed[:10])


@pytest.mark.parametrize("game", GAMES)
def test_each_section_is_a_typed_field_of_the_game(game):
    cls = games()[game].game_class
    # the annotations as written (the modules postpone them: names, not classes)
    written = {k: v for c in reversed(cls.__mro__) for k, v in vars(c).get(
        "__annotations__", {}).items()}
    for section in cls.SECTIONS:
        assert issubclass(section, Section) and not section.__dictoffset__, \
            f"{section.__name__} keeps its state in slots"
        assert written.get(section.name) == section.__name__, \
            f"{cls.__name__}.{section.name} is not annotated as {section.__name__}"


@pytest.mark.parametrize("game", GAMES)
def test_the_game_class_is_the_game_its_actions_and_the_core(game):
    cls = games()[game].game_class
    between = cls.__mro__[1:cls.__mro__.index(Game)]
    assert len(between) <= 1, f"{cls.__name__} is assembled from {[c.__name__ for c in between]}"
    for c in between:
        assert issubclass(c, Game), f"{c.__name__} is a mixin, not a game"
