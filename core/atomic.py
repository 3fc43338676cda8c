"""Writing a file the user named in one step, the counterpart of the loader's one reader: a
save, a fixed card file, an imported sheet, a side file of a run.

The new content goes to a temporary file beside the target, created exclusively under a
random name (``O_CREAT | O_EXCL | O_NOFOLLOW``, as :func:`tempfile.mkstemp` makes it), so a
link or a file someone planted under a predictable name is never opened, let alone written
through; it is flushed to disk and renamed over the target, so a reader or a crash sees the
old file or the new one, never half of one. A target that is a link is written through: the
file it points to gets the content and the link stays a link; its permissions are kept (a new
file gets the usual ones, as the umask allows).
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace (or create) the file ``path`` with ``data`` in one step; an ``OSError`` if it
    can't be written, with nothing left behind."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
        raise
