"""Symbiosis (rulebook, Symbiosis; core/games/wonders/symbiosis.py): a Wonder that copied
another's abilities keeps the game copyable and savable, and symbiosis on a card that is not
a Wonder is a designer's error."""
from __future__ import annotations

import random

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.save import dumps, loads

ITEM = "id: x\nname: X\ntype: item\norbital: solfera\ntier: primary\ncost: 1\n"


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("wonders", cache=False)


def test_symbiosis_on_an_item_is_an_error_at_its_place():
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(
            load_text(ITEM + "keywords: [symbiosis]\n", "x.card.yaml"))
    (d,) = exc.value.diagnostics
    assert "symbiosis is a Wonder's keyword" in d.message and "an item" in d.message
    assert d.pos.line == 7


def _decks(pool):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    extra = [pool.cards[c] for c in ("glemmer-bandit", "vobb-stalker", "skyreach-kestrel")]
    return [[extra[i // 3 % 3] if i % 3 == 0 else c for i, c in enumerate(d)] for d in decks]


def _answers(g, rng, n):
    d = g.decision
    while d is not None and n:
        d = g.choose_index(int(rng.random() * len(d.options)))
        n -= 1
    return g


def _symbionts(g) -> int:
    return sum(1 for c in g.world_cards(every=True) if c.proto.recipe is not None)


@pytest.mark.parametrize("seed", range(8))
def test_a_game_with_symbionts_copies_and_saves_alike(pool, seed):
    """Copied, or saved and loaded, at points where a Wonder in The World has copied
    abilities, the game continues exactly as the original does."""
    g = pool.spec.game_class(_decks(pool), seed, tokens=pool.tokens)
    g.advance()
    rng = random.Random(seed)
    seen = 0
    for stop in range(40):
        _answers(g, rng, 15)
        if g.decision is None:
            break
        if not _symbionts(g):
            continue
        seen += 1
        copy = g.clone()
        loaded = loads(dumps(g), pool.cards, "wonders")
        assert _symbionts(loaded) == _symbionts(g)
        base = g.clone()
        _answers(base, random.Random(stop), 10_000)
        for other in (copy, loaded):
            _answers(other, random.Random(stop), 10_000)
            assert other.log == base.log
        if seen >= 3:
            break
    assert g.error is None
    SEEN.append(seen)


SEEN: list[int] = []


def test_the_games_above_saved_symbionts():
    assert sum(SEEN) >= 4, SEEN


def test_symbionts_happen_in_these_games(pool):
    """The games above copy abilities by symbiosis, and a copy survives a save."""
    copied = events = 0
    for seed in range(8):
        g = pool.spec.game_class(_decks(pool), seed, tokens=pool.tokens)
        g.advance()
        rng = random.Random(seed)
        while g.decision is not None:
            g.choose_index(int(rng.random() * len(g.decision.options)))
            copied += _symbionts(g)
        assert g.error is None
        events += sum(1 for e in g.log if e[0] == "symbiosis")
    assert copied and events
