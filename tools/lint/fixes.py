"""Applying fixes: edits to a file's data through ruamel.yaml's round-trip (comments, quoting,
flow style and layout survive), or to single lines (suppression comments).

Two guards keep a fix from doing more than it says. Only the lines the edit changes are
taken from ruamel's output (where its output of the unedited file differs from the file,
the file's own lines are kept). And the result is read back with the safe loader and must
equal the file's data with exactly the fix's edits applied; otherwise the fix is refused.
"""
from __future__ import annotations

import contextlib
import copy
import difflib
import errno
import io
import os
import secrets
import stat
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardscript.errors import CardError
from cardscript.loader import load_text
from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import ScalarString

from .findings import Edit, Finding, Fix, RenameKey, Reorder, ReplaceLine, SetValue

if TYPE_CHECKING:
    from .runner import Linter, Report

MAX_FIX_PASSES = 8
#: (mapping, sequence, offset) indents tried, so the output is indented like the file
_INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0))


class FixError(Exception):
    """A fix could not be applied safely; the file is left as it was."""


def _yaml(indent: tuple[int, int, int]) -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 1 << 16
    y.brace_single_entry_mapping_in_flow_sequence = True
    m, s, o = indent
    y.indent(mapping=m, sequence=s, offset=o)
    return y


def _dump(y: YAML, data: Any) -> str:
    buf = io.StringIO()
    y.dump(data, buf)
    return buf.getvalue()


def _roundtrip(text: str) -> tuple[YAML, Any, str]:
    """A round-trip loader for ``text``, its data, and its output of the unedited data."""
    best: tuple[YAML, Any, str] | None = None
    for indent in _INDENTS:
        y = _yaml(indent)
        data = y.load(text)
        out = _dump(y, data)
        if out == text:
            return y, data, out
        if best is None:
            best = (y, data, out)
    assert best is not None  # _INDENTS is not empty
    return best


def _walk(data: Any, path: tuple) -> Any:
    for p in path:
        data = data[p]
    return data


def _apply_plain(data: Any, edit: Edit) -> None:
    """The edit applied to plain data (what the result must equal)."""
    if isinstance(edit, SetValue):
        _walk(data, edit.path[:-1])[edit.path[-1]] = edit.value
    elif isinstance(edit, RenameKey):
        m = _walk(data, edit.path)
        items = [((edit.new if k == edit.old else k), v) for k, v in m.items()]
        m.clear()
        m.update(items)
    # Reorder: plain dicts compare equal whatever their order


def _apply_rt(data: Any, edit: Edit) -> None:
    if isinstance(edit, SetValue):
        parent = _walk(data, edit.path[:-1])
        key = edit.path[-1]
        old = parent[key]
        value = edit.value
        if isinstance(old, ScalarString) and isinstance(value, str):
            value = type(old)(value)  # keep the quoting style
        parent[key] = value
    elif isinstance(edit, RenameKey):
        m = _walk(data, edit.path)
        keys = list(m)
        pos = keys.index(edit.old)
        value = m[edit.old]
        comment = m.ca.items.pop(edit.old, None)
        del m[edit.old]
        m.insert(pos, edit.new, value)
        if comment is not None:
            m.ca.items[edit.new] = comment
    elif isinstance(edit, Reorder):
        m = _walk(data, edit.path)
        keys = list(m)
        wanted = [k for k in edit.order if k in m]
        slots = [i for i, k in enumerate(keys) if k in set(wanted)]
        for slot, k in zip(slots, wanted, strict=True):
            keys[slot] = k
        for k in keys:
            m.move_to_end(k)
    else:
        raise FixError(f"not a data edit: {edit!r}")


def _transplant(orig: str, base: str, result: str) -> str:
    """Apply the change ``base`` -> ``result`` to ``orig`` line by line, where ``base`` (the
    round-trip of ``orig``) differs from it; fall back to ``result`` if the changed lines
    can't be located in ``orig``."""
    if orig == base:
        return result
    a, b, c = (s.splitlines(keepends=True) for s in (orig, base, result))
    b_to_a: dict[int, int] = {}
    for blk in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            b_to_a[blk.b + k] = blk.a + k
    out = list(a)
    ops = difflib.SequenceMatcher(None, b, c, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in reversed(ops):
        if tag == "equal":
            continue
        if i1 < i2:
            found = [b_to_a.get(i) for i in range(i1, i2)]
            idx = [i for i in found if i is not None]
            if len(idx) < len(found) or idx != list(range(idx[0], idx[0] + len(idx))):
                return result
            lo, hi = idx[0], idx[-1] + 1
        else:
            anchor = b_to_a.get(i1 - 1) if i1 > 0 else -1
            if anchor is None:
                return result
            lo = hi = anchor + 1
        out[lo:hi] = c[j1:j2]
    return "".join(out)


def _plain(text: str, path: str) -> Any:
    try:
        return load_text(text, path).data
    except CardError as exc:
        raise FixError(f"the fixed file would not load: {exc}") from None


def apply_data_edits(text: str, edits: Iterable[Edit], path: str = "<fix>") -> str:
    edits = list(edits)
    want = copy.deepcopy(_plain(text, path))
    y, data, base = _roundtrip(text)
    for e in edits:
        try:
            _apply_rt(data, e)
            _apply_plain(want, e)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise FixError(f"cannot apply {e!r}: {exc}") from None
    new = _transplant(text, base, _dump(y, data))
    got = _plain(new, path)
    if got != want or _order(got) != _order(want, edits):
        raise FixError("the round-trip would change more than the fix")
    return new


def _order(data: Any, edits: Iterable[Edit] = ()) -> list:
    """Key order of every mapping, with the Reorder edits applied to the expected side."""
    reorder = {e.path: e.order for e in edits if isinstance(e, Reorder)}
    out: list = []
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        cur, path = stack.pop()
        if isinstance(cur, dict):
            keys = list(cur)
            if path in reorder:
                wanted = [k for k in reorder[path] if k in cur]
                slots = [i for i, k in enumerate(keys) if k in set(wanted)]
                for slot, k in zip(slots, wanted, strict=True):
                    keys[slot] = k
            out.append((path, keys))
            stack.extend((v, path + (k,)) for k, v in cur.items())
        elif isinstance(cur, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(cur))
    return sorted(out, key=repr)


def apply_line_edits(text: str, edits: Iterable[ReplaceLine], path: str = "<fix>") -> str:
    """The text with each line edit applied; the data must then be what it was with the
    edits' ``expect`` applied (nothing, for comments), else :class:`FixError`."""
    edits = list(edits)
    lines = text.splitlines(keepends=True)
    before = _plain(text, path) if text.strip() else None
    if before is not None:
        for e in edits:
            for x in e.expect:
                try:
                    _apply_plain(before, x)
                except (KeyError, IndexError, TypeError) as exc:
                    raise FixError(f"cannot apply {x!r}: {exc}") from None
    for e in sorted(edits, key=lambda e: e.line, reverse=True):
        i = e.line - 1
        if not (0 <= i < len(lines)):
            continue
        body = lines[i].rstrip("\r\n")
        if body != e.old:
            continue  # the line changed since: leave it for the next pass
        ending = lines[i][len(body):]
        if e.new is None:
            del lines[i]
        else:
            lines[i] = e.new + ending
    new = "".join(lines)
    if before is not None and _plain(new, path) != before:
        raise FixError("the edited line would change the data" if any(e.expect for e in edits)
                       else "editing the comment would change the data")
    return new


def apply_fixes(text: str, fixes: list[Fix], path: str = "<fix>") -> tuple[str, int]:
    """The text with as many of ``fixes`` applied as can be at once, and how many.

    Data edits go first, in one round-trip; line edits wait for a pass without data edits
    (line numbers may move)."""
    data = [f for f in fixes if not f.textual]
    if data:
        done: list[Fix] = []
        touched: list[tuple] = []
        for f in data:
            paths = [e.path for e in f.edits if not isinstance(e, ReplaceLine)]
            if any(_overlaps(p, q) for p in paths for q in touched):
                continue
            done.append(f)
            touched.extend(paths)
        try:
            return apply_data_edits(text, [e for f in done for e in f.edits], path), len(done)
        except FixError:
            if len(done) == 1:
                raise
            # one at a time: a fix that can't be applied doesn't hold back the others
            n = 0
            for f in done:
                try:
                    text = apply_data_edits(text, f.edits, path)
                    n += 1
                except FixError:
                    continue
            return text, n
    edits = [e for f in fixes for e in f.edits if isinstance(e, ReplaceLine)]
    return apply_line_edits(text, edits, path), len(fixes)


def _overlaps(p: tuple, q: tuple) -> bool:
    """Two edits of the same node. (A reorder of a mapping and a value set or key renamed
    below it commute, so a mere prefix is no overlap.)"""
    return p == q


def fix_paths(linter: Linter, paths: list[str], write: bool) -> Report:
    """Apply safe fixes until none is left (at most a few passes), re-linting between
    passes through ``linter`` (a :class:`~cardscript.tools.lint.runner.Linter`, whose overlay holds
    the files' new text meanwhile); write the files only if ``write``. Returns the last run's
    report, with what was fixed and changed."""
    originals: dict[str, str] = {}
    fixed = 0
    notes: list[str] = []
    refused: set[tuple] = set()
    report = linter.run(paths)
    cached = report.cached  # what the summary means: unchanged since the previous command
    for _ in range(MAX_FIX_PASSES):
        todo: dict[str, list[Finding]] = {}
        for f in report.findings:
            sig = (f.path, f.code, f.line, f.col, f.message)
            if f.fix is not None and sig not in refused:
                todo.setdefault(f.path, []).append(f)
        changed = False
        for path, fs in todo.items():
            text = linter.read(path).decode("utf-8", errors="strict")
            try:
                new, n = _fix_text(text, [f.fix for f in fs if f.fix is not None], path)
            except Exception as exc:  # noqa: BLE001 - FixError, or a bug: never a traceback
                if os.environ.get("CARDSCRIPT_DEBUG") and not isinstance(exc, FixError):
                    raise
                notes.append(f"{path}: fix not applied: {exc}")
                refused.update((f.path, f.code, f.line, f.col, f.message) for f in fs)
                continue
            if new != text:
                originals.setdefault(path, text)
                linter.overlay[path] = new.encode("utf-8")
                fixed += n
                changed = True
            else:
                refused.update((f.path, f.code, f.line, f.col, f.message) for f in fs)
        if not changed:
            break
        report = linter.run(paths)
    for path, before in originals.items():
        after = linter.overlay[path].decode("utf-8")
        if after == before:
            continue
        if write:
            try:
                _write(path, linter.overlay[path])
            except OSError as exc:
                report.unwritten.append(f"{path}: fixes not written: {exc.strerror or exc}")
                continue
        report.changes[path] = (before, after)
    report.fixed = fixed
    report.notes = notes
    report.cached = min(cached, report.cached)
    return report


def _fix_text(text: str, fixes: list[Fix], path: str) -> tuple[str, int]:
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    crlf = "\r\n" in body
    if crlf:
        body = body.replace("\r\n", "\n")
    new, n = apply_fixes(body, fixes, path)
    if crlf:
        new = new.replace("\n", "\r\n")
    return ("\ufeff" if bom else "") + new, n


_TMP_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _write(path: str, data: bytes) -> None:
    """Replace the file's content atomically, keeping its permissions. A link is written
    through: the file it points to gets the new content and the link stays a link. The
    temporary file beside the real file is created exclusively (never opened through a
    name someone else put there) and removed if anything fails."""
    real = os.path.realpath(path)
    mode = stat.S_IMODE(os.stat(real).st_mode)
    folder, name = os.path.split(real)
    for _ in range(16):
        tmp = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.cardscript-tmp")
        try:
            fd = os.open(tmp, _TMP_FLAGS, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(errno.EEXIST, "no free temporary file name", folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def unified_diff(path: str, old: str, new: str) -> str:
    return "".join(difflib.unified_diff(old.splitlines(keepends=True),
                                        new.splitlines(keepends=True), path, path))
