"""Set-up of the whole suite: the caches and their secret key (core/cachefile.py) live in a
folder of the test session, never in the user's own cache and state folders. Set before
collection, so scenario files run by the pytest plugin (which take no fixtures) use it too;
tests that need a cache of their own set CARDSCRIPT_CACHE themselves."""
from __future__ import annotations

import os
import shutil
import tempfile

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
