"""Running a simulation's games on ``--jobs`` processes: this one and ``jobs - 1`` workers.

Each game's record depends only on the run's arguments and the game's index
(:func:`~cardscript.tools.records.play_game`), so any number of workers gives the same
records; :func:`run_games` hands them on in game-index order as they finish. A worker
builds the card pool and decks again from the same arguments, from the compile cache, and
checks they hash as this process's did. Sending it the compiled decks instead would save
little: their pickle is small (~20 kB) but loading it needs the game's registry built
first (``load_game``), which is most of a worker's start (~0.5 s of CPU, measured on the
Wonders reference decks). Games go to workers in batches, so the cost of a task stays
small beside the games it plays.

Ctrl-C (SIGINT) asks the run to stop: no new batch starts, the running ones finish, and
what finished is handed on; a second Ctrl-C stops at once.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass

from .records import job_of, play_game


@dataclass(frozen=True)
class Work:
    """What a worker needs to play a run's games: plain data, sent once to each worker."""
    game: str
    cards: tuple[str, ...]
    decks: tuple[str, ...] | None
    names: tuple[str, str]
    variants: tuple[str, ...]
    limits: object
    seed: int
    games: int
    cards_data: bool
    deck_hash: str


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

    def __call__(self, signum, frame) -> None:  # the SIGINT handler
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


def run_games(work: Work, pool, decks, todo: list[int], jobs: int, stop: Stop,
              emit: Callable[[list[dict]], None],
              finished: Callable[[int], None] = lambda n: None) -> None:
    """Play the games ``todo`` (ascending indices) on ``jobs`` processes, this one
    included; ``emit`` gets their records in that order (after a stop or a worker's death,
    the finished ones past a gap too), ``finished`` the number of games as each batch ends.

    This process plays the lowest batch not yet handed out, between handing batches to the
    ``jobs - 1`` workers and records on: it starts at once, while they build their pools.
    A run too short to pay for a worker's start (:data:`MIN_GAMES_PER_WORKER` a worker)
    has fewer."""
    jobs = max(1, min(jobs, len(todo) // MIN_GAMES_PER_WORKER + 1))
    size = batch_size(len(todo), jobs)
    batches = [todo[k:k + size] for k in range(0, len(todo), size)]
    workers = min(jobs - 1, len(batches) - 1)

    def here(indices: list[int]) -> list[dict]:
        out = []
        for i in indices:
            if stop.asked:
                break
            out.append(play_game(pool, decks, work.names, i, work.seed, work.variants,
                                 work.limits, work.cards_data))
        finished(len(out))
        return out

    if workers < 1:
        for b in batches:
            emit(here(b))
            if stop.asked:
                return
        return
    ctx = multiprocessing.get_context(
        "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")
    if ctx.get_start_method() == "forkserver":  # the workers start with the engine imported
        ctx.set_forkserver_preload([__name__])
    ex = ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                             initializer=_start_worker, initargs=(work,))
    ready: dict[int, list[dict]] = {}  # finished batches waiting for an earlier one
    running: dict[Future, int] = {}
    nxt = k = 0
    broken: BaseException | None = None

    try:
        while not stop.asked and (k < len(batches) or running):
            mine = k if k < len(batches) else None  # this process: the lowest batch left
            k += mine is not None
            while k < len(batches) and len(running) < 2 * workers:  # keep the workers fed
                running[ex.submit(_play_batch, batches[k])] = k
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
    except BrokenProcessPool as exc:  # a worker died: keep what finished, then say so
        broken = exc
    finally:
        # the workers ignore SIGINT: only this process decides when the run stops
        ex.shutdown(wait=True, cancel_futures=True)
    for b in sorted(ready):
        emit(ready[b])
    if broken is not None:
        raise broken


# -- in a worker process ---------------------------------------------------------------
_WORKER: tuple | None = None


def _start_worker(work: Work) -> None:
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .common import load_decks, pool_with
    pool = pool_with(work.game, work.cards)
    decks = load_decks(pool, list(work.decks) if work.decks else None)
    job = job_of(pool, decks, work.names, work.games, work.seed, work.variants, work.limits)
    if job["deck_hash"] != work.deck_hash:
        raise RuntimeError("a worker built other decks than the run's: a card or deck file "
                           "changed while the run started")
    _WORKER = (pool, decks, work)


def _play_batch(indices: list[int]) -> list[dict]:
    assert _WORKER is not None, "the worker was not started"
    pool, decks, w = _WORKER
    return [play_game(pool, decks, w.names, i, w.seed, w.variants, w.limits, w.cards_data)
            for i in indices]
