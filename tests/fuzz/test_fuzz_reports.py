"""Fuzzing ``balance --compare``: a real report.json of a small run, mutated (a value of
another type, a field removed, deep nesting, huge numbers) or damaged as bytes (junk,
cut short, a number past the digit limit), or random bytes and random JSON, given as the
old report. Each run must either refuse the file before any game is played — exit 1, every
line a ``FILE:line:col: CSnnn`` message inside the file, no output folder made — or play the
games and write a report comparing with it (exit 0); never a traceback, never past the
harness's time limit. Examples are bounded as the other fuzz tests' are
(``CARDSCRIPT_FUZZ_EXAMPLES``)."""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from harness import TIME_LIMIT, run_in_process
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

HUNT = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES") or 0)
#: each example that passes the check plays two games: fewer examples than the file fuzzers'
FUZZ = settings(max_examples=HUNT or 10, derandomize=not HUNT, deadline=None, database=None,
                print_blob=True, suppress_health_check=list(HealthCheck))

#: the run each example's report is compared from: one seed, two games
RUN = ["balance", "--games", "1", "--jobs", "1", "--seed", "3", "--no-progress"]


@pytest.fixture(scope="module")
def report() -> dict:
    """A real report.json (and the game built, its cards compiled, before any run is
    timed)."""
    with tempfile.TemporaryDirectory() as tmp:
        run = run_in_process([*RUN, "--out", str(Path(tmp) / "old")])
        assert run.rc == 0, run
        return json.loads((Path(tmp) / "old" / "report.json").read_text(encoding="utf-8"))


def compare_with(raw: bytes) -> None:
    """``balance --compare`` of ``raw`` and the properties every run must have."""
    with tempfile.TemporaryDirectory(prefix="cardscript-fuzz-") as tmp:
        old, out = Path(tmp) / "old.json", Path(tmp) / "new"
        old.write_bytes(raw)
        run = run_in_process([*RUN, "--out", str(out), "--compare", str(old)])
        what = f"exit {run.rc}\n--- stdout\n{run.out}\n--- stderr\n{run.err}"
        if currently_in_test_context():  # --hypothesis-show-statistics counts the outcomes
            event("compared with" if run.rc == 0 else "refused")
        assert "Traceback" not in run.out + run.err, what
        assert run.seconds < TIME_LIMIT, f"{run.seconds:.1f} s: {what}"
        if run.rc == 0:  # a report: compared with
            doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
            assert doc["compared_with"] == str(old) and isinstance(doc["compare"], dict)
            return
        assert run.rc == 1, what
        assert not out.exists(), f"games were played before the report was refused: {what}"
        lines = [line for line in run.err.splitlines() if line]
        assert lines and run.out == "", what
        at = re.compile(rf"{re.escape(str(old))}:(\d+):(\d+): CS\d{{3}} \S")
        last = raw.count(b"\n") + 1
        for line in lines:
            m = at.match(line)
            assert m, f"unpositioned line {line!r}: {what}"
            assert 1 <= int(m[1]) <= last and int(m[2]) >= 1, f"{line!r} outside the file"


# -- mutations -------------------------------------------------------------------------------

def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*path, i))


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6)
                    | st.floats(allow_nan=False, allow_infinity=False),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
#: numbers a JSON file may hold that no report does
HUGE = st.sampled_from([10**30, -10**30, 2**63, 10**4000, 1e308, -1e308, 5e-324, -1, 1.5])


def _mutate(doc, draw):
    """``doc`` with one node replaced, removed or buried: at a path drawn from every node
    of the report, so every field compare reads is reached."""
    paths = list(_paths(doc))
    path = draw(st.sampled_from(paths[1:]))
    *parent_path, key = path
    parent = doc
    for k in parent_path:
        parent = parent[k]
    how = draw(st.sampled_from(["type", "remove", "deep", "huge", "same"]))
    if how == "remove":
        del parent[key]
    elif how == "type":
        parent[key] = draw(JSON)
    elif how == "huge":
        parent[key] = draw(HUGE)
    elif how == "deep":
        value = parent[key]
        for _ in range(draw(st.integers(1, 100))):
            value = [value]
        parent[key] = value
    return doc


def _damage(raw: bytes, draw) -> bytes:
    """The serialized report damaged as bytes."""
    how = draw(st.sampled_from(["none", "junk", "cut", "digits", "bom", "byte"]))
    if how == "none" or not raw:
        return raw
    at = draw(st.integers(0, len(raw)))
    if how == "junk":
        return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    if how == "cut":
        return raw[:at]
    if how == "digits":  # a number past Python's digit limit, where a number may stand
        return raw.replace(b'"games": ', b'"games": ' + b"7" * 5000, 1)
    if how == "bom":
        return b"\xef\xbb\xbf" + raw
    return raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1:]


@FUZZ
@given(data=st.data())
def test_mutated_reports(report, data):
    doc = json.loads(json.dumps(report))
    for _ in range(data.draw(st.integers(1, 3))):
        doc = _mutate(doc, data.draw)
    raw = json.dumps(doc, indent=data.draw(st.sampled_from([None, 1]))).encode()
    compare_with(_damage(raw, data.draw))


@FUZZ
@given(raw=st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode()))
def test_random_bytes_and_json(raw):
    compare_with(raw)


# -- the fuzzer itself -----------------------------------------------------------------------

def test_the_report_unmutated_is_compared_with(report):
    compare_with(json.dumps(report).encode())


@pytest.mark.parametrize("mutate", [
    lambda d: d["summary"].pop("first_player"),
    lambda d: d["matrix"][0].__setitem__("low", "0.3"),
    lambda d: d.__setitem__("cards", json.loads("[" * 70 + "]" * 70)),
    lambda d: d["cards"][0].__setitem__("copies", 10**4000),
])
def test_a_mutation_is_refused_before_any_game(report, mutate):
    """The properties have teeth: a broken report is exit 1 with positioned messages (a
    report the check let through would be played and compared, and fail differently)."""
    doc = json.loads(json.dumps(report))
    mutate(doc)
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old.json"
        old.write_text(json.dumps(doc), encoding="utf-8")
        run = run_in_process([*RUN, "--out", str(Path(tmp) / "new"), "--compare", str(old)])
    assert run.rc == 1 and run.err.startswith(f"{old}:1:1: CS"), run
    compare_with(json.dumps(doc).encode())
