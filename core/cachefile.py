"""Cache files that can be trusted: the one place where cardscript's caches (the compile cache
in :mod:`cardscript.cardpool`, the lint cache in ``cardscript.tools.lint.cache``) touch the disk.

The caches keep pickle for speed, and pickle runs code when it loads. So nothing read from a
cache folder is unpickled unless it proves it was written by this user's cardscript: each file
is ``MAGIC + version header + HMAC-SHA256(secret, header and payload) + payload``, and the
MAC is checked with :func:`hmac.compare_digest` before the payload is unpickled. The secret is
32 random bytes per user, kept OUTSIDE the cache folder (``$XDG_STATE_HOME/cardscript/
cache.key``, by default ``~/.local/state/cardscript/cache.key``; ``CARDSCRIPT_CACHE_KEY_FILE``
overrides it), because a cache folder that is shared, copied, or restored by CI never carries
the key: whatever it holds is then only a miss. A key file that is not a regular file owned by
this user with no group or other permissions is not used, and caching is off.

A planted, corrupt, truncated, foreign (another key), wrong-version or oversized cache file,
or one that is a symlink, a FIFO or someone else's, is a miss: never an error, never code.
A cache folder that cannot be ours (a path through a regular file, a folder of another user)
turns caching off silently. Writes go through a temp file created exclusively under a random
name and renamed into place, so a symlink planted in the folder never redirects a write.
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import hmac
import os
import pickle
import re
import stat
import struct
import tempfile
import time
from pathlib import Path
from typing import Any

MAGIC = b"CSCACHE\0"
#: the layout of the file itself; what the payload holds is versioned by the caller's version
FORMAT = 1
KEY_BYTES = 32
MAC_BYTES = hashlib.sha256().digest_size
#: a cache file larger than this is never read (nor written)
MAX_BYTES = 512 << 20
#: temp files of a killed process this old are removed when a cache is saved
STALE_TEMP_S = 3600

_TEMP_PREFIX = ".cstmp-"
_TEMP_SUFFIX = ".tmp"
# ours: mkstemp's random part is 8 characters of [a-z0-9_]; the second pattern is the
# "<name>.<pid>.tmp" of cardscript versions before this module
_TEMP_NAME = re.compile(r"^\.cstmp-.+\.[a-z0-9_]{8}\.tmp$|^(?:compiled|lint)-[\w.-]+\.\d+\.tmp$")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def cache_dir() -> Path:
    """Where the caches live: ``$CARDSCRIPT_CACHE``, else ``$XDG_CACHE_HOME/cardscript``, else
    ``~/.cache/cardscript``."""
    base = os.environ.get("CARDSCRIPT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cardscript")
    return Path(base)


def key_file() -> Path:
    """Where the user's cache key lives (never inside the cache folder)."""
    override = os.environ.get("CARDSCRIPT_CACHE_KEY_FILE")
    if override:
        return Path(override)
    state = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    return Path(state) / "cardscript" / "cache.key"


def _ours(st: os.stat_result) -> bool:
    geteuid = getattr(os, "geteuid", None)  # no owners to compare on Windows
    return geteuid is None or st.st_uid == geteuid()


def private_dir(path: str | os.PathLike[str]) -> Path | None:
    """The folder ``path``, created with mode 0700 (and any missing parent likewise) if it
    does not exist; None when it cannot be a folder of ours (it is a file, it goes through a
    file, it belongs to another user, it cannot be created), which means: no caching."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        try:
            _make_dirs(path)
            st = os.stat(path)
        except OSError:
            return None
    except (OSError, ValueError):  # through a regular file, a loop, an embedded NUL...
        return None
    if not stat.S_ISDIR(st.st_mode) or not _ours(st):
        return None
    return path


def _make_dirs(path: Path) -> None:
    parent = path.parent
    if parent != path and not os.path.lexists(parent):
        _make_dirs(parent)
    with contextlib.suppress(FileExistsError):  # made meanwhile: private_dir checks it
        os.mkdir(path, 0o700)


def _read_checked(path: Path, max_bytes: int, private: bool = False) -> bytes | None:
    """The content of ``path`` if it is a regular file of ours no larger than ``max_bytes``
    (with no group or other permissions if ``private``), opened without following a symlink
    or blocking on a FIFO; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY)
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        ok = stat.S_ISREG(st.st_mode) and _ours(st) and st.st_size <= max_bytes and \
            not (private and st.st_mode & 0o077)
    except OSError:
        ok = False
    if not ok:
        os.close(fd)
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            return f.read(st.st_size)  # cut short meanwhile: the caller's checks fail
    except OSError:
        return None


def cache_key(create: bool = True) -> bytes | None:
    """The user's secret, made on first use (``create``); None when there is none we can
    trust, which turns caching off."""
    path = key_file()
    key = _read_checked(path, KEY_BYTES, private=True)
    if key is None and create and not os.path.lexists(path):
        _create_key(path)
        key = _read_checked(path, KEY_BYTES, private=True)
    return key if key is not None and len(key) == KEY_BYTES else None


def _create_key(path: Path) -> None:
    """Write a new key into a temp file of its own, then link it into place: the key file
    appears whole or not at all, so a process killed meanwhile never leaves an empty key
    that would turn caching off for good, and a concurrent reader never sees half a key."""
    folder = private_dir(path.parent)
    if folder is None:
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX + path.name + ".", suffix=_TEMP_SUFFIX,
                                   dir=folder)  # O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(KEY_BYTES))
        os.link(tmp, path)  # never follows or replaces what is at ``path``
    except FileExistsError:  # made meanwhile by another process: cache_key reads that one
        pass
    except OSError:  # a file system without hard links: create the key in place
        _create_key_in_place(path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _create_key_in_place(path: Path) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY,
                     0o600)
    except OSError:
        return
    with os.fdopen(fd, "wb") as f, contextlib.suppress(OSError):
        f.write(os.urandom(KEY_BYTES))


def _header(version: str) -> bytes:
    v = version.encode()
    return MAGIC + struct.pack(">HH", FORMAT, len(v)) + v


def read(path: str | os.PathLike[str], version: str, max_bytes: int | None = None) -> Any:
    """What :func:`write` stored at ``path`` under ``version``, or None for a miss: no file,
    no key, not a regular file of ours, too large, another format or version, a MAC that is
    not ours. Only a payload whose MAC checks out is unpickled."""
    key = cache_key(create=False)
    if key is None:
        return None
    data = _read_checked(Path(path), MAX_BYTES if max_bytes is None else max_bytes)
    head = _header(version)
    start = len(head) + MAC_BYTES
    if data is None or len(data) < start or not data.startswith(head):
        return None
    view = memoryview(data)
    mac = hmac.new(key, view[:len(head)], hashlib.sha256)
    mac.update(view[start:])
    if not hmac.compare_digest(mac.digest(), view[len(head):start]):
        return None
    # unpickling builds many small, long-lived objects: the cyclic GC would scan them while
    # they are made, and again in each young generation after; instead they go straight to the
    # oldest one (freeze, then unfreeze: the whole process's objects move there, in O(1))
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        value = pickle.loads(view[start:])
    except Exception:  # our own file, from code whose classes have since changed: a miss
        return None
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_enabled:
            gc.enable()
    return value


def write(path: str | os.PathLike[str], version: str, value: Any,
          max_bytes: int | None = None) -> bool:
    """Store ``value`` at ``path`` for :func:`read`, atomically: through an exclusive temp
    file beside it, renamed into place. False (and nothing left behind) when it could not be
    written: no private folder, no key, a value that cannot be pickled, a full disk. Caches
    only lose speed by that, so it is never an error."""
    path = Path(path)
    folder = private_dir(path.parent)
    if folder is None:
        return False
    key = cache_key()
    if key is None:
        return False
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # e.g. a plugin's object that cannot be pickled
        return False
    head = _header(version)
    if len(head) + MAC_BYTES + len(payload) > (MAX_BYTES if max_bytes is None else max_bytes):
        return False
    mac = hmac.new(key, head, hashlib.sha256)
    mac.update(payload)
    clean_stale_temps(folder)
    try:
        # O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600, a random name: nothing planted is followed
        fd, tmp = tempfile.mkstemp(prefix=f"{_TEMP_PREFIX}{path.name}.", suffix=_TEMP_SUFFIX,
                                   dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(head)
            f.write(mac.digest())
            f.write(payload)
        # no fsync: a file cut short by a crash fails its MAC and is only a miss
        os.replace(tmp, path)
        return True
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False


def clean_stale_temps(folder: str | os.PathLike[str], older_than: float = STALE_TEMP_S) -> None:
    """Remove the temp files that killed processes left in ``folder``: only names of our
    pattern, regular files of ours, older than ``older_than`` seconds."""
    limit = time.time() - older_than
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if not _TEMP_NAME.match(e.name):
                    continue
                try:
                    st = e.stat(follow_symlinks=False)
                    if stat.S_ISREG(st.st_mode) and _ours(st) and st.st_mtime < limit:
                        os.unlink(e.path)
                except OSError:
                    continue
    except OSError:
        pass
