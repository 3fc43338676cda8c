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
    from cardscript.games.wonders.scenario import PlayerState
    keys = ", ".join(sorted(PlayerState.model_fields))  # the setup's player keys
    assert r.lines() == [
        "one.scenario.yaml:8:37: CS500 unknown card 'nobody'",
        "one.scenario.yaml:8:65: CS500 unknown card 'cairnvox-soulforgr' (did you mean "
        "'cairnvox-soulforger'?)",
        "three.scenario.yaml:4:5: CS105 value error, a wonder needs a power; found None",
        "two.scenario.yaml:5:9: CS101 unknown key 'enrgy' (did you mean 'energy'?); expected "
        f"one of: {keys} (at setup.players.A.enrgy)"]


def test_scenario_setup_expect_and_inline_card_problems(write, lint):
    """The same codes at the same places as `cardscript check` (tests/cli/
    test_scenario_checks.py), and CS504, the linter's own warning."""
    write("game.scenario.yaml", """\
        scenario: Keys start game ignores
        rule: "401"
        setup:
          start: game
          round: 5
          realms:
            3: {A: [skeleton]}
        """)
    write("turns.scenario.yaml", """\
        scenario: A setup the game cannot start from, expectations naming no card
        rule: "403.2"
        cards:
          - {id: chime, name: Chime, type: item, orbital: boundless, tier: secondary, cost: 1}
          - {id: chime, name: Gong, type: item, orbital: boundless, tier: secondary, cost: 2}
          - {id: skeleton, name: Skeleton, type: wonder, orbital: umbrathene, tier: secondary,
             cost: 1, power: 5}
        setup:
          start: beginning
          round: 2
          first_player: A
          last_seizer: B
          previous_loser: A
          realms:
            2: {A: [skeleton]}
        expect:
          players:
            A: {abyss: [skeletn]}
          cards:
            chiem: {tapped: true}
        """)
    r = lint(".")
    assert r.lines() == [
        "game.scenario.yaml:5:3: CS501 `round` is not used with `start: game`: the game "
        "starts before round 1 (rules 401-402) and plays from round 1; remove it, or start in "
        "a later round with `start: beginning` or `start: turns`",
        "game.scenario.yaml:6:3: CS501 `realms` is not used with `start: game`: every realm "
        "starts empty, with its stone in the centre; remove it, or put cards in realms with "
        "`start: beginning` or `start: turns`",
        "turns.scenario.yaml:5:10: CS503 inline card 'chime' is defined twice in this "
        "scenario (first as cards[0]); give it another id or remove one",
        "turns.scenario.yaml:6:10: CS504 inline card 'skeleton' replaces the bundled card "
        "'skeleton' in this scenario; if that is meant, say so with a suppression comment "
        "(# cardscript: disable=CS504), else give it another id",
        "turns.scenario.yaml:11:3: CS502 `first_player: A` contradicts `last_seizer: B`: the "
        "player who most recently seized a stone takes the first turn each round (rule "
        "403.2); remove `first_player`, or `last_seizer` if no stone has been seized",
        "turns.scenario.yaml:13:3: CS501 `previous_loser` is not used with `start: "
        "beginning`: the loser of the previous game chooses the first player when a game "
        "starts (rule 401), and this scenario starts in round 2, where `first_player`, "
        "`round1_first` and `last_seizer` say who goes first; remove it, or use `start: game`",
        "turns.scenario.yaml:15:5: CS502 realm 2 is not open at the beginning of round 2: "
        "with `start: beginning` the game starts before the round's realm opens (rule 403.1, "
        "step 1), so realm 1 is open; realm 2 opens, empty, as the game starts; use `start: "
        "turns` to start with cards in it",
        "turns.scenario.yaml:18:17: CS500 unknown card 'skeletn' (did you mean 'skeleton'?)",
        "turns.scenario.yaml:20:5: CS500 unknown card 'chiem' (did you mean 'chime'?)"]
    assert "(8 errors, 1 warning)" in r.out


def test_a_meant_replacement_of_a_bundled_card_is_said_with_a_suppression(write, lint):
    text = """\
        scenario: An inline Skeleton
        rule: "0"
        cards:
          <said>- {id: skeleton, name: Skeleton, type: wonder, orbital: umbrathene,
             tier: secondary, cost: 1, power: 5}
        """
    write("meant.scenario.yaml", text.replace("<said>", "# cardscript: disable-next-line="
                                              "CS504\n          "))
    write("unsaid.scenario.yaml", text.replace("<said>", ""))
    r = lint(".")
    assert [line.split(": ")[0:2] for line in r.lines()] == [
        ["unsaid.scenario.yaml:4:10", "CS504 inline card 'skeleton' replaces the bundled "
                                      "card 'skeleton' in this scenario; if that is meant, "
                                      "say so with a suppression comment (# cardscript"]]
    assert r.rc == 1 and "warning" in r.out


def test_the_bundled_set_and_scenarios_are_clean(lint):
    r = lint(ROOT / "cardscripts", ROOT / "tests" / "rulings")
    assert r.rc == 0, r.out
    assert "All checks passed" in r.out
