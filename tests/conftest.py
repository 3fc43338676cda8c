"""Set-up of the whole suite: the caches and their secret key (core/cachefile.py) live in a
folder of the test session, never in the user's own cache and state folders. Set before
collection, so scenario files run by the pytest plugin (which take no fixtures) use it too;
tests that need a cache of their own set CARDSCRIPT_CACHE themselves."""
from __future__ import annotations

import os
import shutil
import tempfile
from typing import NamedTuple

import pytest

_VARS = ("CARDSCRIPT_CACHE", "CARDSCRIPT_CACHE_KEY_FILE")
_saved: dict[str, str | None] = {}
_folder: list[str] = []


def pytest_configure(config):
    folder = tempfile.mkdtemp(prefix="cardscript-tests-")
    _folder.append(folder)
    for name in _VARS:
        _saved[name] = os.environ.get(name)
    os.environ["CARDSCRIPT_CACHE"] = os.path.join(folder, "cache")
    os.environ["CARDSCRIPT_CACHE_KEY_FILE"] = os.path.join(folder, "state", "cache.key")


def pytest_unconfigure(config):
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    for folder in _folder:
        shutil.rmtree(folder, ignore_errors=True)


# -- running the command line in process ---------------------------------------------------

class Run(NamedTuple):
    """What ``cardscript ARGV`` did: its exit code and what it printed on each stream."""

    rc: int
    out: str
    err: str


class Cli:
    """``cli(*argv)`` runs ``cardscript ARGV`` in this process as a user would and returns a
    :class:`Run`; ``cli.merged(*argv)`` returns the exit code and both streams together.
    Whatever the input, nothing it prints is a traceback or an internal error."""

    def __init__(self, capsys):
        self.capsys = capsys

    def __call__(self, *argv) -> Run:
        from cardscript.tools.cli import main
        self.capsys.readouterr()
        rc = main([str(a) for a in argv])
        cap = self.capsys.readouterr()
        text = cap.out + cap.err
        assert "Traceback" not in text and "internal error" not in text, text
        return Run(rc, cap.out, cap.err)

    def merged(self, *argv) -> tuple[int, str]:
        r = self(*argv)
        return r.rc, r.out + r.err


@pytest.fixture
def cli(capsys) -> Cli:
    return Cli(capsys)
