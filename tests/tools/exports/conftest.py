"""Fixtures of the export and import-csv tests: running the CLI, and the bundled sets of
every game copied where a test may change them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cardscript import plugins
from cardscript.tools.cli import main


def _card_folders(game: str) -> list[Path]:
    root = plugins.games()[game].cards_dir
    return sorted(d for d in root.iterdir()
                  if d.is_dir() and d.name != "decks" and any(d.rglob("*.card.yaml")))


def _copy_sets(game: str, into: Path) -> list[Path]:
    """A copy of the game's bundled card folders (its keyword macros among them)."""
    into.mkdir(parents=True, exist_ok=True)
    out = []
    for d in _card_folders(game):
        shutil.copytree(d, into / d.name)
        out.append(into / d.name)
    return out


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def copy_sets():
    """``copy_sets(game, folder) -> [folders]``: the game's bundled card folders copied."""
    return _copy_sets


@pytest.fixture
def snapshot():
    """``snapshot(folder) -> {relative path: bytes}`` of every file under it."""
    return _snapshot


@pytest.fixture
def cli(capsys, monkeypatch):
    """``cli(*args) -> (exit code, stdout, stderr)`` of one ``cardscript`` run."""
    monkeypatch.setenv("COLUMNS", "400")  # one message a line

    def run(*args) -> tuple[int, str, str]:
        rc = main([str(a) for a in args])
        cap = capsys.readouterr()
        return rc, cap.out, cap.err
    return run
