"""Fuzzing the command line: random bytes, random YAML trees and mutated bundled files, written
as card, deck, scenario and keyword files and fed to ``check``, ``lint``, ``text`` and
``test``. Whatever the input, each command must end with exit 0 or 1 (never 2, never an
exception), print no traceback, position every problem it reports as ``path:line:col:`` in
the file it was given, and finish within TIME_LIMIT seconds.

The commands run in process (``tools.cli.main``), with stdout encoding strictly to UTF-8 as a
real one does; test_in_process_runs_match_real_runs checks that against real processes.
Examples are derandomized, so CI runs the same ones every time. For a longer, random hunt:

    CARDSCRIPT_FUZZ_EXAMPLES=2000 pytest tests/fuzz -p no:cacheprovider
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from harness import COMMANDS, check_run, fuzz, run_in_process, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yamlfuzz import (
    ANSWERS,
    KINDS,
    SUFFIX,
    corpus,
    documents,
    dump,
    fresh_copy,
    in_play,
    mutate,
    names,
    raw_bytes,
)

#: examples per test: CI's figure (14 x 14 fuzz tests), or the hunt's from the environment
HUNT = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES") or 0)

FUZZ = settings(max_examples=HUNT or 14, derandomize=not HUNT, deadline=None, database=None,
                print_blob=True, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Build the game and its bundled pool once, before any command is timed."""
    with tempfile.TemporaryDirectory() as tmp:
        for kind in KINDS:
            name, data = corpus()[kind][0]
            target, given_path = write(Path(tmp), kind, dump(data).encode(), "warm")
            for command in COMMANDS[kind]:
                run_in_process([*command, given_path])


# -- the fuzz tests ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(raw=raw_bytes())
def test_random_bytes(kind, raw):
    fuzz(kind, raw)


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(data=st.data())
def test_random_yaml_trees(kind, data):
    fuzz(kind, data.draw(documents(kind)).encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(data=st.data())
def test_mutated_bundled_files(kind, data):
    name, original = data.draw(st.sampled_from(corpus()[kind]))
    tree = fresh_copy(original)
    stem = name[: -len(SUFFIX[kind])]
    if kind == "card":  # a new card, not a second copy of a bundled one
        tree["id"] = stem = f"fz-{tree['id']}"
    tree = mutate(tree, data.draw, data.draw(st.integers(1, 4)))
    fuzz(kind, dump(tree).encode("utf-8", "surrogatepass"), stem)


@FUZZ
@given(data=st.data())
def test_mutated_cards_in_play(data):
    """A mutated card that still compiles, played in a scenario: its abilities run in the
    engine (``cardscript test``), not only through the loader and the compiler."""
    _, original = data.draw(st.sampled_from(corpus()["card"]))
    card = fresh_copy(original)
    cid = card["id"] = f"fz-{card['id']}"
    card = mutate(card, data.draw, data.draw(st.integers(0, 3)))
    answers = data.draw(st.lists(st.sampled_from(ANSWERS + (f"play {cid}", cid)), max_size=10))
    fuzz("scenario", dump(in_play(card, cid, answers)).encode("utf-8", "surrogatepass"),
         "in-play")


@FUZZ
@given(data=st.data())
def test_a_games_keyword_macros(data):
    """Macros read as a game is built (``macro_vocabulary``, whichever folder they come
    from): a bad one is a positioned problem and is left out, never an exception."""
    from cardscript.macros import macro_vocabulary, read_macros
    _, original = data.draw(st.sampled_from(corpus()["keyword"]))
    tree = fresh_copy(original)
    if data.draw(st.booleans()):  # parameters become a model's fields: fuzz their names
        tree["params"] = data.draw(st.dictionaries(names(), st.one_of(
            st.booleans(), st.integers(), st.text(max_size=8)), max_size=4))
    tree = mutate(tree, data.draw, data.draw(st.integers(0, 3)))
    raw = data.draw(st.one_of(st.just(dump(tree)), documents("keyword"))).encode(
        "utf-8", "surrogatepass")
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "keywords" / "rally.keyword.yaml"
        target.parent.mkdir()
        target.write_bytes(raw)
        _, problems, _ = macro_vocabulary("wonders-fuzz", read_macros([target]))
        for d in problems:
            assert d.pos.file == str(target) and 1 <= d.pos.line <= raw.count(b"\n") + 1, d


# -- the harness itself ------------------------------------------------------------------------

def test_emitter_round_trips_every_bundled_file():
    """The emitter writes what the loader reads back as the same data: mutations start from
    the real files, not from what a broken emitter made of them."""
    from cardscript.loader import load_text
    for kind in KINDS:
        for name, data in corpus()[kind]:
            assert load_text(dump(data), name).data == data, name


@pytest.mark.parametrize("kind", KINDS)
def test_unmutated_files_pass(kind):
    """Re-emitted bundled files pass every command: what the mutations find is theirs."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in corpus()[kind][:3]:
            data = fresh_copy(data)
            stem = name[: -len(SUFFIX[kind])]
            if kind == "card":
                data["id"] = stem = f"fz-{data['id']}"
                data["name"] = f"Fz {data['name']}"
            if kind == "keyword":  # a second macro of a bundled keyword is an error (CS300)
                data["keyword"] = stem = f"fz_{data['keyword']}"
            target, given_path = write(Path(tmp), kind, dump(data).encode(), stem)
            for command in COMMANDS[kind]:
                run = run_in_process([*command, given_path])
                assert run.rc == 0, run
                check_run(run, target, target.read_bytes())


BAD_INPUTS = {
    "card": b"\xef\xbb\xbfid: x\nname: \xff\n",
    "deck": b"name: d\ncards:\n  - {card: nowhere, count: -3}\n  - !!python/object:os.system x\n",
    "scenario": b"scenario: s\nrule: '1'\nsetup: {realms: {1: {A: [ghost]}}}\nsteps: [7]\n",
    "keyword": b"keyword: Bad\ntext: '{{ amount'\nabilities: []\n",
}


@pytest.mark.parametrize("kind", KINDS)
def test_in_process_runs_match_real_runs(kind, tmp_path):
    """The in-process harness sees what a user sees: same exit code, same lines."""
    raw = BAD_INPUTS[kind]
    target, given_path = write(tmp_path, kind, raw)
    env = {**os.environ, "CARDSCRIPT_CACHE": str(tmp_path / ".cache")}
    for command in COMMANDS[kind]:
        inner = run_in_process([*command, given_path])
        real = subprocess.run([sys.executable, "-m", "cardscript.tools.cli", *command, given_path],
                              capture_output=True, text=True, env=env, timeout=60,
                              check=False, cwd=Path(__file__).resolve().parents[2])
        assert (real.returncode, real.stdout, real.stderr) == (inner.rc, inner.out, inner.err)
        check_run(inner, target, raw)
        assert inner.rc == 1  # each of these inputs is bad: the property test has teeth
