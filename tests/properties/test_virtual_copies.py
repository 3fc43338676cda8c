"""Copies with virtual card text (rule 507: "A copy of a spell, ability, or effect has virtual
card text, and therefore can be nullified"; core/games/wonders/copies.py): random games whose
decks copy spells as they are played and abilities as they wait, and nullify what would
target, keep every card in one zone after every decision (a virtual copy is a card of no
zone), and copy or save, while a copy waits to resolve, into games that go on alike."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from cardscript.games.wonders.rules import WondersGame
from cardscript.save import dumps, loads
from inline_cards import compile_cards
from test_games import CARDS, Agent, check_invariants, play

COPIERS = {
    "echo-chamber": """
id: echo-chamber
name: Echo Chamber
type: item
orbital: thalwind
tier: secondary
cost: 1
abilities:
  - trigger: {whenever: {played: {spell: {controller: you}}}}
    effect: {copy_spell: it}
""",
    "mirror-pool": """
id: mirror-pool
name: Mirror Pool
type: item
orbital: thalwind
tier: secondary
cost: 1
abilities:
  - trigger: {whenever: {played: {spell: {controller: opponent}}}}
    effect: {copy_spell: it}
""",
    "echo-totem": """
id: echo-totem
name: Echo Totem
type: item
orbital: thalwind
tier: secondary
cost: 1
abilities:
  - trigger: {whenever: {arrives: {wonder: {}}}}
    effect: {copy_ability: {card: {wonder: {}}}}
""",
    "null-ward": """
id: null-ward
name: Null Ward
type: item
orbital: boundless
tier: secondary
cost: 1
abilities:
  - trigger: {whenever: {played: {spell: {controller: opponent}}}}
    effect: {nullify: it}
""",
    "hush-cat": """
id: hush-cat
name: Hush Cat
type: wonder
orbital: boundless
tier: secondary
cost: 2
power: 2
abilities:
  - trigger: {would_target: {wonder: {controller: you}}}
    effect: {unless_spend: {energy: 1, effect: nullify_effect}}
""",
}

DEFS = compile_cards({**CARDS, **COPIERS})
TOKENS = {k: v for k, v in DEFS.items() if v.token}
PLAIN = sorted(k for k, v in DEFS.items() if not v.token and k not in COPIERS)


def _deck(rng: random.Random) -> list[str]:
    # a copier in every third card, the rest the property tests' own set
    return [rng.choice(sorted(COPIERS)) if i % 3 == 0 else rng.choice(PLAIN)
            for i in range(30)]


def _virtual_waiting(g) -> bool:
    r = g.resolver
    current = [r.current] if r.current is not None else []
    return any(t.source.virtual for t in [*r.waiting(g), *current])


@pytest.mark.parametrize("seed", range(16))
def test_games_with_virtual_copies_keep_every_card_in_one_zone(seed):
    rng = random.Random(seed)
    decks = [_deck(rng), _deck(rng)]
    g = WondersGame([[DEFS[c] for c in d] for d in decks], seed, tokens=TOKENS)
    start = Counter(decks[0]) + Counter(decks[1])
    play(g, Agent(seed, 0.85), lambda game: check_invariants(game, start))
    assert g.over and g.error is None


def test_virtual_copies_resolve_and_are_nullified_in_these_games():
    """The games above do what they test: spells and abilities are copied, copies resolve,
    and some copy is nullified."""
    kinds: Counter = Counter()
    for seed in range(16):
        rng = random.Random(seed)
        decks = [_deck(rng), _deck(rng)]
        g = WondersGame([[DEFS[c] for c in d] for d in decks], seed, tokens=TOKENS)
        play(g, Agent(seed, 0.85))
        copies = {e[3] for e in g.log if e[0] in ("copy_spell", "copy_ability")}
        kinds.update(e[0] for e in g.log if e[0] in ("copy_spell", "copy_ability"))
        kinds["nullified copy"] += sum(1 for e in g.log if e[0] == "nullify" and e[2] in copies)
    assert kinds["copy_spell"] and kinds["copy_ability"] and kinds["nullified copy"], kinds


@pytest.mark.parametrize("seed", range(10))
def test_copied_or_saved_while_a_copy_waits_the_game_goes_on_alike(seed):
    rng = random.Random(seed)
    decks = [_deck(rng), _deck(rng)]
    g = WondersGame([[DEFS[c] for c in d] for d in decks], seed, tokens=TOKENS)
    d = g.advance()
    agent = random.Random(seed)
    seen = 0
    while d is not None and seen < 3:
        if _virtual_waiting(g):
            seen += 1
            base = g.clone()
            copy = g.clone()
            loaded = loads(dumps(g), DEFS, "wonders")
            assert _virtual_waiting(copy) and _virtual_waiting(loaded)
            for other in (base, copy, loaded):
                r = random.Random(seen)
                while other.decision is not None:
                    other.choose_index(int(r.random() * len(other.decision.options)))
            assert copy.log == base.log and loaded.log == base.log
        d = g.choose_index(int(agent.random() * len(d.options)))
    SEEN.append(seen)


SEEN: list[int] = []


def test_some_game_was_copied_while_a_copy_waited():
    assert sum(SEEN) > 0, "no game had a virtual copy waiting: the test above tested nothing"
