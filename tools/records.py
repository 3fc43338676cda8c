"""Game records of ``cardscript simulate``: one JSON object per game (docs/simulate.md).

:func:`play_game` plays one game of a run and returns its record; with per-card data it
watches the game's log as it is written (:class:`CardTally`), asking the game what each
entry means for its cards (:meth:`cardscript.game.Game.card_events`), and counts the
abilities that reached resolution from the core's own entries. :class:`RecordFile` writes
the records as JSON Lines, with a sidecar naming the job they belong to, and reads them
back to resume a run. What it reads back is untrusted input (a file edited, damaged, or
made by someone else): each record is checked against its schema (:class:`Record`, the
sidecar's :class:`Job`) and against the job before any game is played, through the one
reader of JSON (:mod:`cardscript.jsonfile`); the file is locked for the run, and the files
beside it are written under a random name and renamed into place.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import stat
import tempfile
import traceback
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, BinaryIO, Literal

from cardscript import jsonfile
from cardscript.agents import make_agent
from cardscript.cardpool import CardPool
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.game import Game
from cardscript.limits import Limits
from cardscript.loader import file_kind
from cardscript.save import engine_version
from pydantic import ConfigDict, Field

from .common import Decks, UsageError

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # not on POSIX
    fcntl = None

#: the version of the records' shape (the sidecar's ``format``)
Format = Literal["cardscript-simulate-records/1"]
FORMAT: Format = "cardscript-simulate-records/1"
#: the core's log entries of an ability reaching resolution (core/resolve.py): resolved,
#: or failed there (its target gone, its text blank)
RESOLUTION = frozenset({"resolve", "fizzle"})


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


#: an agent as a run names it: its registry name and its options, as sorted (key, value) pairs
AgentSpec = tuple[str, tuple[tuple[str, object], ...]]
RANDOM: tuple[AgentSpec, AgentSpec] = (("random", ()), ("random", ()))


def agent_label(spec: AgentSpec) -> str:
    """How records and summaries name an agent: ``greedy``, ``mcts(ms=50)``."""
    name, options = spec
    return name if not options else name + "(" + ",".join(f"{k}={v}" for k, v in options) + ")"


def seating(i: int, seed: int, agents: tuple[AgentSpec, AgentSpec],
            paired: bool) -> tuple[int, tuple[AgentSpec, AgentSpec]]:
    """Game ``i``'s seed and its agents in seat order. Paired (an agent strength run), games
    ``2k`` and ``2k + 1`` share a seed and swap the agents' seats."""
    if not paired:
        return game_seed(seed, i), agents
    return game_seed(seed, i // 2), agents if i % 2 == 0 else (agents[1], agents[0])


class CardTally(list[tuple]):
    """A game's log that also counts, per player and card id, what its entries mean
    (:meth:`~cardscript.game.Game.card_events`) as they are appended. A copy of the game
    (``clone``) gets a plain list: a search's games keep no records."""

    __slots__ = ("game", "counts", "abilities", "first")

    def __init__(self, game: Game) -> None:
        super().__init__(game.log)
        self.game = game
        #: (player index, card id) -> metric -> count
        self.counts: dict[tuple[int, str], dict[str, int]] = {}
        #: (player index, card id, ability) -> times it reached resolution
        self.abilities: dict[tuple[int, str, str], int] = {}
        self.first: int | None = None
        game.log = self

    def append(self, entry: tuple) -> None:
        list.append(self, entry)
        g = self.game
        if entry[0] in RESOLUTION:
            t = g.resolver.current
            if t is not None and t.source.proto.id == entry[1]:  # the owner's card did it
                p = t.source.owner.index
                self._count(p, entry[1], "triggered")
                key = (p, entry[1], entry[2])
                self.abilities[key] = self.abilities.get(key, 0) + 1
            return
        for metric, player, card in g.card_events(entry):
            if metric == "first":
                self.first = player
            else:
                self._count(player, card, metric)

    def _count(self, player: int, card: str, metric: str) -> None:
        counts = self.counts.setdefault((player, card), {})
        counts[metric] = counts.get(metric, 0) + 1

    def rows(self, names: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        """The record's ``cards`` (a row per player and card id the game counted, every
        metric the game reports, zeros too) and ``abilities`` (a row per ability that
        reached resolution): lists of flat rows, the shape tables unnest."""
        metrics = (*self.game.CARD_METRICS, "triggered")
        cards = [{"player": p, "deck": names[p], "card": c,
                  **{m: counts.get(m, 0) for m in metrics}}
                 for (p, c), counts in sorted(self.counts.items())]
        abilities = [{"player": p, "deck": names[p], "card": c, "ability": a, "count": n}
                     for (p, c, a), n in sorted(self.abilities.items())]
        return {"cards": cards, "abilities": abilities}


def play_game(pool: CardPool, decks: Decks, names: tuple[str, str], i: int, seed: int,
              variants: Iterable[str] = (), limits: Limits | None = None, cards: bool = False,
              agents: tuple[AgentSpec, AgentSpec] = RANDOM,
              paired: bool = False) -> dict[str, Any]:
    """Play game ``i`` of a run and return its record (the same for the same arguments,
    whichever process plays it). A crash is recorded as an error, with its traceback.
    ``agents`` play in seat order (:func:`seating`), each with its own seed."""
    s, seats = seating(i, seed, agents, paired)
    (_, deck_a), (_, deck_b) = decks
    rec: dict[str, Any] = {"index": i, "seed": s, "game": pool.spec.name, "decks": list(names),
                 "agents": [agent_label(a) for a in seats]}
    tally: CardTally | None = None
    try:
        g = pool.spec.game_class([list(deck_a), list(deck_b)], s, tokens=pool.tokens,
                                 variants=variants, deck_names=names, limits=limits)
        if cards:
            tally = CardTally(g)
        g.play([make_agent(name, 2 * s + 1 + k, dict(options))
                for k, (name, options) in enumerate(seats)])
    except Exception as exc:  # a crash is a finding, not the end of the run
        rec.update(first=None, winner=None, outcome="error",
                   how=f"{type(exc).__name__}: {exc}", rounds=None, decisions=None,
                   traceback=traceback.format_exc())
        return rec
    how = g.error
    if how is None:  # the game's own reason: its last ("game_over", winner, how)
        how = next((e[2] for e in reversed(g.log) if e[0] == "game_over" and len(e) > 2),
                   None)
    rec.update(first=names[tally.first] if tally and tally.first is not None else None,
               winner=names[g.winner.index] if g.winner is not None else None,
               outcome=g.outcome, how=how, rounds=g.rounds, decisions=len(g.choices))
    if tally is not None:
        rec.update(tally.rows(names))
    return rec


def job_of(pool: CardPool, decks: Decks, names: tuple[str, str], games: int, seed: int,
           variants: Iterable[str], limits: Limits | None,
           agents: tuple[AgentSpec, AgentSpec] = RANDOM,
           paired: bool = False) -> dict[str, Any]:
    """What a run's records belong to: the sidecar of its ``--out`` file. The decks are
    hashed by their cards' compiled content (and the set's tokens), so an edited card is a
    different job; so is another version of the engine."""
    return {"format": FORMAT, "game": pool.spec.name, "decks": list(names),
            "deck_hash": deck_hash(pool, decks), "engine": engine_version(), "games": games,
            "seed": seed, "variants": sorted(variants), "agents": [agent_label(a) for a in agents],
            **({"paired": True} if paired else {}),
            "limits": limits.as_dict() if limits is not None else None,
            "card_metrics": [*pool.spec.game_class.CARD_METRICS, "triggered"]}


def deck_hash(pool: CardPool, decks: Decks) -> str:
    """A hash of the decks' cards, by their compiled content, and of the set's tokens."""
    h = hashlib.blake2b(digest_size=16)
    for _, cards in decks:
        h.update(b"\0deck")
        for c in cards:
            h.update(f"{c.id}:{c.digest}\n".encode())
    for tid in sorted(pool.tokens):
        h.update(f"token {tid}:{pool.tokens[tid].digest}\n".encode())
    return h.hexdigest()


# -- the record file ----------------------------------------------------------------------
# Records and their sidecar are read back as untrusted input (a run resumed): through the
# one reader (cardscript.jsonfile), every line checked against the schemas below before any
# game is played. The file is claimed with a lock for the whole run, so two runs never write
# it at once; side files are written under a random name and renamed into place, so nothing
# planted beside the file (a link) is ever written through.

#: a count in a record (rounds, decisions, a card's metric): a 64-bit integer, as DuckDB,
#: polars and pandas read them, and small enough that a summary's mean of them is a float
Count = Annotated[int, Field(ge=0, le=2**63 - 1)]
#: a seat: player A (0) or player B (1)
Seat = Annotated[int, Field(ge=0, le=1)]
#: the decks' or the agents' names, by seat
Pair = Annotated[list[str], Field(min_length=2, max_length=2)]


class CardRow(jsonfile.Document):
    """A row of a record's ``cards``: one player's card, and the game's metrics for it by
    name (its ``CARD_METRICS`` and ``triggered``), each a count."""

    model_config = ConfigDict(extra="allow", strict=True)
    __pydantic_extra__: dict[str, Count]

    player: Seat
    deck: str
    card: str


class AbilityRow(jsonfile.Document):
    """A row of a record's ``abilities``: how often one ability reached resolution."""

    player: Seat
    deck: str
    card: str
    ability: str
    count: Count


class Record(jsonfile.Document):
    """One game's record, as :func:`play_game` writes it (docs/simulate.md, Records)."""

    index: Count
    seed: int
    game: str
    decks: Pair
    agents: Pair
    first: str | None
    winner: str | None
    outcome: Literal["win", "draw", "error"]
    how: str | None
    rounds: Count | None
    decisions: Count | None
    #: a crashed game only
    traceback: str | None = None
    #: per-card data (every ``--out`` run), but for a crashed game
    cards: list[CardRow] | None = None
    abilities: list[AbilityRow] | None = None


class Job(jsonfile.Document):
    """A run's sidecar ``FILE.job.json``, as :func:`job_of` makes it."""

    format: Format
    game: str
    decks: Pair
    deck_hash: str
    engine: str
    games: Annotated[int, Field(ge=1)]
    seed: int
    variants: list[str]
    agents: Pair
    paired: bool = False
    limits: dict[str, Count] | None
    card_metrics: list[str]


RECORD = "a game record"
JOB = "the job of a `cardscript simulate` run"
#: the longest line read back as a record: far above any record written (a game's per-card
#: rows take some 10 kB), yet a bound on what one line may cost to read
MAX_RECORD = 16 << 20


def not_of_job(rec: Record, job: Job, seen: dict[int, int]) -> str | None:
    """Why the record ``rec`` (well formed) is not one of the job's, or None: its index out
    of range or seen before (``seen``: game index -> line), another game, decks, seed or
    agents than the job plays at that index, a winner that is not one of its decks, or
    rows whose metrics are not the job's. What the summary adds up (winners, rounds) is
    then sure to be there."""
    i = rec.index
    if i >= job.games:
        return f"game {i} is out of range (the job has {job.games} games)"
    if i in seen:
        return f"a second record of game {i} (the first is on line {seen[i]})"
    seed = game_seed(job.seed, i // 2 if job.paired else i)
    agents = job.agents if not job.paired or i % 2 == 0 else job.agents[::-1]
    for name, found, expected in (("game", rec.game, job.game), ("decks", rec.decks, job.decks),
                                  ("seed", rec.seed, seed), ("agents", rec.agents, agents)):
        if found != expected:
            return f"game {i} has {name} {_short(expected)} in this job, not {_short(found)}"
    for name, deck in (("winner", rec.winner), ("first", rec.first)):
        if deck is not None and deck not in job.decks:
            return f"{name} {_short(deck)} is not one of the job's decks"
    if (rec.outcome == "win") != (rec.winner is not None):
        return f"a {rec.outcome} with winner {_short(rec.winner)}"
    if rec.outcome != "error" and (rec.rounds is None or rec.decisions is None):
        return f"a {rec.outcome} without its rounds and decisions"
    metrics = set(job.card_metrics)
    for k, row in enumerate(rec.cards or ()):
        if row.deck != job.decks[row.player]:
            return f"cards.{k}: player {row.player}'s deck is {_short(job.decks[row.player])}"
        if set(row.model_extra or ()) != metrics:
            return f"cards.{k}: the metrics are not the job's ({', '.join(job.card_metrics)})"
    for k, ab in enumerate(rec.abilities or ()):
        if ab.deck != job.decks[ab.player]:
            return f"abilities.{k}: player {ab.player}'s deck is {_short(job.decks[ab.player])}"
    return None


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".job.json")


class InUse(OSError):
    """The record file is another run's: that run holds its lock (exit 1)."""


class RecordFile:
    """The ``--out`` file of a run: JSON Lines, one record per game, and its sidecar
    ``FILE.job.json`` naming the job. Made, it holds the file's lock until :meth:`close`
    (a second run on the file is refused at once, :class:`InUse`); :meth:`open` reads the
    records already there (a run resumed), after checking they are the job's."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.fd, self.created = _claim(self.path)
        self.file: BinaryIO | None = None  # for appending, once open
        #: the file is as an uninterrupted run writes it: its records in game-index order,
        #: each on a line as written, nothing else
        self.tidy = True
        self.last = -1
        self.size = 0  # the file's length: where the next record goes
        #: (game index, offset, length) of each record in the file, to sort it at the end
        self.where: list[tuple[int, int, int]] = []

    def open(self, job: dict) -> dict[int, dict]:
        """The records already in the file, by game index (without their per-card data);
        the file is then open for appending. A torn last line (a run killed while writing
        it) is cut off; anything else that is not the job's records is refused (every
        problem at its ``file:line:col``, CardError), and nothing is written."""
        found: dict[int, dict] = {}
        side = sidecar(self.path)
        st = os.fstat(self.fd)
        if st.st_size:
            if not os.path.lexists(side):
                raise UsageError(f"--out {self.path}: the file exists and has no "
                                 f"{side.name} naming its job; choose another file or "
                                 "delete it")
            found = self._read(self._check_job(side, job))
        else:
            _write_beside(side, (json.dumps(job, indent=1) + "\n").encode(),
                          stat.S_IMODE(st.st_mode))
        self.file = open(self.fd, "ab", closefd=False)  # noqa: SIM115 - kept open
        return found

    def _check_job(self, side: Path, job: dict) -> Job:
        old = jsonfile.load(side, Job, JOB)
        new = Job.model_validate(job)
        diff = [f"{k}: {_short(a)} there, {_short(b)} here" for k in Job.model_fields
                if (a := getattr(old, k)) != (b := getattr(new, k))]
        if diff:
            raise UsageError(f"--out {self.path} holds the records of another job ("
                             + "; ".join(diff) + "); resume with that job's arguments, or "
                             "choose another file")
        return new

    def _read(self, job: Job) -> dict[int, dict]:
        p = str(self.path)
        found: dict[int, dict] = {}
        seen: dict[int, int] = {}  # game index -> line
        problems: list[Diagnostic] = []
        bad = 0  # lines refused
        end = 0  # the end of the last whole line
        try:
            for n, offset, raw in jsonfile.lines(p, RECORD, MAX_RECORD):
                if not raw.endswith(b"\n"):
                    break  # a record torn as a killed run wrote it: cut off below
                end = offset + len(raw)
                if not raw.strip():  # a blank line (an edit): left out when the run completes
                    self.tidy = False
                    continue
                try:
                    value = jsonfile.parse(raw, p, RECORD, n)
                    rec = jsonfile.check(value, Record, p, RECORD, n)
                    why = not_of_job(rec, job, seen)
                    if why is not None:
                        raise CardError([Diagnostic(Position(p, n, 1),
                                                    f"not a record of this job: {why}",
                                                    "CS105")])
                except CardError as exc:
                    bad += 1
                    if bad <= jsonfile.MAX_REPORTED:
                        problems.extend(exc.diagnostics)
                    elif bad == jsonfile.MAX_REPORTED + 1:
                        more = Position(p, n, 1)
                    continue
                i = rec.index
                if raw.startswith(_BOM):  # an editor's, read as jsonfile reads a first line
                    offset, raw = offset + len(_BOM), raw[len(_BOM):]
                    self.tidy = False
                if i < self.last or raw != raw.strip() + b"\n":  # out of order, or padded
                    self.tidy = False
                self.last = i
                seen[i] = n
                value.pop("cards", None)  # the summary needs none of them
                value.pop("abilities", None)
                found[i] = value
                self.where.append((i, offset, len(raw)))
        except CardError as exc:  # a line too long to read: no more of the file is
            problems.extend(exc.diagnostics)
        if bad > jsonfile.MAX_REPORTED:
            problems.append(Diagnostic(more, f"and {bad - jsonfile.MAX_REPORTED} more lines "
                                       "that are not records of this job", "CS105"))
        if problems:
            raise CardError(problems)
        if end < os.fstat(self.fd).st_size:
            os.ftruncate(self.fd, end)
        self.size = end
        return found

    def write(self, rec: dict) -> None:
        if rec["index"] < self.last:
            self.tidy = False
        self.last = rec["index"]
        line = (json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        assert self.file is not None, "RecordFile.open first"
        self.file.write(line)
        self.where.append((rec["index"], self.size, len(line)))
        self.size += len(line)

    def flush(self) -> None:
        if self.file is not None:
            self.file.flush()

    def close(self, complete: bool) -> None:
        """Close the file, and let its lock go; a complete run whose file is not as an
        uninterrupted run writes it (a resumed one: records out of order, or an edited
        file's blank lines) is rewritten in game-index order first, a record a line. Closing
        again does nothing."""
        if self.fd < 0:
            return
        try:
            if self.file is not None:
                self.file.close()  # written out: the fd stays open, and locked
                if complete and not self.tidy:
                    self._rewrite_in_order()
            elif self.created and _same_file(self.fd, self.path) \
                    and os.fstat(self.fd).st_size == 0:
                os.unlink(self.path)  # made by this run, which stopped before its first game
        finally:
            os.close(self.fd)
            self.fd = -1

    def _rewrite_in_order(self) -> None:
        # the records as this run checked and wrote them, copied from the locked file
        self.where.sort()
        mode = stat.S_IMODE(os.fstat(self.fd).st_mode)

        def fill(f: BinaryIO) -> None:
            for _, offset, length in self.where:
                f.write(_read_at(self.fd, offset, length).strip() + b"\n")
        _write_beside(self.path, fill, mode)


def _short(v: object) -> str:
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


_BOM = "\ufeff".encode()
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FLAGS = os.O_RDWR | os.O_APPEND | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) \
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO put there after the check never blocks


def _claim(path: Path) -> tuple[int, bool]:
    """The record file open for reading and appending, created if there is none, and locked
    (:func:`fcntl.flock`: other runs', released when this process ends, however it ends);
    whether it was created. Anything there but a regular file is refused (CardError)."""
    p = os.fspath(path)
    for _ in range(5):
        fd, created = _open_records(p)
        try:
            if not _lock(fd, p):
                raise InUse(errno.EAGAIN, "another run is writing these records (it holds the "
                            "file's lock); wait for it to end, or choose another file", p)
            # a run ending as this one starts may rename its records, sorted, into place (or
            # remove the empty file it made) after this opened the name: then what is locked
            # is not the file, and the name is opened again
            if _same_file(fd, path):
                return fd, created
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    raise InUse(errno.EAGAIN, "the file keeps being replaced as this run opens it", p)


def _open_records(p: str) -> tuple[int, bool]:
    try:
        st: os.stat_result | None = os.stat(p)
    except FileNotFoundError:
        st = None
    if st is not None and (kind := file_kind(st.st_mode)):  # opening a device may do things
        raise _cannot_write(p, f"{kind}, not a regular file")
    try:
        # a new file: O_EXCL | O_NOFOLLOW, so a link to nothing is never followed
        fd = os.open(p, _FLAGS | (os.O_CREAT | os.O_EXCL | _NOFOLLOW if st is None else 0),
                     0o666)
    except FileExistsError:
        if os.path.islink(p) and not os.path.exists(p):
            raise _cannot_write(p, "a link to a file that does not exist") from None
        return _open_records(p)  # another run made it just now
    kind = file_kind(os.fstat(fd).st_mode)
    if kind:  # put there since the check
        os.close(fd)
        raise _cannot_write(p, f"{kind}, not a regular file")
    return fd, st is None


def _cannot_write(path: str, why: str) -> CardError:
    return CardError([Diagnostic(Position(path, 1, 1), f"cannot write file: {why}", "CS002")])


def _lock(fd: int, path: str) -> bool:
    if fcntl is None:  # not on POSIX: one run at a time on a file is the user's care
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:  # a file system without locks
        raise OSError(exc.errno, f"cannot lock it: {exc.strerror}", path) from None
    return True


def _same_file(fd: int, path: str | Path) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _read_at(fd: int, offset: int, length: int) -> bytes:
    chunks = []
    while length:
        chunk = os.pread(fd, length, offset)
        if not chunk:
            raise OSError(errno.EIO, "the record file got shorter as it was rewritten")
        chunks.append(chunk)
        offset += len(chunk)
        length -= len(chunk)
    return b"".join(chunks)


def _write_beside(path: Path, data: bytes | Callable[[BinaryIO], None], mode: int) -> None:
    """Write the file ``path`` whole, atomically and never through a link: into a file
    created exclusively under a random name in its folder (``mkstemp``: O_CREAT | O_EXCL |
    O_NOFOLLOW), flushed to disk, then renamed over ``path`` (a link there is replaced, its
    target untouched). ``mode``: its permissions."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, "wb") as f:
            os.fchmod(fd, mode)
            if callable(data):
                data(f)
            else:
                f.write(data)
            f.flush()
            os.fsync(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
