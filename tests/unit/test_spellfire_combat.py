"""Spellfire battles (rules notes 7): what the scenarios cannot reach yet, and random games.

- A battle cut short by card play (notes 7, "Outcomes"): no card in the language razes a
  realm or discards a champion yet, so the tests do it as such a card would, mid-battle,
  and the battle must end as the notes say.
- Random games with movement powers, allies, items, (Off)/(Def) spells, events with a
  bonus and a realm that defends itself: no errors, every card in exactly one zone after
  every decision, the Rule of the Cosmos kept, and a game copied or saved in the middle of
  a battle continues exactly as the original.
"""
from __future__ import annotations

import json
import random

import pytest
from cardscript.cardpool import CardPool
from cardscript.decisions import RandomAgent
from cardscript.games.spellfire import cosmos, formation
from cardscript.games.spellfire.scenario import PlayerState, Setup, build
from cardscript.save import loads

WORLDS = ("vael", "ashmark", "morrowdeep")


def _cards() -> list[dict]:
    out: list[dict] = []
    n = 0

    def add(**kw):
        nonlocal n
        n += 1
        out.append({"name": kw["id"].replace("-", " ").title(), "number": n, **kw})

    for i in range(14):
        add(id=f"realm-{i}", type="realm", world=WORLDS[i % 3], coastal=i % 4 == 0,
            **({"defends": 3} if i % 5 == 0 else {}))
    for i in range(4):
        add(id=f"holding-{i}", type="holding", world=WORLDS[i % 3])
    types = ("hero", "wizard", "cleric", "monster", "thief")
    moves = ([], ["flyer"], ["swimmer"], ["earthwalker"], [{"immune": ["wizard_spells"]}])
    for i in range(12):
        add(id=f"champion-{i}", type="champion", champion_type=types[i % 5], level=1 + i % 6,
            world=WORLDS[i % 3], keywords=moves[i % 5])
    for i in range(6):
        add(id=f"ally-{i}", type="ally", level=1 + i % 3, keywords=moves[i % 3])
    for i in range(4):
        add(id=f"item-{i}", type="magic_item", bonus=1 + i % 2)
    for i in range(6):
        school = ("wizard", "cleric")[i % 2]
        off = i % 3 == 0
        add(id=f"spell-{i}", type="spell", school=school, phases=[3, 4] if i < 3 else [4],
            direction="off" if off else "def", bonus=-2 if off else 2,
            abilities=[{"trigger": "on_play", "effect": {"draw": 1}}] if i % 2 else [])
    for i in range(4):
        add(id=f"event-{i}", type="event", bonus=i % 2,
            abilities=[{"trigger": "on_play", "effect": {"draw": 1}}])
    return out


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    d = tmp_path_factory.mktemp("sfcards")
    cards = _cards()
    for c in cards:
        (d / f"{c['id']}.card.yaml").write_text(json.dumps(c))
    return CardPool("spellfire", cache=False).load([d])


def _deck(pool, k: int) -> list:
    ids = sorted(pool.cards)
    rng = random.Random(k)
    rng.shuffle(ids)
    realms = [i for i in ids if i.startswith("realm")][:8]
    rest = [i for i in ids if not i.startswith("realm")][:30]
    return [pool.cards[i] for i in realms + rest]


def _count(g) -> int:
    return sum(len(z.cards) for p in g.players for z in g.zones_of(p)[:-2]) + \
        len(g.rule_zone.cards) + len(g.window_zone.cards)


def _finish(g, seed: int) -> list[str]:
    rng = random.Random(seed)
    d = g.decision
    while d is not None:
        d = g.choose_index(int(rng.random() * len(d.options)))
    return [" ".join(map(str, e)) for e in g.log]


def test_random_games_with_battles(pool):
    copied = 0
    battles = 0
    for seed in range(40):
        g = pool.spec.game_class([_deck(pool, seed), _deck(pool, seed + 100)], seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        total = None
        d = g.advance()
        while d is not None:
            n = _count(g)
            assert total is None or n == total, (seed, "a card was lost or made")
            total = n
            assert not cosmos.broken(g), seed
            if g.combat.attacker is not None and d.kind in ("fight", "respond") and copied < 20 \
                    and seed % 2:
                copied += 1
                c, s = g.clone(), loads(g.save(), pool)
                logs = [_finish(x, seed) for x in (g, c, s)]
                assert logs[0] == logs[1] == logs[2], seed
                break
            d = g.choose_index(agents[d.player.index].choose(g, d))
        assert g.error is None, (seed, g.error)
        battles += sum(e[0] == "attack" for e in g.log)
    assert copied >= 5 and battles >= 40


CARDS_SETUP = dict(
    A=PlayerState(formation={"A": "realm-1"}, pool=["champion-5"], hand=["ally-0"],
                  deck=["item-0"]),
    B=PlayerState(formation={"A": "realm-2"}, pool=["champion-6"], hand=["ally-1"],
                  deck=["item-1"]),
)


def _mid_battle(pool):
    """A battle where the attacker (level 6) is winning and the defender (level 1) may
    play an ally or stop."""
    g = build(Setup(start="phase4", players=CARDS_SETUP), pool)
    d = g.advance()
    d = g.choose(d.options[d.labels.index("attack realm-2 @A/B")])
    d = g.choose(d.options[d.labels.index("champion-6 @pool/B")])
    assert d.kind == "fight" and d.player.name == "B"
    return g


def _answer(g, label: str):
    return g.choose(g.decision.options[g.decision.labels.index(label)])


def _lines(g) -> list[str]:
    return [" ".join(map(str, e)) for e in g.log]


def test_realm_razed_mid_battle(pool):
    """Notes 7: "Card play razes or discards the realm mid-battle: the battle ends, the
    attacker gets spoils, and both champions return to their pools."""
    g = _mid_battle(pool)
    a, b = g.players
    formation.raze(g, g.combat.realm, "card")
    _answer(g, "stop")
    assert "battle_cut_short realm" in _lines(g)
    assert [c.proto.id for c in a.champions()] == ["champion-5"]
    assert [c.proto.id for c in b.champions()] == ["champion-6"]
    assert "spoils A" in _lines(g) and "spoils B" not in _lines(g)


def test_attacker_discarded_mid_battle(pool):
    """Notes 7: "Attacking champion discarded by card play: the battle ends and the
    defender gets spoils." """
    g = _mid_battle(pool)
    a, b = g.players
    g.discard(g.combat.attacker, "card")
    _answer(g, "play ally-1 @hand/B")
    lines = _lines(g)
    assert "battle_cut_short attacker" in lines and "spoils B" in lines
    assert not a.champions() and [c.proto.id for c in b.champions()] == ["champion-6"]
    assert b.unrazed() == 1 and "ally-1" in [c.proto.id for c in b.discard.cards]


def test_both_champions_discarded_mid_battle(pool):
    """Notes 7: "Both champions discarded by card play: no winner and no spoils." """
    g = _mid_battle(pool)
    g.discard(g.combat.attacker, "card")
    g.discard(g.combat.defender, "card")
    _answer(g, "stop")
    lines = _lines(g)
    assert "battle_over no_winner" in lines
    assert not any(x.startswith(("spoils", "battle_won")) for x in lines)
    assert g.players[1].unrazed() == 1


def test_defender_discarded_mid_battle(pool):
    """Not in the notes: read as notes 7 D ("the defender is discarded and the realm is
    razed"): the attacker wins."""
    g = _mid_battle(pool)
    g.discard(g.combat.defender, "card")
    _answer(g, "stop")
    lines = _lines(g)
    assert "battle_cut_short defender" in lines and "battle_won A champion-5" in lines
    assert g.players[1].unrazed() == 0 and "spoils A" in lines


def test_realm_razed_before_the_defender_is_chosen(pool):
    """The battle begins once both champions are chosen (notes 7, "Outcomes"): a realm
    razed while B answers the attacker's play ends it; the attacker returns to the pool, and
    nobody gets spoils (the reading)."""
    g = build(Setup(start="phase4", players=dict(
        A=PlayerState(formation={"A": "realm-1"}, hand=["champion-5"], deck=["item-0"]),
        B=PlayerState(formation={"A": "realm-2"}, pool=["champion-6"], hand=["event-0"]))),
        pool)
    d = g.advance()
    d = _answer(g, "attack realm-2 @A/B")
    assert d.kind == "respond" and d.player.name == "B"
    formation.raze(g, g.combat.realm, "card")
    _answer(g, "pass")
    lines = _lines(g)
    assert "battle_over no_realm" in lines and not any(x.startswith("spoils") for x in lines)
    assert [c.proto.id for c in g.players[0].champions()] == ["champion-5"]
    assert g.combat.realm is None and g.combat.attacker is None
