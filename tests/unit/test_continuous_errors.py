"""Rule 508.1: a static ability holds one continuous effect, and a continuous effect lives only
in a static ability; a card that mixes them is refused at its position, saying why. Copies
of spells (rule 507) are made only of a spell being played: a spell a selector finds (in the
Abyss, say) is refused, and so is copy_spell outside an ability its play triggers."""
import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.plugins import load_game

ITEM = "id: x\nname: X\ntype: item\norbital: solfera\ntier: primary\ncost: 1\n"
#: the game's continuous effects, as the message lists them (from the registry)
CONTINUOUS = ", ".join(sorted(
    e.name for e in load_game("wonders").registry.entries["effect"].values()
    if getattr(e.impl, "continuous", False)))


@pytest.mark.parametrize("snippet,expected", [
    ("abilities:\n  - trigger: static\n    effect: {draw: 1}\n",
     f"a static ability's effect must be one continuous effect ({CONTINUOUS}); found 'draw'"),
    ("abilities:\n  - trigger: static\n    target: {wonder: {}}\n"
     "    effect: {cant: {action: untap}}\n", "a static ability has no target"),
    ("abilities:\n  - trigger: on_play\n    effect: {cant: {action: untap}}\n",
     "'cant' is a continuous effect: it belongs alone in a static ability"),
    ("abilities:\n  - trigger: static\n    effect: [{cant: {action: untap}}]\n",
     f"must be one continuous effect ({CONTINUOUS}); found a list of effects"),
    ("abilities:\n  - trigger: static\n    effect: {cant: {action: untap, card: it}}\n",
     "'it' names the card of the event that triggers the ability (or the current card of "
     "a for_each), and 'static' happens to no card"),
    ("abilities:\n  - trigger: static\n    effect: {characteristics: {card: this}}\n",
     "characteristics needs classes, a base_power, or both"),
    ("abilities:\n  - trigger: static\n    effect: {play_as_though_in_hand: this}\n",
     "in a static ability, play_as_though_in_hand names the cards it lets you play with "
     "{all: ...}"),
    ("abilities:\n  - trigger: static\n    effect: {play_as_though_in_hand: {all: {card: "
     "{zone: abyss, top: 1}}}}\n", "'top' takes the top cards of a deck: it needs zone: "
     "deck, not zone: abyss"),
    ("abilities:\n  - trigger: on_play\n    target: {spell: {zone: abyss}}\n"
     "    effect: {copy: target}\n", "a spell is copied while it is being played (rule 507)"),
    ("abilities:\n  - trigger: {whenever: {played: {spell: {}}}}\n"
     "    effect: {copy: it}\n", "use copy_spell in an ability triggered by whenever"),
    ("abilities:\n  - trigger: {whenever: {dies: {wonder: {}}}}\n"
     "    effect: {copy_spell: it}\n", "copy_spell copies the spell being played: use it in "
     "an ability triggered by whenever: {played: {spell: ...}}"),
])
def test_continuous_effects_only_in_static_abilities(snippet, expected):
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(ITEM + snippet, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    assert expected in d.message
    assert d.pos.file == "x.card.yaml" and d.pos.line == 8 and d.card == "x"


WONDER = "id: x\nname: X\ntype: wonder\norbital: solfera\ntier: primary\ncost: 1\npower: 1\n"


@pytest.mark.parametrize("head,snippet,expected", [
    # what an equipment gives its equipped Wonder (508.1): only abilities the game's handlers
    # run from The World can be given yet, and only an item has an equipped Wonder
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {abilities: [{trigger: on_death, "
     "effect: {draw: 1}}]}}\n", "'on_death' can't be given to another card yet"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {abilities: [{trigger: tap_free, "
     "effect: {draw: 1}}]}}\n", "'tap_free' can't be given to another card yet"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {abilities: [{trigger: static, "
     "effect: {cant: {action: untap}}}]}}\n", "'static' can't be given to another card yet"),
    # only an equipment (an item) has an equipped Wonder (rulebook, Equip)
    (WONDER, "abilities:\n  - trigger: static\n    effect: {grant: {keywords: [flying]}}\n",
     "'equipped' is the Wonder an equipment is equipped to: only an item"),
    # what a card can't do and what players can't do to it are separate effects (508.1)
    (ITEM, "abilities:\n  - trigger: static\n    effect: {cant: {action: [untap, tap], "
     "card: equipped}}\n", "in separate effects"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {cant: {action: untap, card: "
     "equipped, by: opponents}}\n", "'by: opponents' is for what players do to the card"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {card: equipped}}\n",
     "grant needs abilities, keywords, or both"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {keywords: [{link: "
     "solfera}]}}\n", "keyword 'link' can't be given to another card yet"),
    (ITEM, "abilities:\n  - trigger: static\n    effect: {grant: {keywords: [{seek: {count: "
     "2, filter: {wonder: {}}}}]}}\n", "keyword 'seek' can't be given to another card yet"),
])
def test_equipment_effects_refuse_what_they_cant_do(head, snippet, expected):
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(head + snippet, "x.card.yaml"))
    assert any(expected in d.message for d in exc.value.diagnostics), \
        [d.message for d in exc.value.diagnostics]


def test_an_ability_that_cant_be_given_is_pointed_at():
    src = ITEM + ("abilities:\n  - trigger: static\n    effect: {grant: {abilities: "
                  "[{trigger: on_death, effect: {draw: 1}}]}}\n")
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(src, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    assert (d.pos.line, d.pos.col) == (9, 34)  # the given ability, not the static one
