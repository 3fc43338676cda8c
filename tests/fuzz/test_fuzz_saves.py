"""Fuzzing ``cardscript play --resume``: random bytes, random JSON and mutated real saves (of
each game), written as a save file and resumed in process. Whatever the file, the command
ends with exit 0 (a save that holds a game the rules reach: the human then quits) or 1 (a
refusal, one line naming the file and why), never prints a traceback, never runs code (each
hostile name a mutation plants would touch a marker file) and finishes within TIME_LIMIT.

The in-process runs are the harness's (tests/fuzz/harness.py). For a longer, random hunt:

    CARDSCRIPT_FUZZ_EXAMPLES=2000 pytest tests/fuzz/test_fuzz_saves.py -p no:cacheprovider
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
import savecraft
from cardscript.save import dumps
from harness import TIME_LIMIT, run_in_process
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yamlfuzz import raw_bytes

HUNT = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES") or 0)
FUZZ = settings(max_examples=HUNT or 20, derandomize=not HUNT, deadline=None, database=None,
                print_blob=True, suppress_health_check=list(HealthCheck))
GAMES = ("wonders", "riftbound", "spellfire")
MARKER = os.path.join(tempfile.gettempdir(), "cardscript-fuzz-save-ran")


def _quit(prompt=""):
    """The human's answer: end of input, at the first question."""
    raise EOFError


@pytest.fixture(scope="module")
def saves():
    out = {g: dumps(savecraft.game_at(g, 5, 20)) for g in GAMES}
    for g, text in out.items():  # warm: the game and its pool built before any run is timed
        _resume(g, text.encode())
    return out


def _resume(game: str, raw: bytes):
    with tempfile.TemporaryDirectory(prefix="cardscript-fuzz-") as tmp:
        f = Path(tmp) / "fuzz.save"
        f.write_bytes(raw)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("builtins.input", _quit)
            run = run_in_process(["play", "--game", game, "--resume", str(f)])
    what = f"{run.argv}\n--- stdout\n{run.out}\n--- stderr\n{run.err}"
    assert "Traceback" not in run.out + run.err, what
    assert run.rc in (0, 1), f"exit {run.rc}: {what}"
    assert run.seconds < TIME_LIMIT, f"{run.seconds:.1f} s: {what}"
    if run.rc == 1:
        lines = run.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{f}: "), what
    assert not os.path.exists(MARKER), f"a save ran code: {what}"
    return run


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(raw=raw_bytes())
def test_random_bytes(saves, game, raw):
    _resume(game, raw)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                           max_leaves=20)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(body=json_values)
def test_random_json_in_a_save_document(saves, game, body):
    _resume(game, savecraft.document(json.dumps(body)).encode())


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_saves(saves, game, data):
    text = savecraft.rewrite(saves[game], lambda b: savecraft.mutate(data.draw, b, MARKER))
    _resume(game, text.encode())


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(cut=st.integers(min_value=0), flip=st.integers(min_value=0, max_value=255))
def test_damaged_saves(saves, game, cut, flip):
    """A save cut short or with one byte changed, its checksum left as it was."""
    raw = bytearray(saves[game].encode())
    i = cut % len(raw)
    raw[i] ^= flip or 1
    _resume(game, bytes(raw[: max(i, 1)] if flip % 2 else raw))
