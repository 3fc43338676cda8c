"""Write the golden files of the broken-card corpus from what the linter finds today.

    python tests/lint/corpus/regen.py              # every golden (but the known-wrong ones)
    python tests/lint/corpus/regen.py --check      # show what would change, write nothing
    python tests/lint/corpus/regen.py 012 tab      # only files whose name contains a word

Each golden, ``<name>.expected.json``, is the sorted list of the file's findings as
``{"line", "col", "code", "contains"}``: position and code exact, ``contains`` a short excerpt
of the message (no paths, which depend on where the linter runs).

Do not accept its output blindly: look at every finding it writes and check that the line and
column point at the broken node and that the code is the right one. Where the linter is
wrong, write the golden as it should be by hand and add the file to ``KNOWN_WRONG`` in
``tests/lint/test_corpus.py``; this script never overwrites those goldens (``--force`` does).

The files in ``set/`` are linted together (their findings are about each other); every other
file is linted alone. Linting runs with ``--isolated`` (the repository's configuration
excludes this folder) and ``--no-cache``.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SET_DIR = HERE / "set"
SUFFIX = ".card.yaml"
EXCERPT = 60


def corpus_files() -> list[Path]:
    return sorted(HERE.glob("*" + SUFFIX)) + sorted(SET_DIR.glob("*" + SUFFIX))


def stem(path: Path) -> str:
    return path.name[: -len(SUFFIX)]


def golden_path(path: Path) -> Path:
    return path.with_name(stem(path) + ".expected.json")


def excerpt(message: str) -> str:
    """A short, location-independent part of a finding's message."""
    for cut in (" (also in ", " (at "):
        message = message.split(cut)[0]
    message = message[:EXCERPT]
    if "/" in message:  # a path: depends on the working folder
        message = message[: message.index("/")].rsplit(" ", 1)[0]
    return message.rstrip()


def lint(paths: list[Path]) -> tuple[int, list[dict]]:
    """Run ``cardscript lint --format json`` in process; (exit code, findings)."""
    from tools.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["lint", "--no-cache", "--isolated", "--format", "json", "-q",
                   *map(str, paths)])
    if err.getvalue():
        raise SystemExit(f"{' '.join(map(str, paths))}: the linter wrote to stderr:\n"
                         f"{err.getvalue()}")
    return rc, json.loads(out.getvalue() or "[]")


def rows(findings: list[dict], old: list[dict] | None = None) -> list[dict]:
    """Golden rows of the findings; where the old golden has a row at the same place with
    the same code whose ``contains`` is still in the message, that excerpt is kept (so a
    hand-picked excerpt survives a regeneration)."""
    findings = sorted(findings, key=lambda f: (f["line"], f["column"], f["code"],
                                               f["message"]))
    kept = list(old or ())
    out = []
    for f in findings:
        text = excerpt(f["message"])
        for r in kept:
            if (r["line"], r["col"], r["code"]) == (f["line"], f["column"], f["code"]) \
                    and r.get("contains") and r["contains"] in f["message"]:
                text = r["contains"]
                kept.remove(r)
                break
        out.append({"line": f["line"], "col": f["column"], "code": f["code"],
                    "contains": text})
    return out


def known_wrong() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location(
        "_corpus_test", HERE.parent / "test_corpus.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return dict(mod.KNOWN_WRONG)


def compute() -> dict[Path, list[dict]]:
    """Every corpus file's findings (the linter's JSON rows)."""
    results: dict[Path, list[dict]] = {}
    for path in sorted(HERE.glob("*" + SUFFIX)):
        _, results[path] = lint([path])
    _, found = lint([SET_DIR])
    for path in sorted(SET_DIR.glob("*" + SUFFIX)):
        results[path] = [f for f in found if os.path.basename(f["path"]) == path.name]
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("words", nargs="*", help="only files whose name contains one of these")
    ap.add_argument("--check", action="store_true", help="show changes, write nothing")
    ap.add_argument("--force", action="store_true", help="overwrite known-wrong goldens too")
    args = ap.parse_args(argv)
    wrong = known_wrong()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)  # no pyproject.toml applies; messages name paths from here
        try:
            results = compute()
        finally:
            os.chdir(here)
    changed = 0
    for path, found in results.items():
        name = stem(path)
        if args.words and not any(w in path.name for w in args.words):
            continue
        if name in wrong and not args.force:
            print(f"skip  {name}: known wrong ({wrong[name]})")
            continue
        target = golden_path(path)
        old = target.read_text(encoding="utf-8") if target.exists() else None
        new = rows(found, json.loads(old) if old else None)
        text = json.dumps(new, indent=1, ensure_ascii=False) + "\n"
        if old == text:
            continue
        changed += 1
        print(f"{'would write' if args.check else 'write'} {target.relative_to(HERE)}:")
        for r in new:
            print(f"    {r['line']}:{r['col']} {r['code']} {r['contains']}")
        if not args.check:
            target.write_text(text, encoding="utf-8")
    print(f"{changed} golden file(s) {'differ' if args.check else 'written'}.")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
