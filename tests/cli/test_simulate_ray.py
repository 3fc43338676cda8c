"""`cardscript simulate --backend ray` (tools/simray.py) against a local Ray this module
starts: the summary and records of a local run for the same seed, a worker killed mid-batch
losing and duplicating no game, `--out` resuming, Ctrl-C keeping the finished games; and,
with or without Ray, the error that says how to install it. The Ray tests skip only where
Ray is not installed (CI installs the extra: .ci/run)."""
from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cardscript.tools import simray
from cardscript.tools.cli import main

GAMES = 100  # four batches of the smallest size (simray.batch_size)
SEED = 5


def simulate(capsys, *args: str, games: int = GAMES,
             summary: bool = True) -> tuple[int, dict | None, str]:
    """Run the command; its summary (--json) unless ``summary`` is false: Ray prints news of
    a dead worker on stdout when it arrives, which may be after the run that killed it,
    while the next test captures stdout (the command itself sends it to stderr while it
    runs). The tests that kill workers come last and read no summary: their records say
    the same."""
    rc = main(["simulate", "--games", str(games), "--seed", str(SEED), "--no-progress",
               *(["--json"] if summary else []), *args])
    captured = capsys.readouterr()
    got = json.loads(captured.out) if summary and captured.out.strip() else None
    return rc, got, captured.err


@pytest.fixture(scope="module")
def ray_local():
    """One local Ray for the module (it takes seconds to start): the command finds it
    started and uses it, as it would a cluster, and leaves it running."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR,
             log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The records of a run on this process alone (--jobs 1)."""
    path = tmp_path_factory.mktemp("local") / "games.jsonl"
    assert main(["simulate", "--games", str(GAMES), "--seed", str(SEED), "--jobs", "1",
                 "--no-progress", "--out", str(path)]) == 0
    return path


def test_ray_gives_the_summary_and_records_of_a_local_run(capsys, tmp_path, ray_local,
                                                          reference):
    rc, summary, err = simulate(capsys, "--jobs", "1")
    assert rc == 0, err
    out = tmp_path / "games.jsonl"
    rc, got, err = simulate(capsys, "--backend", "ray", "--out", str(out))
    assert rc == 0, err
    assert got == summary and got["games"] == GAMES
    assert out.read_bytes() == reference.read_bytes()
    rc, got, _ = simulate(capsys, "--backend", "ray")  # without --out: the same summary
    assert rc == 0 and got == summary


def test_a_run_resumes_on_ray_where_a_local_one_stopped(capsys, tmp_path, ray_local,
                                                        reference):
    out = tmp_path / "games.jsonl"
    lines = reference.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:37]) + lines[37][:50])  # killed while writing game 37
    side = reference.parent / "games.jsonl.job.json"
    (tmp_path / "games.jsonl.job.json").write_bytes(side.read_bytes())
    rc, got, err = simulate(capsys, "--backend", "ray", "--out", str(out))
    assert rc == 0, err
    assert out.read_bytes() == reference.read_bytes()


def test_ctrl_c_keeps_the_finished_games(capsys, tmp_path, ray_local, reference,
                                        monkeypatch):
    """The first SIGINT stops the run between batches: those out finish and are written,
    none is played twice, and the summary says the run was interrupted."""
    out = tmp_path / "games.jsonl"
    games = 20_000  # far more than it plays before the signal
    monkeypatch.setattr(simray, "batch_size", lambda games, cpus: 32)  # a prompt stop

    def interrupt() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.read_bytes().count(b"\n") >= 3:
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.02)

    t = threading.Thread(target=interrupt)
    t.start()
    rc, got, err = simulate(capsys, "--backend", "ray", "--out", str(out), games=games)
    t.join()
    assert rc == 130, err
    indices = [json.loads(ln)["index"] for ln in out.read_text().splitlines()]
    assert got is not None and got["interrupted"] and got["games"] == len(indices)
    assert 32 <= len(indices) < games and len(indices) % 32 == 0  # whole batches
    assert indices == list(range(len(indices)))  # in order
    # a game's record does not depend on --games
    n = min(len(indices), GAMES)
    assert out.read_text().splitlines()[:n] == reference.read_text().splitlines()[:n]


def test_a_worker_with_other_decks_stops_the_run_with_a_clear_error(tmp_path, ray_local):
    """A node whose card or deck files differ plays none of the run's games."""
    from cardscript.tools.common import load_decks, pool_with
    from cardscript.tools.simjobs import WorkerError
    from cardscript.tools.simulate import simulate as run
    pool = pool_with("wonders")
    others = ("ashen-tide", "ironroot-legion")  # what the workers are told to build
    backend = simray.RayWorkers(None, 2, "wonders", (), others)
    out = tmp_path / "games.jsonl"
    try:
        with pytest.raises(WorkerError, match="a Ray worker built other decks"):
            run(pool, load_decks(pool, None), GAMES, SEED, progress=False, out_file=out,
                deck_args=others, backend=backend)
    finally:
        backend.close()
    assert out.read_bytes() == b""


def test_a_node_without_the_card_files_stops_the_run_naming_them(tmp_path, ray_local):
    """The workers read the cards themselves: one that can't find a --cards path says so
    (this process had it: a file on this machine only)."""
    from cardscript.tools.common import load_decks, pool_with
    from cardscript.tools.records import deck_hash
    from cardscript.tools.simjobs import Stop, Work, WorkerError
    pool = pool_with("wonders")
    decks = load_decks(pool, None)
    missing = str(tmp_path / "only-here")
    work = Work("wonders", (missing,), None, ("A", "B"), (), None, SEED, GAMES, False,
                deck_hash(pool, decks))
    backend = simray.RayWorkers(None, 2, "wonders", (missing,), None)
    got: list[dict] = []
    try:
        with pytest.raises(WorkerError, match="could not build the run's cards and decks "
                           rf"\(UsageError: --cards: no such file or directory: {missing}"):
            backend.run(work, list(range(GAMES)), Stop(), got.extend)
    finally:
        backend.close()
    assert got == []


def test_without_ray_the_backend_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails, as without the extra
    rc, _, err = simulate(capsys, "--backend", "ray", games=2)
    assert rc == 2
    assert "--backend ray needs Ray" in err and "pip install 'cardscript[ray]'" in err
    assert "Traceback" not in err


def test_address_needs_the_ray_backend(capsys):
    rc, _, err = simulate(capsys, "--address", "auto", games=2)
    assert rc == 2 and "--address needs --backend ray" in err


def test_the_local_backend_never_imports_ray():
    code = ("import sys; from cardscript.tools.cli import main; "
            "rc = main(['simulate', '--games', '3', '--jobs', '1', '--no-progress']); "
            "assert rc == 0, rc; assert 'ray' not in sys.modules, 'ray imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_a_worker_killed_mid_batch_loses_and_duplicates_no_game(capsys, tmp_path, ray_local,
                                                                reference, monkeypatch):
    died = tmp_path / "died"
    monkeypatch.setenv(simray.DIE_ONCE, f"40:{died}")  # the worker playing game 40 dies
    out = tmp_path / "games.jsonl"
    rc, _, err = simulate(capsys, "--backend", "ray", "--out", str(out), summary=False)
    assert died.exists()  # it did die, after playing its batch
    assert rc == 0, err
    assert out.read_bytes() == reference.read_bytes()  # each game once, in order


def test_a_batch_whose_worker_keeps_dying_stops_the_run_keeping_the_finished_games(
        capsys, tmp_path, ray_local, reference, monkeypatch):
    monkeypatch.setattr(simray, "MAX_RETRIES", 0)
    monkeypatch.setenv(simray.DIE_ONCE, f"40:{tmp_path / 'died'}")
    out = tmp_path / "games.jsonl"
    rc, _, err = simulate(capsys, "--backend", "ray", "--out", str(out), summary=False)
    assert rc == 1
    assert "the Ray task of games 32-63 failed" in err and "run again to resume" in err
    assert "Traceback" not in err
    expected = {json.loads(ln)["index"]: ln for ln in reference.read_text().splitlines()}
    got = out.read_text().splitlines()
    indices = [json.loads(ln)["index"] for ln in got]
    assert 40 not in indices and len(set(indices)) == len(indices)
    assert all(ln == expected[i] for i, ln in zip(indices, got, strict=True))
    monkeypatch.delenv(simray.DIE_ONCE)  # run again: the rest is played, nothing twice
    rc, _, err = simulate(capsys, "--backend", "ray", "--out", str(out), summary=False)
    assert rc == 0, err
    assert out.read_bytes() == reference.read_bytes()
