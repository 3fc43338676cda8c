"""Rules text generated from card scripts (core/text/): every bundled card's printed text is
what its script says, and the cards the rules quote read as the rules quote them."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import ability_text, card_text, keyword_text, normalize


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("wonders", cache=False, keep_models=True)


def _bundled_ids():
    return sorted(CardPool.bundled("wonders").cards)


@pytest.mark.parametrize("card_id", _bundled_ids())
def test_bundled_card_text_matches_its_script(pool, card_id):
    model = pool.models[card_id]
    generated = card_text(model, pool.registry, cards=pool.cards)
    assert normalize(generated) == normalize(model.text), \
        f"{card_id}: printed {model.text!r}, generated {generated!r}"


def test_every_bundled_card_with_rules_prints_text(pool):
    for cid, model in pool.models.items():
        if model.abilities or model.keywords or getattr(model, "core", False):
            assert model.text, f"{cid} has rules but no printed text"


# -- the cards the rules quote -------------------------------------------------------------
def test_cairnvox_soulforger_reads_as_rule_501_1_quotes(pool):
    quote = ("ON ARRIVAL: Put target Wonder you own with cost 4 or less from The Abyss into "
             "this realm.")  # 002, rule 501.1 example
    assert card_text(pool.models["cairnvox-soulforger"], pool.registry) == quote


def test_compound_bow_reads_as_rule_508_3_quotes(pool):
    # 002, rule 508.3 example
    quote = ('Equipped Wonder gets "On Battle draw 2 cards, gain 1 energy, and put two -1 '
             'counters on target enemy."')
    text = card_text(pool.models["utterly-complex-compound-bow"], pool.registry)
    assert text == quote.replace("energy, and", "energy and")  # the house style's comma
    assert normalize(text) == normalize(quote)


def test_whisperleaf_cloak_reads_as_rule_505_1_quotes(pool):
    # 002, rule 505.1 example: Whisperleaf Cloak reads, in part, "Opponents can't tap,
    # control, or put counters on equipped Wonder."
    quote = "Opponents can't tap, control, or put counters on equipped Wonder."
    text = card_text(pool.models["whisperleaf-cloak"], pool.registry)
    assert text == "Opponents can't tap, control or put counters on equipped Wonder."
    assert normalize(text) == normalize(quote)


def test_path_of_light_reads_as_rule_403_5_quotes(pool):
    # 000, rule 403.5: Path of Light says “This round, nullify all items and lands,”
    quote = "“This round, nullify all items and lands,”"
    text = card_text(pool.models["path-of-light"], pool.registry)
    assert text == "This round, nullify all items and lands."  # a spell prints no ON PLAY
    assert normalize(text) == normalize(quote)


def test_chained_crow_keywords_as_rule_404_3_2_names_them(pool):
    # 000, rule 404.3.2 example: "Chained Crow has Deathstrike and Flying."
    model = pool.models["chained-crow"]
    assert card_text(model, pool.registry) == "Deathstrike. Flying."
    assert [keyword_text(k, pool.registry) for k in model.keywords] == \
        ["Deathstrike.", "Flying."]


def test_ayu_goss_reads_as_rule_404_5_2_quotes(pool):
    # 000, rule 404.5.2: Ayu Goss says “If you took the last turn of the round, you may
    # untap target land or Wonder.” (the quote leaves out the timing label)
    quote = "If you took the last turn of the round, you may untap target land or Wonder."
    text = card_text(pool.models["ayu-goss"], pool.registry)
    label, _, effect = text.partition(": ")
    assert label == "AT END OF ROUND"
    assert effect == quote
    # its script only targets tapped cards, which untapping implies (rule 509)
    assert pool.models["ayu-goss"].abilities[0].target.card.tapped is True


# -- the house style of the other card text the rules quote ----------------------------------
SPEC = load_game("wonders")


def _ability(yaml: str, card_type: str = "spell") -> str:
    power = "power: 1\n" if card_type == "wonder" else ""
    text = (f"id: sample\nname: Sample\ntype: {card_type}\norbital: solfera\ntier: primary\n"
            f"cost: 1\n{power}abilities:\n  - {yaml}\n")
    model = validate_document(load_text(text), SPEC.card_model)
    return ability_text(model.abilities[0], SPEC.registry, card_type=card_type)


@pytest.mark.parametrize("quote, card_type, script", [
    # 002, rule 501: a spell and another card's ability
    ("Destroy target Wonder and draw a card.", "spell",
     "{trigger: on_play, target: {wonder: {}}, effect: [{destroy: target}, {draw: 1}]}"),
    ("Whenever a Wonder dies, you may deny 1.", "item",
     "{trigger: {whenever: {dies: {wonder: {}}}}, effect: {may: {deny: 1}}}"),
    # 002, rule 502: Dream Reaver and EthosRelic FR-38
    ("ON ARRIVAL: Nullify target Wonder this round.", "wonder",
     "{trigger: on_arrival, target: {wonder: {}}, effect: {nullify: target}}"),
    ("Whenever a card becomes nullified, draw a card and target player loses 1 energy.",
     "item", "{trigger: {whenever: {nullified: {card: {}}}}, target: {player: any}, "
     "effect: [{draw: 1}, {lose_energy: {player: target}}]}"),
    # 000, rule 404.2 Core Mechanic: "If an effect lets you play a card as though it was in
    # your hand"
    ("You may play target Wonder you own from The Abyss as though it were in your hand.",
     "spell", "{trigger: on_play, target: {wonder: {zone: abyss, owner: you}}, "
     "effect: {play_as_though_in_hand: target}}"),
    # 000, rule 404.2's example, Eye of the Maelstrom (a static ability)
    ("You may play cards from the top of your deck as if they were in your hand.", "item",
     "{trigger: static, effect: {play_as_though_in_hand: {all: {card: {zone: deck, "
     "owner: you, top: 1}}}}}"),
    # 002, rule 505.4 Controlling Turns (ours: the rules quote no card that does it)
    ("Control target opponent's next turn.", "spell",
     "{trigger: on_play, target: {player: opponent}, effect: {control_turn: target}}"),
    # rule 403.5's Formless Stones (ours: the rules quote none of its text)
    ("This is a stone.", "item", "{trigger: static, effect: {is_stone: this}}"),
    # issue-sampled phrases of 002's example cards: a static power change (ours)
    ("Equipped Wonder gets +2 power.", "item",
     "{trigger: static, effect: {power_bonus: {card: equipped, amount: 2}}}"),
    ("This gets -1 power.", "wonder", "{trigger: static, effect: {power_bonus: -1}}"),
    # 002, rule 508.3 style: a two-stage spell
    ("Tap target Wonder and draw a card.", "spell",
     "{trigger: on_play, target: {wonder: {}}, effect: [{tap: target}, {draw: 1}]}"),
])
def test_quoted_house_style(quote, card_type, script):
    assert _ability(script, card_type) == quote


def test_a_duration_ends_the_sentence_and_the_target_is_then_it():
    # 002, rule 505.1: "ON PLAY: Gain control of target enemy Wonder this round. Untap it."
    text = _ability("{trigger: on_play, target: {wonder: {controller: opponent}}, "
                    "effect: [{nullify: target}, {untap: target}]}", "wonder")
    assert text == "ON PLAY: Nullify target enemy Wonder this round. Untap it."


def test_seek_keyword_as_the_rulebook_writes_it():
    text = ("id: s\nname: S\ntype: wonder\norbital: boundless\ntier: primary\ncost: 3\n"
            "power: 2\nkeywords: [{seek: {count: 3, filter: {wonder: {cost: {max: 2}}}}}]\n")
    model = validate_document(load_text(text), SPEC.card_model)
    assert card_text(model, SPEC.registry) == "Seek 3 a Wonder with cost 2 or less."


def test_link_keyword_as_the_rulebook_writes_it():
    # rulebook, Link: "one card with Umbrathene link"
    text = ("id: s\nname: S\ntype: wonder\norbital: solfera\ntier: primary\ncost: 3\n"
            "power: 2\nkeywords: [{link: umbrathene}]\n")
    model = validate_document(load_text(text), SPEC.card_model)
    assert card_text(model, SPEC.registry) == "Umbrathene link."


@pytest.mark.parametrize("script, card_type, expected", [
    # rulebook, Kingdom: "Kingdom 3: Whenever you play a Solfera Wonder, ..."
    ("{trigger: {kingdom: {count: 3, trigger: {whenever: {played: {wonder: {controller: you, "
     "orbital: solfera}}}}}}, effect: {gain_energy: 1}}", "item",
     "Kingdom 3: Whenever you play a Solfera Wonder, gain 1 energy."),
    ("{trigger: {hoard: {count: 2, trigger: on_attack}}, effect: {draw: 1}}", "wonder",
     "Hoard 2: ON ATTACK: Draw a card."),
    ("{trigger: ascend, effect: {power: {card: this, amount: 3}}}", "wonder",
     "ASCEND: This gets +3 power this round."),
    ("{trigger: {faith: x}, effect: {gain_energy: faith_spent}}", "item",
     "SPEND X FAITH: Gain energy equal to X."),
    ("{trigger: on_arrival, effect: {gain_faith: 1}}", "wonder", "ON ARRIVAL: Gain 1 faith."),
    # rulebook, Game Terms, Equip: "Equipped Wonder gets ..."
    ("{trigger: on_battle, effect: {counters: {card: {all: {wonder: {equipped: true}}}, "
     "amount: 1}}}", "item", "ON BATTLE: Put a +1 counter on each equipped Wonder."),
    # rulebook, Game Terms, Enter
    ("{trigger: {whenever: {enters: {wonder: {class: Dragon, realm: this}}}}, effect: "
     "{draw: 1}}", "item", "Whenever a Dragon enters this realm, draw a card."),
    ("{trigger: {whenever: {enters: {wonder: {class: Dragon}}}}, effect: {draw: 1}}", "item",
     "Whenever a Dragon enters, draw a card."),
    ("{trigger: on_arrival, effect: {shield: {card: this}}}", "wonder",
     "ON ARRIVAL: Put a shield counter on this."),
    ("{trigger: tap_free, effect: {portal: {card: this, realm: choose}}}", "wonder",
     "TAP FREE: Portal this to a realm of your choice."),
    # rule 508.1: what an equipment gives its equipped Wonder, quoted as the rules quote it
    ("{trigger: static, effect: {grant: {abilities: [{trigger: on_battle, target: enemy, "
     "effect: [{draw: 2}, {counters: {card: target, amount: -2}}]}]}}}", "item",
     'Equipped Wonder gets "On Battle draw 2 cards and put two -1 counters on target '
     'enemy."'),
    ("{trigger: static, effect: {grant: {keywords: [flying], abilities: [{trigger: "
     "{whenever: {dies: {wonder: {}}}}, effect: {draw: 1}}]}}}", "item",
     'Equipped Wonder gets flying and "Whenever a Wonder dies, draw a card."'),
    ("{trigger: static, effect: {cant: {action: [tap, put_counters_on], card: equipped, "
     "by: opponents}}}", "item", "Opponents can't tap or put counters on equipped Wonder."),
    ("{trigger: static, effect: {cant: {action: control}}}", "wonder",
     "Players can't control this."),
])
def test_keyword_abilities_in_the_rulebooks_words(script, card_type, expected):
    assert _ability(script, card_type) == expected


def test_only_a_spell_drops_its_on_play_label():
    script = "{trigger: on_play, effect: {draw: 1}}"
    assert _ability(script, "spell") == "Draw a card."
    assert _ability(script, "land") == "ON PLAY: Draw a card."


@pytest.mark.parametrize("script, expected", [
    ("{trigger: on_play, target: {player: opponent}, effect: [{discard: {player: target}}, "
     "{lose_energy: {player: target}}]}", "Target opponent discards a card and loses 1 energy."),
    ("{trigger: on_play, target: {player: opponent}, effect: [{lose_actions: {player: "
     "target}}, {draw: 1}]}", "Target opponent loses 1 action. Draw a card."),
    ("{trigger: on_play, effect: [{gain_actions: 2}, {gain_energy: 2}]}",
     "Gain 2 actions and 2 energy."),
    ("{trigger: on_play, effect: [{sacrifice: {wonder: {}}}, {if_done: [{draw: 2}, "
     "{gain_energy: 2}]}]}", "Sacrifice a Wonder. If you do, draw 2 cards and gain 2 energy."),
    ("{trigger: on_play, effect: {if: {condition: {not: {you_control: {wonder: {controller: "
     "you, realm: this, other: true}}}}, then: {draw: 1}}}}",
     "If you control no other Wonders in this realm, draw a card."),
    ("{trigger: on_play, effect: {if: {condition: {any_of: [{stones: {min: 2}}, {lands: "
     "{min: 3}}]}, then: {draw: 1}, else: {gain_energy: 1}}}}",
     "If you control 2 or more stones or 3 or more lands, draw a card. Otherwise, gain 1 "
     "energy."),
    ("{trigger: on_play, effect: {draw: {count: {count: {item: {controller: you}}}}}}",
     "Draw a card for each item you control."),
    ("{trigger: on_play, effect: {gain_energy: {count: round_number}}}",
     "Gain energy equal to the round number."),
    ("{trigger: on_play, effect: {create_token: {token: verdant-sprout, count: 2}}}",
     "Create two 1-power Verdant Sprout token Wonders in this realm."),
    ("{trigger: on_play, effect: {power: {card: {all: {wonder: {controller: opponent}}}, "
     "amount: -2}}}", "All enemy Wonders get -2 power this round."),
    ("{trigger: on_play, effect: {counters: {card: {all: {wonder: {controller: you, other: "
     "true}}}, amount: 1}}}", "Put a +1 counter on each other Wonder you control."),
    ("{trigger: {whenever: {played: {item: {controller: you}}}}, effect: {draw: 1}}",
     "Whenever you play an item, draw a card."),
    ("{trigger: static, effect: {cant: {action: untap, card: {all: {wonder: {}}}}}}",
     "All Wonders can't untap."),
    ("{trigger: static, effect: {characteristics: {card: {all: {wonder: {realm: this}}}, "
     "classes: [Soldier], base_power: 0}}}",
     "All Wonders in this realm are Soldiers with base power 0."),
    ("{trigger: {static: {hand_size: {max: 0}}}, effect: {characteristics: {card: this, "
     "base_power: 5}}}", "While you have no cards in hand, this has base power 5."),
    ("{trigger: on_arrival, target: {item: {zone: banishment}}, effect: {copy: target}}",
     "ON ARRIVAL: Create a token copy of target item from banishment in this realm."),
    ("{trigger: tap_action, effect: {copy: {card: {all: {wonder: {controller: you}}}, "
     "realm: choose}}}", "TAP ACTION: Create token copies of all Wonders you control in a "
     "realm of your choice."),
    ("{trigger: {instead_of: banished}, effect: {put_into_realm: {card: it, realm: choose}}}",
     "If this would be banished, instead put it into a realm of your choice."),
    ("{trigger: {instead_of: drawn}, effect: {put_into_realm: {card: it, realm: choose}}}",
     "If this would be drawn, instead put it into a realm of your choice."),
    ("{trigger: {instead_of: enters}, effect: {draw: 1}}",
     "If this would enter, instead draw a card."),
    ("{trigger: {instead_of: {event: denied, card: {wonder: {}}}}, effect: {put_into_hand: it}}",
     "If a Wonder would be denied, instead return it to its owner's hand."),
    ("{trigger: tap_action, target: {item: {class: Equipment, realm: this, controller: you}}, "
     "effect: {equip: {card: target, to: this}}}",
     "TAP ACTION: Equip target Equipment item you control in this realm to this."),
    # the quoted cards of rules 507, 508.3 and 508.4
    ("{trigger: {would_target: {card: {wonder: {controller: you}}}}, effect: {unless_spend: "
     "{energy: 2, effect: nullify_effect}}}", "Whenever an opponent's spell or effect would "
     "target a Wonder you control, nullify it unless they spend 2 energy."),
    ("{trigger: on_arrival, effect: {trigger_ability: {card: {wonder: {controller: you, "
     "other: true}}, times: 3}}}", "ON ARRIVAL: Choose an on arrival ability of another "
     "Wonder you control. Trigger it 3 times."),
    ("{trigger: {whenever: {arrives: {card: {}}, from: {not: hand}}}, effect: [{may: {banish: "
     "it}}, {if_done: {counters: {card: this, amount: 2}}}]}", "Whenever a card arrives from "
     "anywhere other than from a hand, you may banish it. If you do, put two +1 counters on "
     "this."),
    ("{trigger: {whenever: {enters: {wonder: {realm: this}}, from: abyss}}, effect: {draw: 1}}",
     "Whenever a Wonder enters this realm from The Abyss, draw a card."),
    ("{trigger: {whenever: {arrives: {wonder: {controller: opponent, realm: this}}}}, "
     "effect: {counters: {card: it, amount: -1}}}",
     "Whenever an enemy Wonder arrives in this realm, put a -1 counter on it."),
    # the timing words of rules 403.5 and 404.3.2 and the rulebook's Enter
    ("{trigger: on_turn_end, effect: {draw: 1}}", "ON TURN END: Draw a card."),
    ("{trigger: {on_turn_end: {player: you}}, effect: {draw: 1}}",
     "AT THE END OF YOUR TURN: Draw a card."),
    ("{trigger: {on_turn_end: {player: opponent}}, effect: {draw: 1}}",
     "AT THE END OF AN OPPONENT'S TURN: Draw a card."),
    ("{trigger: {end_of_round: 3}, effect: {draw: 1}}", "AT THE END OF ROUND 3: Draw a card."),
    ("{trigger: {whenever: {attacks: {wonder: {controller: you}}}}, effect: {power: {card: "
     "it, amount: 1, duration: this_turn}}}",
     "Whenever a Wonder you control attacks, it gets +1 power this turn."),
    ("{trigger: {whenever: {enters: {wonder: {class: Dragon, realm: this}}}}, effect: "
     "{draw: 1}}", "Whenever a Dragon enters this realm, draw a card."),
    # rule 511: counting events; rule 505.1: control (The Windreaver's words)
    ("{trigger: {whenever: {played: {land: {controller: you, orbital: thalwind}}, time: 3}}, "
     "effect: {may: {untap: this}}}",
     "The third time you play a Thalwind land this game, you may untap this."),
    ("{trigger: {whenever: {dies: {wonder: {}}, time: 1, during: round}}, effect: {draw: 1}}",
     "The first time a Wonder dies this round, draw a card."),
    ("{trigger: tap_free, target: {wonder: {controller: opponent}}, effect: [{gain_control: "
     "{card: target, duration: this_round}}, {untap: target}]}",
     "TAP FREE: Gain control of target enemy Wonder this round. Untap it."),
    # rules 506 and 510: Autumn, Essence Animated (printed with its own sentences)
    ("{trigger: tap_free, effect: [{distribute: {card: {all: {wonder: {zone: abyss, owner: "
     "you}}}, face_down: true}}, {turn_face_up: {all: {card: {face_down: true}}}}]}",
     "TAP FREE: Shuffle all Wonders you own from The Abyss and distribute them as evenly as "
     "possible in all realms, face down and turn all face-down cards face up."),
])
def test_stages_subjects_and_selections(script, expected):
    assert _ability(script) == expected


def test_every_vocabulary_entry_declares_a_template():
    for kind, table in SPEC.registry.entries.items():
        for name, entry in table.items():
            assert entry.text, f"{kind} '{name}' has no text template"


#: scripts that together use every vocabulary entry of the game
EVERY_ENTRY = [
    "{trigger: on_death, effect: {choose: [{deny: {count: 2, player: opponent}}, "
    "{discard: {count: 2, player: each, random: true}}]}}",
    "{trigger: on_attack, target: {card: {types: [item], controller: opponent}}, effect: "
    "[{banish: target}, {bury: {all: {wonder: {realm: this, tapped: false}}}}]}",
    "{trigger: on_defense, target: {wonder: {zone: hand, owner: you}}, effect: "
    "{may: {put_into_abyss: target}}}",
    "{trigger: on_battle, effect: {stun: {all: {land: {orbital: petraia}}}}}",
    "{trigger: {after_battle: [won, tied]}, effect: {lose_actions: {player: opponent}}}",
    "{trigger: {end_of_battle: {attacking: false}}, effect: {move: {card: this, "
    "realm: choose}}}",
    "{trigger: on_round_start, effect: {cant_attack: {player: each, realm: any}}}",
    "{trigger: tap_free, effect: {attack: this}}",
    "{trigger: {round: 3}, effect: {repeat: {times: cards_in_hand, effect: {draw: 1}}}}",
    "{trigger: end_of_round, effect: {for_each: {cards: {all: {spell: {zone: abyss}}}, "
    "effect: {gain_energy: 1}}}}",
    "{trigger: {whenever: {dies: {wonder: {class: Dragon}}}}, effect: {if: {condition: "
    "{all_of: [{round: {min: 5}}, {hand_size: {max: 2}}, {not: took_last_turn}]}, then: "
    "{destroy: it}}}}",
    "{trigger: tap_action, target: {wonder: {power: {min: 2}}}, effect: [{tap: target}, "
    "{if_done: {sacrifice: {item: {}}}}]}",
    "{trigger: tap_free, effect: {seek: {count: 2, filter: {wonder: {cost: 1}}}}}",
    "{trigger: sacrifice_action, target: {wonder: {}}, effect: {put_into_realm: target}}",
    "{trigger: on_play, target: {wonder: {}}, effect: {put_into_hand: target}}",
    "{trigger: on_arrival, effect: {gain_energy: 1}}",
    "{trigger: on_arrival, effect: {play_as_though_in_hand: {all: {card: {zone: banishment, "
    "owner: you}}}}}",
    "{trigger: {on_turn_end: {player: opponent}}, effect: {draw: 1}}",
    "{trigger: sacrifice_free, effect: {if: {condition: {any_of: [{you_control: {item: "
    "{}}}, {stones: 2}, {lands: {max: 1}}]}, then: {untap: this}}}}",
    "{trigger: harvest, effect: {create_token: {token: skeleton, realm: choose}}}",
    "{trigger: {whenever: {nullified: {card: {}}}}, target: {player: opponent}, effect: "
    "[{lose_energy: {player: target}}, {gain_actions: {count: round_number}}]}",
    "{trigger: {whenever: {played: {spell: {controller: opponent}}}}, effect: {power: "
    "{card: this, amount: 1}}}",
    "{trigger: static, effect: {cant: {action: untap, card: {all: {wonder: {}}}}}}",
    "{trigger: static, effect: {is_stone: {all: {land: {controller: you}}}}}",
    "{trigger: static, effect: {power_bonus: {card: {all: {wonder: {controller: you, other: "
    "true}}}, amount: 1}}}",
    "{trigger: on_play, target: {player: opponent}, effect: {control_turn: target}}",
    "{trigger: on_arrival, target: {item: {zone: banishment}}, effect: {copy: target}}",
    "{trigger: {would_target: {card: {wonder: {controller: you}}, by: any}}, effect: "
    "{unless_spend: {energy: 2, effect: nullify_effect}}}",
    "{trigger: on_arrival, effect: {trigger_ability: {card: {wonder: {}}, times: 2}}}",
    "{trigger: {whenever: {played: {spell: {controller: opponent}}}}, effect: {copy_spell: it}}",
    "{trigger: {whenever: {arrives: {wonder: {}}}}, effect: {copy_ability: {card: {wonder: "
    "{controller: you}}}}}",
    "{trigger: {static: {stones: {min: 2}}}, effect: {characteristics: {card: {all: {wonder: "
    "{realm: this}}}, classes: [Soldier], base_power: 0}}}",
    "{trigger: {instead_of: {event: put_into_hand, card: {wonder: {controller: you}}}}, "
    "effect: {destroy: it}}",
    "{trigger: {whenever: {arrives: {wonder: {}}}}, effect: [{nullify: it}, {counters: "
    "{card: it, amount: 1}}, {draw: {count: {count: {wonder: {}}}}}, "
    "{gain_energy: stones_you_control}]}",
    "{trigger: on_play, target: {wonder: {controller: opponent}}, effect: [{gain_control: "
    "{card: target, duration: this_round}}, {gain_control: {card: this}}]}",
    "{trigger: tap_free, effect: [{distribute: {card: {all: {wonder: {zone: abyss, owner: you}}}, "
    "face_down: true}}, {turn_face_up: {all: {card: {face_down: true, realm: this}}}}]}",
    "{trigger: ascend, effect: {power: {card: this, amount: 3}}}",
    "{trigger: tap_free, effect: {portal: {card: this, realm: adjacent}}}",
    "{trigger: static, effect: {grant: {card: this, keywords: [guardian]}}}",
    "{trigger: on_play, target: enemy, effect: {tap: target}}",
    "{trigger: {faith: x}, effect: [{gain_faith: 1}, {draw: faith_spent}]}",
    "{trigger: on_arrival, effect: [{shield: {card: this}}, {shield: {card: {all: {wonder: "
    "{controller: you, other: true}}}, count: 2}}]}",
    "{trigger: {hoard: {count: 2, trigger: on_attack}}, effect: {draw: 1}}",
    "{trigger: tap_free, target: {item: {}}, effect: {equip: {card: target, to: this}}}",
    "{trigger: {kingdom: {count: 3, trigger: tap_free}}, effect: {gain_energy: 1}}",
    "{trigger: on_play, target: {wonder: {controller: opponent}}, effect: {later: {at: "
    "end_of_your_turn, effect: {destroy: target}}}}",
    "{trigger: on_play, target: {wonder: {controller: you}}, effect: {gain_energy: {stat: "
    "{stat: power, card: target}}}}",
    "{trigger: on_arrival, effect: {next_costs_less: {amount: 1, cards: spell}}}",
    "{trigger: tap_free, effect: [{draw: 2}, {gain_energy: that_many}]}",
]


def test_every_vocabulary_entry_renders(monkeypatch):
    from cardscript.text.views import Renderer
    used = set()
    render = Renderer.render

    def spy(self, view, **opts):
        if not isinstance(view, int) and view.kind not in ("card", "player"):
            used.add((view.kind, view.name))
        return render(self, view, **opts)

    monkeypatch.setattr(Renderer, "render", spy)
    for script in EVERY_ENTRY:
        text = _ability(script, "wonder")
        assert text.endswith(".") and "{" not in text and "  " not in text, text
    for kw in ("flying", "deathstrike", "guardian", "attuned", "cant_be_controlled", "symbiosis",
               "{seek: {count: 3, filter: {wonder: {}}}}", "{rally: 2}",
               "{link: umbrathene}"):
        text = ("id: k\nname: K\ntype: wonder\norbital: petraia\ntier: primary\ncost: 1\n"
                f"power: 1\nkeywords: [{kw}]\n")
        card_text(validate_document(load_text(text), SPEC.card_model), SPEC.registry)
    used.add(("value", "constant"))  # plain numbers are printed as they are
    declared = {(k, n) for k, table in SPEC.registry.entries.items() for n in table}
    assert declared - used == set()
