"""Running a simulation's games on ``--jobs`` processes: this one and ``jobs - 1`` workers.

Each game's record depends only on the run's arguments and the game's index
(:func:`~cardscript.tools.records.play_game`), so any number of workers gives the same
records; :func:`run_games` hands them on in game-index order as they finish. The workers
(:class:`Workers`) start as soon as the command knows it wants them and build the card pool
and decks again from the same arguments, from the compile cache, while this process builds
its own; each checks that its decks hash as the run's. Sending them the compiled decks
instead would save little: their pickle is small (~20 kB) but loading it needs the game's
registry built first (``load_game``), which is most of a worker's start (~0.8 s of CPU
with the imports, measured on the Wonders reference decks; the cards from the cache add
~0.05 s). Games go to workers in batches, so the cost of a task stays
small beside the games it plays.

Ctrl-C (SIGINT) asks the run to stop: no new batch starts, the running ones finish, and
what finished is handed on; a second Ctrl-C stops at once.

The workers die with this process, however it ends (SIGKILL, the OOM killer): each watches
it (:func:`_die_with`) and exits when it is gone, and the forkserver that forked them and
multiprocessing's resource tracker then end by themselves (each waits until no process
holds its pipe), so a killed run leaves no process behind.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any, Protocol

from cardscript.cardpool import CardPool
from cardscript.limits import Limits

from .common import Decks
from .records import RANDOM, AgentSpec, deck_hash, play_game


class Plan(Protocol):
    """Which decks and agents sit where in a run's games (``cardscript balance``'s
    pairing): plain data, pickled to the workers."""

    def play(self, pool: CardPool, decks: Decks, w: Work, i: int) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Work:
    """What a worker needs to play a run's games: plain data, sent once to each worker."""
    game: str
    cards: tuple[str, ...]
    decks: tuple[str, ...] | None
    names: tuple[str, str]
    variants: tuple[str, ...]
    limits: Limits | None
    seed: int
    games: int
    cards_data: bool
    deck_hash: str
    #: the agents in seat order; paired: games 2k, 2k + 1 share a seed, seats swapped
    agents: tuple[AgentSpec, AgentSpec] = RANDOM
    paired: bool = False
    #: which decks and agents sit where in game ``i``, when the run is not one pair of decks
    #: in fixed seats: an object with ``play(pool, decks, work, i) -> record`` (plain data,
    #: pickled to the workers; ``cardscript balance``'s pairing)
    plan: Plan | None = None


def play_one(pool: CardPool, decks: Decks, w: Work, i: int) -> dict[str, Any]:
    """The record of game ``i`` of the run ``w``: its plan's, or the two decks' in their
    seats with the run's agents."""
    if w.plan is not None:
        return w.plan.play(pool, decks, w, i)
    return play_game(pool, decks, w.names, i, w.seed, w.variants, w.limits, w.cards_data,
                     w.agents, w.paired)


def default_jobs() -> int:
    """The cores this process may use."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return count() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: the fewest games worth a worker: about what a process plays in the time a worker takes to
#: start (import the engine, build the game's registry: ~0.8 s of CPU)
MIN_GAMES_PER_WORKER = 500


def batch_size(games: int, jobs: int) -> int:
    """Games per task: some 8 tasks per worker, so the last ones end close together, and no
    more than 64 games, so progress and Ctrl-C stay prompt (a game takes ~2 ms)."""
    return max(1, min(64, games // (jobs * 8)))


class Stop:
    """Whether Ctrl-C asked the run to stop. The first SIGINT sets it (the run then stops
    between games); the handler then gives way to Python's, so a second one interrupts."""

    def __init__(self) -> None:
        self.asked = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:  # the SIGINT handler
        self.asked = True
        signal.signal(signal.SIGINT, signal.default_int_handler)

    @contextmanager
    def installed(self) -> Iterator[Stop]:
        if threading.current_thread() is not threading.main_thread():
            yield self  # signals reach only the main thread
            return
        previous = signal.signal(signal.SIGINT, self)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous)


class WorkerError(Exception):
    """A worker could not play the run's games (its cards or decks differ, say)."""


class Workers:
    """Worker processes, started as soon as the command knows it will want them: they build
    their card pools (``game``, ``cards``, ``decks``: the command's arguments) while this
    process builds its own. Each batch brings the run's :class:`Work`; a worker checks
    once that its decks hash as the run's."""

    def __init__(self, count: int, game: str, cards: tuple[str, ...],
                 decks: tuple[str, ...] | None):
        ctx = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
            else "spawn")
        if ctx.get_start_method() == "forkserver":  # they start with the engine imported
            ctx.set_forkserver_preload([__name__])
        self.count = count
        self.ex = ProcessPoolExecutor(max_workers=count, mp_context=ctx,
                                      initializer=_start_worker,
                                      initargs=((game, cards, decks), os.getpid()))
        for _ in range(count):  # each submit starts a process
            self.ex.submit(_ready)

    def close(self) -> None:
        # the workers ignore SIGINT: only this process decides when the run stops
        self.ex.shutdown(wait=True, cancel_futures=True)


def workers_for(games: int, jobs: int) -> int:
    """The workers worth starting for ``games`` games on ``jobs`` processes: none for a
    run too short to pay for a worker's start (:data:`MIN_GAMES_PER_WORKER` each)."""
    return max(0, min(jobs - 1, games // MIN_GAMES_PER_WORKER))


def run_games(work: Work, pool: CardPool, decks: Decks, todo: list[int], jobs: int, stop: Stop,
              emit: Callable[[list[dict]], None],
              finished: Callable[[int], None] = lambda n: None,
              workers: Workers | None = None) -> None:
    """Play the games ``todo`` (ascending indices) on ``jobs`` processes, this one
    included; ``emit`` gets their records in that order (after a stop or a worker's death,
    the finished ones past a gap too), ``finished`` the number of games as each batch ends.

    This process plays the lowest batch not yet handed out, between handing batches to the
    workers (``workers``, started early by the caller, or started here) and records on:
    it starts at once, while they build their pools."""
    count = workers.count if workers is not None else workers_for(len(todo), jobs)
    size = batch_size(len(todo), count + 1)
    batches = [todo[k:k + size] for k in range(0, len(todo), size)]

    def here(indices: list[int]) -> list[dict]:
        out = []
        for i in indices:
            if stop.asked:
                break
            out.append(play_one(pool, decks, work, i))
        finished(len(out))
        return out

    if count < 1 or len(batches) < 2:
        for batch in batches:
            emit(here(batch))
            if stop.asked:
                return
        return
    own = workers is None
    if workers is None:
        workers = Workers(count, work.game, work.cards, work.decks)
    ex = workers.ex
    ready: dict[int, list[dict]] = {}  # finished batches waiting for an earlier one
    running: dict[Future, int] = {}
    nxt = k = 0
    broken: BaseException | None = None
    try:
        while not stop.asked and (k < len(batches) or running):
            mine = k if k < len(batches) else None  # this process: the lowest batch left
            k += mine is not None
            while k < len(batches) and len(running) < 2 * count:  # keep the workers fed
                running[ex.submit(_play_batch, work, batches[k])] = k
                k += 1
            if mine is not None:
                ready[mine] = here(batches[mine])
                done: set[Future] = {f for f in running if f.done()}
            else:
                done = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)[0]
            for f in done:
                b = running.pop(f)
                ready[b] = f.result()
                finished(len(ready[b]))
            while nxt in ready:
                emit(ready.pop(nxt))
                nxt += 1
        for f in running:
            f.cancel()
        for f, b in running.items():  # those already playing finish: keep their games
            if not f.cancelled():
                ready[b] = f.result()
                finished(len(ready[b]))
    except (BrokenProcessPool, WorkerError) as exc:  # keep what finished, then say so
        broken = exc
    finally:
        if own:
            workers.close()
    for b in sorted(ready):
        emit(ready[b])
    if broken is not None:
        raise broken


# -- in a worker process ---------------------------------------------------------------
#: the worker's card pool and decks, or why it has none
_WORKER: tuple[CardPool, Decks] | None = None
_PROBLEM = ""
_CHECKED: set[str] = set()


def _start_worker(build: tuple[str, tuple[str, ...], tuple[str, ...] | None],
                  run: int) -> None:
    global _WORKER, _PROBLEM
    _die_with(run)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    game, cards, deck_args = build
    try:
        from .common import load_decks, pool_with
        pool = pool_with(game, cards)
        _WORKER = (pool, load_decks(pool, list(deck_args) if deck_args else None))
    except Exception as exc:  # the run says it (a worker's traceback would say it again)
        _PROBLEM = f"{type(exc).__name__}: {exc}"


def _ready() -> None:
    """A task that starts a worker."""


def _play_batch(w: Work, indices: list[int]) -> list[dict]:
    if _WORKER is None:
        raise WorkerError(f"a worker could not build the run's cards and decks ({_PROBLEM})")
    pool, decks = _WORKER
    if w.deck_hash not in _CHECKED:
        if deck_hash(pool, decks) != w.deck_hash:
            raise WorkerError("a worker built other decks than the run's: a card or deck "
                              "file changed as the run started; run it again")
        _CHECKED.add(w.deck_hash)
    return [play_one(pool, decks, w, i) for i in indices]


#: prctl(2): the signal a process gets when its parent ends (Linux)
_PR_SET_PDEATHSIG = 1
#: how often a worker without pidfds looks whether the run's process is still there
WATCH_INTERVAL = 0.5


def _die_with(run: int) -> None:
    """End this worker when the run's process ``run`` ends, whichever way it ends. Nothing
    else would: a worker waits for its next batch on a queue whose other end every worker
    holds too, so it never sees the run go. Its parent is the forkserver, not the run, so
    the parent-death signal (Linux) covers the forkserver's end; a watchdog thread covers
    the run's."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the watchdog alone
            pass
    threading.Thread(target=_watch, args=(run,), name="cardscript-watchdog",
                     daemon=True).start()


def _watch(run: int) -> None:
    try:
        # a pidfd is readable once its process has ended (Linux 5.3): no polling
        fd = os.pidfd_open(run)
    except ProcessLookupError:
        os._exit(1)  # gone already
    except (AttributeError, OSError):  # not Linux, or an old kernel: poll
        fd = None
    if fd is not None:
        select.select([fd], [], [])
        os._exit(1)
    while True:
        try:
            os.kill(run, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # another user's: the run's number was given again
            os._exit(1)
        time.sleep(WATCH_INTERVAL)
