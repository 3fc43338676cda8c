"""import-csv's in-place edits of a card file (cardscript.tools.yaml_edit): the value's own
characters change, every other byte stays."""
from __future__ import annotations

import pytest
from cardscript.loader import load_text
from cardscript.tools.yaml_edit import EditError, edit, token

ORDER = ["id", "name", "cost", "tier", "power", "classes", "lineage", "text", "abilities"]


def test_a_value_keeps_its_comment_and_quoting():
    text = "id: x\ncost: 2   # two\ntier: 'primary'\npower: \"3\"\n"
    assert edit(text, {"cost": 10, "tier": "legendary"}, ORDER) == \
        "id: x\ncost: 10   # two\ntier: 'legendary'\npower: \"3\"\n"


def test_an_empty_value_gets_one():
    assert edit("id: x\npower:   # later\ncost: 1\n", {"power": 4}, ORDER) == \
        "id: x\npower: 4   # later\ncost: 1\n"


def test_a_new_key_goes_after_the_one_before_it_in_model_order():
    text = "id: x\nclasses:\n  - A\n  - B\n# the script\nabilities: []\n"
    assert edit(text, {"lineage": "old", "power": 2}, ORDER) == \
        "id: x\npower: 2\nclasses:\n  - A\n  - B\nlineage: old\n# the script\nabilities: []\n"
    # two keys added at one place come in model order; a file without a final line end
    assert edit("id: x", {"tier": "primary", "cost": 1}, ORDER) == \
        "id: x\ncost: 1\ntier: primary\n"


def test_a_removed_key_takes_its_line_and_nothing_else():
    text = "# top\nid: x\npower: 3  # note\ntext: |\n  a\n  b\nabilities: []\n"
    assert edit(text, {"power": None}, ORDER) == \
        "# top\nid: x\ntext: |\n  a\n  b\nabilities: []\n"
    assert edit(text, {"lineage": None}, ORDER) == text  # absent and unset: unchanged


def test_the_result_reads_back_as_intended():
    text = "id: x\ncost: 2\ntier: primary\nabilities: [{draw: 1}, {tap: target}]\n"
    new = edit(text, {"cost": 5, "tier": "off", "power": 1}, ORDER)
    assert load_text(new).data == {"id": "x", "cost": 5, "tier": "off", "power": 1,
                                   "abilities": [{"draw": 1}, {"tap": "target"}]}
    assert new.endswith("abilities: [{draw: 1}, {tap: target}]\n")  # flow style kept


@pytest.mark.parametrize(("value", "style", "written"), [
    (3, None, "3"), (-1, None, "-1"), ("primary", None, "primary"), ("off", None, '"off"'),
    ("null", None, '"null"'), ("two words", None, "two words"), ("a: b", None, '"a: b"'),
    ("x", "'", "'x'"), ("it's", "'", '"it\'s"'), ("x", '"', '"x"'), ("12", None, '"12"'),
])
def test_tokens_read_back_as_the_value(value, style, written):
    assert token(value, style) == written
    assert load_text(f"k: {written}\n").data == {"k": value}


@pytest.mark.parametrize("text", ["{id: x, cost: 1}\n", "- id: x\n", "id: x\ncost: [\n"])
def test_a_layout_it_does_not_edit_is_an_error(text):
    with pytest.raises(EditError):
        edit(text, {"cost": 2}, ORDER)


def test_a_multi_line_value_is_not_edited():
    with pytest.raises(EditError):
        edit("id: x\ncost: |\n  2\n", {"cost": 3}, ORDER)
