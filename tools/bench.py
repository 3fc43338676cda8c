"""``cardscript bench``: the figures docs/architecture.md names, measured on one core.

games/s, decisions/s and decisions per game for random agents on the bundled decks; cards
loaded and compiled per second cold from YAML and warm from the compile cache, on a synthetic
set made by copying the bundled cards under new ids.
"""
from __future__ import annotations

import gc
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardscript.cardpool import CARD_SUFFIX, RACY_NS, CardPool, find_files
from cardscript.decisions import RandomAgent
from cardscript.game import Game

from .common import Decks

_ID = re.compile(r"^id:\s*(\S+)\s*$", re.M)


def bench_games(pool: CardPool, decks: Decks, games: int, seed: int,
                variants: Iterable[str] = ()) -> dict[str, Any]:
    cls = pool.spec.game_class
    (_, deck_a), (_, deck_b) = decks
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = cls([list(deck_a), list(deck_b)], s, tokens=pool.tokens, variants=variants)
        g.play([RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)])
        decisions += len(g.choices)
    elapsed = time.perf_counter() - start
    return {"games": games, "games_per_s": games / elapsed,
            "decisions_per_s": decisions / elapsed, "decisions_per_game": decisions / games}


def mid_games(pool: CardPool, decks: Decks, count: int, seed: int,
              variants: Iterable[str] = ()) -> list[Game]:
    """``count`` games stopped half-way: at the middle decision of the whole game each
    would have been (found by playing it once to the end, the same seed and agents)."""
    cls = pool.spec.game_class
    (_, deck_a), (_, deck_b) = decks
    out = []
    for i in range(count):
        s = seed + i

        def new(s: int = s) -> Game:
            return cls([list(deck_a), list(deck_b)], s, tokens=pool.tokens, variants=variants)
        agents = [RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)]
        total = len(new().play(agents).choices)
        g = new()
        agents = [RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)]
        d = g.advance()
        for _ in range(total // 2):
            assert d is not None  # the game asks ``total`` decisions, as it did the first time
            d = g.choose_index(agents[d.player.index].choose(g, d))
        out.append(g)
    return out


def bench_state(pool: CardPool, decks: Decks, seed: int, variants: Iterable[str] = (),
                states: int = 30) -> dict[str, Any]:
    """Clone and save-plus-load of mid-game states (docs/architecture.md: clone at most 100 µs, save
    plus load at most 2 ms): the median over the states of each one's mean time."""
    from cardscript.save import loads
    games = mid_games(pool, decks, states, seed, variants)
    clone_s: list[float] = []
    save_load_s: list[float] = []
    sizes: list[int] = []
    for g in games:
        reps = 50
        start = time.perf_counter()
        for _ in range(reps):
            g.clone()
        clone_s.append((time.perf_counter() - start) / reps)
        reps = 5
        start = time.perf_counter()
        for _ in range(reps):
            text = g.save()
            loads(text, pool.cards, pool.spec.name)
        save_load_s.append((time.perf_counter() - start) / reps)
        sizes.append(len(text))
    clone_s.sort()
    save_load_s.sort()
    sizes.sort()
    mid = len(games) // 2
    return {"clone_median_us": clone_s[mid] * 1e6, "clones_per_s": 1 / clone_s[mid],
            "save_load_median_ms": save_load_s[mid] * 1e3, "save_bytes_median": sizes[mid]}


_NAME = re.compile(r"^name:[ \t]*(.*?)[ \t]*$", re.M)


def _renamed(text: str, k: int) -> str:
    """The card's printed name with a copy number, quoted or not."""
    def sub(m: re.Match[str]) -> str:
        v = m.group(1)
        if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
            return f"name: {v[:-1]} {k}{v[-1]}"
        return f"name: {v} {k}"
    return _NAME.sub(sub, text, count=1)


def make_synthetic_set(source: Path, out: Path, count: int, *, distinct: bool = False) -> int:
    """Write ``count`` card files: copies of the set's cards under new ids (tokens kept once,
    so references still resolve). ``distinct`` also gives each copy its own name and a file
    named after its id, and each token its own id and name (the copies' ``token:``
    references and the token's name in their text follow), so the set is clean for
    ``check`` and the linter beside the bundled set."""
    files = find_files([source], CARD_SUFFIX)
    texts = [(f, f.read_text(encoding="utf-8")) for f in files]
    plain = [(f, t) for f, t in texts if not re.search(r"^token:\s*true", t, re.M)]
    tokens = [(f, t) for f, t in texts if (f, t) not in plain]
    # a token copied as it is would duplicate the bundled one (CS300, and CS302 its name)
    renamed: dict[str, tuple[str, str, str]] = {}  # id -> (new id, name, new name)
    if distinct:
        for f, t in tokens:
            name = _line(_NAME, t, f).strip("'\"")
            renamed[_line(_ID, t, f)] = (f"{_line(_ID, t, f)}-{_SUFFIX}", name,
                                         f"{name} {_SUFFIX.title()}")
    n = 0
    for f, t in tokens:
        name = f.name
        if distinct:
            new_id, old_name, new_name = renamed[_line(_ID, t, f)]
            t = _ID.sub(f"id: {new_id}", t, count=1)

            def named(m: re.Match[str], a: str = old_name, b: str = new_name) -> str:
                return m.group(0).replace(a, b)
            t = _NAME.sub(named, t, count=1)
            name = f"{new_id}{CARD_SUFFIX}"
        (out / name).write_text(t, encoding="utf-8")
        n += 1
    k = 0
    while n < count and plain:
        f, t = plain[k % len(plain)]
        def copied(m: re.Match[str], k: int = k) -> str:
            return f"id: {m.group(1)}-s{k}"
        copy = _ID.sub(copied, t, count=1)
        name = f"{k:06d}-{f.name}"
        if distinct:
            copy = _retargeted(_renamed(copy, k), renamed)
            name = f"{_line(_ID, t, f)}-s{k}{CARD_SUFFIX}"
        (out / name).write_text(copy, encoding="utf-8")
        k += 1
        n += 1
    return n


def _line(pattern: re.Pattern[str], text: str, path: Path) -> str:
    """The value of a card file's top-level ``id:`` or ``name:`` line."""
    m = pattern.search(text)
    if m is None:
        raise RuntimeError(f"{path}: no line {pattern.pattern!r} to copy the card by")
    return m.group(1)


#: what a synthetic set's tokens are told apart by (their ids and names)
_SUFFIX = "synthetic"
# written as YAML or as JSON: token: skeleton, "token": "skeleton"
_TOKEN_REF = re.compile(r"""((?<![\w-])["']?token["']?\s*:\s*["']?)([a-z0-9][a-z0-9-]*)(?![\w-])""")
_TEXT = re.compile(r"""^["']?text["']?:.*$""", re.M)


def _retargeted(text: str, renamed: dict[str, tuple[str, str, str]]) -> str:
    """A copy naming a renamed token (``token: ID``, the only way a card names another:
    :attr:`cardscript.state.CardDef.references`) names its new id, and its printed text,
    which says the token's name, the new name."""
    names: dict[str, str] = {}

    def ref(m: re.Match) -> str:
        new = renamed.get(m.group(2))
        if new is None:
            return m.group(0)
        names[new[1]] = new[2]
        return m.group(1) + new[0]
    text = _TOKEN_REF.sub(ref, text)
    for old, new in names.items():
        def renamed_in(m: re.Match[str], old: str = old, new: str = new) -> str:
            return re.sub(rf"\b{re.escape(old)}\b", new, m.group(0))
        text = _TEXT.sub(renamed_in, text)
    return text


def bench_load(game: str, source: Path, count: int) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="cardscript-bench-"))
    old = os.environ.get("CARDSCRIPT_CACHE")
    try:
        cards = tmp / "cards"
        cards.mkdir()
        n = make_synthetic_set(source, cards, count)
        written_ns = time.time_ns()
        start = time.perf_counter()
        cold = CardPool(game, cache=False).load([cards])
        cold_s = time.perf_counter() - start
        if cold.diagnostics:
            raise RuntimeError(f"synthetic set has problems: {cold.diagnostics[:3]}")
        cold_n = len(cold.cards)
        del cold  # a command loads once: the warm load starts without the cold pool's objects
        os.environ["CARDSCRIPT_CACHE"] = str(tmp / "cache")
        # warm means files the cache trusts: older than its racy window when it was written
        # (a file changed that close to the cache's own time is read again, as git does)
        time.sleep(max(0.0, (written_ns + RACY_NS - time.time_ns()) / 1e9 + 0.05))
        CardPool(game, cache=True).load([cards])  # fill the cache
        gc.collect()
        start = time.perf_counter()
        warm = CardPool(game, cache=True).load([cards])
        warm_s = time.perf_counter() - start
        assert len(warm.cards) == cold_n == n
    finally:
        if old is None:
            os.environ.pop("CARDSCRIPT_CACHE", None)
        else:
            os.environ["CARDSCRIPT_CACHE"] = old
        shutil.rmtree(tmp, ignore_errors=True)
    return {"cards": n, "cold_cards_per_s": n / cold_s, "warm_cards_per_s": n / warm_s}


def bench_lint(game: str, source: Path, count: int) -> dict[str, Any]:
    """``cardscript lint`` on a synthetic set: cold (no cache), then warm (every file
    unchanged since the cold run, so taken from the lint cache)."""
    from cardscript.tools.lint.config import Config
    from cardscript.tools.lint.runner import Linter

    tmp = Path(tempfile.mkdtemp(prefix="cardscript-bench-lint-"))
    try:
        cards = tmp / "cards"
        cards.mkdir()
        n = make_synthetic_set(source, cards, count, distinct=True)
        cfg = Config(root=tmp, game=game, bundled=False)  # the copies hold their tokens
        start = time.perf_counter()
        cold = Linter(cfg, cache_dir=tmp / "cache").run([str(cards)])
        cold_s = time.perf_counter() - start
        start = time.perf_counter()
        warm = Linter(cfg, cache_dir=tmp / "cache").run([str(cards)])
        warm_s = time.perf_counter() - start
        if [str(f) for f in cold.findings] != [str(f) for f in warm.findings]:
            raise RuntimeError("lint findings differ between a cold and a warm run")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"lint_cards": n, "lint_findings": len(cold.findings),
            "lint_cold_cards_per_s": n / cold_s, "lint_warm_cards_per_s": n / warm_s}


def bench(pool: CardPool, decks: Decks, games: int, seed: int, cards: int, lint: bool = False,
          variants: Iterable[str] = ()) -> dict[str, Any]:
    result: dict[str, Any] = {"game": pool.spec.name}
    result.update(bench_games(pool, decks, games, seed, variants))
    result.update(bench_state(pool, decks, seed, variants))
    result.update(bench_load(pool.spec.name, pool.spec.cards_dir, cards))
    if lint:
        result.update(bench_lint(pool.spec.name, pool.spec.cards_dir, cards))
    return result
