"""Property tests: a game in progress is data (docs/architecture.md, "State is data").

At a random decision of a random game between the bundled decks:
  (a) a clone answered the same way as its original to the end gives a byte-identical log;
  (b) the clone shares no state object with its original (so answering one never changes
      the other), and answering the clone leaves the original exactly as it was;
  (c) a save loaded again (as another process would) continues exactly as the original.
"""
from __future__ import annotations

import random
from collections import deque
from types import MethodType

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.decisions import RandomAgent
from cardscript.game import Game
from cardscript.plugins import games
from cardscript.save import loads
from cardscript.slots import slots_of
from cardscript.state import Card, CardDef
from cardscript.zones import Zone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module", params=sorted(games()))
def pool(request):
    """Each installed game's bundled cards (derived from the registry of games)."""
    return CardPool.bundled(request.param, cache=False)


def game_at(pool, seed: int, stop: int):
    """A game between the first two bundled decks, ``stop`` random decisions in (or fewer
    if it ends first); None if it ended."""
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class(decks, seed, tokens=pool.tokens)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    d = g.advance()
    for _ in range(stop):
        if d is None:
            return None
        d = g.choose_index(agents[d.player.index].choose(g, d))
    return g if d is not None else None


def finish(g, seed: int) -> list:
    """Play ``g`` to the end with answers drawn from ``seed``; return its log."""
    rng = random.Random(seed)
    d = g.decision
    n = 0
    while d is not None:
        assert n < 5000, "the game did not end"
        d = g.choose_index(int(rng.random() * len(d.options)))
        n += 1
    return g.log


def state_objects(g) -> dict[int, object]:
    """Every state object reachable from the game (what a clone must copy), by id."""
    seen: dict[int, object] = {}
    todo = deque([g])
    while todo:
        x = todo.popleft()
        if isinstance(x, (str, int, float, bool, type(None), CardDef, type)):
            continue
        if isinstance(x, (list, tuple, set, frozenset, deque)):
            todo.extend(x)
            continue
        if isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
            continue
        if isinstance(x, MethodType):
            todo.append(x.__self__)
            continue
        if not hasattr(type(x), "_clone") or id(x) in seen:
            continue  # compiled objects and functions are shared on purpose
        seen[id(x)] = x
        fields = getattr(x, "__dict__", None)
        if fields is not None:
            todo.extend(v for k, v in fields.items() if k not in getattr(type(x), "SHARED", ()))
        for k in type(x).__mro__:
            for s in k.__dict__.get("__slots__", ()):
                if hasattr(x, s):
                    todo.append(getattr(x, s))
    return seen


#: the core's links of a card to other objects, left out of its fingerprint (its zone is
#: where it is listed; its handlers are the bus's)
_LINKS = {"owner", "controller", "zone", "handlers", "last_zone", "moved_to"}
_PLAIN = (str, int, float, bool, type(None))


def _plain(v) -> bool:
    return isinstance(v, _PLAIN) or isinstance(v, (tuple, list)) and all(
        isinstance(x, _PLAIN) for x in v)


def fingerprint(g) -> str:
    """What a player could observe of a game, for any game: its log, its decision, the steps
    to do, every zone's cards with their state, and the plain fields of every other state
    object (players' resources, a game's areas), sorted, so the order a walk meets them in
    does not matter."""
    parts = [repr(g.log), repr(g.decision), repr(g.todo and [f[0].__name__ for f in g.todo])]
    rest = []
    for x in state_objects(g).values():
        if isinstance(x, Zone):
            rest.append(f"{x.kind} {x.label()}: " + repr([
                (c, [(n, getattr(c, n, None)) for n in slots_of(type(c)) if n not in _LINKS])
                if not isinstance(c, tuple) else c for c in x.cards]))
        elif isinstance(x, (Card, Game)):
            continue
        else:
            names = slots_of(type(x)) or tuple(sorted(vars(x)))
            # (private fields are bookkeeping: the RNG's copy-on-write flag, say)
            rest.append(type(x).__name__ + repr([(n, getattr(x, n, None)) for n in names
                                                 if not n.startswith("_")
                                                 and _plain(getattr(x, n, None))]))
    return "\n".join(parts + sorted(rest))


seed_st = st.integers(min_value=0, max_value=2**31)
stop_st = st.integers(min_value=0, max_value=120)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_a_clone_continues_exactly_as_its_original(pool, seed, stop, answers):
    """(a): the same answers from a random decision on give byte-identical logs."""
    g = game_at(pool, seed, stop)
    if g is None:
        return
    c = g.clone()
    assert repr(finish(c, answers)) == repr(finish(g, answers))
    assert c.winner is None if g.winner is None else c.winner.name == g.winner.name


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_a_clone_is_independent_of_its_original(pool, seed, stop, answers):
    """(b): no state object is shared, and playing the clone out changes nothing of the
    original, which then still plays out as an untouched twin does."""
    g = game_at(pool, seed, stop)
    if g is None:
        return
    twin = game_at(pool, seed, stop)
    before = fingerprint(g)
    c = g.clone()
    shared = set(state_objects(g)) & set(state_objects(c))
    assert not shared, f"the clone shares {len(shared)} state objects with its original"
    finish(c, answers + 1)
    assert fingerprint(g) == before
    assert repr(finish(g, answers)) == repr(finish(twin, answers))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, stop=stop_st, answers=seed_st)
def test_save_load_continue_equals_continue(pool, seed, stop, answers):
    """(c): a saved game, loaded again, continues exactly as the original does."""
    g = game_at(pool, seed, stop)
    if g is None:
        return
    loaded = loads(g.save(), pool.cards, pool.spec.name)
    assert fingerprint(loaded) == fingerprint(g)
    assert repr(finish(loaded, answers)) == repr(finish(g, answers))


def test_clone_and_save_work_from_the_very_start(pool):
    """Before the first decision and at the first one: nothing special about the start."""
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class(decks, 3, tokens=pool.tokens)
    c = g.clone()
    assert c.advance() is not None and g.advance() is not None
    assert repr(finish(loads(g.save(), pool.cards), 9)) == repr(finish(c, 9))


@pytest.fixture(scope="module")
def wonders_pool():
    return CardPool.bundled("wonders", cache=False)


def test_faith_and_shield_counters_are_copied_and_saved(wonders_pool):
    """Faith (a player's resource, rulebook Faith) and shield counters (rulebook, Shield),
    which the bundled decks don't use: a clone and a loaded save have them, and changing
    the original leaves them be."""
    pool = wonders_pool
    g = None
    seed = 5
    while g is None or not any(True for _ in g.world_cards()):
        g = game_at(pool, seed, 60)
        seed += 1
    a = g.players[0]
    a.faith, a.faith_round, a.faith_spent = 3, g.round, 2
    card = next(iter(g.world_cards()))
    card.shields = 2
    c = g.clone()
    loaded = loads(g.save(), pool.cards, pool.spec.name)
    for copy in (c, loaded):
        assert fingerprint(copy) == fingerprint(g)
        p = copy.players[0]
        assert (p.faith, p.faith_round, p.faith_spent) == (3, g.round, 2)
        assert [x.shields for x in copy.world_cards()] == [x.shields for x in g.world_cards()]
    a.faith = 0
    card.shields = 0
    assert c.players[0].faith == 3 and loaded.players[0].faith == 3
    assert 2 in [x.shields for x in c.world_cards()]
