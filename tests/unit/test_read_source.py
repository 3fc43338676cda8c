"""cardscript.loader.read_source, the one reader of input files, and the readers built on it:
regular files only, at most MAX_BYTES, never a hang, each refusal a positioned CardError."""
from __future__ import annotations

import os
import threading

import pytest
from cardscript import loader, replay
from cardscript.errors import CardError
from cardscript.loader import MAX_BYTES, read_source
from cardscript.macros import load_macro


def refusal(path) -> tuple[str, str]:
    with pytest.raises(CardError) as info:
        read_source(path)
    d = info.value.diagnostics[0]
    assert (d.pos.file, d.pos.line, d.pos.col) == (str(path), 1, 1)
    return d.code, d.message


def test_a_regular_file_is_read_whole(tmp_path):
    f = tmp_path / "a.card.yaml"
    f.write_bytes(b"id: a\n" * 1000)
    assert read_source(f) == b"id: a\n" * 1000


def test_a_file_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    f = tmp_path / "a.card.yaml"
    f.write_bytes(b"#" * MAX_BYTES)
    assert len(read_source(f)) == MAX_BYTES
    f.write_bytes(b"#" * (MAX_BYTES + 1))
    assert refusal(f) == ("CS003", f"file is larger than {MAX_BYTES} bytes; refusing to read "
                          "it")


@pytest.mark.parametrize("make, kind", [
    (lambda p: p.symlink_to("/dev/zero"), "a character device"),
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: p.mkdir(), "a folder"),
])
def test_anything_but_a_regular_file_is_refused(tmp_path, make, kind):
    f = tmp_path / "x.card.yaml"
    make(f)
    assert refusal(f) == ("CS002", f"cannot read file: {kind}, not a regular file")


def test_a_missing_file_and_a_link_loop_are_refused(tmp_path):
    assert refusal(tmp_path / "missing.card.yaml") == ("CS002", "cannot read file: No such "
                                                       "file or directory")
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    assert refusal(tmp_path / "a") == ("CS002", "cannot read file: Too many levels of "
                                       "symbolic links")


def test_a_fifo_that_turns_up_after_the_check_does_not_block(tmp_path, monkeypatch):
    """The check before opening can be raced (the path replaced by a FIFO): the file is
    opened without blocking and its descriptor's own type decides."""
    fifo = tmp_path / "x.card.yaml"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    real_stat = os.stat
    monkeypatch.setattr(loader.os, "stat",
                        lambda p, *a, **k: regular if os.fspath(p) == str(fifo)
                        else real_stat(p, *a, **k))
    result = []
    t = threading.Thread(target=lambda: result.append(refusal(fifo)), daemon=True)
    t.start()
    t.join(10)
    assert not t.is_alive(), "opening the FIFO blocked"
    assert result == [("CS002", "cannot read file: a FIFO, not a regular file")]


def test_a_file_that_grows_past_the_limit_is_refused(tmp_path, monkeypatch):
    """The size is checked on what is read, not only on what fstat said."""
    f = tmp_path / "x.card.yaml"
    f.write_bytes(b"#" * 10)
    real_fstat = os.fstat

    class Small:
        def __init__(self, st):
            self.st_mode, self.st_size = st.st_mode, 10

    grown = False

    def fstat(fd):
        nonlocal grown
        st = real_fstat(fd)
        if not grown:
            grown = True
            with open(f, "ab") as out:
                out.write(b"#" * MAX_BYTES)
        return Small(st)
    monkeypatch.setattr(loader.os, "fstat", fstat)
    assert refusal(f)[0] == "CS003"


def test_a_keyword_macro_that_is_a_fifo_is_refused(tmp_path):
    f = tmp_path / "rally.keyword.yaml"
    os.mkfifo(f)
    with pytest.raises(CardError) as info:
        load_macro(f)
    assert str(info.value) == f"{f}:1:1: CS002 cannot read file: a FIFO, not a regular file"


def test_a_replay_goes_through_the_reader(tmp_path):
    f = tmp_path / "game.json"
    f.symlink_to("/dev/zero")
    with pytest.raises(CardError) as info:
        replay.load(f, pool=None)
    assert info.value.diagnostics[0].code == "CS002"


def test_a_replay_that_is_not_json_is_a_positioned_error(tmp_path):
    f = tmp_path / "game.json"
    f.write_text('{"seed": 1,\n "decks": [}\n')
    with pytest.raises(CardError) as info:
        replay.load(f, pool=None)
    assert str(info.value) == f"{f}:2:12: CS001 not a saved game: JSON error: Expecting value"
