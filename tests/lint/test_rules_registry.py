"""Rules as plugins: each has a stable code, a kebab-case name, a severity, groups, a
docstring that is its documentation and a fixable flag; they come from the
``cardscript_lint_rules`` hook like the vocabulary, so another package can add its own."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardscript.plugins import hookimpl, plugin_manager
from cardscript.tools.lint.registry import Rule, RuleError, Rules, all_rules

ROOT = Path(__file__).resolve().parents[2]  # the repository


def test_every_rule_is_documented_and_well_formed():
    rules = all_rules()
    assert len(rules) >= 30
    for r in rules:
        assert re.fullmatch(r"CS\d{3}", r.code)
        assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", r.name)
        assert r.severity in ("error", "warning", "info")
        assert r.groups, f"{r.code} belongs to no group"
        assert len(r.doc()) > 40, f"{r.code} needs documentation"
    names = [r.name for r in rules]
    assert len(names) == len(set(names))


def test_every_code_the_engine_reports_has_a_rule():
    """So `cardscript check` and `cardscript lint` speak the same codes."""
    emitted = set()
    for f in [*(ROOT / "core").rglob("*.py"), ROOT / "tools" / "scenarios.py",
              ROOT / "tools" / "check.py"]:
        emitted |= set(re.findall(r'"(CS\d{3})"', f.read_text(encoding="utf-8")))
    assert {"CS001", "CS101", "CS102", "CS200", "CS301", "CS404", "CS500"} <= emitted
    missing = emitted - set(all_rules().codes)
    assert not missing, f"engine codes without a lint rule: {sorted(missing)}"


def test_builtin_rules_come_through_the_entry_point_group():
    from cardscript.tools.lint import plugin
    pm = plugin_manager()
    assert pm.is_registered(plugin) or any(
        getattr(p, "__name__", "") == plugin.__name__ for p in pm.get_plugins())
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'lint = "cardscript.tools.lint.plugin"' in text


class _Shouty(Rule):
    """Card names in capitals are shouting.

    A third-party rule, to show that plugins add rules the same way as the built-in ones.
    """

    code = "XY001"
    name = "shouting-name"
    severity = "info"
    groups = ("thirdparty",)

    def check_card(self, ctx):
        name = ctx.data.get("name") if isinstance(ctx.data, dict) else None
        if isinstance(name, str) and name.isupper():
            yield ctx.finding(self.code, f"card name '{name}' is in capitals", ("name",))


class _ThirdParty:
    @hookimpl
    def cardscript_lint_rules(self):
        return [_Shouty]


@pytest.fixture
def third_party():
    pm = plugin_manager()
    plugin = _ThirdParty()
    pm.register(plugin, name="third-party-lint-test")
    all_rules.cache_clear()
    try:
        yield
    finally:
        pm.unregister(plugin)
        all_rules.cache_clear()


def test_a_plugin_adds_a_rule_that_runs_and_is_explained(third_party, write, lint):
    write("loud.card.yaml", """\
        id: loud
        name: LOUD
        type: land
        orbital: solfera
        tier: secondary
        cost: 0
        """)
    r = lint(".", "--extend-select", "thirdparty")
    assert "loud.card.yaml:2:7: XY001 card name 'LOUD' is in capitals" in r.out
    assert r.rc == 1
    r = lint("--explain", "shouting-name")
    assert r.rc == 0 and "XY001 shouting-name" in r.out and "third-party rule" in r.out


def test_clashing_codes_are_refused():
    class A(Rule):
        """Doc."""
        code, name, groups = "CS101", "other-name", ("x",)
    with pytest.raises(RuleError, match="declared twice"):
        Rules([*all_rules(), A])


def test_explain_prints_the_rules_documentation(lint):
    r = lint("--explain", "CS101")
    assert r.rc == 0
    assert r.out.startswith("CS101 unknown-key\n")
    assert "did you mean" in r.out and "severity: error" in r.out
    r = lint("--explain", "unused-target")
    assert "CS111 unused-target" in r.out and "fixable: no" in r.out
    r = lint("--explain", "CS999")
    assert r.rc == 2 and "unknown rule" in r.err


def test_list_rules_shows_every_rule(lint):
    r = lint("--list-rules")
    assert r.rc == 0
    for code in all_rules().codes:
        assert code in r.out
    assert "key-order" in r.out and "text-drift" in r.out


def test_the_readmes_table_of_rules_is_the_registrys():
    """README's lint-rule table is written from the registry; a rule added, renamed or
    re-documented without writing it again fails here."""
    from cardscript.tools.lint.registry import markdown_table
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("<!-- lint-rules:")
    table = readme[readme.index("\n", start) + 1:readme.index("<!-- /lint-rules -->")]
    assert table == markdown_table(all_rules()), (
        "README.md's lint-rule table is out of date: replace it with the output of "
        "`cardscript lint --list-rules --format markdown`")


def test_markdown_is_a_format_of_the_rule_list_only(cli, tmp_path):
    rc, _, err = cli("lint", "--format", "markdown", tmp_path)
    assert rc == 2 and "use it with --list-rules" in err
