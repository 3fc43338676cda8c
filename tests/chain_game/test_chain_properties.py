"""Property tests of the chain resolver through random games of Duel (duel.py beside this file):

  (a) random games always end, without errors, every card object in exactly one zone and a
      card waiting in the chain zone exactly while its item is on the chain;
  (b) a clone at a random decision continues exactly as its original, and shares none of
      its chain with it (the approach of tests/properties/test_clone_save.py);
  (c) a save, loaded again, continues exactly as the original; the Duel's package must be
      named as trusted for it to load.
"""
from __future__ import annotations

import hashlib
import random
import re
from collections import Counter

import pytest
from cardscript import loadable
from cardscript.save import SaveError, loads
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .duel import CARDS, DEFS, DuelGame, DuelPlayer, new_game

#: the package whose classes a Duel save names besides the engine's
DECK = sorted(CARDS) * 2
MAX_DECISIONS = 2000  # far above any Duel game: reaching it means the engine loops


def zones(g):
    for p in g.players:
        yield from (p.deck, p.hand, p.discard, g.boards[p.index])
    yield g.chain_zone


def check(g, start: Counter) -> None:
    seen: set[int] = set()
    ids: Counter = Counter()
    for zone in zones(g):
        for c in zone.cards:
            assert id(c) not in seen, f"{c!r} is in two zones"
            seen.add(id(c))
            assert c.zone is zone, f"{c!r} is listed in {zone!r} but says {c.zone!r}"
            ids[c.proto.id] += 1
    assert ids == start, "a card appeared or vanished"
    d = g.decision
    # outside a resolution (whose card waits until the state checks after it) and a target
    # choice (a played card's target is chosen before its item goes on the chain)
    if d is not None and d.kind != "target" and not g.resolver.resolving:
        on_chain = sorted(t.source.oid for t in g.resolver.items
                          if t.source.zone is g.chain_zone)
        assert sorted(c.oid for c in g.chain_zone.cards) == on_chain
    if d is not None and d.kind == "priority":
        assert g.resolver.holder is d.player and d.options[0] == "pass"


deck_st = st.lists(st.sampled_from(sorted(CARDS)), min_size=0, max_size=24)
seed_st = st.integers(min_value=0, max_value=2**31)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=deck_st, deck_b=deck_st, seed=seed_st, answers=seed_st)
def test_random_games_always_end_without_errors(deck_a, deck_b, seed, answers):
    g = new_game(deck_a, deck_b, seed)
    start = Counter(deck_a + deck_b)
    rng = random.Random(answers)
    d = g.advance()
    n = 0
    while d is not None:
        check(g, start)
        assert n < MAX_DECISIONS, "the game did not end"
        d = g.choose_index(int(rng.random() * len(d.options)))
        n += 1
    check(g, start)
    assert g.over and g.log[-1][0] == "game_over"
    assert g.resolver.resolving == 0
    if g.log[-1][2] == "turn limit":
        assert g.resolver.items == [] and g.chain_zone.cards == []


def game_at(seed: int, stop: int) -> DuelGame | None:
    """A game ``stop`` random decisions in; None if it ended first."""
    g = new_game(DECK, DECK, seed)
    rng = random.Random(seed)
    d = g.advance()
    for _ in range(stop):
        if d is None:
            return None
        d = g.choose_index(int(rng.random() * len(d.options)))
    return g if d is not None else None


def finish(g, seed: int) -> list:
    rng = random.Random(seed)
    d = g.decision
    n = 0
    while d is not None:
        assert n < MAX_DECISIONS, "the game did not end"
        d = g.choose_index(int(rng.random() * len(d.options)))
        n += 1
    return g.log


def fingerprint(g) -> str:
    """What a player could observe: the log, the decision, the chain, zones and scores."""
    r = g.resolver
    parts = [repr(g.log), repr(g.decision), repr([f[0].__name__ for f in g.todo]),
             repr(g.points), repr((r.resolving, r.running, r.holder)),
             repr([(t.label(), t.controller, t.source, t.target) for t in r.items])]
    parts.extend(repr(z.cards) for z in zones(g))
    return "\n".join(parts)


stop_st = st.integers(min_value=0, max_value=16)  # a random Duel takes 7-32 decisions


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_a_clone_continues_exactly_as_its_original(seed, stop, answers):
    g = game_at(seed, stop)
    if g is None:
        return
    c = g.clone()
    assert fingerprint(c) == fingerprint(g)
    assert repr(finish(c, answers)) == repr(finish(g, answers))
    assert c.points == g.points


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_a_clone_shares_no_chain_with_its_original(seed, stop, answers):
    g = game_at(seed, stop)
    if g is None:
        return
    twin = game_at(seed, stop)
    before = fingerprint(g)
    c = g.clone()
    assert c.resolver is not g.resolver and c.resolver.items is not g.resolver.items
    clone_cards = {id(x) for z in zones(c) for x in z.cards}
    for mine, theirs in zip(c.resolver.items, g.resolver.items, strict=True):
        assert mine is not theirs
        assert mine.source is not theirs.source
        assert mine.source.zone is None or id(mine.source) in clone_cards
        assert mine.controller is c.players[theirs.controller.index]
    finish(c, answers + 1)
    assert fingerprint(g) == before
    assert repr(finish(g, answers)) == repr(finish(twin, answers))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_save_load_continue_equals_continue(seed, stop, answers):
    g = game_at(seed, stop)
    if g is None:
        return
    loaded = loads(g.save(), DEFS, "duel")
    assert type(loaded.resolver) is type(g.resolver)
    assert fingerprint(loaded) == fingerprint(g)
    assert repr(finish(loaded, answers)) == repr(finish(g, answers))


def test_a_game_outside_the_engine_loads_as_far_as_it_declares_itself_loadable():
    """A game of another package (this one) saves and loads through the classes and steps
    it declares (cardscript.loadable); a class it did not declare is refused both ways."""
    g = game_at(4, 10)
    assert loads(g.save(), DEFS, "duel").log == g.log

    class Undeclared(DuelPlayer):
        __slots__ = ()
    g.players[0].__class__ = Undeclared
    with pytest.raises(SaveError, match="not declared game state"):
        g.save()
    g.players[0].__class__ = DuelPlayer
    text = g.save()
    body = text[text.index('"body":') + 7:-1].replace(loadable.name_of(DuelPlayer),
                                                       loadable.name_of(Undeclared))
    checksum = hashlib.blake2b(body.encode(), digest_size=16).hexdigest()
    resealed = re.sub(r'"checksum":"[0-9a-f]+"', f'"checksum":"{checksum}"', text[:text.index(
        '"body":')]) + '"body":' + body + "}"
    with pytest.raises(SaveError, match="not part of the engine"):
        loads(resealed, DEFS, "duel")
