"""Property test for rule 503 (endless loops of effects): random games whose decks are built
from cards with self-feeding triggers never hang.

The cards (written here in the card language, run through the real pipeline) feed each
other: a Wonder arriving makes a token that arrives (an endless sequence that grows), a mill
destroys what arrives and an engine makes a token from each death (an endless cycle), the
same with "you may" (voluntary loops, one player's or both players'), a reaper returns dead
Wonders from The Abyss, twins make two tokens for each arrival (growth that doubles), and
echoes nullify on nullification (a chain that ends by itself). Random agents answer every
decision, counts and prevented effects included.

Property: every game ends within far fewer decisions than a hung engine would take: as a
win or a draw, or at one of the game's limits (objects, resolutions), which ends it cleanly
with an error naming the card. (Decks full of loop cards start a loop with nearly every card
played, each broken by rule 503 after the counts the random players name; their resolutions
add up over a game, and may reach the game's limit of resolutions.) A game with one loop,
below, must end in a win or a draw.
"""
from __future__ import annotations

import random

import pytest
from cardscript.games.wonders.rules import WondersGame
from cardscript.save import loads
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inline_cards import compile_cards


def _item(cid: str, trigger: str, effect: str, target: str = "") -> str:
    return (f"id: {cid}\nname: {cid.title()}\ntype: item\norbital: umbrathene\n"
            f"tier: secondary\ncost: 0\nabilities:\n  - trigger: {trigger}\n"
            + (f"    target: {target}\n" if target else "") + f"    effect: {effect}\n")


ARRIVES = "{whenever: {arrives: {wonder: {}}}}"
DIES = "{whenever: {dies: {wonder: {}}}}"
CARDS = {
    "skeleton": "id: skeleton\nname: Skeleton\ntype: wonder\norbital: umbrathene\n"
                "tier: secondary\ncost: 0\npower: 1\ntoken: true\n",
    "pebble": "id: pebble\nname: Pebble\ntype: wonder\norbital: umbrathene\n"
              "tier: secondary\ncost: 0\npower: 1\n",
    "choir": _item("choir", ARRIVES, "{create_token: skeleton}"),
    "twin": _item("twin", ARRIVES, "{create_token: {token: skeleton, count: 2}}"),
    "mill": _item("mill", ARRIVES, "{destroy: it}"),
    "may-mill": _item("may-mill", ARRIVES, "{may: {destroy: it}}"),
    "engine": _item("engine", DIES, "[{gain_energy: 1}, {create_token: skeleton}]"),
    "may-engine": _item("may-engine", DIES, "{may: {create_token: skeleton}}"),
    "reaper": _item("reaper", DIES, "{put_into_realm: {card: target, realm: choose}}",
                    "{wonder: {zone: abyss, owner: you}}"),
    "echo": _item("echo", "{whenever: {nullified: {card: {}}}}", "{nullify: {card: target}}",
                  "{card: {}}"),
    "hush": "id: hush\nname: Hush\ntype: spell\norbital: umbrathene\ntier: secondary\n"
            "cost: 0\nabilities:\n  - trigger: on_play\n    target: {card: {}}\n"
            "    effect: {nullify: {card: target}}\n",
}


DEFS = compile_cards(CARDS)
TOKENS = {k: v for k, v in DEFS.items() if v.token}
DECK_IDS = sorted(k for k, v in DEFS.items() if not v.token)
MAX_DECISIONS = 20_000  # far above any real game; reaching it means the engine hangs


def play(g: WondersGame, rng: random.Random) -> int:
    d = g.advance()
    n = 0
    while d is not None:
        assert n < MAX_DECISIONS, "game did not end (rule 503: a loop hangs the engine)"
        assert d.kind in WondersGame.DECISION_KINDS, f"undeclared decision kind {d.kind!r}"
        if d.kind == "turn" and len(d.options) > 1 and rng.random() < 0.8:
            i = 1 + int(rng.random() * (len(d.options) - 1))  # eager: play the loop cards
        else:
            i = int(rng.random() * len(d.options))
        d = g.choose_index(i)
        n += 1
    return n


deck_st = st.lists(st.sampled_from(DECK_IDS), min_size=10, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=deck_st, deck_b=deck_st, seed=st.integers(0, 2**32 - 1))
def test_self_feeding_triggers_never_hang(deck_a, deck_b, seed):
    g = WondersGame([[DEFS[c] for c in deck_a], [DEFS[c] for c in deck_b]], seed,
                    tokens=TOKENS)
    play(g, random.Random(seed))
    assert g.over
    assert g.outcome in ("win", "draw") or "beyond the game's limit" in (g.error or ""), \
        g.error


def test_the_loop_cards_do_loop():
    """The set is what the property is about: a mill and an engine in play loop, and rule
    503 is asked about it (not a limit reached)."""
    g = WondersGame([[DEFS["mill"]] * 6 + [DEFS["engine"]] * 6 + [DEFS["pebble"]] * 8,
                     [DEFS["pebble"]] * 20], 1, tokens=TOKENS)
    rng = random.Random(0)
    kinds = set()
    d = g.advance()
    while d is not None:
        kinds.add(d.kind)
        d = g.choose_index(int(rng.random() * len(d.options)) if d.kind != "turn" or
                           len(d.options) == 1 else 1 + int(rng.random() *
                                                            (len(d.options) - 1)))
    assert "loop" in kinds
    assert g.outcome in ("win", "draw")


def _finish(g, seed: int) -> list:
    rng = random.Random(seed)
    d = g.decision
    while d is not None:
        d = g.choose_index(int(rng.random() * len(d.options)))
    return g.log


@pytest.mark.parametrize("kind", ["loop", "prevent", "may"])
def test_a_game_in_a_loop_clones_and_saves(kind):
    """In the middle of a loop (its count asked, its effect to prevent asked, a choice of a
    voluntary loop): a clone and a save loaded again continue exactly as the original."""
    deck_a = [DEFS["mill"], DEFS["may-engine"], DEFS["engine"]] * 4 + [DEFS["pebble"]] * 8
    for seed in range(40):
        g = WondersGame([list(deck_a), [DEFS["pebble"]] * 20], seed, tokens=TOKENS)
        rng = random.Random(seed)
        d = g.advance()
        while d is not None and not (d.kind == kind and g.resolver.watching):
            d = g.choose_index(1 + int(rng.random() * (len(d.options) - 1))
                               if d.kind == "turn" and len(d.options) > 1
                               else int(rng.random() * len(d.options)))
        if d is None:
            continue
        twin, loaded = g.clone(), loads(g.save(), DEFS, "wonders")
        log = repr(_finish(g, seed))
        assert repr(_finish(twin, seed)) == log
        assert repr(_finish(loaded, seed)) == log
        return
    pytest.fail(f"no game reached a {kind} decision in a loop")
