"""pytest collects ``*.scenario.yaml`` files as tests; a failure names the file, line and step.
Registered through the ``pytest11`` entry point."""
from __future__ import annotations

import pytest

SUFFIX = ".scenario.yaml"


def pytest_collect_file(parent, file_path):
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        """One test per run: a file whose ``variants`` lists several runs gives one test
        each, named after its variants (``name[variants: power_tiebreak]``)."""
        name = self.path.name[: -len(SUFFIX)]
        labels = _run_labels(self.path)
        if len(labels) < 2:
            yield ScenarioItem.from_parent(self, name=name)
            return
        for n, label in enumerate(labels):
            yield ScenarioItem.from_parent(self, name=f"{name}[{label}]", run=n)


def _run_labels(path) -> list:
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
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, run: int | None = None, **kw):
        super().__init__(**kw)
        self.run = run  # which variant run, when the file has several

    def runtest(self):
        from cardscript.tools.scenarios import run_scenarios
        failures = [line for r in run_scenarios(self.path, only=self.run)
                    for line in r.failures]
        if failures:
            raise ScenarioFailed("\n".join(failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return f"scenario failed: {self.path}\n{excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
