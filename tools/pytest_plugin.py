"""pytest collects ``*.scenario.yaml`` files as tests; a failure names the file, line and step.
Registered through the ``pytest11`` entry point."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

SUFFIX = ".scenario.yaml"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[ScenarioItem]:
        """One test per run: a file whose ``variants`` lists several runs gives one test
        each, named after its variants (``name[variants: power_tiebreak]``)."""
        name = self.path.name[: -len(SUFFIX)]
        labels = _run_labels(self.path)
        if len(labels) < 2:
            yield ScenarioItem.from_parent(self, name=name)
            return
        for n, label in enumerate(labels):
            yield ScenarioItem.from_parent(self, name=f"{name}[{label}]", run=n)


def _run_labels(path: Path) -> list[str | None]:
    """The labels of a scenario's runs; one run for a file that can't be read (its run
    reports why)."""
    from cardscript.errors import CardError
    from cardscript.tools.scenarios import load_scenario, variant_runs
    try:
        _, model = load_scenario(path)
    except CardError:
        return [None]
    return [label for label, _, _ in variant_runs(model)]


class ScenarioFailed(Exception):
    """A scenario run failed: the rule it checks (``rule 511``, or "") and its failures."""

    def __init__(self, rule: str, failures: list[str]) -> None:
        super().__init__(rule, failures)
        self.rule = rule
        self.failures = failures

    def __str__(self) -> str:
        # the first line is pytest's short summary of the failure: it names the rule
        head = f"scenario failed ({self.rule})" if self.rule else "scenario failed"
        return head + ": " + "\n".join(self.failures)


class ScenarioItem(pytest.Item):
    def __init__(self, *, run: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.run = run  # which variant run, when the file has several

    def runtest(self) -> None:
        from cardscript.tools.scenarios import run_scenarios
        results = run_scenarios(self.path, only=self.run)
        failures = [line for r in results for line in r.failures]
        if failures:
            rules = sorted({r.rule for r in results if r.rule})
            raise ScenarioFailed(f"rule {', '.join(rules)}" if rules else "", failures)

    # style: a TracebackStyle, a type private to pytest (_pytest._code.code)
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str | TerminalRepr:
        e = excinfo.value
        if isinstance(e, ScenarioFailed):
            rule = f" ({e.rule})" if e.rule else ""
            return f"scenario failed{rule}: {self.path}\n" + "\n".join(e.failures)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"
