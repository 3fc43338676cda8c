"""Cards in a player's pile (the core's pile selector, core/blocks.py; Riftbound's ``card``,
Spellfire's ``card_in_pile``) and zone moves from a pile (``Game.leave_pile``): the text of
each form, and the rule a game adds to a move between piles."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import card_text
from scenario_games import scenario_game

RULINGS = Path(__file__).resolve().parents[1] / "rulings"


def text_of(game: str, fields: str, ability: str) -> str:
    spec = load_game(game)
    doc = load_text(f"{{id: x, name: X, {fields}, abilities: [{ability}]}}")
    return card_text(validate_document(doc, spec.card_model), spec.registry)


RIFT = "type: spell, domains: [calm], cost: 1"


@pytest.mark.parametrize(("selector", "words"), [
    ("{card: {zone: trash, type: [unit]}}", "a unit card in your trash"),
    ("{card: {zone: banishment, owner: opponent}}", "a card in an opponent's banishment"),
    ("{card: {zone: hand, type: [unit, gear], name: Pebble}}",
     "a unit or gear card named Pebble in your hand"),
    ("{card: {zone: trash, owner: any, other: true}}", "another card in a player's trash"),
])
def test_a_target_in_a_pile_reads_where_it_is(selector, words):
    text = text_of("riftbound", RIFT, f"{{trigger: on_play, target: {selector}, "
                                      f"effect: return_to_hand}}")
    assert text == f"Return {words} to its owner's hand."


def test_every_card_of_a_selection_in_a_pile_reads_in_the_plural():
    text = text_of("spellfire", "type: event, number: 1", "{trigger: on_play, effect: "
                   "{return_to_hand: {all: {card_in_pile: {zone: discard, "
                   "type: [champion]}}}}}")
    assert text == "Return all champion cards in your discard pile to their owners' hands."


def built(path: Path):
    return scenario_game(path)[0]


HAND_OF_REALMS = """\
scenario: two realms in A's hand
rule: "notes 1"
game: spellfire
cards:
  - {id: vael-keep, name: Vael Keep, type: realm, world: vael, number: 101}
  - {id: ash-hall, name: Ash Hall, type: realm, world: ashmark, number: 104}
  - {id: filler, name: Spare Hand, type: ally, level: 1, number: 200}
setup:
  start: phase3
  players:
    A: {hand: [vael-keep, ash-hall, filler], formation: {A: vael-keep}, deck: [filler]}
    B: {formation: {A: ash-hall}, deck: [filler]}
"""


@pytest.mark.parametrize(("by", "dropped"), [(0, True), (1, False)])
def test_a_realm_its_owner_discards_from_hand_is_dropped_on_their_own(tmp_path, by, dropped):
    """Spellfire's seed, "Two-Draw Mulligan": a realm discarded through its owner's own
    card's effect is discarded on their own (``SpellfireGame.leave_pile``); through an
    opponent's, it is not."""
    path = tmp_path / "realms.scenario.yaml"
    path.write_text(HAND_OF_REALMS)
    g = built(path)
    a = g.players[0]
    realm = next(c for c in a.hand.cards if c.proto.type == "realm")
    g.leave_pile(realm, a.discard, "discarded", g.players[by])
    assert [c.proto.id for c in a.discard.cards] == [realm.proto.id]
    assert a.dropped_realm is dropped
    assert g.log[-1] == ("discarded", "A", realm.proto.id)


def test_a_deck_move_names_a_position_the_core_knows():
    from cardscript.piles import pile_move
    from cardscript.registry import Vocabulary
    with pytest.raises(ValueError, match="position 'middle': top, bottom or shuffle"):
        pile_move(Vocabulary("x"), "tuck", "deck", "tuck {{ card | describe }}", doc="",
                  position="middle")


def test_recycled_units_go_under_the_deck_each_under_the_last():
    g = built(RULINGS / "riftbound" / "recycle-from-trash.scenario.yaml")
    a = g.players[0]
    before = [c.proto.id for c in a.deck.cards]
    g.choose(g.decision.find("play tidal-reclamation"))
    after = [c.proto.id for c in a.deck.cards]
    # bottom first: the second unit recycled under the first, the deck's own cards above
    # (one of them drawn)
    assert after == ["ironhide-bruiser", "pyre-brawler", *before[:1]]
