"""cardscript.jsonfile, the one reader of JSON: strict JSON, bounded, regular files only, a
schema checked before use; every refusal a positioned CardError, never a traceback."""
from __future__ import annotations

import os

import pytest
from cardscript import jsonfile
from cardscript.errors import CardError


class Report(jsonfile.Document):
    count: int
    names: list[str]


def refusal(fn, *args) -> list[tuple[str, str]]:
    with pytest.raises(CardError) as info:
        fn(*args)
    return [(str(d.pos), f"{d.code} {d.message}") for d in info.value.diagnostics]


@pytest.mark.parametrize("raw, code, text", [
    (b'{"a": 1, "a": 2}', "CS004", "duplicate key 'a'"),
    (b"[NaN]", "CS003", "'NaN' is not a JSON number"),
    (b"[1e999, Infinity]", "CS003", "'Infinity' is not a JSON number"),
    (b'{"a":\n  ', "CS001", "JSON error: Expecting value"),
    (b"[" * 65 + b"]" * 65, "CS003", "nested more than 64 deep"),
    (b"[" * 200_000 + b"]" * 200_000, "CS003", "nested more than 64 deep"),
    (b"9" * 5000, "CS003", "a number of more than 4300 digits"),
    (b'"\xff"', "CS002", "not valid UTF-8 (byte 0xff)"),
])
def test_what_is_not_strict_json_is_refused_with_its_place(raw, code, text):
    [(where, msg)] = refusal(jsonfile.parse, raw, "r.json", "a report")
    assert where.startswith("r.json:") and msg.startswith(f"{code} not a report: ")
    assert text in msg


def test_a_syntax_error_on_a_later_line_of_a_json_lines_file_names_that_line():
    [(where, _)] = refusal(jsonfile.parse, b'{"a": }', "g.jsonl", "a record", 7)
    assert where == "g.jsonl:7:7"


def test_nesting_up_to_the_limit_is_read():
    assert jsonfile.parse(b"[" * 64 + b"]" * 64, "r.json", "a report") is not None


def test_a_schema_names_the_json_path_of_each_problem():
    problems = refusal(jsonfile.check, {"count": "3", "names": ["a", 2], "extra": 1}, Report,
                       "r.json", "a report")
    assert problems == [
        ("r.json:1:1", "CS105 not a report: Input should be a valid integer (at count)"),
        ("r.json:1:1", "CS105 not a report: Input should be a valid string (at names.1)"),
        ("r.json:1:1", "CS101 not a report: unknown field (at extra)")]
    assert refusal(jsonfile.check, {"names": []}, Report, "r.json", "a report") == [
        ("r.json:1:1", "CS104 not a report: a required field is missing (at count)")]
    assert jsonfile.check({"count": 3, "names": ["a"]}, Report, "r", "a report").count == 3


@pytest.mark.parametrize("make, kind", [
    (lambda p: p.symlink_to("/dev/zero"), "a character device"),
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: p.mkdir(), "a folder"),
])
def test_only_regular_files_are_read_whole_or_by_line(tmp_path, make, kind):
    f = tmp_path / "x.json"
    make(f)
    msg = f"CS002 cannot read file: {kind}, not a regular file"
    assert refusal(jsonfile.read, f, "a report") == [(f"{f}:1:1", msg)]
    assert refusal(lambda: list(jsonfile.lines(f, "records"))) == [(f"{f}:1:1", msg)]


def test_json_lines_are_read_with_their_offsets_and_a_long_line_is_refused(tmp_path):
    f = tmp_path / "g.jsonl"
    f.write_bytes(b'{"a":1}\n\n{"a":2}')
    assert list(jsonfile.lines(f, "records")) == [(1, 0, b'{"a":1}\n'), (2, 8, b"\n"),
                                                   (3, 9, b'{"a":2}')]
    f.write_bytes(b"[]\n" + b" " * 100 + b"\n")
    with pytest.raises(CardError) as info:
        list(jsonfile.lines(f, "records", max_line=50))
    assert str(info.value) == f"{f}:2:1: CS003 not records: a line longer than 50 bytes"
