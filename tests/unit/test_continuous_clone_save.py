"""Replacement effects (rule 504), continuous effects (508.1: prohibitions, characteristics,
abilities an equipment gives its Wonder) and copies (507) keep a game
copyable and savable: games whose decks are full of them, copied or saved mid-game at many
points, continue exactly as the original does."""
from __future__ import annotations

import random

import pytest
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.loader import load_text
from cardscript.save import dumps, loads

CARDS = [
    # a replacement about itself (works from any zone) and one about other cards
    """id: bloom-drake
name: Bloom Drake
type: wonder
orbital: thalwind
tier: primary
cost: 1
power: 2
abilities:
  - trigger: {instead_of: dies}
    effect: {put_into_hand: it}
""",
    """id: grasping-warden
name: Grasping Warden
type: wonder
orbital: umbrathene
tier: primary
cost: 1
power: 1
abilities:
  - trigger: {instead_of: {event: put_into_hand, card: {wonder: {}}}}
    effect: {banish: it}
""",
    # continuous effects: a prohibition and characteristics, one with a condition
    """id: frost-totem
name: Frost Totem
type: item
orbital: thalwind
tier: primary
cost: 1
abilities:
  - trigger: static
    effect: {cant: {action: be_nullified, card: {all: {wonder: {controller: you}}}}}
""",
    """id: soldier-banner
name: Soldier Banner
type: item
orbital: solfera
tier: primary
cost: 1
abilities:
  - trigger: {static: {stones: {min: 1}}}
    effect: {characteristics: {card: {all: {wonder: {realm: this}}}, classes: [Soldier],
                               base_power: 3}}
""",
    # token copies (507)
    """id: mirror-mage
name: Mirror Mage
type: wonder
orbital: thalwind
tier: primary
cost: 1
power: 1
abilities:
  - trigger: on_arrival
    target: {wonder: {}}
    effect: {copy: target}
""",
]


@pytest.fixture(scope="module")
def pool():
    p = CardPool.bundled("wonders", cache=False)
    for i, src in enumerate(CARDS):
        p.add(p.compile(load_text(src, f"extra{i}.card.yaml")), f"extra{i}.card.yaml")
    return p


def _decks(pool):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    extra = [pool.cards[c] for c in ("bloom-drake", "grasping-warden", "frost-totem",
                                     "soldier-banner", "mirror-mage",
                                     # equipment that gives its Wonder an ability, a "can't"
                                     "utterly-complex-compound-bow", "whisperleaf-cloak")]
    # every fourth card of each deck is one of ours
    return [[extra[i // 4 % len(extra)] if i % 4 == 0 else c for i, c in enumerate(d)]
            for d in decks]


def _answers(g, rng, n):
    d = g.decision
    while d is not None and n:
        d = g.choose_index(int(rng.random() * len(d.options)))
        n -= 1
    return g


@pytest.mark.parametrize("seed", range(12))
def test_clone_and_save_mid_game_continue_alike(pool, seed):
    g = pool.spec.game_class(_decks(pool), seed, tokens=pool.tokens)
    g.advance()
    rng = random.Random(seed)
    used = False
    for stop in (30, 60, 90, 120):
        _answers(g, rng, 30)
        if g.decision is None:
            break
        used = used or bool(g.continuous.static_cards) or bool(g.continuous.granted_cards) or \
            any(e[0] == "instead" for e in g.log)
        copy = g.clone()
        loaded = loads(dumps(g), pool.cards, "wonders")
        logs = []
        for other in (copy, loaded):
            _answers(other, random.Random(stop), 10_000)
            logs.append(other.log)
        base = g.clone()
        _answers(base, random.Random(stop), 10_000)
        assert logs[0] == base.log and logs[1] == base.log
    assert used or g.decision is None


def test_the_effects_happen_in_these_games(pool):
    """The games above use what they test: statics apply and replacements replace."""
    statics = instead = copies = granted = 0
    for seed in range(12):
        g = pool.spec.game_class(_decks(pool), seed, tokens=pool.tokens)
        g.advance()
        rng = random.Random(seed)
        while g.decision is not None:
            g.choose_index(int(rng.random() * len(g.decision.options)))
            statics += bool(g.continuous.static_cards)
            granted += bool(g.continuous.granted_cards)
        instead += sum(1 for e in g.log if e[0] == "instead")
        copies += sum(1 for e in g.log if e[0] == "copy")
        assert g.error is None
    assert statics and instead and copies and granted
