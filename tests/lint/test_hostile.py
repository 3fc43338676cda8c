"""Broken and hostile input: every file gives findings and an exit code, never a traceback
or a hang; the alias bomb is refused at once with bounded memory."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import tracemalloc

import pytest
from cardscript.loader import MAX_BYTES
from cardscript.tools.lint.config import Config
from cardscript.tools.lint.runner import Linter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BOMB = "".join(f"{a}: &{a} [{', '.join(['*' + p] * 10 if p else ['x'] * 10)}]\n"
               for a, p in zip("abcdefghi", ["", *"abcdefgh"], strict=True))


def test_alias_bomb_is_refused_fast_with_bounded_memory(write, lint, good):
    write("good-knight.card.yaml", good())
    assert lint("good-knight.card.yaml").rc == 0  # the bundled set is in the cache now
    write("bomb.card.yaml", BOMB)
    tracemalloc.start()
    start = time.perf_counter()
    r = lint("bomb.card.yaml")
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert r.rc == 1
    assert r.codes() == ["CS003"] and "alias bomb" in r.out
    assert elapsed < 1.0
    assert peak < 50 * 2**20


@pytest.mark.parametrize("name, data, code", [
    ("binary.card.yaml", b"\xff\xfe\x00garbage", "CS002"),
    ("empty.card.yaml", b"", "CS100"),
    ("list.card.yaml", b"- a\n- b\n", "CS100"),
    ("tabs.card.yaml", b"id: x\n\tname: y\n", "CS001"),
    ("deep.card.yaml", b"a: " + b"[" * 200 + b"]" * 200 + b"\n", "CS003"),
    ("dup.card.yaml", b"id: t\nname: T\nid: u\n", "CS004"),
    ("tag.card.yaml", b"id: !!python/object/apply:os.system [ls]\n", "CS001"),
    ("huge.card.yaml", b"id: x\n" + b"#" * (MAX_BYTES + 10), "CS003"),
    ("twodocs.card.yaml", b"id: a\n---\nid: b\n", "CS001"),
    ("key.card.yaml", b"? [a, b]\n: c\n", "CS001"),
    ("merge.card.yaml", b"a: &a {x: 1}\nb: {<<: *a}\n", "CS001"),
    ("bad.deck.yaml", b"\xc3\x28", "CS002"),
    ("bad.scenario.yaml", b"scenario: x\nrule: '1'\ngame: chess\n", "CS105"),
    ("notes.txt", b"hello", "CS000"),
])
def test_broken_files_give_findings(write, lint, tmp_path, name, data, code):
    (tmp_path / name).write_bytes(data)
    r = lint(name)
    assert r.rc == 1, r.out + r.err
    assert r.codes() == [code], r.out
    assert r.err == ""


def test_special_files_are_not_read(lint, tmp_path):
    os.mkfifo(tmp_path / "fifo.card.yaml")
    (tmp_path / "dir.card.yaml").mkdir()
    r = lint(".")
    assert r.codes() == ["CS002"] and "not a regular file" in r.out


def test_bom_and_crlf_files_are_linted_and_fixed_in_place(lint, tmp_path, good):
    import textwrap
    f = tmp_path / "good-knight.card.yaml"
    body = textwrap.dedent(good()).replace("Draw a card.", "Draw 2 cards.").replace("\n", "\r\n")
    f.write_bytes(b"\xef\xbb\xbf" + body.encode())
    r = lint(".")
    assert r.codes() == ["CS130"]
    assert lint(".", "--fix").rc == 0
    raw = f.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw and b"\n" not in \
        raw.replace(b"\r\n", b"")
    assert b'text: "ON ARRIVAL: Draw a card."\r\n' in raw


def test_broken_pipe_is_not_a_traceback(tmp_path):
    for i in range(200):
        (tmp_path / f"x{i}.card.yaml").write_text("id: [\n")
    env = {**os.environ, "CARDSCRIPT_CACHE": str(tmp_path / ".cache")}
    p = subprocess.run(f"{sys.executable} -m cardscript.tools.cli lint {tmp_path} | head -1",
                       shell=True,
                       capture_output=True, text=True, env=env, timeout=120,
                       cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert "Traceback" not in p.stderr and "CS001" in p.stdout


_yamlish = st.lists(
    st.one_of(st.sampled_from(list("abc:-[]{}&*!|>'\"#%@` \n\t0123456789,?")),
              st.sampled_from(["id: ", "name: ", "type: ", "wonder", "spell", "abilities:",
                               "\n  - trigger: ", "\n    effect: ", "target", "keywords: ",
                               "on_play", "destroy", "cost: ", "power: ", "tier: ", "&a ",
                               "*a", "# cardscript: disable=", "CS101"])),
    max_size=60).map("".join)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(text=_yamlish)
def test_arbitrary_text_never_crashes_the_linter(tmp_path, text):
    f = tmp_path / "fuzz.card.yaml"
    f.write_text(text, encoding="utf-8")
    linter = Linter(Config(root=tmp_path), cache_dir=tmp_path / ".cache")
    report = linter.run([str(f)])
    assert report.internal_errors == []
    for finding in report.findings:
        assert finding.path == str(f) and finding.line >= 1 and finding.col >= 1
