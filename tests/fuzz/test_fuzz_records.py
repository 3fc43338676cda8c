"""Fuzzing ``simulate --out FILE`` resumed: the records of a short real run, mutated (a field's
value of another type, a huge number, deep nesting, a field missing or unknown, lines
dropped, doubled, swapped, torn or replaced by binary junk) or made up, are given back to
the run that wrote them (tools/records.py). Whatever the file holds, the run either

- refuses it: exit 1, every line of its output ``path:line:col: CODE message`` inside the
  record file (or its sidecar), and the file exactly as it was; or
- resumes it: the file then holds one record per game in game-index order, each the line
  that was there or the game an uninterrupted run plays, and resuming it again changes
  nothing;

never a traceback, never a hang (the harness's time limit). The runs are in process
(``tools.cli.main``), as in test_fuzz_inputs.py; examples are derandomized, and
``CARDSCRIPT_FUZZ_EXAMPLES=2000 pytest tests/fuzz/test_fuzz_records.py`` hunts longer.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from harness import Run, run_in_process
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: examples per test: CI's figure, or the hunt's from the environment
HUNT = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES") or 0)
FUZZ = settings(max_examples=HUNT or 30, derandomize=not HUNT, deadline=None, database=None,
                print_blob=True, suppress_health_check=list(HealthCheck))

GAMES = 8
ARGV = ["simulate", "--games", str(GAMES), "--seed", "3", "--jobs", "1", "--no-progress",
        "--json"]
_POSITIONED = re.compile(r"(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): CS\d{3} \S")


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[list[bytes], bytes]:
    """The records (a line each, its newline kept) and the sidecar of a real run."""
    out = tmp_path_factory.mktemp("records") / "games.jsonl"
    run = run_in_process([*ARGV, "--out", str(out)])
    assert run.rc == 0, run
    lines = out.read_bytes().splitlines(keepends=True)
    assert len(lines) == GAMES and all(b'"outcome":"error"' not in ln for ln in lines)
    return lines, out.with_name("games.jsonl.job.json").read_bytes()


# -- what goes into the file -------------------------------------------------------------------

#: values as JSON text, many of them not what a record's field holds
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8).map(lambda v: json.dumps(v).encode())
RAW_VALUES = st.one_of(
    _JSON,
    st.sampled_from([b"NaN", b"-Infinity", b"1e999", b"-0", b"1.0", b"true", b'""',
                     b'"\\ud800"', b'"\\u0000\\u2028"', b"[]", b"{}"]),
    st.integers(19, 5000).map(lambda n: b"9" * n),  # past a 64-bit integer, or the digit limit
    st.integers(60, 400).map(lambda d: b"[" * d + b"]" * d),  # nesting near and past the limit
    st.integers(1, 9).map(lambda d: b'{"a":' * d + b"1" + b"}" * d),
)
_MARK = "\u0000fuzz\u0000"


def _paths(rec: dict) -> list[tuple]:
    """Where a value may be changed: every field, and every field of its rows."""
    out: list[tuple] = [(k,) for k in rec]
    for table in ("cards", "abilities"):
        rows = rec.get(table)
        for i, row in enumerate(rows if isinstance(rows, list) else ()):
            if isinstance(row, dict):
                out += [(table, i, k) for k in row]
    return out


def _at(rec: dict, path: tuple) -> dict:
    for k in path[:-1]:
        rec = rec[k]
    return rec


class Edited(bytes):
    """A file's bytes, shown as the edits that made them (a failing example stays short)."""

    log: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"<{len(self)} bytes: {'; '.join(self.log) or 'as written'}>"


def _short(raw: bytes) -> str:
    return repr(raw) if len(raw) <= 40 else f"{raw[:30]!r}...({len(raw)} bytes)"


@st.composite
def mutated_record(draw, line: bytes, log: list[str]) -> bytes:
    """A record's line with one to three of its values changed, dropped or added (a line
    that is no record already is replaced by a value)."""
    try:
        rec = json.loads(line)
    except ValueError:
        rec = None
    if not isinstance(rec, dict):
        raw = draw(RAW_VALUES)
        log.append(f"= {_short(raw)}")
        return raw + b"\n"
    raws = []
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(rec)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        where, key = _at(rec, path), path[-1]
        how = draw(st.sampled_from(["value", "value", "drop", "add", "as_error"]))
        name = ".".join(map(str, path))
        if how == "drop":
            del where[key]
            log.append(f"drop {name}")
        elif how == "add":
            new = draw(st.text(min_size=1, max_size=6))
            where[new] = 1
            log.append(f"add {new!r}")
        elif how == "as_error":  # a crashed game's record: valid, and resumed as such
            rec.update(outcome="error", winner=None, how="fuzz", rounds=None,
                       decisions=None, traceback="fuzz")
            rec.pop("cards", None)
            rec.pop("abilities", None)
            log.append("as a crash")
        else:  # any value, as JSON text spliced in where the marker is
            where[key] = _MARK + str(len(raws))
            raws.append(draw(RAW_VALUES))
            log.append(f"{name} = {_short(raws[-1])}")
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode()
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(_MARK + str(i), ensure_ascii=False).encode(), raw)
    return text + b"\n"


@st.composite
def mutated_file(draw, lines: list[bytes]) -> Edited:
    """The run's lines, edited: records mutated, lines dropped, doubled, moved, torn, or
    replaced by junk."""
    lines = list(lines)
    log: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["record", "record", "drop", "double", "swap", "junk",
                                   "blank", "crlf"]))
        if not lines:
            break
        k = draw(st.integers(0, len(lines) - 1))
        log.append(f"{op} {k}")
        if op == "record":
            lines[k] = draw(mutated_record(lines[k], log))
        elif op == "drop":
            del lines[k]
        elif op == "double":
            lines.insert(draw(st.integers(0, len(lines))), lines[k])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[k], lines[j] = lines[j], lines[k]
            log.append(f"with {j}")
        elif op == "junk":
            lines[k] = draw(st.binary(max_size=40)) + b"\n"
            log.append(_short(lines[k]))
        elif op == "blank":
            lines.insert(k, draw(st.sampled_from([b"\n", b"   \n", b"\t\r\n"])))
        else:
            lines[k] = lines[k][:-1] + b"\r\n"
    data = b"".join(lines)
    if data and draw(st.booleans()):  # killed while writing a line: the last one torn
        cut = draw(st.integers(1, 30))
        data = data[:-cut]
        log.append(f"torn: {cut} bytes cut")
    out = Edited(data)
    out.log = tuple(log)
    return out


def made_up_lines() -> st.SearchStrategy[bytes]:
    """Lines written from nothing: objects with the record's fields holding any values,
    any JSON, or bytes."""
    fields = st.sampled_from(["index", "seed", "game", "decks", "agents", "first", "winner",
                              "outcome", "how", "rounds", "decisions", "cards", "abilities",
                              "traceback", "x"])
    record = st.lists(st.tuples(fields, RAW_VALUES), max_size=13).map(
        lambda kv: b"{" + b",".join(json.dumps(k).encode() + b":" + v for k, v in kv) + b"}")
    line = st.one_of(record, RAW_VALUES, st.binary(max_size=60))
    return st.lists(line.map(lambda x: x + b"\n"), min_size=1, max_size=6).map(b"".join)


def _shown(data: bytes) -> str:
    text = repr(data)
    return text if len(text) <= 3000 else text[:3000] + f"... ({len(data)} bytes)"


# -- the properties ----------------------------------------------------------------------------

def resume(data: bytes, sidecar: bytes, reference: list[bytes]) -> None:
    with tempfile.TemporaryDirectory(prefix="cardscript-fuzz-") as tmp:
        out = Path(tmp) / "games.jsonl"
        side = Path(tmp) / "games.jsonl.job.json"
        out.write_bytes(data)
        side.write_bytes(sidecar)
        run = run_in_process([*ARGV, "--out", str(out)])
        check(run, out, data, reference)
        assert side.read_bytes() == sidecar, "the sidecar was changed"


def check(run: Run, out: Path, data: bytes, reference: list[bytes]) -> None:
    what = (f"cardscript {' '.join(run.argv)}\n--- the file\n{_shown(data)}\n--- stdout\n"
            f"{run.out}\n--- stderr\n{run.err}")
    assert "Traceback" not in run.out + run.err, what
    assert run.rc in (0, 1), f"exit {run.rc}: {what}"
    if not run.out:  # refused: each problem at its place, the file as it was
        assert run.rc == 1, what
        problems = run.err.splitlines()
        assert problems, f"refused without a word: {what}"
        for line in problems:
            m = _POSITIONED.match(line)
            assert m, f"unpositioned line {line!r}: {what}"
            assert m["path"] == str(out), f"{line!r} names another file: {what}"
            assert 1 <= int(m["line"]) <= data.count(b"\n") + 1 and int(m["col"]) >= 1, \
                f"{line!r} is outside the file: {what}"
        assert out.read_bytes() == data, f"a refused file was changed: {what}"
        return
    summary = json.loads(run.out)  # resumed: every game once, in order, one a line
    assert summary["games"] == GAMES and not summary["interrupted"], what
    after = out.read_bytes()
    lines = [ln + b"\n" for ln in after.split(b"\n")[:-1]]
    assert after.endswith(b"\n") and len(lines) == GAMES, \
        f"{len(lines)} records, not one per game: {what}"
    given_lines = {ln.strip() for ln in data.split(b"\n")[:-1]}
    for i, line in enumerate(lines):
        assert json.loads(line)["index"] == i, what
        assert line == line.strip() + b"\n", f"game {i}'s line is not as a run writes it: {what}"
        assert line == reference[i] or line.strip() in given_lines, \
            f"game {i} is neither the file's record nor the game played: {line!r}: {what}"
    again = run_in_process(run.argv)  # a finished file resumes to itself
    assert (again.rc, again.out) == (run.rc, run.out) and out.read_bytes() == after, \
        f"{again}: {what}"


# -- the fuzz tests ----------------------------------------------------------------------------

@FUZZ
@given(data=st.data())
def test_mutated_records(reference, data):
    lines, sidecar = reference
    resume(data.draw(mutated_file(lines)), sidecar, lines)


@FUZZ
@given(data=st.data())
def test_made_up_records(reference, data):
    lines, sidecar = reference
    head = data.draw(st.integers(0, GAMES))  # after some real records, or none
    resume(b"".join(lines[:head]) + data.draw(made_up_lines()), sidecar, lines)


def test_the_properties_have_teeth(reference, tmp_path):
    """What the fuzz tests would miss, they catch: a refusal that is not positioned (the
    KeyError shown as a usage error this file's records once gave), a traceback, a resumed
    file that lost a game or holds one that is neither the file's nor the game played."""
    lines, sidecar = reference
    out = tmp_path / "games.jsonl"
    data = b"".join(lines[:3]) + b'{"index": "3"}\n'
    out.write_bytes(data)
    for err, caught in [("cardscript simulate: error: outcome\n", "unpositioned"),
                        ("Traceback (most recent call last):\n", "Traceback"),
                        ("", "refused without a word")]:
        with pytest.raises(AssertionError, match=caught):
            check(Run(["simulate"], 1, "", err, 0.0), out, data, lines)
    summary = json.dumps({"games": GAMES, "interrupted": False})
    out.write_bytes(b"".join(lines[1:]))  # game 0 lost
    with pytest.raises(AssertionError, match=f"{GAMES - 1} records, not one per game"):
        check(Run(["simulate"], 0, summary, "", 0.0), out, b"".join(lines[1:]), lines)
    other = [lines[1], *lines[1:]]  # game 0 as neither the file nor the run has it
    out.write_bytes(b"".join(lines))
    with pytest.raises(AssertionError, match="neither the file's record"):
        check(Run(["simulate"], 0, summary, "", 0.0), out, b"".join(lines[1:]), other)
    resume(data, sidecar, lines)  # and the real runs pass
    resume(b"".join(lines[1:]), sidecar, lines)
