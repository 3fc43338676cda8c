"""Fixtures of the linter tests: every test runs in its own folder with its own cache, and
lints files it writes there through the real command line (in process)."""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from cardscript.tools.cli import main


@dataclass
class Run:
    rc: int
    out: str
    err: str

    def codes(self) -> list[str]:
        """The codes of the text-format findings, in output order."""
        return [line.split(": ", 2)[1].split()[0] for line in self.out.splitlines()
                if line.count(":") >= 3 and ": CS" in line]

    def lines(self) -> list[str]:
        return [line for line in self.out.splitlines() if ": CS" in line]


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """A folder of its own (no pyproject.toml above it applies) and a cache of its own."""
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def write(tmp_path):
    def write(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
        return p
    return write


@pytest.fixture
def lint(capsys):
    def lint(*args: str) -> Run:
        capsys.readouterr()
        rc = main(["lint", "--color", "never", *map(str, args)])
        cap = capsys.readouterr()
        assert "Traceback" not in cap.out + cap.err
        return Run(rc, cap.out, cap.err)
    return lint


#: a card with no problem at all, for contrast and as a base
GOOD = """\
    id: {id}
    name: {name}
    type: wonder
    orbital: solfera
    tier: primary
    cost: 3
    power: 2
    classes: [Knight]
    text: "ON ARRIVAL: Draw a card."
    abilities:
      - trigger: on_arrival
        effect: {{draw: 1}}
    """


@pytest.fixture
def good():
    """The text of a clean card file, under the given id and name."""
    def good(cid: str = "good-knight", name: str = "Good Knight") -> str:
        return GOOD.format(id=cid, name=name)
    return good
