"""The two sides of ``cardscript diff``: each is a folder or card file on disk, or a folder of
a git revision written as git spells it, ``REV:PATH`` (``HEAD~3:cardscripts/wonders``).

A revision side is read with git as a subprocess — an argument list, never a shell; the
revision checked first with ``git rev-parse --verify`` and then used only as the commit id it
names — and its files are written into a temporary folder, which :func:`load_side` loads with
:func:`cardscript.tools.facts.load_facts` as any folder is. Only what the set's rules read is
written (:mod:`cardscript.cardset`): the card and keyword files under PATH, the ``keywords``
folders beside PATH and above it, and the ``__init__.py`` files above it that mark a copy of
the bundled ``cardscripts`` package. What git lists and reads is bounded (files, bytes, time),
so a planted repository cannot hang the tool or eat its memory. Messages about a revision's
files name them ``REV:path``, as git does."""
from __future__ import annotations

import dataclasses
import os
import posixpath
import selectors
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from cardscript.cardpool import CARD_SUFFIX, walk
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.loader import MAX_BYTES
from cardscript.macros import KEYWORD_SUFFIX, KEYWORDS_DIR

from ..common import UsageError
from ..facts import SetFacts, load_facts

#: seconds any one git command may take
GIT_TIMEOUT = 60.0
#: files of a revision side: more is refused
MAX_FILES = 20_000
#: bytes of card and keyword files of a revision side, in all
MAX_TOTAL = 200_000_000
#: bytes git may print when listing a revision's files (paths, ids and sizes)
MAX_LISTING = 16_000_000
#: git's options for every call: pathspecs are literal paths, never magic such as
#: ":(glob)"; no file-system monitor (a program a repository's config could name)
GIT = ("git", "--literal-pathspecs", "-c", "core.fsmonitor=false")
_REGULAR = ("100644", "100755")


@dataclass(frozen=True)
class Side:
    """One side as the command line gives it."""

    spec: str
    #: the revision and its path inside the repository (from its top), or None for a path
    revision: str | None = None
    path: str = ""

    @property
    def label(self) -> str:
        return self.spec


def parse_side(spec: str) -> Side:
    """A side: an existing path wins; else ``REV:PATH`` is a revision's folder (``./`` or an
    absolute path forces a path). A side that is neither is bad usage."""
    if os.path.lexists(spec) or spec.startswith(("./", "../")) or os.path.isabs(spec) \
            or ":" not in spec:
        if not os.path.lexists(spec):
            raise UsageError(f"no such file or directory: {spec} (a folder at a git "
                             "revision is written REV:PATH, as HEAD~1:cards)")
        return Side(spec)
    rev, _, path = spec.partition(":")
    if not rev:
        raise UsageError(f"{spec}: give a revision before ':' (as HEAD:{path})")
    if rev.startswith("-"):
        raise UsageError(f"{spec}: a revision may not start with '-'")
    return Side(spec, rev, path)


def load_side(side: Side, game: str | None) -> SetFacts:
    """The facts of one side's cards; a side that holds no card file is bad usage."""
    if side.revision is None:
        if not walk([side.spec], CARD_SUFFIX):
            raise UsageError(f"{side.spec}: no card files ({'*' + CARD_SUFFIX}) there; "
                             "expected a set's folder or a card file")
        return load_facts([side.spec], game)
    with tempfile.TemporaryDirectory(prefix="cardscript-diff-") as tmp:
        folder = extract(side, Path(tmp))
        rename = _renamer(tmp, side.revision)
        try:
            facts = load_facts([folder], game)
        except CardError as exc:
            raise CardError([_renamed(d, rename) for d in exc.diagnostics]) from None
    for card in facts.cards:
        card.file = rename(card.file)
    facts.warnings = [rename(w) for w in facts.warnings]
    # the whole tree (REV:) would be titled by the temporary folder's name
    facts.title = facts.title.replace(Path(tmp).name, side.spec)
    return facts


def _renamer(tmp: str, rev: str) -> Callable[[str], str]:
    """A function naming the temporary folder's files ``REV:path`` in a text, however
    the text reaches them (as given, resolved, or from the current folder)."""
    prefixes = {tmp, os.path.realpath(tmp), os.path.abspath(tmp)}
    for p in list(prefixes):
        rel = os.path.relpath(p)
        if not rel.startswith(".."):
            prefixes.add(rel)
    ordered = sorted((p + os.sep for p in prefixes), key=len, reverse=True)

    def rename(text: str) -> str:
        for p in ordered:
            text = text.replace(p, f"{rev}:")
        return text
    return rename


def _renamed(d: Diagnostic, rename: Callable[[str], str]) -> Diagnostic:
    pos = Position(rename(d.pos.file), d.pos.line, d.pos.col)
    return dataclasses.replace(d, pos=pos, message=rename(d.message))


# -- git ---------------------------------------------------------------------------------


def _run(args: list[str], cwd: str | Path, stdin: IO[bytes] | None = None,
         cap: int = 1_000_000) -> bytes:
    """git's output, at most ``cap`` bytes and ``GIT_TIMEOUT`` seconds; git failing is bad
    usage, with git's own first line of complaint."""
    cmd = [*GIT, *args]
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    with tempfile.TemporaryFile() as errors:
        try:
            proc = subprocess.Popen(cmd, cwd=cwd, stdin=stdin or subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=errors, env=env)
        except FileNotFoundError:
            raise UsageError("git is not installed (or not on PATH); a side written "
                             "REV:PATH needs it") from None
        assert proc.stdout is not None
        chunks, size, why = [], 0, ""
        deadline = time.monotonic() + GIT_TIMEOUT
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    why = f"took longer than {GIT_TIMEOUT:g} s"
                    break
                if not sel.select(left):
                    continue
                chunk = os.read(proc.stdout.fileno(), 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > cap:
                    why = f"printed more than {cap:,} bytes"
                    break
        if why:
            proc.kill()
        proc.stdout.close()
        code = proc.wait()
        if why:
            raise UsageError(f"git {args[0]} {why}; stopped (the revision's folder is too "
                             "large for a diff)")
        if code != 0:
            errors.seek(0)
            lines = errors.read(4000).decode("utf-8", "replace").strip().splitlines()
            raise UsageError(f"git {args[0]} failed: {lines[0] if lines else f'exit {code}'}")
    return b"".join(chunks)


def repository(cwd: str | Path = ".") -> Path:
    """The top folder of the git repository holding ``cwd``."""
    try:
        top = _run(["rev-parse", "--show-toplevel"], cwd)
    except UsageError as exc:
        raise UsageError(f"{os.path.abspath(cwd)} is not in a git repository, which a side "
                         f"written REV:PATH needs ({exc})") from None
    return Path(os.fsdecode(top.rstrip(b"\n")))


def commit_of(rev: str, top: Path) -> str:
    """The commit id ``rev`` names; an unknown revision is bad usage."""
    if rev.startswith("-"):  # checked before too: never an option to git
        raise UsageError(f"a revision may not start with '-': {rev}")
    try:
        out = _run(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"],
                   top)
    except UsageError:
        raise UsageError(f"unknown revision '{rev}' in the git repository {top}") from None
    return out.decode("ascii", "replace").strip()


def repo_path(path: str, top: Path, cwd: str | Path = ".") -> str:
    """PATH of ``REV:PATH`` from the repository's top, as git reads it: from the top, or
    from the current folder when it starts with ``./`` or ``../``."""
    if path.startswith(("./", "../")) or path in (".", ".."):
        here = os.path.relpath(os.path.realpath(cwd), os.path.realpath(top))
        path = posixpath.join(*(Path(here).parts or ["."]), path)
    norm = posixpath.normpath(path) if path else "."
    if norm == ".." or norm.startswith("../") or norm.startswith("/"):
        raise UsageError(f"{path}: lies outside the git repository {top}")
    return "" if norm == "." else norm


def _listing(commit: str, top: Path, pathspecs: list[str]) -> list[tuple[str, str, int, str]]:
    """(mode, object id, size, path) of every file under ``pathspecs`` at ``commit``."""
    raw = _run(["ls-tree", "-r", "-z", "--long", "--full-tree", commit, "--", *pathspecs], top,
               cap=MAX_LISTING)
    out = []
    for entry in raw.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        mode, kind, oid, size = meta.decode("ascii", "replace").split()
        if kind == "blob":
            out.append((mode, oid, int(size) if size.isdigit() else 0,
                        name.decode("utf-8", "surrogateescape")))
    return out


def _wanted(path: str, inits: set[str]) -> bool:
    return path.endswith((CARD_SUFFIX, KEYWORD_SUFFIX)) or path in inits


def extract(side: Side, into: Path, cwd: str | Path = ".") -> Path:
    """Write the revision side's files into ``into``; the path to load."""
    assert side.revision is not None
    top = repository(cwd)
    commit = commit_of(side.revision, top)
    path = repo_path(side.path, top, cwd)
    parents = [str(p) for p in Path(path).parents] if path else []
    parents = ["" if p == "." else p for p in parents]
    inits = {posixpath.join(p, "__init__.py") for p in parents}
    extras = [posixpath.join(p, KEYWORDS_DIR) for p in parents] + sorted(inits)
    listed = _listing(commit, top, [path, *extras] if path else [])
    inside = [e for e in listed if not path or e[3] == path or e[3].startswith(path + "/")]
    if not inside:
        raise UsageError(f"{side.spec}: no such path at {side.revision}")
    files = [e for e in listed if _wanted(e[3], inits)]
    if len(files) > MAX_FILES:
        raise UsageError(f"{side.spec}: more than {MAX_FILES:,} card and keyword files; "
                         "refused")
    regular = [e for e in files if e[0] in _REGULAR]  # links could point anywhere: skipped
    for _, _, size, name in regular:
        if size > MAX_BYTES and name not in inits:
            # at 1:1, as the loader places a file on disk refused whole
            raise CardError([Diagnostic(Position(f"{side.revision}:{name}", 1, 1),
                                        f"file is larger than {MAX_BYTES} bytes; refusing "
                                        "to read it", "CS003")])
    if sum(e[2] for e in regular if e[3] not in inits) > MAX_TOTAL:
        raise UsageError(f"{side.spec}: more than {MAX_TOTAL:,} bytes of card files; refused")
    root = into.resolve()
    # an __init__.py only marks a package: its content is never read, so it is written empty
    blobs = _blobs([e for e in regular if e[3] not in inits], top)
    for _, oid, _, name in regular:
        target = (root / name).resolve()
        if root not in target.parents:  # git never stores such a path; never write one
            raise UsageError(f"{side.spec}: refusing the path {name!r}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"" if name in inits else blobs[oid])
    out = root / path if path else root
    if not walk([out], CARD_SUFFIX):
        raise UsageError(f"{side.spec}: no card files ({'*' + CARD_SUFFIX}) there at "
                         f"{side.revision}; expected a set's folder or a card file")
    return out


def _blobs(files: list[tuple[str, str, int, str]], top: Path) -> dict[str, bytes]:
    """The content of each file's object, read in one ``git cat-file --batch``."""
    oids = sorted({oid for _, oid, _, _ in files})
    if not oids:
        return {}
    cap = sum(size for _, _, size, _ in files) + 100 * len(oids) + 1000
    with tempfile.TemporaryFile() as ids:  # a file, not a pipe: git reads it at its pace
        ids.write("".join(f"{o}\n" for o in oids).encode("ascii"))
        ids.seek(0)
        raw = _run(["cat-file", "--batch"], top, stdin=ids, cap=cap)
    out: dict[str, bytes] = {}
    at = 0
    for oid in oids:
        end = raw.index(b"\n", at)
        header = raw[at:end].split()
        if len(header) != 3 or header[1] != b"blob":
            raise UsageError(f"git cat-file: could not read object {oid}")
        size = int(header[2])
        out[oid] = raw[end + 1:end + 1 + size]
        at = end + 1 + size + 1
    return out


__all__ = ["Side", "parse_side", "load_side", "extract", "repository", "commit_of",
           "repo_path", "GIT_TIMEOUT", "MAX_FILES", "MAX_TOTAL"]
