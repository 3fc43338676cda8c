"""The fuzz tests' runner (tests/fuzz): a command run in process as a user would see it, the
properties every run must have whatever its input, and where a generated file is written."""
from __future__ import annotations

import io
import os
import re
import signal
import tempfile
import time
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from cardscript.tools.cli import main
from yamlfuzz import SUFFIX

#: seconds a command may take on any input (the game is built before the first is timed)
TIME_LIMIT = 5.0

#: the commands each kind of file is given to (a keyword macro through its card folder, as
#: a designer keeps them: check and lint find *.keyword.yaml files in the folders they walk)
COMMANDS = {
    "card": (("check",), ("lint", "--no-cache", "--isolated", "--select", "ALL"), ("text",)),
    "deck": (("check",), ("lint", "--no-cache", "--isolated", "--select", "ALL")),
    "scenario": (("check",), ("lint", "--no-cache", "--isolated", "--select", "ALL"),
                 ("test",)),
    "keyword": (("check",), ("lint", "--no-cache", "--isolated", "--select", "ALL")),
}

_POSITIONED = re.compile(r"(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): \S")
#: lines that are not findings: summaries, the scenario runner's verdicts, a fix's diff
_NOT_FINDINGS = {
    "check": re.compile(r"checked \d+ card, \d+ deck, \d+ scenario and \d+ keyword files: "
                        r"\d+ problems?$|no card, deck or scenario files found$"),
    "lint": re.compile(r"Found \d+ problems? \(.*\) in .* files?\.$|All checks passed \(.*\)\.$"
                       r"|\[\*\] \d+ fixable with `cardscript lint --fix`\.$|    "),
    "test": re.compile(r"(PASS|FAIL) \S+ \(.*\)$|\d+ passed, \d+ failed$"),
    "text": re.compile(r"$^"),
}


class Hang(BaseException):
    """A command ran past the time limit (a BaseException: no ``except Exception`` in the
    code under test can swallow it)."""


@contextmanager
def _time_limit(seconds: float):
    def expired(signum, frame):
        raise Hang(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Run:
    argv: list[str]
    rc: int
    out: str
    err: str
    seconds: float


def run_in_process(argv: list[str]) -> Run:
    """``cardscript ARGV`` in this process; any exception escaping main fails the test as
    it is (hypothesis then shrinks the input that raised it)."""
    # a real stdout encodes strictly (a lone surrogate would raise), stderr escapes
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace",
                           write_through=True)
    start = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err), _time_limit(TIME_LIMIT):
        try:
            rc = main(argv)
        except SystemExit as exc:  # argparse: our argv is always good usage
            rc = exc.code if isinstance(exc.code, int) else 2
    seconds = time.monotonic() - start
    return Run(argv, rc, out.buffer.getvalue().decode(), err.buffer.getvalue().decode(),
               seconds)


def _line_count(raw: bytes) -> int:
    """Lines of the file, counting every break a YAML reader may count."""
    text = raw.decode("utf-8", "replace")
    return len(re.findall(r"\r\n|[\n\r\x85\u2028\u2029]", text)) + 1


def check_run(run: Run, target: Path, raw: bytes) -> None:
    """The properties every run must have, whatever the input."""
    what = f"cardscript {' '.join(run.argv)}\n--- stdout\n{run.out}\n--- stderr\n{run.err}"
    assert "Traceback" not in run.out + run.err, what
    assert run.rc in (0, 1), f"exit {run.rc}: {what}"
    assert run.seconds < TIME_LIMIT, f"{run.seconds:.1f} s: {what}"
    command = run.argv[0]
    streams = [run.err] if command == "text" else [run.out, run.err]  # text's stdout: cards
    found = 0
    for line in "\n".join(streams).splitlines():
        if not line or _NOT_FINDINGS[command].match(line):
            continue
        if command == "test" and line.startswith("    "):
            line = line[4:]  # a failing scenario's reasons, each positioned
        m = _POSITIONED.match(line)
        assert m, f"unpositioned line {line!r}: {what}"
        assert os.path.realpath(m["path"]) == os.path.realpath(target), \
            f"{line!r} names another file than {target}: {what}"
        assert 1 <= int(m["line"]) <= _line_count(raw) and int(m["col"]) >= 1, \
            f"{line!r} is outside the file ({_line_count(raw)} lines): {what}"
        found += 1
    if command == "check":
        # the summary counts exactly the positioned lines: no message ran onto a second line
        counted = re.search(r": (\d+) problems?$", run.out + run.err, re.M)
        assert counted and int(counted[1]) == found, what
    if command in ("check", "lint") and run.rc == 1:
        assert found, f"exit 1 with no positioned problem: {what}"


def write(folder: Path, kind: str, raw: bytes, stem: str = "fuzz") -> tuple[Path, str]:
    """The file in ``folder`` as a designer would keep it, and the path to give commands
    (a keyword macro goes in the card folder's keywords/, and the folder is given)."""
    if kind == "keyword":
        target = folder / "cards" / "keywords" / f"{stem}{SUFFIX[kind]}"
        given_path = folder / "cards"
    else:
        target = folder / f"{stem}{SUFFIX[kind]}"
        given_path = target
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw)
    return target, str(given_path)


def fuzz(kind: str, raw: bytes, stem: str = "fuzz") -> None:
    with tempfile.TemporaryDirectory(prefix="cardscript-fuzz-") as tmp:
        target, given_path = write(Path(tmp), kind, raw, stem)
        for command in COMMANDS[kind]:
            check_run(run_in_process([*command, given_path]), target, raw)
