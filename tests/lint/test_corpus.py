"""The broken-card corpus (``tests/lint/corpus``): every file gives its expected findings and
exit code 1, never a traceback or a hang, and is never written to without ``--fix``.

Each ``<name>.card.yaml`` has a golden ``<name>.expected.json``: its findings as ``{"line",
"col", "code", "contains"}``, position and code exact, ``contains`` a part of the message.
``corpus/regen.py`` writes them from the linter's output; each one was then checked by hand.
Where the linter is wrong, the golden says what it should find and the file is listed in
``KNOWN_WRONG`` (a strict xfail: fixing the linter turns it into an error until the entry is
removed; their ``contains`` is empty where the fix will likely change the message). The
files of ``corpus/set/`` are about each other and are linted together. The files too large
to commit (over 1 MB, thousands of levels) are generated here, in tmp.

Lint runs in process through the real command line (``cardscript.tools.cli.main``),
``--isolated`` (the repository's pyproject excludes the corpus) and ``--no-cache``; a sample
runs in a subprocess with a timeout, as a user would run it.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from cardscript.loader import MAX_BYTES
from cardscript.tools.cli import main

CORPUS = Path(__file__).parent / "corpus"
SET_DIR = CORPUS / "set"
SUFFIX = ".card.yaml"
REPO = Path(__file__).resolve().parents[2]
FILES = sorted(CORPUS.glob("*" + SUFFIX))
SET_FILES = sorted(SET_DIR.glob("*" + SUFFIX))
LINT = ["lint", "--no-cache", "--isolated", "--format", "json", "-q"]

#: corpus files the linter gets wrong today: their goldens say what it should find
KNOWN_WRONG: dict[str, str] = {}  # none left: every corpus file lints as its golden says

#: run in a subprocess as well, with a timeout: no traceback in a real run
SUBPROCESS = ["001-tab-indent", "008-unclosed-double-quote", "033-empty", "038-utf16-le-bom",
              "053-python-object-apply", "064-alias-bomb", "066-deep-flow-nesting",
              "067-deep-block-sequence-nesting", "068-deep-block-mapping-nesting",
              "071-very-long-line-unclosed", "073-very-long-unknown-trigger",
              "074-huge-integer-digits", "178-text-drift"]


def stem(path: Path) -> str:
    return path.name[: -len(SUFFIX)]


def golden(path: Path) -> list[dict]:
    return json.loads(path.with_name(stem(path) + ".expected.json").read_text("utf-8"))


def digest(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in paths}


def assert_matches(found: list[dict], expected: list[dict], what: str) -> None:
    """Findings (the linter's JSON rows) against golden rows: same positions and codes, in
    order, and each message contains its golden's excerpt."""
    got = sorted(found, key=lambda f: (f["line"], f["column"], f["code"], f["message"]))
    have = [(f["line"], f["column"], f["code"]) for f in got]
    want = [(g["line"], g["col"], g["code"]) for g in expected]
    shown = [(*h, f["message"][:80]) for h, f in zip(have, got, strict=True)]
    assert have == want, f"{what}: {shown}"
    for f, g in zip(got, expected, strict=True):
        assert g["contains"] in f["message"], f"{what}: {f['message']!r}"


@pytest.fixture
def lint_json(capsys):
    """``cardscript lint --no-cache --isolated --format json -q ARGS`` in process: (exit
    code, findings). Nothing may go to stderr: no internal error, no traceback."""
    def run(*args) -> tuple[int, list[dict]]:
        capsys.readouterr()
        rc = main([*LINT, *map(str, args)])
        cap = capsys.readouterr()
        assert "Traceback" not in cap.out + cap.err
        assert cap.err == "", cap.err
        return rc, json.loads(cap.out)
    return run


def _param(path: Path):
    reason = KNOWN_WRONG.get(stem(path))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=stem(path), marks=marks)


def test_the_corpus_is_what_it_claims():
    """At least 100 broken files, each with a golden; known-wrong entries name real files;
    the committed files stay small (the large ones are generated below)."""
    assert len(FILES) >= 110
    names = {stem(p) for p in FILES}
    assert set(KNOWN_WRONG) <= names
    for p in FILES + SET_FILES:
        assert p.with_name(stem(p) + ".expected.json").is_file(), p
        assert p.stat().st_size < 64 * 1024, p
    for g in CORPUS.rglob("*.expected.json"):
        assert g.with_name(g.name[: -len(".expected.json")] + SUFFIX).is_file(), g
    # every broken file gives findings (the clean halves of the pairs in set/ excepted)
    assert all(golden(p) for p in FILES)
    readme = (CORPUS / "README.md").read_text("utf-8")
    for p in FILES + SET_FILES:
        assert f"`{p.relative_to(CORPUS).as_posix()}`" in readme, f"{p.name}: not in README.md"


def test_the_repository_configuration_excludes_the_corpus(capsys):
    """`cardscript lint` over the repository stays clean: its pyproject excludes the corpus."""
    capsys.readouterr()
    rc = main(["lint", "--no-cache", "--config", str(REPO / "pyproject.toml"), str(CORPUS)])
    out = capsys.readouterr().out
    assert rc == 0 and "CS0" not in out and "CS1" not in out, out


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_corpus_file(lint_json, path):
    """Its golden findings, exit code 1, and the file as it was."""
    before = digest([path])
    rc, found = lint_json(path)
    assert digest([path]) == before
    assert_matches(found, golden(path), path.name)
    assert rc == 1


def test_cross_file_pairs_are_linted_together(lint_json):
    """A duplicate id and a duplicate name across two files: the later file is reported."""
    before = digest(SET_FILES)
    rc, found = lint_json(SET_DIR)
    assert digest(SET_FILES) == before
    assert rc == 1
    for p in SET_FILES:
        assert_matches([f for f in found if Path(f["path"]).name == p.name], golden(p),
                       p.name)
    assert len(found) == sum(len(golden(p)) for p in SET_FILES)


def test_the_whole_corpus_in_one_run(lint_json):
    """One run over the whole folder finds what the files find one by one (their goldens,
    or for the known-wrong ones what the linter finds in them alone): no file's findings
    depend on the others."""
    alone = {}
    for p in FILES:
        if stem(p) in KNOWN_WRONG:
            alone[p.name] = lint_json(p)[1]
    everything = FILES + SET_FILES
    before = digest(everything)
    rc, found = lint_json(CORPUS)
    assert digest(everything) == before
    assert rc == 1
    by_file: dict[str, list[dict]] = {}
    for f in found:
        by_file.setdefault(Path(f["path"]).name, []).append(f)
    expected_total = 0
    for p in everything:
        mine = by_file.get(p.name, [])
        if p.name in alone:
            key = [(f["line"], f["column"], f["code"], f["message"]) for f in alone[p.name]]
            assert sorted(key) == sorted((f["line"], f["column"], f["code"], f["message"])
                                         for f in mine), p.name
            expected_total += len(alone[p.name])
        else:
            assert_matches(mine, golden(p), p.name)
            expected_total += len(golden(p))
    assert len(found) == expected_total


def test_diff_writes_nothing(capsys):
    """``--diff`` shows the fixes (there are some in the corpus) and writes no file."""
    everything = FILES + SET_FILES
    before = digest(everything)
    capsys.readouterr()
    rc = main(["lint", "--no-cache", "--isolated", "--diff", str(CORPUS)])
    cap = capsys.readouterr()
    assert "Traceback" not in cap.out + cap.err
    assert digest(everything) == before
    assert rc == 1 and "+++ " in cap.out


def test_fix_writes_only_files_with_fixable_findings(tmp_path, lint_json, capsys):
    """On a copy of the corpus, ``--fix`` changes only files that had a fixable finding; the
    unreadable, hostile and unfixable ones stay byte for byte as they were."""
    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS, copy, ignore=shutil.ignore_patterns("*.json", "*.py", "*.md"))
    files = sorted(copy.rglob("*" + SUFFIX))
    _, found = lint_json(copy)
    fixable = {str(Path(f["path"]).resolve()) for f in found if f["fix"]}
    assert fixable
    before = digest(files)
    capsys.readouterr()
    main(["lint", "--no-cache", "--isolated", "--fix", "-q", str(copy)])
    cap = capsys.readouterr()
    assert "Traceback" not in cap.out + cap.err
    after = digest(files)
    changed = {str(Path(p).resolve()) for p in before if before[p] != after[p]}
    assert changed and changed <= fixable


def _traced(lint_json, path: Path) -> tuple[int, list[dict], float, int]:
    """Lint ``path`` under tracemalloc: exit code, findings, seconds and peak bytes."""
    tracemalloc.start()
    try:
        start = time.perf_counter()
        rc, found = lint_json(path)
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return rc, found, elapsed, peak


def test_alias_bomb_is_refused_fast_with_bounded_memory(lint_json):
    """The bomb costs at most a second and 100 MiB more than a one-line file does: each run
    loads the game's bundled set too (no cache), whatever its size."""
    bomb = CORPUS / "064-alias-bomb.card.yaml"
    plain = CORPUS / "001-tab-indent.card.yaml"
    lint_json(plain)  # the game loaded once
    _, _, base_s, base_peak = _traced(lint_json, plain)
    rc, found, elapsed, peak = _traced(lint_json, bomb)
    assert rc == 1 and [f["code"] for f in found] == ["CS003"]
    assert "alias bomb" in found[0]["message"]
    assert elapsed < base_s + 1.0, (elapsed, base_s)
    assert peak < base_peak + 100 * 2**20, (peak, base_peak)


def _subprocess_lint(path: Path, timeout: float = 30) -> tuple[int, list[dict], str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    p = subprocess.run([sys.executable, "-m", "cardscript.tools.cli", *LINT, str(path)],
                       cwd=path.parent, capture_output=True, text=True, timeout=timeout, env=env)
    assert "Traceback" not in p.stderr, p.stderr
    return p.returncode, json.loads(p.stdout or "[]"), p.stderr


@pytest.mark.parametrize("name", SUBPROCESS)
def test_real_runs_in_a_subprocess(name):
    """As a user runs it: a process of its own, a timeout (no hang), no traceback."""
    path = CORPUS / (name + SUFFIX)
    rc, found, err = _subprocess_lint(path)
    assert err == ""
    assert rc == 1
    if name not in KNOWN_WRONG:
        assert_matches(found, golden(path), path.name)
    else:
        assert found


def _big(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / (name + SUFFIX)
    p.write_bytes(data)
    return p




def card(cid: str) -> bytes:
    """A clean card whose id is its file's name."""
    return (f"id: {cid}\nname: {cid.replace('-', ' ').title()}\ntype: wonder\n"
            "orbital: solfera\ntier: primary\ncost: 3\npower: 2\nabilities:\n"
            "  - trigger: on_arrival\n    effect: {draw: 1}\n").encode()


#: files too large to commit: name -> (bytes, [(line, col, code, contains)])
GENERATED = {
    "over-a-megabyte": (card("over-a-megabyte") + b"# " + b"padding " * (MAX_BYTES // 7),
                        [(1, 1, "CS003", "larger than")]),
    "deep-block-mappings-1300": (
        b"".join(b" " * i + b"k%d:\n" % i for i in range(1300)) + b" " * 1300 + b"x\n",
        [(66, 66, "CS003", "nesting deeper than 64 levels")]),
    "deep-flow-200000": (b"classes: " + b"[" * 200_000 + b"]" * 200_000 + b"\n",
                         [(1, 74, "CS003", "nesting deeper than 64 levels")]),
    # the 49,998th element is node 50,001 (the root, its key and the list come first)
    "seventy-thousand-nodes": (b"classes: [" + b"a, " * 70_000 + b"a]\n",
                               [(1, 11 + 3 * 49_997, "CS003", "more than 50000 nodes")]),
    "line-of-900-kilobytes": (card("line-of-900-kilobytes") + b"flavor: " + b"x" * 900_000
                              + b"\n", [(11, 1, "CS101", "unknown key 'flavor'")]),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_huge_files(tmp_path, name):
    data, expected = GENERATED[name]
    path = _big(tmp_path, name, data)
    before = digest([path])
    start = time.perf_counter()
    rc, found, err = _subprocess_lint(path)
    assert time.perf_counter() - start < 30
    assert digest([path]) == before
    assert err == "" and rc == 1
    got = [(f["line"], f["column"], f["code"]) for f in found]
    assert got == [e[:3] for e in expected], [(*g, f["message"][:80])
                                             for g, f in zip(got, found, strict=False)]
    for f, e in zip(found, expected, strict=True):
        assert e[3] in f["message"]
