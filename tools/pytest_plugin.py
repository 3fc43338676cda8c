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
        yield ScenarioItem.from_parent(self, name=self.path.name[: -len(SUFFIX)])


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self):
        from cardscript.tools.scenarios import run_scenario
        result = run_scenario(self.path)
        if result.failures:
            raise ScenarioFailed("\n".join(result.failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return f"scenario failed: {self.path}\n{excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
