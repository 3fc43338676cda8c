"""Keyword macros: keywords designers write in YAML. A broken macro is reported at its own
file:line:col and left out; it never breaks the game's other cards."""
from __future__ import annotations

import json
import os
import textwrap
import time
from pathlib import Path

import jsonschema
import pytest
from cardscript.macros import (
    KeywordMacro,
    check_expansions,
    load_macro,
    macro_vocabulary,
    read_macros,
    substitute,
)
from cardscript.plugins import load_game
from cardscript.tools.cli import main
from cardscript.tools.schema import bundled_schemas
from pydantic import ValidationError

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
    vocab, problems, loaded = macro_vocabulary(
        "test-game", read_macros([tmp_path / "keywords" / "rally.keyword.yaml"]))
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
    schema = json.loads((bundled_schemas() / "wonders" / "keyword.schema.json").read_text())
    spec = load_game("wonders")
    assert spec.macro_diagnostics == []
    files = sorted((spec.cards_dir / "keywords").glob("*.keyword.yaml"))
    assert files
    for f in files:
        doc, macro = load_macro(f)
        assert isinstance(macro, KeywordMacro)
        assert not list(jsonschema.Draft202012Validator(schema).iter_errors(doc.data))


# -- a macro's rules-text template is checked, bounded (core/text/sandbox.py) ----------------

STORM = """\
keyword: storm
text: "Storm {% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\\
  {{ amount }}"
params: {amount: 1}
abilities:
  - trigger: on_arrival
    effect: {draw: $amount}
"""


@pytest.mark.parametrize("text, found", [
    (STORM.split("\n")[1] + "\n" + STORM.split("\n")[2], "TemplateLimitError: the template "
     "ran more than 100,000 loop iterations and calls"),
    ('text: "Storm {{ \'x\' * 3000000000 }}"', "TemplateLimitError: a repeated value would be "
     "larger than 100,000 characters or items"),
    ('text: "Storm {{ amount.__class__ }}"', "SecurityError"),
    ('text: "Storm {{ amont }}"', "UndefinedError: 'amont' is undefined"),
    ('text: "Storm {{ amount + \'x\' }}"', "TypeError"),
    ('text: "Storm {% for %}"', "TemplateSyntaxError"),
])
def test_check_and_lint_report_a_failing_macro_text_at_its_text_key(tmp_path, capsys, text,
                                                                     found, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "storm.keyword.yaml"
    lines = STORM.split("\n")
    path.write_text("\n".join([lines[0], text, *lines[3:]]))
    start = time.perf_counter()
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2:7: CS201 keyword 'storm': its rules text can't be generated with the " \
           f"default parameters: {found}" in err, err
    assert main(["lint", "--no-cache", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2:7: CS201 keyword 'storm': its rules text can't be generated" in out
    assert found in out and "Traceback" not in out + err
    assert time.perf_counter() - start < 10


CHECK_ALL = """\
import sys
from pathlib import Path
from cardscript.plugins import games
games()["wonders"].cards_dir = Path(sys.argv[1])  # the game's cards: the bundled ones and
from cardscript.tools.cli import main                          # a keyword macro of the test's own
for argv in (["check", sys.argv[1]], ["lint", "--no-cache", sys.argv[1]],
             ["text", sys.argv[2]], ["render", sys.argv[1], "--out", sys.argv[3]]):
    sys.stdout.flush(); sys.stderr.flush()
    rc = main(argv)
    print(f"== {argv[0]} exit {rc}", flush=True)
"""


def test_a_card_using_a_runaway_macro_is_an_error_in_check_lint_text_and_render(tmp_path):
    """The macro sits in the game's keywords folder, so cards use it: check and lint report
    it at the macro's text and at the card; text and render stop with that error, quickly,
    never hang or show a traceback."""
    import shutil
    import subprocess
    import sys

    from cardscript.plugins import load_game
    cards = tmp_path / "wonders"
    shutil.copytree(load_game("wonders").cards_dir, cards)
    (cards / "keywords" / "storm.keyword.yaml").write_text(STORM)
    card = cards / "core" / "stormer.card.yaml"
    card.write_text("id: stormer\nname: Stormer\ntype: wonder\norbital: solfera\n"
                    "tier: primary\ncost: 3\npower: 1\nkeywords: [{storm: 2}]\n")
    script = tmp_path / "run.py"
    script.write_text(CHECK_ALL)
    env = {**os.environ, "CARDSCRIPT_CACHE": str(tmp_path / "cache")}
    r = subprocess.run([sys.executable, str(script), str(cards), str(card),
                        str(tmp_path / "site")], capture_output=True, text=True, timeout=120,
                       env=env, cwd=Path(__file__).resolve().parents[2])
    out = r.stdout + r.stderr
    assert "Traceback" not in out and "internal error" not in out, out
    for command in ("check", "lint", "text", "render"):
        assert f"== {command} exit 1" in r.stdout, out
    at_card = f"{card}:8:12: CS201 [stormer] the rules text of keyword 'storm' can't be " \
              "generated: TemplateLimitError: the template ran more than 100,000 loop"
    assert at_card in r.stderr  # check, text and render refuse the card
    assert f"{card}:8:12: CS201 the rules text of keyword 'storm'" in r.stdout  # lint
    at_macro = "storm.keyword.yaml:2:7: CS201 keyword 'storm': its rules text can't be " \
               "generated with the default parameters"
    assert at_macro in r.stdout and at_macro in r.stderr


# -- $name substitution (the rules of core/macros.py's docstring) ------------------------------

def test_dollar_names_are_replaced_by_value_negated_in_text_and_doubled_for_a_dollar():
    values = {"amount": 2, "flag": True, "who": "you"}
    template = {"whole": "$amount", "negated": "-$amount", "flag": "$flag",
                "text": "Rally $amount for $who ($flag)", "dollar": "costs $$3",
                "nested": [{"deep": "$who"}], "$amount": "keys are not substituted",
                "plain": "no dollar", "number": 7}
    assert substitute(template, values) == {
        "whole": 2, "negated": -2, "flag": True, "text": "Rally 2 for you (true)",
        "dollar": "costs $3", "nested": [{"deep": "you"}],
        "$amount": "keys are not substituted", "plain": "no dollar", "number": 7}
    assert type(substitute("$amount", values)) is int  # a number stays a number


@pytest.mark.parametrize("value, message", [
    ("$amont", "unknown parameter '$amont' (did you mean 'amount'?); the macro's params "
               "declare: $amount, $flag"),
    ("Draw $amont cards", "unknown parameter '$amont' (did you mean 'amount'?)"),
    ("-$flag", "'-$flag': only a number parameter can be negated; 'flag' is true/false"),
    ("costs $3", "a '$' must start a parameter name ($amount) or be doubled ($$ for a "
                 "literal '$'); found 'costs $3'"),
])
def test_a_misused_dollar_is_an_error_at_the_macro(tmp_path, value, message):
    path = tmp_path / "storm.keyword.yaml"
    path.write_text(textwrap.dedent(f"""\
        keyword: storm
        text: "Storm {{{{ amount }}}}"
        params: {{amount: 1, flag: false}}
        abilities:
          - trigger: on_arrival
            effect: {{draw: {json.dumps(value)}}}
        """))
    problems = check_expansions(load_game("wonders").registry, [load_macro(path)])
    assert str(problems[0]).startswith(f"{path}:6:20: CS102 keyword 'storm': {message}"), \
        [str(p) for p in problems]


# -- each set of macros has its own registry and card model ----------------------------------

def _bolster(folder: Path, params: str, effect: str) -> Path:
    (folder / "keywords").mkdir(parents=True)
    path = folder / "keywords" / "bolster.keyword.yaml"
    path.write_text(f"keyword: bolster\ntext: Bolster\nparams: {params}\nabilities:\n"
                    f"  - trigger: on_arrival\n    effect: {effect}\n")
    return path


def test_two_sets_of_macros_coexist_in_one_process(tmp_path):
    a = _bolster(tmp_path / "a", "{amount: 1}", "{draw: $amount}")
    b = _bolster(tmp_path / "b", "{count: 1}", "{discard: $count}")
    spec_a = load_game("wonders", [a])
    spec_b = load_game("wonders", [b])
    bundled = load_game("wonders")
    assert load_game("wonders", [a]) is spec_a  # built once per set of macros
    card = {"id": "x", "name": "X", "type": "wonder", "orbital": "solfera", "tier": "primary",
            "cost": 1, "power": 1, "keywords": [{"bolster": {"amount": 3}}]}
    from cardscript.compiler import Compiler
    compiled = Compiler(spec_a.registry).card(spec_a.card_model.model_validate(card))
    assert compiled.keywords["bolster"].abilities()[0]["effect"] == {"draw": 3}
    with pytest.raises(ValidationError, match="amount"):  # b's bolster takes a count
        spec_b.card_model.model_validate(card)
    with pytest.raises(ValidationError, match="bolster"):  # unknown to the bundled set
        bundled.card_model.model_validate(card)
    card["keywords"] = [{"bolster": {"count": 2}}]
    compiled = Compiler(spec_b.registry).card(spec_b.card_model.model_validate(card))
    assert compiled.keywords["bolster"].abilities()[0]["effect"] == {"discard": 2}
    b.write_text(b.read_text().replace("{count: 1}", "{count: 4}"))
    assert load_game("wonders", [b]) is not spec_b  # changed: built again
