"""cardscript.model.names says what the quoted union names of parameter models stand for, to
the type checker only. A run-time name ``Effect`` in a vocabulary module would win over the
game's union when pydantic resolves ``effect: "Effect"`` (a module's globals come before
build_types' namespace), so the module must define none of them at run time."""
from __future__ import annotations

import importlib

UNION_NAMES = ("Effect", "Selector", "Target", "Trigger", "Condition", "Value", "Keyword",
               "CardRef", "PlayerRef", "Ability")


def test_the_union_names_exist_for_the_type_checker_only():
    names = importlib.import_module("cardscript.model.names")
    defined = [n for n in UNION_NAMES if hasattr(names, n)]
    assert defined == [], f"defined at run time: {defined}"

