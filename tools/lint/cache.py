"""The lint cache: each file's own findings and facts, keyed by its content and path and by
the linter's own version, so an unchanged file is not loaded again on the next run.

The linter's version is not just a number: it includes the size and modification time of
every source file of the engine, the linter and the installed plugins, so a change to a rule,
a template or the vocabulary invalidates the cache by itself. What the cache holds never
depends on the selection of rules (every rule's findings are kept; selection, suppression and
severities are applied afterwards), so the findings of a run never depend on the cache.

The file itself is read and written by :mod:`cardscript.cachefile`: authenticated before anything
in it is unpickled, so a planted or foreign cache file is only a miss.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import cardscript
from cardscript import cachefile
from cardscript.cachefile import cache_dir

if TYPE_CHECKING:
    from .runner import FileResult

#: bump when the shape of what is cached changes
FORMAT = "lint-2"
MAX_ENTRIES = 200_000


def _source_files() -> list[str]:
    engine = Path(cardscript.__file__).parent
    tools = Path(__file__).parent.parent
    roots = [engine, tools / "lint", tools / "scenarios.py"]
    try:
        from cardscript.plugins import plugin_manager
        for plugin in plugin_manager().get_plugins():
            f = getattr(plugin, "__file__", None)
            if f:
                roots.append(Path(f).parent)
    except Exception:  # a broken plugin is reported elsewhere; it only costs a cache miss
        pass
    out: list[str] = []
    seen: set[str] = set()
    for root in roots:
        r = os.fspath(root)
        if os.path.isfile(r):
            out.append(r)
            continue
        for dirpath, dirs, files in os.walk(r):
            dirs[:] = [d for d in dirs if d != "__pycache__" and not d.startswith(".")]
            if dirpath in seen:
                continue
            seen.add(dirpath)
            out.extend(os.path.join(dirpath, f) for f in files if f.endswith(".py"))
    return sorted(set(out))


def linter_version(extra: str = "") -> str:
    """The linter's own version: its format, Python's, and a fingerprint of its sources."""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{FORMAT}|{sys.version}|{extra}".encode())
    for f in _source_files():
        try:
            st = os.stat(f)
        except OSError:
            continue
        h.update(f"{f}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


class LintCache:
    def __init__(self, game: str, version: str, enabled: bool = True,
                 directory: Path | None = None):
        self.enabled = enabled
        self.version = version
        self.path = (directory or cache_dir()) / f"lint-{game}.cache"
        self.entries: dict[str, FileResult] = {}
        self.used: set[str] = set()
        self.dirty = False
        #: what else a file's findings depend on: the run's keyword macros (see key)
        self.salt = ""
        if enabled:
            self._load()

    def _load(self) -> None:
        stored = cachefile.read(self.path, f"{FORMAT}|{self.version}")
        if isinstance(stored, dict):
            self.entries = stored

    def key(self, kind: str, path: str, raw: bytes) -> str:
        """By content, kind and path, and by :attr:`salt`: the keyword macros the file was
        linted with (entries for other macros stay, for the runs that use them)."""
        h = hashlib.blake2b(raw, digest_size=16)
        h.update(b"\0" + kind.encode() + b"\0" + os.fsencode(path) + b"\0" +
                 self.salt.encode())
        return h.hexdigest()

    def get(self, key: str) -> FileResult | None:
        if not self.enabled:
            return None
        hit = self.entries.get(key)
        if hit is not None:
            self.used.add(key)
        return hit

    def put(self, key: str, value: FileResult) -> None:
        if not self.enabled:
            return
        self.entries[key] = value
        self.used.add(key)
        self.dirty = True

    def save(self) -> None:
        if not (self.enabled and self.dirty):
            return
        entries = self.entries
        if len(entries) > MAX_ENTRIES:  # keep this run's entries, then the newest others
            keep = {k: v for k, v in entries.items() if k in self.used}
            for k in reversed(list(entries)):
                if len(keep) >= MAX_ENTRIES:
                    break
                keep.setdefault(k, entries[k])
            entries = keep
        # a read-only cache folder only costs speed
        cachefile.write(self.path, f"{FORMAT}|{self.version}", entries)
        self.dirty = False
