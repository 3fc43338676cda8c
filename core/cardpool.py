"""Loading a set of cards: files -> documents -> models -> compiled CardDefs, with a compile
cache keyed by file content, plus deck files. Collects every diagnostic instead of stopping at
the first, so a tool can report them all."""
from __future__ import annotations

import gc
import hashlib
import os
import pickle
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import ROOT
from .compiler import Compiler
from .errors import CardError, Diagnostic, did_you_mean
from .loader import Document, load_bytes, load_file, read_source
from .model import validate_document
from .plugins import GameSpec, load_game
from .state import CardDef

CARD_SUFFIX = ".card.yaml"
DECK_SUFFIX = ".deck.yaml"
SCENARIO_SUFFIX = ".scenario.yaml"
CACHE_VERSION = "4"
RACY_NS = 2_000_000_000  # modification times this close to the cache's are re-read


def cache_dir() -> Path:
    base = os.environ.get("CARDSCRIPT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cardscript")
    return Path(base)


def walk(paths: Iterable[str | Path], suffix: str) -> list[str]:
    """Files under ``paths`` whose names end with ``suffix``, in a stable order."""
    out: list[str] = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            found = []
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


def code_fingerprint(registry) -> str:
    """What compiled cards depend on besides their files: the engine's and the game's code and
    every module that declared vocabulary (sizes and modification times), so that a cache made
    by other code is never used."""
    modules = {"core"} | {e.impl.__module__ for table in registry.entries.values()
                          for e in table.values()}
    h = hashlib.blake2b(f"{CACHE_VERSION}|{sys.version}".encode(), digest_size=16)
    files = {e.meta["macro"] for e in registry.entries["keyword"].values()
             if "macro" in e.meta}  # keyword macro files are code the cards compile with
    for name in modules:
        mod = sys.modules.get(name)
        path = getattr(mod, "__file__", None)
        if path:
            files.add(os.path.dirname(path) if name == "core" else path)
    for f in sorted(files):
        paths = [os.path.join(r, n) for r, _, ns in os.walk(f) for n in ns if n.endswith(".py")] \
            if os.path.isdir(f) else [f]
        for p in sorted(paths):
            st = os.stat(p)
            h.update(f"{p}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()


class CompileCache:
    """Compiled CardDefs by (game, file path and content hash); one pickle file per game,
    valid only for the code that wrote it (:func:`code_fingerprint`)."""

    def __init__(self, game: str, enabled: bool = True, fingerprint: str = ""):
        self.enabled = enabled
        self.fingerprint = fingerprint
        self.path = cache_dir() / f"compiled-{game}-v{CACHE_VERSION}.pickle"
        self.entries: dict[str, CardDef] = {}
        #: path -> (mtime_ns, size, key): a file whose stat is unchanged since the cache was
        #: written is not read and hashed again (git's index does the same)
        self.stats: dict[str, tuple[int, int, str]] = {}
        self.written_ns = 0
        self.dirty = False
        if enabled and self.path.exists():
            # unpickling builds many small objects: the cyclic GC would rescan them all
            was_enabled = gc.isenabled()
            gc.disable()
            try:
                with self.path.open("rb") as f:
                    stored = pickle.load(f)
                if stored.get("fingerprint") == fingerprint:
                    self.entries = stored["entries"]
                    self.stats = stored.get("stats", {})
                    self.written_ns = stored.get("written_ns", 0)
            except Exception:  # a stale or broken cache is just a miss
                self.entries = {}
            finally:
                if was_enabled:
                    gc.enable()

    @staticmethod
    def key(raw: bytes, path: str) -> str:
        """By content, and by path too: a compiled card remembers the file it came from."""
        h = hashlib.blake2b(raw, digest_size=16)
        h.update(os.fsencode(path))
        return h.hexdigest()

    def unchanged(self, path: str) -> CardDef | None:
        """The cached card of a file whose size and modification time are those it had when
        it was cached, unless that time is too close to the cache's own to be trusted (a
        file changed again within the clock's granularity: git's "racy" check)."""
        rec = self.stats.get(path)
        if rec is None:
            return None
        try:
            st = os.stat(path)
        except OSError:
            return None
        if rec[0] != st.st_mtime_ns or rec[1] != st.st_size or \
                st.st_mtime_ns >= self.written_ns - RACY_NS:
            return None
        return self.entries.get(rec[2])

    def remember(self, path: str, key: str) -> None:
        try:
            st = os.stat(path)
        except OSError:
            return
        rec = (st.st_mtime_ns, st.st_size, key)
        if self.stats.get(path) != rec:
            self.stats[path] = rec
            self.dirty = True

    def save(self) -> None:
        if not (self.enabled and self.dirty):
            return
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with tmp.open("wb") as f:
                pickle.dump({"fingerprint": self.fingerprint, "entries": self.entries,
                             "stats": self.stats, "written_ns": time.time_ns()}, f,
                            protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(self.path)
            self.dirty = False
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            # a read-only cache folder, or a plugin's object that can't be pickled, only
            # costs speed
            self.dirty = False
            tmp.unlink(missing_ok=True)


class CardPool:
    """The cards of one game, by id, with every diagnostic met while loading them."""

    def __init__(self, game: str = "wonders", *, cache: bool = True, keep_models: bool = False):
        self.spec: GameSpec = load_game(game)
        self.registry = self.spec.registry
        self.compiler = Compiler(self.registry)
        self.cards: dict[str, CardDef] = {}
        self.files: dict[str, str] = {}
        self.diagnostics: list[Diagnostic] = []
        use_cache = cache and not keep_models
        self.cache = CompileCache(self.spec.name, enabled=use_cache,
                                  fingerprint=code_fingerprint(self.registry) if use_cache
                                  else "")
        #: validated pydantic models by card id, for tools that read the cards' source
        #: (rules text, rendering, linting); kept only when asked for
        self.models: dict[str, Any] | None = {} if keep_models else None

    @classmethod
    def bundled(cls, game: str = "wonders", **kw) -> "CardPool":
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
            raw = read_source(path)
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
            cache.remember(os.fspath(path), key)
        return self.add(card, path)

    def compile(self, doc: Document) -> CardDef:
        model = validate_document(doc, self.spec.card_model, "card")
        card = self.compiler.card(model, doc.pos(()))
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
        for card in self.cards.values():
            for kind, ref in card.references or ():
                target = self.cards.get(ref)
                if target is None:
                    self.diagnostics.append(Diagnostic(
                        card.source, f"{kind} '{ref}' does not exist in the set"
                        f"{did_you_mean(ref, self.cards)}", "CS301", card.id))
                elif kind == "token" and not target.token:
                    self.diagnostics.append(Diagnostic(
                        card.source, f"'{ref}' is not a token (add `token: true` to it)",
                        "CS301", card.id))

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
        cards = [self.cards[e.card] for e in model.cards for _ in range(e.count)]
        return model.name, cards


def _pos(path: Path):
    from .errors import Position
    return Position(str(path), 1, 1)


def bundled_decks(spec: GameSpec) -> list[Path]:
    return sorted((spec.cards_dir / "decks").glob(f"*{DECK_SUFFIX}"))


__all__ = ["CardPool", "ROOT", "find_files", "real_path", "bundled_decks"]
