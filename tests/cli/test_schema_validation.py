"""The editor schemas accept what the loader accepts and refuse what it refuses (checked
with the jsonschema package, as an editor would)."""
from __future__ import annotations

import json

import jsonschema
import pytest
from cardscript.cardpool import find_files
from cardscript.loader import load_file, load_text
from cardscript.tools.schema import SCHEMA_DIR


def _validator(kind: str):
    schema = json.loads((SCHEMA_DIR / "wonders" / f"{kind}.schema.json").read_text())
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", find_files(["cardscripts/wonders"], ".card.yaml"),
                         ids=lambda p: p.name)
def test_every_bundled_card_validates(path):
    errors = list(_validator("card").iter_errors(load_file(path).data))
    assert not errors, [e.message for e in errors]


def test_bundled_decks_and_scenarios_validate():
    for kind, folder, suffix in (("deck", "cardscripts/wonders", ".deck.yaml"),
                                 ("scenario", "tests/rulings/wonders", ".scenario.yaml")):
        v = _validator(kind)
        for path in find_files([folder], suffix):
            errors = list(v.iter_errors(load_file(path).data))
            assert not errors, (path, [e.message for e in errors])


CARD = """\
id: ember-scout
name: Ember Scout
type: wonder
orbital: solfera
tier: secondary
cost: 1
power: 1
abilities:
  - trigger: on_arrival
    target: {wonder: {controller: opponent, realm: this}}
    effect: [{counters: {card: target, amount: -1}}, {draw: 1}]
"""


def test_a_valid_card_validates():
    assert not list(_validator("card").iter_errors(load_text(CARD).data))


@pytest.mark.parametrize("broken", [
    CARD.replace("controller: opponent", "controler: opponent"),  # unknown key at depth
    CARD.replace("{draw: 1}", "{drawe: 1}"),                      # unknown effect
    CARD.replace("on_arrival", "on_arival"),                      # unknown trigger
    CARD.replace("cost: 1", "cost: one"),                         # wrong type
    CARD.replace("orbital: solfera", "orbital: sol"),             # not an orbital
    CARD.replace("name: Ember Scout\n", ""),                      # missing field
])
def test_a_broken_card_does_not_validate(broken):
    assert list(_validator("card").iter_errors(load_text(broken).data))
