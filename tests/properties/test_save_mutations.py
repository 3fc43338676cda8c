"""Property: whatever is done to a real save — a field given a value of another type, a class
or a step renamed (to another of the engine's or to one that would run code), a value nested
deeper, a step still to do added, a reference pointed elsewhere, an object dropped — loading
it and checking it (core/save.py: ``loads`` then ``verified``) either refuses it with a
:class:`SaveError`, or gives a game the rules reach, which then plays on to its end. Never
code run (each hostile name would touch a marker file), never another exception.

The checksum is made right after each change, as someone editing a save would do, so what is
tested is the loader, not the checksum."""
from __future__ import annotations

import random

import pytest
import savecraft
from cardscript.cardpool import CardPool
from cardscript.plugins import games
from cardscript.save import SaveError, dumps, loads, verified
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES = sorted(games())
#: where a save that ran code would leave its mark (each hostile name's arguments touch it)
MARKER = "/tmp/cardscript-save-mutation-ran"


@pytest.fixture(scope="module")
def saves():
    """A few saves of each game, at the start, in the middle and late."""
    return [(g, dumps(savecraft.game_at(g, seed, stop)))
            for g in GAMES for seed, stop in ((1, 0), (2, 25), (3, 80))]


@pytest.fixture(scope="module")
def cards():
    return {g: CardPool.bundled(g).cards for g in GAMES}


def _play_on(game, seed: int) -> None:
    """Play a loaded game to its end with random answers: it must be a legal game."""
    rng = random.Random(seed)
    d = game.decision
    for _ in range(5000):
        if d is None:
            break
        d = game.choose_index(int(rng.random() * len(d.options)))
    assert game.decision is None, "the game did not end"


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_mutated_save_is_refused_or_is_a_legal_game(saves, cards, data, tmp_path_factory):
    game, text = data.draw(st.sampled_from(saves))
    mutated = savecraft.rewrite(text, lambda body: savecraft.mutate(data.draw, body, MARKER))
    try:
        g = verified(loads(mutated, cards[game], game))
    except SaveError as exc:
        assert str(exc)  # a message that says why
    else:
        _play_on(g, data.draw(st.integers(0, 1000)))
    import os
    assert not os.path.exists(MARKER), "a save ran code"


@pytest.mark.parametrize("game", GAMES)
def test_an_unmutated_save_is_a_legal_game(saves, cards, game):
    """The property's other side can happen: real saves load, check and play on."""
    for g, text in saves:
        if g == game:
            _play_on(verified(loads(text, cards[g], g)), 1)
