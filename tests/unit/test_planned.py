"""Rules not implemented yet are refused with a message that says so (not "unknown name")."""
import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import load_text

ITEM = "id: x\nname: X\ntype: item\norbital: solfera\ntier: primary\ncost: 1\n"


@pytest.mark.parametrize("snippet,expected,line", [
    ("abilities:\n  - trigger: on_play\n    effect: control_turn\n", "505.4", 9),
])
def test_planned_rules_say_they_are_not_implemented(snippet, expected, line):
    with pytest.raises(CardError) as exc:
        CardPool("wonders", cache=False).compile(load_text(ITEM + snippet, "x.card.yaml"))
    (d,) = exc.value.diagnostics
    assert "not implemented yet" in d.message and expected in d.message
    assert d.pos.line == line
