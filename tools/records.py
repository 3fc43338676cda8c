"""Game records of ``cardscript simulate``: one JSON object per game (docs/simulate.md).

:func:`play_game` plays one game of a run and returns its record; with per-card data it
watches the game's log as it is written (:class:`CardTally`), asking the game what each
entry means for its cards (:meth:`cardscript.game.Game.card_events`), and counts the
abilities that reached resolution from the core's own entries. :class:`RecordFile` writes
the records as JSON Lines, with a sidecar naming the job they belong to, and reads them
back to resume a run.
"""
from __future__ import annotations

import hashlib
import json
import os
import traceback
from pathlib import Path

from cardscript.agents import make_agent
from cardscript.save import engine_version

from .common import UsageError

#: the version of the records' shape (the sidecar's ``format``)
FORMAT = "cardscript-simulate-records/1"
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


class CardTally(list):
    """A game's log that also counts, per player and card id, what its entries mean
    (:meth:`~cardscript.game.Game.card_events`) as they are appended. A copy of the game
    (``clone``) gets a plain list: a search's games keep no records."""

    __slots__ = ("game", "counts", "abilities", "first")

    def __init__(self, game) -> None:
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

    def rows(self, names) -> dict[str, list[dict]]:
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


def play_game(pool, decks, names: tuple[str, str], i: int, seed: int, variants=(),
              limits=None, cards: bool = False, agents: tuple[AgentSpec, AgentSpec] = RANDOM,
              paired: bool = False) -> dict:
    """Play game ``i`` of a run and return its record (the same for the same arguments,
    whichever process plays it). A crash is recorded as an error, with its traceback.
    ``agents`` play in seat order (:func:`seating`), each with its own seed."""
    s, seats = seating(i, seed, agents, paired)
    (_, deck_a), (_, deck_b) = decks
    rec: dict = {"index": i, "seed": s, "game": pool.spec.name, "decks": list(names),
                 "agents": [agent_label(a) for a in seats]}
    tally = None
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
               outcome=g.outcome, how=how, rounds=g.round, decisions=len(g.choices))
    if tally is not None:
        rec.update(tally.rows(names))
    return rec


def job_of(pool, decks, names, games: int, seed: int, variants, limits,
           agents: tuple[AgentSpec, AgentSpec] = RANDOM, paired: bool = False) -> dict:
    """What a run's records belong to: the sidecar of its ``--out`` file. The decks are
    hashed by their cards' compiled content (and the set's tokens), so an edited card is a
    different job; so is another version of the engine."""
    return {"format": FORMAT, "game": pool.spec.name, "decks": list(names),
            "deck_hash": deck_hash(pool, decks), "engine": engine_version(), "games": games,
            "seed": seed, "variants": sorted(variants), "agents": [agent_label(a) for a in agents],
            **({"paired": True} if paired else {}),
            "limits": limits.as_dict() if limits is not None else None,
            "card_metrics": [*pool.spec.game_class.CARD_METRICS, "triggered"]}


def deck_hash(pool, decks) -> str:
    """A hash of the decks' cards, by their compiled content, and of the set's tokens."""
    h = hashlib.blake2b(digest_size=16)
    for _, cards in decks:
        h.update(b"\0deck")
        for c in cards:
            h.update(f"{c.id}:{c.digest}\n".encode())
    for tid in sorted(pool.tokens):
        h.update(f"token {tid}:{pool.tokens[tid].digest}\n".encode())
    return h.hexdigest()


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".job.json")


class RecordFile:
    """The ``--out`` file of a run: JSON Lines, one record per game, and its sidecar
    ``FILE.job.json`` naming the job. :meth:`open` reads the records already there (a run
    resumed), after checking they are this job's."""

    def __init__(self, path: str | Path, job: dict):
        self.path = Path(path)
        self.job = job
        self.file = None
        self.ordered = True  # the records in the file are in game-index order
        self.last = -1

    def open(self) -> dict[int, dict]:
        """The records already in the file, by game index (without their per-card data);
        the file is then open for appending. A torn last line (a run killed while writing)
        is cut off; anything else that is not this job's records is refused."""
        found: dict[int, dict] = {}
        side = sidecar(self.path)
        if self.path.exists() and self.path.stat().st_size:
            if not side.exists():
                raise UsageError(f"--out {self.path}: the file exists and has no "
                                 f"{side.name} naming its job; choose another file or "
                                 "delete it")
            self._check_job(side)
            found = self._read()
        else:
            tmp = side.with_name(side.name + ".tmp")
            tmp.write_text(json.dumps(self.job, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, side)
        self.file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
        return found

    def _check_job(self, side: Path) -> None:
        try:
            old = json.loads(side.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise UsageError(f"{side}: not a job description ({exc})") from None
        if not isinstance(old, dict) or old.get("format") != FORMAT:
            raise UsageError(f"{side}: not the job of a `cardscript simulate` run "
                             f"(format {FORMAT})")
        diff = [f"{k}: {_short(old.get(k))} there, {_short(v)} here"
                for k, v in self.job.items() if old.get(k) != v]
        if diff:
            raise UsageError(f"--out {self.path} holds the records of another job ("
                             + "; ".join(diff) + "); resume with that job's arguments, or "
                             "choose another file")

    def _read(self) -> dict[int, dict]:
        found: dict[int, dict] = {}
        games = self.job["games"]
        with open(self.path, "rb") as f:
            data = f.read()
        good = 0  # the end of the last whole record
        lines = data.split(b"\n")
        # what follows the last newline is empty, or a record torn as a killed run wrote it
        for n, line in enumerate(lines[:-1], 1):
            if not line.strip():
                good += len(line) + 1
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                rec = None
            if not isinstance(rec, dict) or not isinstance(rec.get("index"), int):
                raise UsageError(f"{self.path}:{n}: not a game record of this run")
            i = rec["index"]
            if not 0 <= i < games or i in found:
                what = "a second record of" if i in found else "out of range:"
                raise UsageError(f"{self.path}:{n}: {what} game {i} (the job has "
                                 f"{games} games)")
            if i < self.last:
                self.ordered = False
            self.last = i
            rec.pop("cards", None)
            rec.pop("abilities", None)
            found[i] = rec
            good += len(line) + 1
        if good < len(data):
            with open(self.path, "r+b") as f:
                f.truncate(good)
        return found

    def write(self, rec: dict) -> None:
        if rec["index"] < self.last:
            self.ordered = False
        self.last = rec["index"]
        self.file.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")

    def flush(self) -> None:
        self.file.flush()

    def close(self, complete: bool) -> None:
        """Close the file; a complete run whose records were written out of order (a
        resumed one) is rewritten in game-index order."""
        self.file.close()
        if complete and not self.ordered:
            with open(self.path, encoding="utf-8") as f:
                lines = [ln for ln in f if ln.strip()]
            lines.sort(key=lambda ln: json.loads(ln)["index"])
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text("".join(lines), encoding="utf-8")
            os.replace(tmp, self.path)


def _short(v) -> str:
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."
