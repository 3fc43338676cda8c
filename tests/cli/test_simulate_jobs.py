"""`cardscript simulate --jobs N --out FILE` (tools/simjobs.py, tools/records.py): the same
summary and records for any N; records streamed as JSON Lines; a run killed or stopped with
Ctrl-C keeps its finished games and resumes where it stopped, playing no game twice; a file
of another job is refused."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cardscript.game import Game
from cardscript.plugins import games
from cardscript.tools import simjobs
from cardscript.tools.cli import main
from cardscript.tools.common import load_decks, pool_with
from cardscript.tools.records import CardTally, play_game

GAMES = 24


def simulate(capsys, out: Path | None, *args: str, games: int = GAMES) -> tuple[int, dict]:
    argv = ["simulate", "--games", str(games), "--seed", "5", "--json", *args]
    if out is not None:
        argv += ["--out", str(out)]
    rc = main(argv)
    return rc, json.loads(capsys.readouterr().out)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The records of an uninterrupted run on one process."""
    path = tmp_path_factory.mktemp("reference") / "games.jsonl"
    assert main(["simulate", "--games", str(GAMES), "--seed", "5", "--jobs", "1",
                 "--no-progress", "--out", str(path)]) == 0
    return path


#: a run long enough to be stopped half-way on a fast machine
LONG = 200


@pytest.fixture(scope="module")
def long_reference(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("long") / "games.jsonl"
    assert main(["simulate", "--games", str(LONG), "--seed", "5", "--jobs", "1",
                 "--no-progress", "--out", str(path)]) == 0
    return path


def child(tmp_path: Path, *argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "cardscript.tools.cli", "simulate",
                             "--seed", "5", "--no-progress", *argv], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its own group, as a terminal's job


def wait_for_records(proc: subprocess.Popen, path: Path, count: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError(f"no {count} records in {path}")


def test_any_number_of_jobs_gives_the_same_summary_and_records(capsys, tmp_path, reference,
                                                               monkeypatch):
    # a worker for every game, however few: workers play the batches after the first
    monkeypatch.setattr(simjobs, "MIN_GAMES_PER_WORKER", 1)
    rc, one = simulate(capsys, tmp_path / "one.jsonl", "--jobs", "1")
    assert rc == 0
    rc, two = simulate(capsys, tmp_path / "two.jsonl", "--jobs", "2")
    assert rc == 0
    assert one == two and one["games"] == GAMES and not one["interrupted"]
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes() \
        == reference.read_bytes()
    rc, three = simulate(capsys, None, "--jobs", "3")  # without --out: the same summary
    assert rc == 0 and three == one


def test_a_record_per_game_in_index_order_that_the_summary_adds_up(capsys, reference):
    rc, summary = simulate(capsys, None, "--jobs", "1")
    recs = records(reference)
    assert [r["index"] for r in recs] == list(range(GAMES))
    assert len({r["seed"] for r in recs}) == GAMES
    for deck, wins in summary["wins"].items():
        assert sum(r["winner"] == deck for r in recs) == wins
    assert sum(r["outcome"] == "draw" for r in recs) == summary["draws"]
    assert sum(r["decisions"] for r in recs) / GAMES == pytest.approx(
        summary["mean_decisions"])
    for r in recs:
        assert r["decks"] == summary["decks"] and r["agents"] == ["random", "random"]
        assert r["first"] in r["decks"] and r["outcome"] in ("win", "draw")
        assert r["how"]  # the game's own reason (its ("game_over", winner, how))


@pytest.mark.parametrize("game", sorted(n for n, s in games().items()
                                        if s.game_class.CARD_METRICS))
def test_per_card_counts_belong_to_their_player_and_opening_hands_are_full(game):
    """A deck against itself: each player's cards are counted for that player alone (the
    same ids are in both decks), and each opening hand holds the game's hand size."""
    pool = pool_with(game)
    deck = load_decks(pool, None)[0]
    hand_size = sys.modules[games()[game].game_class.__module__].HAND_SIZE
    ids = {c.id for c in deck[1]} | set(pool.tokens)
    names = (deck[0], deck[0] + " (2)")
    for i in range(4):
        rec = play_game(pool, [deck, deck], names, i, 11, cards=True)
        assert rec["outcome"] != "error", rec
        seats = [[r for r in rec["cards"] if r["player"] == p] for p in (0, 1)]
        for p, rows in enumerate(seats):
            assert {r["card"] for r in rows} <= ids
            assert {r["deck"] for r in rows} == {names[p]}
            assert sum(r["opening_hand"] for r in rows) == hand_size
            assert sum(r["played"] for r in rows) > 0
        assert seats[0] != seats[1]  # two players, two games' worth of cards
        for r in rec["cards"]:  # the abilities add up to their card's count
            assert r["triggered"] == sum(a["count"] for a in rec["abilities"]
                                         if (a["player"], a["card"]) ==
                                         (r["player"], r["card"]))


def test_what_each_entry_counts_matches_the_log():
    """The draws, plays and resolutions counted are those the game's log holds."""
    pool = pool_with("wonders")
    decks = load_decks(pool, None)
    cls = pool.spec.game_class
    from cardscript.decisions import RandomAgent
    g = cls([list(decks[0][1]), list(decks[1][1])], 3, tokens=pool.tokens)
    tally = CardTally(g)
    g.play([RandomAgent(7), RandomAgent(8)])
    rows = tally.rows(("A", "B"))
    for p in g.players:
        mine = [r for r in rows["cards"] if r["player"] == p.index]
        played = [e[2] for e in g.log if e[0] == "play" and e[1] == p.name]
        assert sum(r["played"] for r in mine) == len(played)
        drawn = sum(e[2] for e in g.log[g.log.index(("round", 1)):]
                    if e[0] == "draw" and e[1] == p.name)
        assert sum(r["drawn"] for r in mine) == drawn
    resolved = [e for e in g.log if e[0] in ("resolve", "fizzle")]
    assert sum(a["count"] for a in rows["abilities"]) == len(resolved) > 0
    assert not isinstance(g.clone().log, CardTally)  # a copy keeps no records


def test_a_game_without_card_events_gets_records_without_them(monkeypatch):
    """The hook is optional: such a game's records have only the core's ``triggered``."""
    cls = games()["wonders"].game_class
    monkeypatch.setattr(cls, "card_events", Game.card_events)
    monkeypatch.setattr(cls, "CARD_METRICS", Game.CARD_METRICS)
    pool = pool_with("wonders")
    rec = play_game(pool, load_decks(pool, None), ("A", "B"), 0, 1, cards=True)
    assert rec["outcome"] == "win" and rec["first"] is None
    assert rec["cards"] and all(set(r) == {"player", "deck", "card", "triggered"}
                                for r in rec["cards"])


def test_a_torn_last_line_is_cut_and_the_missing_games_played(capsys, tmp_path, reference):
    out = tmp_path / "games.jsonl"
    data = reference.read_bytes()
    lines = data.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:9]) + lines[9][:40])  # killed while writing game 9
    (tmp_path / "games.jsonl.job.json").write_bytes(
        (reference.parent / "games.jsonl.job.json").read_bytes())
    rc, summary = simulate(capsys, out, "--jobs", "2")
    assert rc == 0 and summary["games"] == GAMES
    assert out.read_bytes() == data


def test_a_run_killed_half_way_resumes_to_the_same_records(tmp_path, long_reference):
    out = tmp_path / "games.jsonl"
    proc = child(tmp_path, "--games", str(LONG), "--jobs", "1", "--out", str(out))
    wait_for_records(proc, out, 5)
    proc.kill()  # no chance to tidy up: maybe a torn line
    proc.wait()
    kept = out.read_bytes().count(b"\n")
    assert 5 <= kept < LONG
    proc = child(tmp_path, "--games", str(LONG), "--jobs", "2", "--out", str(out))
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert out.read_bytes() == long_reference.read_bytes()


def test_ctrl_c_keeps_finished_games_and_says_so(tmp_path, long_reference):
    out = tmp_path / "games.jsonl"
    proc = child(tmp_path, "--games", "5000", "--jobs", "2", "--out", str(out))
    wait_for_records(proc, out, 3)
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: to the run and its workers
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "interrupted:" in stderr
    got = records(out)  # whole records only, each the game an uninterrupted run plays
    assert 3 <= len(got) < 5000
    assert len({r["index"] for r in got}) == len(got)
    expected = {r["index"]: r for r in records(long_reference)}
    assert any(r["index"] in expected for r in got)
    for r in got:
        if r["index"] in expected:
            assert r == expected[r["index"]]
    games_line = [ln for ln in stdout.splitlines() if "games, seed" in ln]
    assert games_line and games_line[0].strip().startswith(f"{len(got)} games")


def test_records_of_another_job_are_refused(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    rc, _ = simulate(capsys, out, "--jobs", "1", games=3)
    assert rc == 0
    before = out.read_bytes()
    assert main(["simulate", "--games", "3", "--seed", "6", "--no-progress", "--out",
                 str(out)]) == 2
    err = capsys.readouterr().err
    assert "holds the records of another job" in err and "seed: 5 there, 6 here" in err
    assert main(["simulate", "--games", "3", "--seed", "5", "--no-progress", "--out",
                 str(out), "--decks", "umbral-dawn", "umbral-dawn"]) == 2
    assert "deck_hash" in capsys.readouterr().err
    assert out.read_bytes() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    assert main(["simulate", "--games", "3", "--no-progress", "--out", str(other)]) == 2
    assert "has no notes.txt.job.json" in capsys.readouterr().err
    assert other.read_text() == "my notes\n"


def test_a_damaged_record_file_is_refused_with_its_line(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    rc, _ = simulate(capsys, out, "--jobs", "1", games=3)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + "{not json\n" + lines[2])
    assert main(["simulate", "--games", "3", "--seed", "5", "--no-progress", "--out",
                 str(out)]) == 1
    assert f"{out}:2:2: CS001 not a game record: JSON error" in capsys.readouterr().err
    out.write_text(lines[0] + lines[0])
    assert main(["simulate", "--games", "3", "--seed", "5", "--no-progress", "--out",
                 str(out)]) == 1
    assert f"{out}:2:1: CS105 not a record of this job: a second record of game 0 (the " \
        "first is on line 1)" in capsys.readouterr().err


def test_jobs_must_be_positive(capsys):
    assert main(["simulate", "--games", "1", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_the_default_jobs_are_the_cores_available():
    from cardscript.tools.simjobs import default_jobs
    expected = os.process_cpu_count() if hasattr(os, "process_cpu_count") \
        else len(os.sched_getaffinity(0))
    assert default_jobs() == expected


def test_a_worker_with_other_decks_stops_the_run_keeping_the_finished_games(
        tmp_path, monkeypatch, reference):
    """A worker whose decks differ from the run's (a file changed as it started) plays
    none of its games: the run stops with a clear error, and the games this process
    finished are written, so running it again finishes the job."""
    from cardscript.tools.simulate import simulate as run
    monkeypatch.setattr(simjobs, "MIN_GAMES_PER_WORKER", 1)
    pool = pool_with("wonders")
    decks = load_decks(pool, None)
    others = simjobs.Workers(1, "wonders", (), ("ashen-tide", "ironroot-legion"))
    out = tmp_path / "games.jsonl"
    try:
        with pytest.raises(simjobs.WorkerError, match="other decks than the run's"):
            run(pool, decks, GAMES, 5, progress=False, limits=None, jobs=2, out_file=out,
                workers=others)
    finally:
        others.close()
    expected = {r["index"]: r for r in records(reference)}
    got = records(out)
    assert got and all(r == expected[r["index"]] for r in got)
    assert len(got) < GAMES
