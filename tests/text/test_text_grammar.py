"""The English of generated rules text: plurals, articles, numbers, joins, agreement and the
normalization drift is judged by (core/text/__init__.py docstring); a game's resources come
from its own text vocabulary (Wonders: core/games/wonders/text.py)."""
from __future__ import annotations

import pytest
from cardscript.text import game_text
from cardscript.text.english import (
    article,
    counted,
    join_words,
    normalize,
    number_word,
    plural,
    third_person,
)


@pytest.mark.parametrize("noun, many", [
    ("card", "cards"), ("Wonder", "Wonders"), ("enemy Wonder", "enemy Wonders"),
    ("action", "actions"), ("Abyss", "Abysses"), ("Dragon", "Dragons"),
    ("1-power Skeleton token Wonder", "1-power Skeleton token Wonders"), ("Harpy", "Harpies"),
])
def test_plural(noun, many):
    assert plural(noun) == many


def test_a_resource_has_the_plural_its_table_gives():
    assert plural("energy") == "energies"  # English knows no game's resources
    assert plural("old gold", {"gold": "gold"}) == "old gold"
    assert counted(3, "gold", {"gold": "gold"}) == "3 gold"
    assert counted(1, "gold", {"gold": "gold"}) == "1 gold"  # a resource keeps the numeral
    assert counted(1, "gold") == "a gold"


@pytest.mark.parametrize("noun, many", [("energy", "energy"), ("faith", "faith"),
                                        ("action", "actions"), ("Wonder", "Wonders")])
def test_wonders_resources_come_from_its_text_vocabulary(noun, many):
    assert game_text("wonders").plural(noun) == many
    assert game_text().plural("energy") == "energies"  # the core alone knows none


@pytest.mark.parametrize("phrase, expected", [
    ("card", "a card"), ("enemy Wonder", "an enemy Wonder"), ("item", "an item"),
    ("Umbrathene Wonder", "an Umbrathene Wonder"), ("non-token Wonder", "a non-token Wonder"),
    ("1-power Skeleton", "a 1-power Skeleton"), ("8-power Titan", "an 8-power Titan"),
    ("11-power Titan", "an 11-power Titan"), ("unique relic", "a unique relic"),
])
def test_article(phrase, expected):
    assert article(phrase) == expected


@pytest.mark.parametrize("n, noun, expected", [
    (1, "card", "a card"), (2, "card", "2 cards"), (0, "card", "no cards"),
    (1, "energy", "1 energy"), (3, "energy", "3 energy"), (1, "action", "1 action"),
    (2, "action", "2 actions"),
])
def test_counted_in_wonders(n, noun, expected):
    assert game_text("wonders").counted(n, noun) == expected


def test_number_words_for_small_numbers_only():
    assert [number_word(n) for n in (0, 1, 2, 10, 11)] == ["no", "one", "two", "ten", "11"]


@pytest.mark.parametrize("verb, agreed", [
    ("draw", "draws"), ("discard", "discards"), ("lose", "loses"), ("get", "gets"),
    ("have", "has"), ("bury", "buries"), ("reach", "reaches"), ("can't attack", "can't attack"),
])
def test_third_person(verb, agreed):
    assert third_person(verb) == agreed


def test_join_words():
    assert join_words(["a card"]) == "a card"
    assert join_words(["items", "lands"]) == "items and lands"
    assert join_words(["Wonder", "item", "land"], "or") == "Wonder, item or land"


@pytest.mark.parametrize("a, b", [
    ("Draw a card.", "draw a card"),                                   # case, final period
    ("“This round, nullify all items and lands,”", "This round, nullify all items and lands."),
    ("ON ARRIVAL: Draw a card.\nTAP FREE: Gain 1 energy.",
     "ON ARRIVAL: Draw a card.  TAP FREE: Gain 1 energy."),           # whitespace
    ("On Arrival: Draw a card.", "ON ARRIVAL: Draw a card."),          # label case
    ("Return it to its owner’s hand.", "Return it to its owner's hand."),
])
def test_normalize_ignores_house_style_variations(a, b):
    assert normalize(a) == normalize(b)


@pytest.mark.parametrize("a, b", [
    ("Draw a card.", "Draw 2 cards."),
    ("Nullify target Wonder this round.", "Nullify target Wonder permanently."),
    ("Whenever a Wonder dies, draw a card.", "Whenever a Wonder dies, Draw a card."),
    ("Gain 1 energy. Draw a card.", "Gain 1 energy and draw a card."),
])
def test_normalize_keeps_real_differences(a, b):
    assert normalize(a) != normalize(b)


def test_normalize_of_nothing_is_empty():
    assert normalize(None) == normalize("") == ""
