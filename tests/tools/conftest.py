"""Fixtures of the designer-tool tests: a headless chromium, when one is installed."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

#: flags that work in CI containers: no sandbox (root), no GPU, no network side traffic
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def find_chromium() -> str | None:
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    def __init__(self, binary: str, profiles: Path):
        self.binary = binary
        self.profiles = profiles
        self.runs = 0

    def run(self, *args: str, timeout: float = 90) -> subprocess.CompletedProcess:
        self.runs += 1
        profile = self.profiles / f"profile-{self.runs}"  # a fresh profile per run
        profile.mkdir(parents=True)
        return subprocess.run([self.binary, *FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=timeout)

    def dump_dom(self, url: str) -> str:
        result = self.run("--dump-dom", url)
        assert result.returncode == 0, result.stderr[-2000:]
        return result.stdout

    def screenshot(self, url: str, path: Path, size: str = "1280,2000") -> Path:
        result = self.run(f"--screenshot={path}", f"--window-size={size}", url)
        assert result.returncode == 0 and path.exists(), result.stderr[-2000:]
        return path


@pytest.fixture
def browser(tmp_path_factory) -> Browser:
    binary = find_chromium()
    if binary is None:
        pytest.skip("no chromium binary found (install Debian's `chromium`, as .ci/run does, "
                    "or set CHROMIUM=/path/to/chrome)")
    return Browser(binary, tmp_path_factory.mktemp("chromium"))
