"""The bundled decks (rulebook, Deckbuilding; issue: four legal theme decks): every one is
legal, the game's reference decks come first (commands play them by default and the bench
measures them), and any two of them play whole games without an error."""
from __future__ import annotations

import itertools

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.decisions import RandomAgent
from cardscript.plugins import games


@pytest.fixture(scope="module", params=sorted(games()))
def pool(request):
    return CardPool.bundled(request.param, cache=False)


def test_the_reference_decks_come_first(pool):
    names = [p.name.removesuffix(".deck.yaml") for p in bundled_decks(pool.spec)]
    assert pool.spec.reference_decks, "a game names its reference decks"
    assert names[:len(pool.spec.reference_decks)] == list(pool.spec.reference_decks)


def test_every_bundled_deck_is_legal(pool):
    for path in bundled_decks(pool.spec):
        name, cards = pool.load_deck(path)  # raises CardError listing every problem
        assert cards, name


def test_any_two_bundled_decks_play_clean(pool):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)]
    for (i, a), (j, b) in itertools.combinations(enumerate(decks), 2):
        for seed in range(4):
            g = pool.spec.game_class([list(a), list(b)], seed, tokens=pool.tokens)
            g.play([RandomAgent(seed), RandomAgent(seed + 100)])
            assert g.over and g.outcome != "error", (i, j, seed, g.error)
