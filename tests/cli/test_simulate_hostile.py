"""`cardscript simulate --out FILE` when FILE, its records or the files beside it are hostile
or careless input (tools/records.py, tools/simjobs.py): what is not a regular file, a
record or a job of the wrong shape, a second run on the same file, a link planted at a name
the run writes, and the run's main process killed. Each is refused as bad input (exit 1,
the path or ``file:line:col`` named) before any game is played, or does no harm; nothing
hangs, nothing is lost or written twice, no process outlives the run."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from cardscript.tools.cli import main

GAMES = 6
RUN = ["simulate", "--games", str(GAMES), "--seed", "5", "--jobs", "1", "--no-progress"]


@contextmanager
def bounded(seconds: float = 60):
    """Fail, rather than hang the suite, if the command never returns (a bound on the work,
    not a measure of its speed)."""
    def expired(signum, frame):
        raise AssertionError(f"still running after {seconds} s: it hangs")
    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def simulate(capsys, out: Path, *args: str) -> tuple[int, str]:
    with bounded():
        rc = main([*RUN, "--out", str(out), *args])
    captured = capsys.readouterr()
    return rc, captured.out + captured.err


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The records of an uninterrupted run, and its sidecar beside them."""
    path = tmp_path_factory.mktemp("reference") / "games.jsonl"
    assert main([*RUN, "--out", str(path)]) == 0
    return path


def resumable(folder: Path, reference: Path, lines: list[bytes]) -> Path:
    """A record file of the reference job holding ``lines``, with its sidecar."""
    out = folder / "games.jsonl"
    out.write_bytes(b"".join(lines))
    side = reference.with_name(reference.name + ".job.json")
    (folder / "games.jsonl.job.json").write_bytes(side.read_bytes())
    return out


# -- 1. an --out that is not a regular file --------------------------------------------------

def _socket(p: Path) -> None:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()


@pytest.mark.parametrize("make, kind", [
    (os.mkfifo, "a FIFO"),
    (lambda p: p.symlink_to("/dev/null"), "a character device"),
    (_socket, "a socket"),
])
def test_an_out_that_is_not_a_regular_file_is_refused_without_hanging(capsys, tmp_path, make,
                                                                         kind):
    out = tmp_path / "x.jsonl"
    make(out)
    rc, text = simulate(capsys, out)
    assert rc == 1, text
    assert f"{out}:1:1: CS002 cannot write file: {kind}, not a regular file" in text
    assert "Traceback" not in text
    assert sorted(os.listdir(tmp_path)) == ["x.jsonl"]  # no sidecar written either


def test_an_out_that_is_a_link_to_nothing_is_refused_and_nothing_is_made(capsys, tmp_path):
    out = tmp_path / "x.jsonl"
    target = tmp_path / "elsewhere" / "made.jsonl"
    target.parent.mkdir()
    out.symlink_to(target)
    rc, text = simulate(capsys, out)
    assert rc == 1 and f"{out}:1:1: CS002 cannot write file: a link to a file that does " \
        "not exist" in text
    assert not os.listdir(target.parent)


# -- 2. records and jobs of the wrong shape ----------------------------------------------------

def _set(key, value):
    def change(rec: dict) -> None:
        rec[key] = value
    return change


def _drop(key):
    def change(rec: dict) -> None:
        del rec[key]
    return change


def _card(key, value):
    def change(rec: dict) -> None:
        rec["cards"][0][key] = value
    return change


@pytest.mark.parametrize("change, message", [
    (_set("outcome", 5), "CS105 not a game record: Input should be 'win', 'draw' or 'error' "
     "(at outcome)"),
    (_set("rounds", "7"), "CS105 not a game record: Input should be a valid integer "
     "(at rounds)"),
    (_set("decisions", 1.5), "CS105 not a game record: Input should be a valid integer "
     "(at decisions)"),
    (_set("index", True), "CS105 not a game record: Input should be a valid integer (at "
     "index)"),
    (_set("decks", "Umbral Dawn"), "CS105 not a game record: Input should be a valid list "
     "(at decks)"),
    (_set("rounds", 10 ** 400), "CS105 not a game record: Input should be less than or "
     "equal to 9223372036854775807 (at rounds)"),
    (_set("winner", {"a": [1]}), "CS105 not a game record: Input should be a valid string "
     "(at winner)"),
    (_set("extra", 1), "CS101 not a game record: unknown field (at extra)"),
    (_drop("outcome"), "CS104 not a game record: a required field is missing (at outcome)"),
    (_drop("index"), "CS104 not a game record: a required field is missing (at index)"),
    (_card("drawn", -1), "CS105 not a game record: Input should be greater than or equal to "
     "0 (at cards.0.drawn)"),
    (_card("player", 2), "CS105 not a game record: Input should be less than or equal to 1 "
     "(at cards.0.player)"),
    (_set("index", GAMES + 3), f"CS105 not a record of this job: game {GAMES + 3} is out of "
     f"range (the job has {GAMES} games)"),
    (_set("winner", "Nobody"), "CS105 not a record of this job: winner \"Nobody\" is not one "
     "of the job's decks"),
    (_set("seed", 4), "CS105 not a record of this job: game 1 has seed 5000016 in this job, "
     "not 4"),
    (_set("rounds", None), "CS105 not a record of this job: a win without its rounds and "
     "decisions"),
    (_card("turbo", 3), "CS105 not a record of this job: cards.0: the metrics are not the "
     "job's"),
])
def test_a_record_of_the_wrong_shape_is_refused_at_its_line_before_any_game(
        capsys, tmp_path, reference, change, message):
    """The bad record is the file's last: had any game been played first (game 2 is
    missing), the file would have changed."""
    lines = reference.read_bytes().splitlines(keepends=True)
    rec = json.loads(lines[1])
    assert rec["outcome"] == "win"
    change(rec)
    bad = json.dumps(rec).encode() + b"\n"
    out = resumable(tmp_path, reference, [lines[0], lines[3], bad])
    before = out.read_bytes()
    rc, text = simulate(capsys, out)
    assert rc == 1, text
    assert f"{out}:3:1: {message}" in text, text
    assert "Traceback" not in text and "error: " not in text
    assert out.read_bytes() == before


def test_every_bad_record_is_named_and_a_torn_last_line_is_still_only_cut(capsys, tmp_path,
                                                                         reference):
    lines = reference.read_bytes().splitlines(keepends=True)
    deep = b"[" * 100 + b"]" * 100 + b"\n"
    out = resumable(tmp_path, reference, [lines[0], b"[1, 2]\n", b"\xff\xfe junk\n",
                                          b'{"index": 1, "index": 2}\n', deep])
    rc, text = simulate(capsys, out)
    assert rc == 1
    problems = [ln for ln in text.splitlines() if ln.startswith(f"{out}:")]
    assert [p[len(str(out)) + 1:].split(" ")[:2] for p in problems] == [
        ["2:1:", "CS105"], ["3:1:", "CS002"], ["4:1:", "CS004"], ["5:1:", "CS003"]], text
    # the same records but for a last one torn as a killed run leaves it: resumed
    out = resumable(tmp_path, reference, [*lines[:3], lines[3][:25]])
    rc, text = simulate(capsys, out)
    assert rc == 0, text
    assert out.read_bytes() == reference.read_bytes()


def test_an_edited_files_blank_lines_and_line_ends_are_tidied_when_it_completes(
        capsys, tmp_path, reference):
    lines = reference.read_bytes().splitlines(keepends=True)
    edited = [b"\xef\xbb\xbf" + lines[0], b"\n", lines[1][:-1] + b"\r\n", b"  " + lines[2],
              *lines[3:5]]
    out = resumable(tmp_path, reference, edited)
    rc, text = simulate(capsys, out)
    assert rc == 0, text
    assert out.read_bytes() == reference.read_bytes()


@pytest.mark.parametrize("sidecar, message", [
    (b"{not json", "1:2: CS001 not the job of a `cardscript simulate` run: JSON error"),
    (b"[]", "1:1: CS105 not the job of a `cardscript simulate` run: Input should be a valid "
     "dictionary"),
    (None, "1:1: CS105 not the job of a `cardscript simulate` run: Input should be a valid "
     "integer (at games)"),
    (b'{"format": "cardscript-simulate-records/0"}', "1:1: CS105 not the job of a "
     "`cardscript simulate` run: Input should be 'cardscript-simulate-records/1' (at "
     "format)"),
])
def test_a_sidecar_of_the_wrong_shape_is_refused_at_its_place(capsys, tmp_path, reference,
                                                             sidecar, message):
    lines = reference.read_bytes().splitlines(keepends=True)
    out = resumable(tmp_path, reference, lines[:2])
    side = tmp_path / "games.jsonl.job.json"
    if sidecar is None:  # the games as a string
        job = json.loads(side.read_text())
        sidecar = json.dumps({**job, "games": str(GAMES)}).encode()
    side.write_bytes(sidecar)
    before = out.read_bytes()
    rc, text = simulate(capsys, out)
    assert rc == 1, text
    assert f"{side}:{message}" in text, text
    assert "Traceback" not in text
    assert out.read_bytes() == before and side.read_bytes() == sidecar


def test_a_sidecar_that_is_a_fifo_is_refused_without_hanging(capsys, tmp_path, reference):
    lines = reference.read_bytes().splitlines(keepends=True)
    out = resumable(tmp_path, reference, lines[:2])
    side = tmp_path / "games.jsonl.job.json"
    side.unlink()
    os.mkfifo(side)
    rc, text = simulate(capsys, out)
    assert rc == 1 and f"{side}:1:1: CS002 cannot read file: a FIFO" in text, text


def test_a_paired_job_is_not_resumed_by_an_unpaired_run(capsys, tmp_path, reference):
    """The sidecar's fields are compared whole, those a job leaves out by default too."""
    lines = reference.read_bytes().splitlines(keepends=True)
    out = resumable(tmp_path, reference, lines[:2])
    side = tmp_path / "games.jsonl.job.json"
    side.write_text(json.dumps({**json.loads(side.read_text()), "paired": True}))
    rc, text = simulate(capsys, out)
    assert rc == 2 and "paired: true there, false here" in text, text


# -- 3. two runs on one file -------------------------------------------------------------------

def child(folder: Path, *argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "cardscript.tools.cli", *argv], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def wait_for_records(proc: subprocess.Popen, path: Path, count: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError(f"no {count} records in {path}")


def test_a_second_run_on_the_same_file_is_refused_at_once(tmp_path, reference):
    out = tmp_path / "games.jsonl"
    argv = ("simulate", "--games", "100000", "--seed", "5", "--jobs", "1", "--no-progress",
            "--out", str(out))
    first = child(tmp_path, *argv)
    second = None
    try:
        wait_for_records(first, out, 2)
        second = child(tmp_path, *argv)
        stdout, stderr = second.communicate(timeout=120)
        assert second.returncode == 1, stderr
        assert f"error: {out}: another run is writing these records" in stderr
        assert "Traceback" not in stderr and not stdout
    finally:
        if second is not None and second.poll() is None:  # it did not refuse: stop it
            os.killpg(second.pid, signal.SIGKILL)
            second.communicate()
        os.killpg(first.pid, signal.SIGINT)  # as Ctrl-C: the first run stops, keeping its games
        first.communicate(timeout=120)
    assert first.returncode == 130
    got = [json.loads(ln) for ln in out.read_text().splitlines()]
    assert len({r["index"] for r in got}) == len(got) >= 2
    expected = [json.loads(ln) for ln in reference.read_text().splitlines()]
    assert got[:GAMES] == expected[:len(got)]


def test_the_lock_is_the_runs_until_it_closes(tmp_path):
    from cardscript.tools.records import InUse, RecordFile
    out = tmp_path / "games.jsonl"
    first = RecordFile(out)
    with pytest.raises(InUse) as info:
        RecordFile(out)
    assert info.value.filename == str(out)
    first.close(complete=False)
    assert not out.exists()  # made by a run that played nothing: not left behind
    RecordFile(out).close(complete=False)


# -- 4. links planted beside the file ----------------------------------------------------------

def test_a_link_planted_at_a_name_the_run_writes_is_never_written_through(capsys, tmp_path,
                                                                          reference):
    """The names the run used to write its sidecar and sorted records through, and the
    sidecar's own: each a link to a file of the victim's, which stays as it was."""
    folder = tmp_path / "run"
    folder.mkdir()
    victims = tmp_path / "victim"
    victims.mkdir()
    planted = ["games.jsonl.job.json.tmp", "games.jsonl.tmp", "games.jsonl.job.json"]
    for name in planted:
        (victims / name).write_text("the victim's own\n")
        (folder / name).symlink_to(victims / name)
    out = folder / "games.jsonl"
    rc, text = simulate(capsys, out)  # a fresh run: writes the sidecar
    assert rc == 0, text
    assert out.read_bytes() == reference.read_bytes()
    side = folder / "games.jsonl.job.json"
    assert not side.is_symlink()  # the link was replaced, not followed
    assert side.read_bytes() == reference.with_name("games.jsonl.job.json").read_bytes()
    # a run resumed with game 0 missing writes it last: the records are sorted at the end
    lines = reference.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[1:]))
    out.chmod(0o640)
    rc, text = simulate(capsys, out)
    assert rc == 0, text
    assert out.read_bytes() == reference.read_bytes()
    assert out.stat().st_mode & 0o777 == 0o640  # rewritten with its permissions
    for name in planted:
        assert (victims / name).read_text() == "the victim's own\n"
    for name in planted[:2]:
        assert (folder / name).is_symlink()
    assert sorted(os.listdir(folder)) == sorted(["games.jsonl", *planted])  # no temp left


# -- 5. the run's main process killed ----------------------------------------------------------

def session(sid: int) -> dict[int, tuple[int, str]]:
    """The live processes of the session ``sid``: pid -> (parent pid, command line).
    Zombies are left out: their parent (init, after a kill) reaps them in its own time."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:  # ended meanwhile
            continue
        state, ppid, _, session_id = stat[stat.rindex(")") + 2:].split()[:4]
        if int(session_id) == sid and state not in "ZX":
            found[int(entry)] = (int(ppid), cmdline.replace(b"\0", b" ").decode(errors="replace"))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("argv", [
    ("simulate", "--games", "100000", "--seed", "5", "--jobs", "2", "--no-progress", "--out",
     "games.jsonl"),
    ("balance", "--games", "50000", "--seed", "5", "--jobs", "2", "--no-progress", "--out",
     "report"),
], ids=["simulate", "balance"])
def test_no_process_outlives_a_killed_run(tmp_path, argv):
    proc = child(tmp_path, *argv)
    try:
        deadline = time.monotonic() + 120
        while True:  # until a worker exists: a process the forkserver forked
            procs = session(proc.pid)
            servers = {pid for pid, (ppid, cmd) in procs.items()
                       if ppid == proc.pid and "multiprocessing.forkserver" in cmd}
            if any(ppid in servers for ppid, _ in procs.values()):
                break
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, f"no worker started: {procs}"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)  # as the OOM killer does: no chance to tidy up
        proc.communicate(timeout=60)
        deadline = time.monotonic() + 20
        while (left := session(proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not left, f"left running after the run was killed: {left}"
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left of the run, if anything


@pytest.mark.parametrize("pidfd", [True, False], ids=["pidfd", "polling"])
def test_a_workers_watchdog_ends_it_when_the_run_is_gone(pidfd):
    """The watchdog alone (tools/simjobs.py ``_watch``), with a pidfd and without one (not
    Linux, an old kernel): a process watching another exits once that one is killed."""
    run = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    no_pidfd = "" if pidfd else "del os.pidfd_open\n"
    # exit code 7: the watchdog's own exit, not an error's
    watcher = subprocess.Popen([sys.executable, "-c", "import os\n" + no_pidfd +
                                "from cardscript.tools import simjobs\n"
                                "simjobs.WATCH_INTERVAL = 0.05\n"
                                "os._exit = lambda code, _exit=os._exit: _exit(7)\n"
                                "print('watching', flush=True)\n"
                                f"simjobs._watch({run.pid})\n"],
                               stdout=subprocess.PIPE, text=True)
    try:
        assert watcher.stdout.readline() == "watching\n"
        assert watcher.poll() is None
        run.kill()
        run.wait()
        assert watcher.wait(timeout=60) == 7
    finally:
        for p in (run, watcher):
            if p.poll() is None:
                p.kill()
                p.wait()
