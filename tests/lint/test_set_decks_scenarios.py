"""Across the set (duplicate ids and names, references), decks (rulebook, Deckbuilding) and
scenario files."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository


def test_duplicate_ids_names_and_unknown_references(write, lint, good):
    write("a/good-knight.card.yaml", good())
    write("b/good-knight.card.yaml", good(name="Other Knight"))
    write("twin.card.yaml", good("twin", "Good Knight"))
    write("maker.card.yaml", """\
        id: maker
        name: Maker
        type: spell
        orbital: umbrathene
        tier: primary
        cost: 1
        abilities:
          - trigger: on_play
            effect: [{create_token: skeletn}, {create_token: chained-crow}]
        """)
    r = lint(".", "--select", "set")
    assert r.lines() == [
        "b/good-knight.card.yaml:1:5: CS300 duplicate card id 'good-knight' (also in "
        "a/good-knight.card.yaml)",
        "maker.card.yaml:9:29: CS301 token 'skeletn' does not exist in the set (did you mean "
        "'skeleton'?)",
        "maker.card.yaml:9:54: CS301 'chained-crow' is not a token (add `token: true` to it)",
        "twin.card.yaml:2:7: CS302 card name 'Good Knight' is also the name of 'good-knight' "
        "(a/good-knight.card.yaml)"]


def test_a_copy_of_a_bundled_card_clashes_with_it(write, lint):
    write("skeleton.card.yaml", """\
        id: skeleton
        name: Bony
        type: wonder
        orbital: umbrathene
        tier: secondary
        cost: 0
        power: 1
        token: true
        """)
    r = lint(".")
    assert len(r.lines()) == 1
    assert "skeleton.card.yaml:1:5: CS300 duplicate card id 'skeleton' (also in " in r.out
    assert "cardscripts/wonders/core/skeleton.card.yaml" in r.out


def test_deck_rules(write, lint):
    write("bad.deck.yaml", """\
        name: Bad Deck
        game: wonders
        cards:
          - {card: skeleton, count: 1}
          - {card: cairnvox-soulforgr, count: 2}
          - {card: chained-crow, count: 5}
          - {card: chained-crow, count: 1}
        """)
    r = lint(".")
    assert r.codes() == ["CS404", "CS402", "CS400", "CS403", "CS401"]
    assert "bad.deck.yaml:5:12: CS400 unknown card 'cairnvox-soulforgr' (did you mean " \
           "'cairnvox-soulforger'?)" in r.out
    assert "bad.deck.yaml:6:33: CS403 5 copies of primary card 'chained-crow'; a deck may " \
           "have at most 2" in r.out


def test_decks_see_the_cards_linted_with_them(write, lint, good):
    write("good-knight.card.yaml", good())
    write("mine.deck.yaml", """\
        name: Mine
        cards:
          - {card: good-knight, count: 2}
          - {card: gust-front, count: 1}
        """)
    r = lint(".")
    assert r.codes() == ["CS404"]


def test_scenario_schema_and_unknown_cards(write, lint):
    write("one.scenario.yaml", """\
        scenario: Unknown cards in the setup
        rule: "501.1"
        cards:
          - {id: small-one, name: Small One, type: wonder, orbital: solfera, tier: secondary,
             cost: 2, power: 2}
        setup:
          players:
            A: {hand: [cairnvox-soulforger, nobody, small-one], abyss: [cairnvox-soulforgr]}
        """)
    write("two.scenario.yaml", """\
        scenario: A typo in the setup
        rule: "501.1"
        setup:
          players:
            A: {enrgy: 3}
        """)
    write("three.scenario.yaml", """\
        scenario: A broken inline card
        rule: "501.1"
        cards:
          - {id: small-one, name: Small One, type: wonder, orbital: solfera, tier: secondary,
             cost: 2}
        """)
    r = lint(".")
    assert r.lines() == [
        "one.scenario.yaml:8:37: CS500 unknown card 'nobody'",
        "one.scenario.yaml:8:65: CS500 unknown card 'cairnvox-soulforgr' (did you mean "
        "'cairnvox-soulforger'?)",
        "three.scenario.yaml:4:5: CS105 value error, a wonder needs a power; found None",
        "two.scenario.yaml:5:9: CS101 unknown key 'enrgy' (did you mean 'energy'?); expected "
        "one of: abyss, actions, banishment, deck, energy, hand (at setup.players.A.enrgy)"]


def test_the_bundled_set_and_scenarios_are_clean(lint):
    r = lint(ROOT / "cardscripts", ROOT / "tests" / "rulings")
    assert r.rc == 0, r.out
    assert "All checks passed" in r.out
