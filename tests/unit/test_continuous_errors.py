"""Rule 508.1: a static ability holds one continuous effect, and a continuous effect lives only
in a static ability; a card that mixes them is refused at its position, saying why. Copies
of spells (rule 507) are refused as not implemented."""
import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text

ITEM = "id: x\nname: X\ntype: item\norbital: solfera\ntier: primary\ncost: 1\n"


@pytest.mark.parametrize("snippet,expected", [
    ("abilities:\n  - trigger: static\n    effect: {draw: 1}\n",
     "a static ability's effect must be one continuous effect (cant, characteristics, "
     "is_stone, play_as_though_in_hand); found 'draw'"),
    ("abilities:\n  - trigger: static\n    target: {wonder: {}}\n"
     "    effect: {cant: {action: untap}}\n", "a static ability has no target"),
    ("abilities:\n  - trigger: on_play\n    effect: {cant: {action: untap}}\n",
     "'cant' is a continuous effect: it belongs alone in a static ability"),
    ("abilities:\n  - trigger: static\n    effect: [{cant: {action: untap}}]\n",
     "must be one continuous effect (cant, characteristics, is_stone, "
     "play_as_though_in_hand); found a list of effects"),
    ("abilities:\n  - trigger: static\n    effect: {cant: {action: untap, card: it}}\n",
     "a continuous effect applies to 'this' or to {all: ...} cards; found 'it'"),
    ("abilities:\n  - trigger: static\n    effect: {characteristics: {card: this}}\n",
     "characteristics needs classes, a base_power, or both"),
    ("abilities:\n  - trigger: static\n    effect: {play_as_though_in_hand: this}\n",
     "in a static ability, play_as_though_in_hand names the cards it lets you play with "
     "{all: ...}"),
    ("abilities:\n  - trigger: static\n    effect: {play_as_though_in_hand: {all: {card: "
     "{zone: abyss, top: 1}}}}\n", "'top' takes the top cards of a deck: it needs zone: "
     "deck, not zone: abyss"),
    ("abilities:\n  - trigger: on_play\n    target: {spell: {zone: abyss}}\n"
     "    effect: {copy: target}\n", "copies of spells (rule 507"),
])
def test_continuous_effects_only_in_static_abilities(snippet, expected):
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(ITEM + snippet, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    assert expected in d.message
    assert d.pos.file == "x.card.yaml" and d.pos.line == 8 and d.card == "x"
