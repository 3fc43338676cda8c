"""The lint figures of `cardscript bench --lint`, on a synthetic set (docs/architecture.md,
performance targets: lint at least 1,000 cards/s cold, unchanged files skipped on rerun).
The figures are measured, not asserted: timing thresholds don't belong in a test suite on a
shared machine."""
from __future__ import annotations

from cardscript.plugins import games
from cardscript.tools.bench import bench_lint
from cardscript.tools.cli import main


def test_bench_lint_reports_cold_and_warm_figures_on_a_clean_synthetic_set():
    spec = games()["wonders"]
    figures = bench_lint("wonders", spec.cards_dir, 300)
    assert figures["lint_cards"] == 300
    assert figures["lint_findings"] == 0  # the copies are as clean as the bundled set
    assert figures["lint_cold_cards_per_s"] > 0
    assert figures["lint_warm_cards_per_s"] > figures["lint_cold_cards_per_s"]


def test_make_set_writes_a_set_the_linter_finds_clean(tmp_path, capsys):
    out = tmp_path / "set"
    assert main(["bench", "--make-set", str(out), "--synthetic-cards", "120"]) == 0
    assert len(list(out.glob("*.card.yaml"))) == 120
    capsys.readouterr()
    assert main(["lint", str(out), "--color", "never"]) == 1  # tokens clash with the bundled
    assert set(line.split()[1] for line in capsys.readouterr().out.splitlines()
               if ": CS" in line) == {"CS300"}
    (tmp_path / "pyproject.toml").write_text("[tool.cardscript.lint]\nbundled = false\n")
    assert main(["lint", str(out), "--config", str(tmp_path / "pyproject.toml")]) == 0
