"""Spellfire's card language (issue 11, "Cards in the same YAML language"): what a designer
gets wrong is a clear error at the card, and each entry prints English rules text."""
from __future__ import annotations

import pytest
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import card_text

SPEC = load_game("spellfire")


def compile_card(text: str):
    from cardscript.compiler import Compiler
    doc = load_text(text, "<test card>")
    model = validate_document(doc, SPEC.card_model, "card")
    return Compiler(SPEC.registry).card(model, doc.pos(()))


EVENT = "id: t\nname: T\ntype: event\nnumber: 1\n"
REALM = "id: t\nname: T\ntype: realm\nworld: vael\nnumber: 1\n"
HERO = "id: t\nname: T\ntype: champion\nchampion_type: hero\nlevel: 3\nnumber: 1\n"
SPELL = "id: t\nname: T\ntype: spell\nschool: wizard\nphases: [3]\nnumber: 1\n"


@pytest.mark.parametrize("text, why", [
    (EVENT + "abilities: [{trigger: on_play, effect: negate}]", "played_card"),
    (EVENT + "abilities: [{trigger: on_play, target: {champion: {}}, effect: negate}]",
     "played_card"),
    (EVENT + "abilities: [{trigger: on_play, target: {champion: {}}, effect: {level: 0}}]",
     "does nothing"),
    # a condition asked of a card that can't be so: a realm never fights, a champion is
    # never attacked
    (REALM + "abilities: [{trigger: {static: in_battle}, effect: {level_bonus: "
     "{card: {all: {champion: {controller: you}}}, amount: 1}}}]", "under_attack"),
    (HERO + "abilities: [{trigger: {static: under_attack}, effect: {level_bonus: "
     "{card: this, amount: 1}}}]", "in_battle"),
    # a champion fighting is never one in a pool; a whenever names the role itself
    (EVENT + "abilities: [{trigger: on_play, target: {champion: {role: defender, "
     "where: pool}}, effect: discard}]", "never one in a pool"),
    (REALM + "abilities: [{trigger: {whenever: {defeated: {champion: {role: attacker}}}}, "
     "effect: {draw: 1}}]", "whenever trigger can't use it"),
    (REALM + "keywords: [{hand_size: 0}]", "changes nothing"),
    (EVENT + "abilities: [{trigger: on_play, effect: {discard_from_hand: {amount: all, "
     "random: true}}}]", "leave `random` out"),
    (REALM + "keywords: [{cant_be_attacked_by: {only: true, movement: [flyer]}}]",
     "`only` needs"),
    # that_many counts what an earlier stage moved
    (EVENT + "abilities: [{trigger: on_play, effect: {draw: that_many}}]",
     "no earlier stage does"),
    (EVENT + "abilities: [{trigger: on_play, effect: {discard_from_hand: {amount: any, "
     "random: true}}}]", "not drawn at random"),
    # a champion serves no champion; the opposing champion must be named
    (HERO + "abilities: [{trigger: static, effect: {level_bonus: {card: its_champion, "
     "amount: 2}}}]", "'its_champion' is the champion"),
    (HERO + "abilities: [{trigger: {static: {against: {}}}, effect: {level_bonus: 2}}]",
     "name the opposing champions"),
    # nothing is played against an event; `it` is negated only as it is played against one
    (EVENT + "abilities: [{trigger: played_against, effect: {draw: 1}}]",
     "nothing is played against an event"),
    (REALM + "abilities: [{trigger: {whenever: {razed: {realm: {}}}}, effect: {negate: it}}]",
     "played_against trigger"),
])
def test_a_misused_entry_is_a_clear_error(text, why):
    with pytest.raises(CardError) as exc:
        compile_card(text)
    assert why in str(exc.value)


@pytest.mark.parametrize("direction, controller", [("off", "you"), ("def", "opponent")])
def test_a_selector_contradicting_the_cards_direction_is_refused(direction, controller):
    with pytest.raises(Exception) as exc:
        compile_card(SPELL + f"direction: {direction}\nabilities: [{{trigger: on_play, "
                     f"target: {{champion: {{controller: {controller}}}}}, effect: discard}}]")
    assert "rules notes 2" in str(exc.value) and controller in str(exc.value)


@pytest.mark.parametrize("abilities, expected", [
    ("{trigger: on_play, target: {played_card: [spell, event]}, effect: negate}",
     "Negate a spell or event being played."),
    ("{trigger: on_play, target: {realm: {controller: opponent, attackable: true}}, "
     "effect: raze}", "Raze an opposing realm that could be attacked."),
    ("{trigger: on_play, target: {realm: {controller: you, razed: true}}, effect: unraze}",
     "Rebuild one of your razed realms."),
    ("{trigger: on_play, target: {champion: {controller: opponent}}, effect: to_limbo}",
     "Put an opposing champion into its owner's Limbo."),
    ("{trigger: on_play, target: {champion: {controller: opponent}}, effect: to_abyss}",
     "Put an opposing champion into the Abyss."),
    ("{trigger: on_play, target: {card_in_play: [magic_item, artifact]}, effect: discard}",
     "Discard a magical item or artifact."),
    ("{trigger: on_play, target: {champion: {controller: you}}, effect: {level: 3}}",
     "One of your champions gets +3 levels until the end of the battle or turn."),
    ("{trigger: on_play, effect: {return_to_hand: {all: {champion: {max_level: 2}}}}}",
     "Return all champions of level 2 or less to their owners' hands."),
    ("{trigger: on_play, effect: {search: realm}}",
     "Search your draw pile for a realm, put it into your hand, then shuffle your draw "
     "pile."),
    ("{trigger: on_play, effect: {discard_from_hand: {amount: 2, player: opponent}}}",
     "Each opponent discards 2 cards."),
    ("{trigger: on_play, effect: {draw: 1}}", "Draw a card."),
    ("{trigger: on_play, target: {champion: {attribute: undead, where: battle}}, "
     "effect: {level: -4}}", "An undead champion in the battle gets -4 levels until the end "
     "of the battle or turn."),
    ("{trigger: on_play, effect: {discard: {all: {champion: {role: attacker, "
     "champion_type: thief}}}}}", "Discard all attacking thieves."),
    ("{trigger: on_play, effect: no_attacks}", "No player can attack this turn."),
    ("{trigger: on_play, effect: {no_attacks: opponent}}",
     "Each opponent can't attack this turn."),
    ("{trigger: on_play, effect: {no_attacks: {player: each, until: your_next_turn}}}",
     "No player can attack until your next turn."),
    ("{trigger: on_play, effect: another_battle}", "You may fight another battle this turn."),
    ("{trigger: on_play, effect: {wall: {champion_types: [monster], max_level: 4}}}",
     "Wall the opposing champion if it is a monster of level 4 or less."),
    ("{trigger: on_play, effect: end_battle}",
     "End the battle (both champions return to their pools)."),
    ("{trigger: on_play, effect: {discard_from_hand: {player: opponent, random: true}}}",
     "Each opponent discards a card at random."),
    ("{trigger: on_play, effect: {discard_from_hand: all}}", "Discard your hand."),
    ("{trigger: on_play, effect: [{discard_from_hand: any}, {draw: that_many}]}",
     "Discard any number of cards and draw cards equal to the number of cards discarded "
     "this way."),
])
def test_rules_text(abilities, expected):
    doc = load_text(EVENT + f"abilities: [{abilities}]", "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        expected


@pytest.mark.parametrize("trigger, card_type, expected", [
    ("on_enter", "champion", "When this champion enters the pool, draw a card."),
    ("on_attack", "champion", "When this champion attacks, draw a card."),
    ("on_defend", "champion", "When this champion defends, draw a card."),
    ("start_of_turn", "champion", "At the start of your turn (phase 0), draw a card."),
    ("when_razed", "realm", "When this realm is razed, draw a card."),
    ("when_defeated", "champion", "When this champion is defeated, draw a card."),
    ("end_of_turn", "champion", "At the end of your turn (phase 6), draw a card."),
    ("played_against", "champion",
     "When a card is played against this champion, draw a card."),
    ("{played_against: {types: [event, spell], direction: off}}", "realm",
     "When an (Off) event or spell is played against this realm, draw a card."),
])
def test_trigger_text(trigger, card_type, expected):
    head = {"champion": "type: champion\nchampion_type: hero\nlevel: 1\n",
            "realm": "type: realm\nworld: vael\n"}[card_type]
    doc = load_text(f"id: t\nname: T\nnumber: 1\n{head}abilities: [{{trigger: {trigger}, "
                    f"effect: {{draw: 1}}}}]", "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        expected


ALLY = "id: t\nname: T\ntype: ally\nlevel: 3\nnumber: 1\n"


@pytest.mark.parametrize("text, expected", [
    (ALLY + "abilities: [{trigger: {static: {against: {champion_types: [thief, wizard]}}}, "
     "effect: {level_bonus: {card: its_champion, amount: 2}}}]",
     "While fighting against thieves or wizards, its champion gets +2 levels."),
    (HERO + "abilities: [{trigger: {static: {in_battle: defender}}, effect: {set_level: 8}}]",
     "While this champion is defending, this champion has a level of 8."),
    (HERO + "keywords: [{defeats: {champion_types: [wizard], max_level: 4}}]",
     "Automatically defeats wizards of level 4 or less."),
    (HERO + "keywords: [{defeats: {unless_higher: true}}]",
     "The opposing champion is automatically defeated unless its level is higher than this "
     "champion's."),
])
def test_level_text(text, expected):
    doc = load_text(text, "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        expected


@pytest.mark.parametrize("keyword, expected", [
    ("{hand_size: 2}", "Your hand limit is 2 more."),
    ("{hand_size: {amount: -1, players: each}}", "Each player's hand limit is 1 less."),
    ("{extra_draw: {amount: 1, players: opponents}}",
     "Each opponent draws one more card in phase 1."),
])
def test_keyword_text(keyword, expected):
    doc = load_text(REALM + f"keywords: [{keyword}]", "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        expected


def test_a_condition_prints_as_while():
    doc = load_text(HERO + "abilities: [{trigger: {static: {unrazed_realms: {at_most: 2, "
                    "player: opponent}}}, effect: {level_bonus: {card: this, amount: 2}}}]",
                    "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        "While an opponent has 2 or fewer unrazed realms, this champion gets +2 levels."


CARDS = {
    "keep": "type: realm\nworld: vael\n",
    "warden": "type: champion\nchampion_type: hero\nlevel: 5\nworld: vael\n"
              "keywords: [{immune: [events]}]\n",
    "squire": "type: ally\nlevel: 2\n",
    "theft": "type: event\nabilities: [{trigger: on_play, target: {card_in_play: [ally]}, "
             "effect: discard}]\n",
    "filler": "type: champion\nchampion_type: thief\nlevel: 1\nworld: vael\n",
}


def test_an_immunity_covers_the_allies_beside_its_champion_in_a_battle(tmp_path):
    """Rules notes 5, "Immunities: ... also cover the champion's allies": an ally fighting in
    a battle beside an immune champion is out of reach of an event; beside a champion
    without the immunity, it is not."""
    from cardscript.cardpool import CardPool
    from cardscript.games.spellfire import plays
    from cardscript.games.spellfire.scenario import Setup, build
    from cardscript.resolve import Trigger
    for n, (cid, body) in enumerate(CARDS.items(), 1):
        (tmp_path / f"{cid}.card.yaml").write_text(f"id: {cid}\nname: {cid.title()}\n"
                                                   f"number: {n}\n{body}")
    pool = CardPool("spellfire", cache=False).load([tmp_path])
    setup = Setup.model_validate({"players": {
        "A": {"hand": ["theft"], "formation": {"A": "keep"}},
        "B": {"hand": ["squire"], "pool": ["warden"]}}})
    g = build(setup, pool)
    a, b = g.players
    ally = g.move(b.hand.cards[0], b.battle)
    theft = a.hand.cards[0]
    ab = plays.effect_of(theft)
    ctx = Trigger(ab, theft, a)
    assert ab.target.candidates(g, ctx) == [ally]  # alone in the battle: no immunity
    g.move(b.pool.cards[0], b.battle)  # the immune champion fights beside it
    assert ab.target.candidates(g, ctx) == []
    assert not plays.has_targets(g, a, theft)


@pytest.mark.parametrize("selector, expected", [
    ("{champion: {controller: you, where: pool, max_level: 3}}",
     "Discard one of your champions of level 3 or less in your pool."),
    ("{champion: {controller: opponent, where: battle, champion_type: wizard}}",
     "Discard an opposing wizard in the battle."),
    ("{all: {champion: {controller: opponent}}}", "Discard all opposing champions."),
    ("{all: {realm: {controller: you, razed: false}}}", "Discard all your unrazed realms."),
])
def test_selection_phrases(selector, expected):
    key = "target: " + selector + ", effect: discard" if "all" not in selector else \
        "effect: {discard: " + selector + "}"
    doc = load_text(EVENT + f"abilities: [{{trigger: on_play, {key}}}]", "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == \
        expected


def test_an_effect_on_this_card_never_in_play_is_refused():
    with pytest.raises(CardError) as exc:
        compile_card(EVENT + "abilities: [{trigger: on_play, effect: {raze: this}}]")
    assert "this card (an event) is never in play: it would do nothing" in str(exc.value)
