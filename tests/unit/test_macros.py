"""Keyword macros: keywords designers write in YAML. A broken macro is reported at its own
file:line:col and left out; it never breaks the game's other cards."""
from __future__ import annotations

import json

import jsonschema

from core.macros import KeywordMacro, check_expansions, load_macro, macro_vocabulary
from core.plugins import load_game
from tools.cli import main
from tools.schema import SCHEMA_DIR

RALLY = """\
keyword: rally
text: "Rally {{ amount }}"
params: {amount: 1}
abilities:
  - trigger: on_arrival
    effect: {power: {card: {all: {wonder: {controller: you}}}, amount: $amount}}
"""


def test_a_macro_becomes_a_keyword_entry_with_its_parameters(tmp_path):
    (tmp_path / "keywords").mkdir()
    (tmp_path / "keywords" / "rally.keyword.yaml").write_text(RALLY)
    vocab, problems, loaded = macro_vocabulary("test-game", tmp_path)
    assert problems == []
    (entry,) = vocab.entries
    assert entry.kind == "keyword" and entry.name == "rally"
    assert entry.params.model_validate(3).amount == 3  # {rally: 3}: the shorthand
    impl = entry.impl(entry.params.model_validate(3), None)
    (ability,) = impl.abilities()
    assert ability["effect"]["power"]["amount"] == 3


def test_a_broken_expansion_is_reported_where_it_is_written(tmp_path):
    path = tmp_path / "storm.keyword.yaml"
    path.write_text(RALLY.replace("rally", "storm").replace("on_arrival", "on_arival"))
    loaded = load_macro(path)
    (d,) = check_expansions(load_game("wonders").registry, [loaded])
    assert (d.pos.line, d.pos.col) == (5, 14)
    assert "keyword 'storm'" in d.message and "did you mean 'on_arrival'" in d.message


def test_check_reports_macro_schema_errors(tmp_path, capsys):
    path = tmp_path / "storm.keyword.yaml"
    path.write_text(RALLY.replace("rally", "storm").replace("params:", "parms:"))
    assert main(["check", str(path)]) == 1
    assert f"{path}:3:1: CS101 unknown key 'parms' (did you mean 'params'?)" in \
        capsys.readouterr().err


def test_bundled_macros_validate_against_the_editor_schema():
    schema = json.loads((SCHEMA_DIR / "wonders" / "keyword.schema.json").read_text())
    spec = load_game("wonders")
    assert spec.macro_diagnostics == []
    files = sorted((spec.cards_dir / "keywords").glob("*.keyword.yaml"))
    assert files
    for f in files:
        doc, macro = load_macro(f)
        assert isinstance(macro, KeywordMacro)
        assert not list(jsonschema.Draft202012Validator(schema).iter_errors(doc.data))
