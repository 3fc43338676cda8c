"""Rules 508.3 and 508.4 vocabulary: a designer's misuse of ``nullify_effect`` (it nullifies
the effect that would target, so only a ``would_target`` ability has one) and of a
``whenever`` trigger's ``from`` (only an arriving or entering card comes from somewhere) is
refused at its position, saying why."""
import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text

WONDER = "id: x\nname: X\ntype: wonder\norbital: solfera\ntier: primary\ncost: 1\npower: 1\n"


@pytest.mark.parametrize("snippet,expected", [
    ("abilities:\n  - trigger: on_play\n    effect: nullify_effect\n",
     "nullify_effect nullifies the spell or effect that would target: use it in an ability "
     "triggered by would_target"),
    ("abilities:\n  - trigger: {whenever: {dies: {wonder: {}}, from: {not: hand}}}\n"
     "    effect: {draw: 1}\n",
     "'from' says where an arriving or entering card comes from: use it with arrives or "
     "enters"),
    ("abilities:\n  - trigger: {whenever: {arrives: {wonder: {}}, from: {not: world}}}\n"
     "    effect: {draw: 1}\n", "hand"),
])
def test_misused_targeting_and_arrival_words_are_refused(snippet, expected):
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(WONDER + snippet, "x.card.yaml"))
    d = exc.value.diagnostics[0]
    assert expected in d.message
    assert d.pos.file == "x.card.yaml" and d.pos.line >= 9 and d.card == "x"


def test_a_would_target_ability_may_nullify_the_effect():
    ok = ("abilities:\n  - trigger: {would_target: {wonder: {controller: you}}}\n"
          "    effect: {unless_spend: {energy: 2, effect: nullify_effect}}\n")
    CardPool("wonders", cache=False).compile(load_text(WONDER + ok, "x.card.yaml"))
