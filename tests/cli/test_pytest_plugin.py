"""pytest collects scenario files (tools/pytest_plugin.py, the ``pytest11`` entry point): a
passing one passes, and a failing one's short summary line names the rule it checks, as
``cardscript test`` does, with each failure at its file:line:col below."""
from __future__ import annotations

import subprocess
import sys

SCENARIO = """\
scenario: the round after round 2
rule: "403"
setup:
  round: 2
expect:
  round: {round}
"""


def _pytest(folder) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "-rf", "-q", str(folder)], capture_output=True, text=True,
                          cwd=folder, timeout=300)


def test_a_failing_scenarios_summary_line_names_its_rule(tmp_path):
    f = tmp_path / "round.scenario.yaml"
    f.write_text(SCENARIO.format(round=9))
    run = _pytest(tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    summary = [ln for ln in run.stdout.splitlines() if ln.startswith("FAILED")]
    assert summary and "scenario failed (rule 403)" in summary[0], run.stdout
    assert f"{f}:6:10: expected round = 9" in run.stdout


def test_a_passing_scenario_passes(tmp_path):
    (tmp_path / "round.scenario.yaml").write_text(SCENARIO.format(round=3))
    run = _pytest(tmp_path)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout + run.stderr
