"""Spellfire's formation and the Rule of the Cosmos where no scenario reaches yet (razing is
done by battles and cards, written elsewhere): razing a realm (rules notes 6, "Razed
realms") and champions held in a dungeon (seed, "Rule of Cosmos": "champions in Limbo,
Dungeon, Discard pile, and Abyss are not considered to be 'in play.'")."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.games.spellfire import cosmos, formation
from cardscript.games.spellfire.scenario import Setup, build

CARDS = {
    "vael-keep": "{type: realm, world: vael, number: 101}",
    "vael-spire": "{type: realm, world: vael, number: 102}",
    "vael-tower": "{type: holding, world: vael, number: 121}",
    "old-cell": "{type: dungeon, number: 131}",
    "vael-knight": "{type: champion, champion_type: hero, level: 3, world: vael, number: 141}",
    "filler": "{type: ally, level: 1, number: 200}",
}


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> CardPool:
    d = tmp_path_factory.mktemp("spellfire-formation")
    for cid, text in CARDS.items():
        (d / f"{cid}.card.yaml").write_text(
            f"{{id: {cid}, name: {cid.replace('-', ' ').title()}, {text[1:]}\n")
    return CardPool("spellfire", cache=False).load([d])


def game(pool, **players):
    setup = Setup.model_validate({"start": "phase2", "players": {
        "A": {"deck": ["filler"] * 3, **players.get("A", {})},
        "B": {"deck": ["filler"] * 3, **players.get("B", {})}}})
    g = build(setup, pool)
    g.advance()
    return g


def test_a_razed_realm_stays_in_its_slot_and_in_play_and_loses_its_holding_and_dungeon(pool):
    g = game(pool, B={"formation": {"A": {"card": "vael-keep", "holding": "vael-tower"},
                                    "B": "vael-spire"}, "dungeon": "old-cell"},
             A={"hand": ["vael-keep"]})
    a, b = g.players
    keep = b.realm_in(b.slots[0])
    assert [r.proto.id for r in formation.attackable(a, b)] == ["vael-keep"]
    formation.raze(g, keep)
    assert keep.razed and b.realm_in(b.slots[0]) is keep  # turned over, still in its slot
    assert sorted(c.proto.id for c in b.discard.cards) == ["old-cell", "vael-tower"]
    assert [r.proto.id for r in formation.attackable(a, b)] == ["vael-spire"]  # shields nothing now
    assert not cosmos.allows(g, a, a.hand.cards[0])  # still in play: A's copy is blocked
    assert ("raze", "B", "vael-keep") in g.log


def test_a_champion_held_in_a_dungeon_is_not_in_play(pool):
    g = game(pool, B={"formation": {"A": "vael-spire"}, "dungeon": "old-cell"},
             A={"hand": ["vael-knight"]})
    a, b = g.players
    g.new_card(pool.get("vael-knight"), b, b.dungeon)  # B's champion, held in B's dungeon
    assert cosmos.allows(g, a, a.hand.cards[0])
    assert "vael-knight" not in [c.proto.id for c in cosmos.in_play_cards(g)]
    assert cosmos.broken(g) == []
    assert not cosmos.allows(g, a, g.new_card(pool.get("old-cell"), a, a.hand))  # the cell is


#: what each exempt type needs besides its id, name, type and number
NEEDS = {"ally": {"level": 1}, "spell": {"school": "wizard", "phases": "[3]"}}
#: seed, "Rule of Cosmos": "Support cards - allies, spells, psionic powers, unarmed combat
#: cards, blood abilities, and thief skills are not affected ... Events and Magical Items are
#: not affected by the Rule of Cosmos either." (The table's one rule card is replaced instead.)
EXEMPT = {"ally", "spell", "psionic_power", "unarmed_combat", "blood_ability", "thief_skill",
          "event", "magic_item", "rule"}


def test_only_the_seeds_types_are_under_the_rule_of_the_cosmos(tmp_path):
    from cardscript.games.spellfire.card import CARD_TYPES, COSMOS_TYPES
    assert set(CARD_TYPES) - set(COSMOS_TYPES) == EXEMPT
    assert set(COSMOS_TYPES) == {"champion", "artifact", "realm", "dungeon", "holding"}
    for i, t in enumerate(sorted(EXEMPT)):
        extra = {"phases": "[3]"} if t in ("psionic_power", "unarmed_combat", "blood_ability",
                                           "thief_skill") else NEEDS.get(t, {})
        fields = ", ".join(f"{k}: {v}" for k, v in extra.items())
        (tmp_path / f"{t}.card.yaml").write_text(
            f"{{id: x-{t.replace('_', '-')}, name: X {i}, type: {t}, number: {300 + i}"
            + (f", {fields}" if fields else "") + "}\n")
    for cid, text in CARDS.items():
        (tmp_path / f"{cid}.card.yaml").write_text(
            f"{{id: {cid}, name: {cid.replace('-', ' ').title()}, {text[1:]}\n")
    p = CardPool("spellfire", cache=False).load([tmp_path])
    g = game(p, B={"formation": {"A": "vael-spire"}, "pool": ["vael-knight"]})
    a, b = g.players
    for t in sorted(EXEMPT):
        card = p.get(f"x-{t.replace('_', '-')}")
        g.new_card(card, b, b.pool)  # as if B had it in play
        assert cosmos.allows(g, a, g.new_card(card, a, a.hand)), t
    assert not cosmos.allows(g, a, g.new_card(p.get("vael-knight"), a, a.hand))
