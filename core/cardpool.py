"""Loading a set of cards: files -> documents -> models -> compiled CardDefs, with a compile
cache keyed by file content, plus deck files. Collects every diagnostic instead of stopping at
the first, so a tool can report them all."""
from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from . import cachefile
from .cachefile import cache_dir
from .compiler import Compiler
from .errors import CardError, Diagnostic, Position, did_you_mean
from .loader import Document, load_bytes, load_file, read_source_stat
from .model import validate_document
from .plugins import GameSpec, load_game
from .registry import Registry
from .state import CardDef

CARD_SUFFIX = ".card.yaml"
DECK_SUFFIX = ".deck.yaml"
SCENARIO_SUFFIX = ".scenario.yaml"
CACHE_VERSION = "5"
RACY_NS = 2_000_000_000  # modification times this close to the cache's are re-read


def walk(paths: Iterable[str | Path], suffix: str) -> list[str]:
    """Files under ``paths`` whose names end with ``suffix``, in a stable order."""
    out: list[str] = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            found: list[str] = []
            for root, dirs, files in os.walk(p):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                found.extend(os.path.join(root, f) for f in files if f.endswith(suffix))
            out.extend(sorted(found))
        elif p.endswith(suffix):
            out.append(p)
    return out


def real_path(path: str | Path) -> str:
    """The path with every link resolved, for telling whether two paths are one file; a
    link loop or a missing file resolves as far as it goes (never raises, unlike
    ``Path.resolve`` on a loop)."""
    return os.path.realpath(os.fspath(path))


def find_files(paths: Iterable[str | Path], suffix: str) -> list[Path]:
    return [Path(f) for f in walk(paths, suffix)]


def fingerprint_files(registry: Any) -> list[str]:
    """The source files compiled cards depend on: every file of the engine (this package,
    its games included) and each module that declared vocabulary (a plugin's)."""
    modules = {__package__} | {e.impl.__module__ for table in registry.entries.values()
                               for e in table.values()}
    roots = set()
    for name in modules:
        path = getattr(sys.modules.get(name), "__file__", None)
        if path:
            roots.add(os.path.dirname(path) if name == __package__ else path)
    out: set[str] = set()
    for f in roots:
        out.update([os.path.join(r, n) for r, _, ns in os.walk(f) for n in ns
                    if n.endswith(".py")] if os.path.isdir(f) else [f])
    return sorted(out)


def code_fingerprint(registry: Any) -> str:
    """What compiled cards depend on besides their files: the code (:func:`fingerprint_files`,
    by size and modification time) and the keyword macro files, bundled and the designer's
    (resolved paths and content: they are code the cards compile with), so that a cache made
    by other code or other macros is never used."""
    h = hashlib.blake2b(f"{CACHE_VERSION}|{sys.version}|{registry.macro_digest}".encode(),
                        digest_size=16)
    for p in fingerprint_files(registry):
        st = os.stat(p)
        h.update(f"{p}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()


class CompileCache:
    """Compiled CardDefs by (game, file path and content hash); one authenticated cache file
    per game (:mod:`cardscript.cachefile`), valid only for the code that wrote it
    (:func:`code_fingerprint`, part of the file's version header)."""

    def __init__(self, game: str, enabled: bool = True, fingerprint: str = ""):
        self.enabled = enabled
        self.version = f"compiled-{CACHE_VERSION}|{game}|{fingerprint}"
        self.path = cache_dir() / f"compiled-{game}-v{CACHE_VERSION}.cache"
        self.entries: dict[str, CardDef] = {}
        #: path -> (size, mtime_ns, ctime_ns, inode, device, key): a file whose stat is
        #: unchanged since the cache was written is not read and hashed again (git's index
        #: does the same, and compares as much: a copy made with `cp -p` or `rsync -a` keeps
        #: size and mtime but not ctime or inode)
        self.stats: dict[str, tuple[int, int, int, int, int, str]] = {}
        self.written_ns = 0
        self.dirty = False
        stored = cachefile.read(self.path, self.version) if enabled else None
        if isinstance(stored, dict):
            self.entries = stored["entries"]
            self.stats = stored["stats"]
            self.written_ns = stored["written_ns"]

    @staticmethod
    def key(raw: bytes, path: str) -> str:
        """By content, and by path too: a compiled card remembers the file it came from."""
        h = hashlib.blake2b(raw, digest_size=16)
        h.update(os.fsencode(path))
        return h.hexdigest()

    def unchanged(self, path: str) -> CardDef | None:
        """The cached card of a file whose size, times, inode and device are those it had
        when it was read, unless its modification or change time is too close to the cache's
        own to be trusted (a file changed again within the clock's granularity: git's "racy"
        check)."""
        rec = self.stats.get(path)
        if rec is None:
            return None
        try:
            st = os.stat(path)
        except OSError:
            return None
        racy = self.written_ns - RACY_NS
        if rec[0] != st.st_size or rec[1] != st.st_mtime_ns or rec[2] != st.st_ctime_ns or \
                rec[3] != st.st_ino or rec[4] != st.st_dev or \
                st.st_mtime_ns >= racy or st.st_ctime_ns >= racy:
            return None
        return self.entries.get(rec[5])

    def remember(self, path: str, key: str, st: os.stat_result) -> None:
        """Note the stat ``st`` the file had when it was read (taken before reading, so an
        edit made while it was compiled changes its times and is seen next time)."""
        rec = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, key)
        if self.stats.get(path) != rec:
            self.stats[path] = rec
            self.dirty = True

    def save(self) -> None:
        if not (self.enabled and self.dirty):
            return
        # a read-only cache folder, or a plugin's object that can't be pickled, only costs
        # speed: either way this run is done with it
        cachefile.write(self.path, self.version, {
            "entries": self.entries, "stats": self.stats, "written_ns": time.time_ns()})
        self.dirty = False


class CardPool:
    """The cards of one game, by id, with every diagnostic met while loading them."""

    def __init__(self, game: str, *, cache: bool = True, keep_models: bool = False,
                 macros: Iterable[str | Path] | None = None):
        """``macros``: the keyword macro files to compile with (default: the game's bundled
        ones; :func:`cardscript.cardset.card_set` finds those a command's paths bring)."""
        self.spec: GameSpec = load_game(game, macros)
        self.registry = cast(Registry, self.spec.registry)  # load_game built it
        self.compiler = Compiler(self.registry)
        self.cards: dict[str, CardDef] = {}
        self.files: dict[str, str | Path] = {}
        #: problems of the set: its keyword macros' first (a broken or doubly declared macro
        #: makes the set wrong even when no card of it uses that keyword yet)
        self.diagnostics: list[Diagnostic] = list(self.spec.macro_diagnostics)
        use_cache = cache and not keep_models
        self.cache = CompileCache(self.spec.name, enabled=use_cache,
                                  fingerprint=code_fingerprint(self.registry) if use_cache
                                  else "")
        #: validated pydantic models by card id, for tools that read the cards' source
        #: (rules text, rendering, linting); kept only when asked for
        self.models: dict[str, Any] | None = {} if keep_models else None

    @classmethod
    def bundled(cls, game: str, **kw: Any) -> "CardPool":
        pool = cls(game, **kw)
        pool.load([pool.spec.cards_dir])
        return pool

    def load(self, paths: Iterable[str | Path]) -> "CardPool":
        for path in walk(paths, CARD_SUFFIX):
            self.load_file(path)
        self.cache.save()
        self.check_references()
        return self

    def load_file(self, path: str | Path) -> CardDef | None:
        cache = self.cache
        if cache.enabled:
            card = cache.unchanged(os.fspath(path))
            if card is not None:
                return self.add(card, path)
        try:
            raw, st = read_source_stat(path)
        except CardError as exc:
            self.diagnostics.extend(exc.diagnostics)
            return None
        key = self.cache.key(raw, os.fspath(path)) if self.cache.enabled else None
        card = self.cache.entries.get(key) if key else None
        if card is None:
            try:
                doc = load_bytes(raw, os.fspath(path))
                card = self.compile(doc)
            except CardError as exc:
                self.diagnostics.extend(exc.diagnostics)
                return None
            if key:
                self.cache.entries[key] = card
                self.cache.dirty = True
        if key:
            cache.remember(os.fspath(path), key, st)
        return self.add(card, path)

    def compile(self, doc: Document) -> CardDef:
        model = validate_document(doc, self.spec.card_model, "card")
        card = self.compiler.card(model, doc.pos(()), doc.pos)
        if self.models is not None:
            self.models.setdefault(card.id, model)
        return card

    def add(self, card: CardDef, path: str | Path) -> CardDef | None:
        if card.id in self.cards:
            self.diagnostics.append(Diagnostic(
                card.source or _pos(path), f"duplicate card id '{card.id}' (also in "
                f"{self.files[card.id]})", "CS300", card.id))
            return None
        self.cards[card.id] = card
        self.files[card.id] = path
        return card

    def check_references(self) -> None:
        for card in self.cards.values():  # (a pool's cards come from files: they have a source)
            for kind, ref in card.references or ():
                target = self.cards.get(ref)
                if target is None:
                    self.diagnostics.append(Diagnostic(
                        cast(Position, card.source), f"{kind} '{ref}' does not exist in the set"
                        f"{did_you_mean(ref, self.cards)}", "CS301", card.id))
                elif kind == "token" and not target.token:
                    self.diagnostics.append(Diagnostic(
                        cast(Position, card.source),
                        f"'{ref}' is not a token (add `token: true` to it)", "CS301", card.id))

    @property
    def tokens(self) -> dict[str, CardDef]:
        return {k: v for k, v in self.cards.items() if v.token}

    def get(self, card_id: str) -> CardDef:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"unknown card '{card_id}'{did_you_mean(card_id, self.cards)}") \
                from None

    # -- decks ---------------------------------------------------------------------------
    def load_deck(self, path: str | Path) -> tuple[str, list[CardDef]]:
        """Load and validate a deck file; raise CardError listing every problem."""
        doc = load_file(path)
        model = validate_document(doc, self.spec.deck_model, "deck")
        problems = self.spec.validate_deck(model, doc, self)
        if problems:
            raise CardError(problems)
        if self.spec.deck_cards is not None:
            return model.name, self.spec.deck_cards(model, self)
        cards = [self.cards[e.card] for e in model.cards for _ in range(e.count)]
        return model.name, cards


def _pos(path: str | Path) -> Position:
    return Position(str(path), 1, 1)


def bundled_decks(spec: GameSpec) -> list[Path]:
    """The game's bundled deck files: its reference decks first, in the order it names
    them, then the others by name."""
    found = sorted((spec.cards_dir / "decks").glob(f"*{DECK_SUFFIX}"))
    rank = {name: i for i, name in enumerate(spec.reference_decks)}
    return sorted(found, key=lambda p: rank.get(p.name[: -len(DECK_SUFFIX)], len(rank)))


__all__ = ["CardPool", "cache_dir", "find_files", "real_path", "bundled_decks"]
