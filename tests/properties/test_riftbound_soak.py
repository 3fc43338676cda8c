"""A soak of Riftbound (issue 10, "What must be shown"): random games between the bundled
decks end without an error, every card of each deck is somewhere after every decision (card
conservation: tokens aside, cards only change zones), and the same seed gives the same log."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.decisions import RandomAgent
from cardscript.zones import Unseen

GAMES = 40


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("riftbound", cache=False)


def zones(g):
    for p in g.players:
        for name in p.ZONES:
            yield p.zone(name)
    for bf in g.battlefields:
        yield bf.site
        yield bf.facedown
        yield from bf.units
    yield g.chain_zone


def owned(g) -> list[int]:
    """Non-token cards per owner, wherever they are."""
    counts = [0 for _ in g.players]
    for z in zones(g):
        for c in z.cards:
            if type(c) is Unseen:
                counts[z.player.index] += 1
            elif not c.token:
                counts[c.owner.index] += 1
    return counts


def play(pool, seed: int, check: bool = True):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class([list(d) for d in decks], seed, tokens=pool.tokens)
    want = [len(d) for d in decks]
    agents = [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]
    d = g.advance()
    while d is not None:
        d = g.choose_index(agents[d.player.index].choose(g, d))
        if check:
            assert owned(g) == want, (seed, len(g.choices), owned(g), want)
    return g


def test_random_games_end_clean_and_conserve_cards(pool):
    for seed in range(GAMES):
        g = play(pool, seed)
        assert g.over and g.error is None, (seed, g.error)
        assert g.winner is not None and g.winner.points >= 8, seed


def test_conservation_check_can_fail(pool):
    """The check itself: a card taken out of the game is noticed."""
    g = play(pool, 1, check=False)
    before = owned(g)
    p = g.players[0]
    zone = next(z for z in (p.trash, p.hand, p.base, p.deck, p.rune_deck) if z.cards)
    zone.cards.pop()
    assert owned(g) != before


def test_same_seed_same_log(pool):
    a, b = play(pool, 7, check=False), play(pool, 7, check=False)
    assert repr(a.log) == repr(b.log) and a.choices == b.choices
