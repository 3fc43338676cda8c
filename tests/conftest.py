"""Fixtures for the whole suite: the caches' secret key lives in a folder of the test session,
never in the user's own state folder (core/cachefile.py)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache_key(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CARDSCRIPT_CACHE_KEY_FILE", str(tmp_path_factory.mktemp("state") / "cache.key"))
    yield
    mp.undo()
