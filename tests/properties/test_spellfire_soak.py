"""A soak of Spellfire (issue 11, "What must be shown"): random games between the bundled
decks end without an error; after every decision every card of each deck is somewhere (card
conservation: cards only change zones) and the Rule of the Cosmos holds (no two of the same
champion, artifact, realm, dungeon or holding in play; seed, "Rule of Cosmos"); the same seed
gives the same log."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.decisions import RandomAgent
from cardscript.games.spellfire import cosmos
from cardscript.zones import Unseen

GAMES = 40


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("spellfire", cache=False)


def owned(g) -> list[int]:
    """Cards per owner, wherever they are."""
    counts = [0 for _ in g.players]
    seen: set[int] = set()
    for p in g.players:
        for z in g.zones_of(p):
            if id(z) in seen:
                continue
            seen.add(id(z))
            for c in z.cards:
                counts[(z.player if type(c) is Unseen else c.owner).index] += 1
    return counts


def play(pool, seed: int, check: bool = True):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class([list(d) for d in decks], seed)
    want = [len(d) for d in decks]
    agents = [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]
    d = g.advance()
    while d is not None:
        d = g.choose_index(agents[d.player.index].choose(g, d))
        if check:
            assert owned(g) == want, (seed, len(g.choices), owned(g), want)
            assert not cosmos.broken(g), (seed, len(g.choices), cosmos.broken(g))
    return g


def test_random_games_end_clean_conserve_cards_and_keep_the_cosmos(pool):
    for seed in range(GAMES):
        g = play(pool, seed)
        assert g.over and g.error is None, (seed, g.error)


def test_the_checks_can_fail(pool):
    """The checks themselves: a card taken out of the game, and a second copy of a realm in
    play, are noticed."""
    g = play(pool, 1, check=False)
    before = owned(g)
    p = g.players[0]
    zone = next(z for z in (p.discard, p.hand, p.deck, p.void) if z.cards)
    zone.cards.pop()
    assert owned(g) != before
    realm = next(c.proto for q in g.players for c in q.realms())
    q = g.players[1]
    slot = next(s for s in q.slots if q.realm_in(s) is None) if any(
        q.realm_in(s) is None for s in q.slots) else q.slots[0]
    g.new_card(realm, q, slot.zone)
    assert realm.id in cosmos.broken(g)


def test_same_seed_same_log(pool):
    a, b = play(pool, 7, check=False), play(pool, 7, check=False)
    assert repr(a.log) == repr(b.log) and a.choices == b.choices
