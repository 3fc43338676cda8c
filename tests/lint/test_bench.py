"""The lint figures of `cardscript bench --lint`, on a synthetic set (docs/architecture.md,
performance targets: lint at least 1,000 cards/s cold, unchanged files skipped on rerun).
The figures are measured, not asserted: timing thresholds don't belong in a test suite on a
shared machine."""
from __future__ import annotations

import pytest
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


@pytest.mark.parametrize("game", sorted(games()))
def test_make_set_writes_a_set_check_and_the_linter_find_clean(game, tmp_path, capsys):
    """Beside the bundled set, as `check` and `lint` read it: its tokens have ids and names
    of their own (copied as they are, they duplicated the bundled ones: CS300)."""
    out = tmp_path / "set"
    assert main(["bench", "--game", game, "--make-set", str(out), "--synthetic-cards",
                 "120"]) == 0
    assert len(list(out.glob("*.card.yaml"))) == 120
    capsys.readouterr()
    assert main(["check", str(out), "--game", game]) == 0, capsys.readouterr()
    assert main(["lint", str(out), "--game", game, "--color", "never"]) == 0, \
        capsys.readouterr()
    (tmp_path / "pyproject.toml").write_text("[tool.cardscript.lint]\nbundled = false\n")
    assert main(["lint", str(out), "--game", game, "--config",
                 str(tmp_path / "pyproject.toml")]) == 0
