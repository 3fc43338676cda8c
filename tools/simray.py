"""Running a simulation's games as tasks on a Ray cluster: ``simulate --backend ray``.

The same job as :mod:`cardscript.tools.simjobs` (the same :class:`~.simjobs.Work`, the same
:func:`~cardscript.tools.records.play_game` per game index), on an existing engine for
scale-out: each task plays a batch of games and returns their records; this process hands
them on in game-index order, as the local backend does, so the summary and the ``--out``
file are the same, byte for byte. A worker process builds the card pool and decks once, from
the run's arguments (the compile cache helps), and keeps them for the run's other batches
(:func:`_prepared`, keyed by the arguments); it checks once that its decks hash as the
run's and that it runs the same engine, so a node with other card files or another version
of cardscript stops the run with a clear error instead of playing other games.

A worker that dies (killed, out of memory, its node lost) loses no game and duplicates
none: Ray runs its task again (``max_retries``), and a batch's records arrive once, as the
result of its task, keyed by their game indices; a task that keeps dying stops the run
after the finished batches are handed on.

Ray is an optional extra (``pip install 'cardscript[ray]'``): only this module imports it,
and only when a run asks for it, so the rest of the tool starts without it.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable
from typing import Any

from cardscript.cardpool import CardPool

from .common import Decks, UsageError
from .records import deck_hash
from .simjobs import Stop, Work, WorkerError, play_one

INSTALL = "pip install 'cardscript[ray]'"
#: times Ray runs a batch again whose worker died before the run gives up
MAX_RETRIES = 3
#: a test hook (tests/cli/test_simulate_ray.py): "INDEX:PATH" makes the worker that plays
#: game INDEX die (``os._exit``) after playing its batch, the first time only (it creates
#: PATH, which must not exist), as a worker killed mid-batch does
DIE_ONCE = "CARDSCRIPT_TEST_RAY_DIE_ONCE"


class BackendError(Exception):
    """Ray is not there, or the run can't reach its cluster (exit 1, no traceback)."""


def import_ray() -> Any:
    """The ``ray`` module (an optional extra: Any to the type checker, installed or not)."""
    try:
        import ray
    except ImportError:
        raise UsageError("--backend ray needs Ray, which is not installed here; install "
                         f"it with: {INSTALL}") from None
    return ray


def batch_size(games: int, cpus: int) -> int:
    """Games per task: some 8 tasks per CPU, so the last ones end close together, but no
    fewer than 32 games, so scheduling a task and returning its records costs little beside
    its games (measured on one machine, docs/simulate.md: 30-40% for 1 game, 6-17% for 16,
    nothing measurable from 32), and no more than 256, so progress and Ctrl-C stay prompt
    (~0.5 s)."""
    return max(32, min(256, games // (cpus * 8)))


class RayWorkers:
    """A connection to a Ray cluster (started here on this machine without ``address``, with
    ``cpus`` CPUs), made as soon as the command knows it wants one: a task per CPU then
    builds the card pool and decks (``game``, ``cards``, ``decks``: the command's
    arguments) in the workers while this process builds its own."""

    def __init__(self, address: str | None, cpus: int, game: str, cards: tuple[str, ...],
                 decks: tuple[str, ...] | None):
        ray = self.ray = import_ray()
        self.started = not ray.is_initialized()
        # Ray prints its cluster's news (a worker died, its task runs again) on sys.stdout,
        # where the command's summary goes (--json): to stderr while the run has Ray
        self.news = contextlib.redirect_stdout(sys.stderr)
        self.news.__enter__()
        try:
            if self.started:
                # no address: a Ray of its own for the run, even beside a `ray start` one
                local = address is None and not os.environ.get("RAY_ADDRESS")
                try:
                    ray.init(address="local" if local else address,
                             include_dashboard=False if local else None,
                             num_cpus=cpus if local else None, logging_level=logging.ERROR,
                             log_to_driver=False)
                except (ConnectionError, ValueError, RuntimeError) as exc:
                    where = f"at {address}" if address else "on this machine"
                    raise BackendError(f"could not start or reach Ray {where}: {exc}") \
                        from None
            self.cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            # workers build their pools meanwhile; their errors come with the first batch
            prepare = ray.remote(_prepare).options(max_retries=MAX_RETRIES)
            self.warming = [prepare.remote(game, cards, decks) for _ in range(self.cpus)]
        except BaseException:
            self.close()
            raise

    def run(self, work: Work, todo: list[int], stop: Stop,
            emit: Callable[[list[dict]], None],
            finished: Callable[[int], None] = lambda n: None) -> None:
        """Play the games ``todo`` (ascending indices) as Ray tasks; ``emit`` gets their
        records in that order (after a stop or a batch that kept failing, the finished ones
        past a gap too), ``finished`` the number of games as each batch ends. Some two
        batches per CPU are out at a time: after Ctrl-C they finish and no other starts."""
        ray = self.ray
        from cardscript.save import engine_version
        engine = engine_version()
        play = ray.remote(_play_batch).options(max_retries=MAX_RETRIES,
                                               retry_exceptions=False)
        size = batch_size(len(todo), self.cpus)
        batches = [todo[k:k + size] for k in range(0, len(todo), size)]
        die = _die_once(batches)
        ready: dict[int, list[dict]] = {}  # finished batches waiting for an earlier one
        running: dict[Any, int] = {}  # ObjectRef -> batch
        nxt = k = 0
        broken: WorkerError | None = None
        try:
            while running or (k < len(batches) and not stop.asked):
                while not stop.asked and k < len(batches) and len(running) < 2 * self.cpus:
                    running[play.remote(work, engine, batches[k], die.get(k, ""))] = k
                    k += 1
                done, _ = ray.wait(list(running), num_returns=1, timeout=0.2)
                for ref in done:
                    b = running.pop(ref)
                    ready[b] = self._result(ref, batches[b])
                    finished(len(ready[b]))
                while nxt in ready:
                    emit(ready.pop(nxt))
                    nxt += 1
        except WorkerError as exc:  # keep what finished, then say so
            broken = exc
            # the batches out finish (a batch is short: batch_size) and are kept. Not
            # cancelled: Ray cancels a running task with a KeyboardInterrupt inside it,
            # which can land while a fresh worker builds its pool and leave that worker
            # broken for the next run on the same cluster
            for ref, b in running.items():
                with contextlib.suppress(WorkerError):
                    ready[b] = self._result(ref, batches[b])
                    finished(len(ready[b]))
        for b in sorted(ready):
            emit(ready[b])
        if broken is not None:
            raise broken

    def _result(self, ref: Any, batch: list[int]) -> list[dict]:
        ray = self.ray
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the task raised: say what, not where
            cause = exc.cause
            if isinstance(cause, WorkerError):
                raise WorkerError(str(cause)) from None
            raise WorkerError(f"{type(cause).__name__}: {cause}") from None
        except ray.exceptions.RayError as exc:  # its worker or node kept dying
            raise WorkerError(f"the Ray task of games {batch[0]}-{batch[-1]} failed "
                              f"{MAX_RETRIES + 1} times ({type(exc).__name__})") from None

    def close(self) -> None:
        try:
            if self.started:
                self.ray.shutdown()
        finally:
            self.news.__exit__(None, None, None)


def _die_once(batches: list[list[int]]) -> dict[int, str]:
    """The test hook :data:`DIE_ONCE`: the batch that holds its game -> its PATH."""
    hook = os.environ.get(DIE_ONCE)
    if not hook:
        return {}
    index, _, path = hook.partition(":")
    return {b: path for b, games in enumerate(batches) if int(index) in games}


# -- in a Ray worker process ----------------------------------------------------------
#: (game, cards, decks) -> the pool and decks built from them
_BUILT: dict[tuple, tuple[CardPool, Decks]] = {}
#: the (arguments, deck hash, engine version) this worker checked it plays
_CHECKED: set[tuple] = set()


def _prepare(game: str, cards: tuple[str, ...], decks: tuple[str, ...] | None) -> None:
    """A task that builds a worker's pool and decks ahead of its first batch."""
    _prepared(game, cards, decks)


def _prepared(game: str, cards: tuple[str, ...],
              decks: tuple[str, ...] | None) -> tuple[CardPool, Decks] | str:
    key = (game, cards, decks)
    if key not in _BUILT:  # only a pool that was built is kept: a failure is asked again
        try:
            from .common import load_decks, pool_with, require_paths
            require_paths(cards, "--cards")  # on this node (a missing folder adds no card)
            pool = pool_with(game, cards)
            _BUILT[key] = (pool, load_decks(pool, list(decks) if decks else None))
        except Exception as exc:  # the run says it (a worker's traceback would say it again)
            return f"{type(exc).__name__}: {exc}"
    return _BUILT[key]


def _play_batch(w: Work, engine: str, indices: list[int], die_once: str) -> list[dict]:
    built = _prepared(w.game, w.cards, w.decks)
    if isinstance(built, str):
        raise WorkerError(f"a Ray worker could not build the run's cards and decks ({built});"
                          " the package and the card files must be on every node")
    pool, decks = built
    checked = (w.game, w.cards, w.decks, w.deck_hash, engine)
    if checked not in _CHECKED:
        from cardscript.save import engine_version
        if engine_version() != engine:
            raise WorkerError("a Ray worker runs another version of cardscript than this "
                              "process: install the same one on every node")
        if deck_hash(pool, decks) != w.deck_hash:
            raise WorkerError("a Ray worker built other decks than the run's: the card or "
                              "deck files differ on its node, or changed as the run started")
        _CHECKED.add(checked)
    records = [play_one(pool, decks, w, i) for i in indices]
    if die_once:
        try:
            os.close(os.open(die_once, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os._exit(1)  # as a worker killed mid-batch: its games played, none returned
    return records
