"""Suppression comments in YAML, and configuration in pyproject.toml plus the command line."""
from __future__ import annotations

HUGE = """\
    id: huge
    name: Huge
    type: wonder
    orbital: petraia
    tier: legendary
    cost: 40{cost_comment}
    power: 30
    """


def test_line_next_line_and_file_suppressions(write, lint):
    write("huge.card.yaml", """\
        id: huge
        name: Huge
        type: wonder
        orbital: petraia
        tier: legendary
        cost: 40  # cardscript: disable=CS113 -- printed that way on purpose
        # cardscript: disable-next-line=stat-out-of-range

        power: 30
        """)
    r = lint(".")
    assert r.rc == 0 and r.lines() == []
    write("other.card.yaml", """\
        # cardscript: disable-file=CS121, stat-out-of-range
        id: huge-two
        name: Huge Two
        type: wonder
        orbital: petraia
        tier: legendary
        cost: 40
        power: 30
        """)
    r = lint("other.card.yaml")
    assert r.rc == 0 and r.lines() == []


def test_unused_and_unknown_suppressions_are_findings(write, lint):
    write("huge.card.yaml", """\
        id: huge
        name: Huge  # cardscript: disable=CS113,CS101
        type: wonder
        orbital: petraia
        tier: legendary
        cost: 40  # cardscript: disable=CS131
        power: 3  # cardscript: disabel=CS113
        # cardscript: disable-file=
        """)
    r = lint(".")
    assert r.lines() == [
        "huge.card.yaml:2:13: CS900 [*] unused suppression of CS113, CS101: nothing here to "
        "suppress",
        "huge.card.yaml:6:7: CS113 cost 40 is above 15; a typo?",
        "huge.card.yaml:6:11: CS901 suppression names unknown rule 'CS131' (did you mean "
        "'CS301'?)",
        "huge.card.yaml:7:11: CS901 unknown suppression 'disabel' (did you mean 'disable'?); "
        "use one of: disable, disable-next-line, disable-file",
        "huge.card.yaml:8:1: CS901 'disable-file' names no rule: write '# cardscript: "
        "disable-file=CODE[,CODE...]'"]


def test_a_suppression_of_a_rule_not_enabled_is_not_unused(write, lint):
    write("huge.card.yaml", HUGE.format(cost_comment="  # cardscript: disable=CS113"))
    r = lint(".", "--ignore", "CS113")
    assert r.rc == 0, r.out


def test_pyproject_select_ignore_per_file_ignores_severity_exclude(write, lint):
    write("pyproject.toml", """\
        [tool.cardscript.lint]
        ignore = ["CS121"]
        per-file-ignores = {"promo/*" = ["stats"]}
        severity = {stat-out-of-range = "error", style = "info"}
        exclude = ["drafts/"]
        """)
    write("cards/huge.card.yaml", HUGE.format(cost_comment=""))
    write("promo/huge-promo.card.yaml", HUGE.format(cost_comment="").replace(
        "id: huge", "id: huge-promo").replace("name: Huge", "name: Huge Promo"))
    write("drafts/anything.card.yaml", "id: [broken\n")
    r = lint(".", "--format", "json")
    import json
    rows = json.loads(r.out)
    assert [(x["path"], x["code"], x["severity"]) for x in rows] == [
        ("cards/huge.card.yaml", "CS113", "error"), ("cards/huge.card.yaml", "CS113", "error")]


def test_select_by_group_prefix_and_name_on_the_command_line(write, lint):
    write("huge.card.yaml", HUGE.format(cost_comment="").replace("name: Huge\n",
                                                                "name: Huge\n    bogus: 1\n"))
    assert set(lint(".", "--select", "schema").codes()) == {"CS101"}
    assert set(lint(".", "--select", "CS1").codes()) == {"CS101", "CS113"}
    assert set(lint(".", "--select", "unknown-key", "--select", "CS113").codes()) == \
        {"CS101", "CS113"}
    assert lint(".", "--select", "CS113,CS101", "--ignore", "stats,schema").codes() == []


def test_fail_on_and_exit_zero(write, lint):
    write("huge.card.yaml", HUGE.format(cost_comment=""))
    assert lint(".").rc == 1  # warnings fail by default
    assert lint(".", "--exit-zero").rc == 0
    write("pyproject.toml", '[tool.cardscript.lint]\nfail-on = "error"\n')
    r = lint(".")
    assert r.rc == 0 and "CS113" in r.out


def test_bad_configuration_and_selection_are_usage_errors(write, lint):
    assert lint(".", "--select", "CS9999x").rc == 2
    r = lint(".", "--select", "unknwn-key")
    assert r.rc == 2 and "did you mean 'unknown-key'?" in r.err
    write("pyproject.toml", '[tool.cardscript.lint]\nselct = ["ALL"]\n')
    r = lint(".")
    assert r.rc == 2 and "unknown key 'selct' (did you mean 'select'?)" in r.err
    write("pyproject.toml", '[tool.cardscript.lint]\nseverity = {CS101 = "fatal"}\n')
    assert lint(".").rc == 2
    assert lint(".", "--isolated").rc == 0
    r = lint("--isolated", "no/such/place")
    assert r.rc == 2 and "no such file or directory" in r.err


def test_context_folders_are_part_of_the_set(write, lint, good):
    write("pyproject.toml", '[tool.cardscript.lint]\ncontext = ["cards"]\n')
    write("cards/good-knight.card.yaml", good())
    write("cards/copy.card.yaml", good("copy", "Copy"))
    write("decks/mine.deck.yaml", """\
        name: Mine
        cards:
          - {card: good-knight, count: 2}
          - {card: copy, count: 48}
        """)
    r = lint("decks/mine.deck.yaml")
    assert r.codes() == ["CS403"]
