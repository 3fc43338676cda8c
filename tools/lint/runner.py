"""The linter's run: find the files, lint each one (or take its findings from the cache),
then the set-wide rules, decks and scenarios; then select, suppress and grade the findings.

Each card file is linted on its own through the engine's pipeline (loader, model, compiler:
their diagnostics are findings with the engine's codes) and then the card rules; what the
set-wide rules need from it is kept as :class:`~cardscript.tools.lint.context.CardFacts`. The
set is the game's bundled cards, the configuration's ``context`` folders and the files linted, as
``cardscript check`` loads it. Only the files named on the command line are reported.
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.cardpool import CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX
from cardscript.cardset import CardSet, card_set, other_games
from cardscript.compiler import Compiler
from cardscript.errors import CardError, Position
from cardscript.loader import Document, load_bytes, read_source
from cardscript.macros import KEYWORD_SUFFIX
from cardscript.plugins import GameSpec, macro_digest
from cardscript.slots import slots_of
from cardscript.state import CardDef
from pydantic import BaseModel

from ..common import registry_of
from . import suppression
from .cache import LintCache, linter_version
from .config import Config, ConfigError, Selection, match
from .context import CardContext, CardFacts, CardsView, SetContext, stale
from .findings import Finding, Fix
from .registry import Rule, all_rules

SUFFIXES = {CARD_SUFFIX: "card", DECK_SUFFIX: "deck", SCENARIO_SUFFIX: "scenario",
            KEYWORD_SUFFIX: "keyword"}


@dataclass
class FileResult:
    """A file's own findings and, for a card that compiled, its facts (what is cached)."""

    kind: str
    findings: list[Finding]
    #: a card's :class:`CardFacts`; a scenario's dict of the ids it names and defines
    facts: Any = None
    #: the other cards its findings depend on, as they were (see CardsView)
    deps: dict[str, tuple | None] | None = None


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    cached: int = 0
    internal_errors: list[str] = field(default_factory=list)
    fixed: int = 0
    #: path -> (text before, text after) for every file a fix changed
    changes: dict[str, tuple[str, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: files whose fixes could not be written (a read-only file or folder): exit 1
    unwritten: list[str] = field(default_factory=list)


def kind_of(path: str) -> str | None:
    for suffix, kind in SUFFIXES.items():
        if path.endswith(suffix):
            return kind
    return None


def _walk(root: str) -> list[str]:
    found: list[str] = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.extend(os.path.join(dirpath, f) for f in files if kind_of(f))
    return sorted(found)


class _SetPool:
    """What deck validation and scenario checks ask of a pool: ``cards`` by id."""

    def __init__(self, cards: dict[str, Any]):
        self.cards = cards


def _position_of(data: Any, value: str, skip: tuple = ("id",)) -> tuple | None:
    """The path of the first scalar equal to ``value`` (references, for their position)."""
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        cur, path = stack.pop(0)
        if isinstance(cur, dict):
            stack.extend((v, path + (k,)) for k, v in cur.items())
        elif isinstance(cur, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(cur))
        elif cur == value and path != skip:
            return path
    return None


class Linter:
    def __init__(self, config: Config | None = None, *, cache: bool = True,
                 cache_dir: Path | None = None):
        from cardscript.plugins import games
        self.config = config or Config()
        self.rules = all_rules()
        self.selection = Selection(self.config, self.rules)
        game = self.config.game
        installed = games()
        if game not in installed:
            from cardscript.errors import did_you_mean
            raise ConfigError(f"unknown game '{game}'{did_you_mean(game, installed)}; "
                              f"installed: {', '.join(sorted(installed))}")
        self.base_spec = installed[game]
        self.game = game
        self.card_rules = [cls() for cls in self.rules
                           if cls.kind() == "card" and cls.applies_to(game)]
        self.set_rules = [cls() for cls in self.rules
                          if cls.kind() == "set" and cls.applies_to(game)]
        #: the fixes of engine diagnostics: ``fix_for(ctx, finding)`` of the rule of its code
        self.engine_fixers: dict[str, Callable[[CardContext, Finding], Fix | None]] = {
            cls.code: fix for cls in self.rules
            if (fix := getattr(cls, "fix_for", None)) is not None}
        version = linter_version(self.config.fingerprint() + "|" + ",".join(
            f"{c}:{self.rules.by_code[c].__module__}" for c in self.rules.codes))
        self.cache = LintCache(game, version, enabled=cache and self.config.cache,
                               directory=cache_dir)
        self.overlay: dict[str, bytes] = {}
        self._real_dirs: dict[str, str] = {}
        self._compilers: dict[int, Compiler] = {}
        self.errors: list[str] = []
        #: the paths of the run, its card sets (bundled folder, macros) and games by name
        self.paths: list[str] = []
        self._sets: dict[str, CardSet] = {}
        self._specs: dict[str, GameSpec] = {}

    # -- the game, built only when a file must be linted for real -----------------------
    def card_set(self, game: str | None = None) -> CardSet:
        """The run's set for ``game``: its bundled folder and the keyword macros of the
        paths linted and the ``context`` folders (:mod:`cardscript.cardset`)."""
        game = game or self.game
        if game not in self._sets:
            self._sets[game] = card_set(game, self.paths,
                                        [self.config.root / c for c in self.config.context])
        return self._sets[game]

    def spec_of(self, game: str | None = None) -> GameSpec:
        game = game or self.game
        if game not in self._specs:  # once a run: its macro files are read once
            self._specs[game] = self.card_set(game).spec()
        return self._specs[game]

    def compiler_of(self, game: str | None = None) -> Compiler:
        registry = registry_of(self.spec_of(game))
        compiler = self._compilers.get(id(registry))
        if compiler is None or compiler.registry is not registry:
            compiler = self._compilers[id(registry)] = Compiler(registry)
        return compiler

    def internal(self, what: str, path: str, exc: BaseException) -> None:
        if os.environ.get("CARDSCRIPT_DEBUG"):
            raise exc
        self.errors.append(f"internal error in {what} on {path}: {type(exc).__name__}: {exc}")

    # -- files -----------------------------------------------------------------------------
    def discover(self, paths: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
        targets: list[tuple[str, str]] = []
        others: list[str] = []
        exclude = self.config.exclude
        # a folder walk leaves out another game's bundled folder: its files are that game's
        foreign = other_games(self.game, paths) if self.game else ()
        for p in paths:
            p = os.fspath(p)
            if not os.path.lexists(p):
                raise ConfigError(f"no such file or directory: {p}")
            if os.path.isdir(p):
                # `exclude` prunes what a folder walk finds; a file named on the command line
                # is always linted (as ruff does)
                found = ((os.path.normpath(f), kind) for f in _walk(p)
                         if (kind := kind_of(f)) is not None)
                targets.extend(t for t in found
                               if not (exclude and match(self.config.relative(t[0]), exclude))
                               and not self.real(t[0]).startswith(foreign))
            elif (kind := kind_of(p)) is not None:
                targets.append((p, kind))
            else:
                others.append(p)
        seen: set[str] = set()
        unique = []
        for p, k in targets:
            r = self.real(p)
            if r not in seen:
                seen.add(r)
                unique.append((p, k))
        return unique, others

    def real(self, path: str) -> str:
        """The real path of a file, resolving its folder once for all its files (a file
        that is itself a symbolic link is taken as it is)."""
        folder, name = os.path.split(os.path.abspath(path))
        real = self._real_dirs.get(folder)
        if real is None:
            real = self._real_dirs[folder] = os.path.realpath(folder)
        return os.path.join(real, name)

    def read(self, path: str) -> bytes:
        """A file's bytes: what a fix made of it, else the file (core's one reader; raises
        :class:`CardError` with CS002 or CS003)."""
        if path in self.overlay:
            return self.overlay[path]
        return read_source(path)

    def _read_or_finding(self, path: str) -> tuple[bytes | None, list[Finding]]:
        try:
            return self.read(path), []
        except CardError as exc:
            return None, self._diagnostics(path, exc)

    @staticmethod
    def _diagnostics(path: str, exc: CardError) -> list[Finding]:
        return [Finding(d.code, d.message, path, d.pos.line, d.pos.col, card=d.card)
                for d in exc.diagnostics]

    # -- one card file ---------------------------------------------------------------------
    def card_file(self, path: str, hits: set[str]) -> tuple[
            FileResult, bytes | None, CardContext | None, str | None, bool]:
        """(result, raw bytes, context still to finish, cache key, fresh: not from the
        cache)."""
        raw, problems = self._read_or_finding(path)
        if raw is None:
            return FileResult("card", problems), None, None, None, False
        key = self.cache.key("card", path, raw)
        hit = self.cache.get(key)
        if hit is not None:
            hits.add(path)
            return hit, raw, None, key, False
        result, ctx = self.lint_card(path, raw)
        return result, raw, ctx, key, True

    def lint_card(self, path: str, raw: bytes) -> tuple[FileResult, CardContext | None]:
        """A card file's own findings and facts; the context is returned for the rules that
        need the whole set (see :meth:`finish_card`)."""
        try:
            doc = load_bytes(raw, path)
        except CardError as exc:
            return FileResult("card", self._diagnostics(path, exc)), None
        except Exception as exc:  # noqa: BLE001 - a bug, reported as such, never a traceback
            self.internal("the loader", path, exc)
            return FileResult("card", []), None
        spec = self.spec_of()
        ctx = CardContext(path, doc, spec)
        findings: list[Finding] = []
        model: Any = None
        card: CardDef | None = None
        try:
            model = _validate(doc, spec.card_model)
            card = self.compiler_of().card(model, doc.pos(()), doc.pos)
        except CardError as exc:
            findings.extend(self._with_fixes(ctx, self._diagnostics(path, exc)))
            model = card = None
        except Exception as exc:  # noqa: BLE001
            self.internal("the model or compiler", path, exc)
            model = card = None
        ctx.model, ctx.card = model, card
        for rule in self.card_rules:
            if rule.needs_set or (rule.requires == "model" and card is None):
                continue
            findings.extend(self._check(rule, ctx))
        facts = None
        if card is not None:
            refs = []
            for kind, ref in card.references or ():
                where = _position_of(doc.data, ref)
                pos = doc.pos(where) if where is not None else doc.pos(())
                refs.append((kind, ref, pos.line, pos.col))
            idp, namep = doc.pos(("id",)), doc.pos(("name",))
            facts = CardFacts(card.id, card.name, getattr(card, "type", None),
                              bool(getattr(card, "token", False)), (idp.line, idp.col),
                              (namep.line, namep.col), refs, _printed(card))
        return FileResult("card", findings, facts), ctx

    def _check(self, rule: Rule, ctx: CardContext) -> list[Finding]:
        try:
            return list(rule.check_card(ctx) or ())
        except Exception as exc:  # noqa: BLE001
            self.internal(f"rule {rule.code} ({rule.name})", ctx.path, exc)
            return []

    def finish_card(self, result: FileResult, ctx: CardContext | None,
                    by_id: dict[str, CardFacts]) -> None:
        """Run the rules that read other cards of the set; remember which they read."""
        if ctx is None:
            return
        view = CardsView(by_id)
        ctx.cards = view
        for rule in self.card_rules:
            if rule.needs_set and not (rule.requires == "model" and ctx.card is None):
                result.findings.extend(self._check(rule, ctx))
        result.deps = view.read

    # -- decks and scenarios -----------------------------------------------------------
    def deck_file(self, path: str, pool: _SetPool) -> tuple[FileResult, bytes | None]:
        raw, problems = self._read_or_finding(path)
        if raw is None:
            return FileResult("deck", problems), None
        spec = self.base_spec
        try:
            doc = load_bytes(raw, path)
            model = _validate(doc, spec.deck_model, "deck")
        except CardError as exc:
            return FileResult("deck", self._diagnostics(path, exc)), raw
        except Exception as exc:  # noqa: BLE001
            self.internal("deck loading", path, exc)
            return FileResult("deck", []), raw
        try:
            diags = spec.validate_deck(model, doc, pool)
        except Exception as exc:  # noqa: BLE001
            self.internal("deck validation", path, exc)
            diags = []
        return FileResult("deck", self._diagnostics(path, CardError(diags))), raw

    def keyword_file(self, path: str) -> tuple[FileResult, bytes | None]:
        """A keyword macro of the run (every keyword file linted is one): what building the
        game with it found — its schema, its ``$`` uses, a keyword declared twice, what its
        abilities expand to (the same checks as ``cardscript check``)."""
        raw, problems = self._read_or_finding(path)
        if raw is None:
            return FileResult("keyword", problems), None
        try:
            spec = self.spec_of()  # built: a macro is checked against the game's vocabulary
            real = os.path.realpath(path)
            diags = [d for d in spec.macro_diagnostics if os.path.realpath(d.pos.file) == real]
        except Exception as exc:  # noqa: BLE001
            self.internal("keyword macro", path, exc)
            return FileResult("keyword", []), raw
        return FileResult("keyword", self._diagnostics(path, CardError(diags))), raw

    def _with_fixes(self, ctx: CardContext, findings: list[Finding]) -> list[Finding]:
        """The engine's findings of a file, each with the fix of its rule where it has one
        (a renamed key, a misspelt name); ``ctx.doc`` is the file the findings are in."""
        for f in findings:
            fixer = self.engine_fixers.get(f.code)
            if fixer is not None:
                try:
                    f.fix = fixer(ctx, f)
                except Exception as err:  # noqa: BLE001 - a bug, reported as such
                    self.internal(f"the fix of {f.code}", ctx.path, err)
        return findings

    def scenario_file(self, path: str, hits: set[str]) -> tuple[FileResult, bytes | None]:
        raw, problems = self._read_or_finding(path)
        if raw is None:
            return FileResult("scenario", problems), None
        key = self.cache.key("scenario", path, raw)
        hit = self.cache.get(key)
        if hit is not None:
            hits.add(path)
            return hit, raw
        before = len(self.errors)
        try:
            result = self.lint_scenario(path, raw)
        except Exception as exc:  # noqa: BLE001
            self.internal("scenario checks", path, exc)
            result = FileResult("scenario", [])
        if len(self.errors) == before and not (result.facts or {}).get("reads_files"):
            self.cache.put(key, result)
        return result, raw

    def lint_scenario(self, path: str, raw: bytes) -> FileResult:
        """The scenario's schema, inline cards and setup; facts: the ids it names and its
        inline cards' (checked against the set afterwards, as they depend on other files)."""
        from cardscript.tools.scenarios import (
            defined_twice,
            duplicate_cards,
            expect_blocks,
            game_of,
            scenario_model,
        )
        try:
            doc = load_bytes(raw, path)
            game = game_of(doc)
        except CardError as exc:
            return FileResult("scenario", self._diagnostics(path, exc))
        spec = self.spec_of(game)
        try:
            model = _validate(doc, scenario_model(game), "scenario")
        except CardError as exc:
            return FileResult("scenario", self._diagnostics(path, exc))
        findings: list[Finding] = []
        inline: list[tuple[str, tuple]] = []
        compiler = self.compiler_of(game)
        from cardscript.tools.scenario_files import card_paths, load_card_files
        files, problems = load_card_files(doc, model.cards, spec.card_model, compiler)
        # a finding belongs to the file linted: a card file's own problem is reported at
        # the scenario's entry naming it, its message saying where in the card file
        entry_at = {os.path.normpath(f): doc.pos(("cards", i)) for i, f in
                    card_paths(doc, model.cards)[0]}
        for d in problems:
            entry = entry_at.get(os.path.normpath(d.pos.file)) if d.pos.file != doc.path \
                else None
            findings.append(Finding(d.code, f"{d.pos}: {d.message}" if entry else d.message,
                                    path, (entry or d.pos).line, (entry or d.pos).col,
                                    card=d.card))
        for i, data in enumerate(model.cards):
            if isinstance(data, str):  # card files: their ids are the scenario's own
                continue
            sub = _sub_document(doc, ("cards", i), data)
            try:
                card = compiler.card(_validate(sub, spec.card_model, "card"),
                                     doc.pos(("cards", i)), sub.pos)
                inline.append((card.id, ("cards", i, "id")))
            except CardError as exc:  # an inline card's findings are fixed in the scenario
                findings.extend(self._with_fixes(CardContext(path, doc, spec),
                                                 self._diagnostics(path, exc)))
        sc = spec.scenario
        found = [(doc.pos(where), code, msg) for where, code, msg in duplicate_cards(inline)]
        found += [(d.pos, d.code, d.message)
                  for d in defined_twice(doc, model.cards, files, inline)]
        found += [(doc.key_pos(where), code, msg)
                  for where, code, msg in sc.setup_problems(model.setup)]
        findings += [Finding(code, msg if pos.file in (path, doc.path) else f"{pos}: {msg}",
                             path, *((pos.line, pos.col) if pos.file in (path, doc.path)
                                     else (doc.pos(("cards",)).line, 1)))
                     for pos, code, msg in found]

        def at(pos: Position) -> tuple[int, int]:
            return pos.line, pos.col
        named = [(cid, *at(doc.key_pos(where)))
                 for where, cid in sc.card_ids(model.setup, expect_blocks(model))]
        return FileResult("scenario", findings, {
            "game": game, "inline": [(cid, *at(doc.pos(where))) for cid, where in inline],
            "files": [c.id for _, c in files], "named": named,
            # its findings depend on other files than its own: never cached by its bytes
            "reads_files": any(isinstance(c, str) for c in model.cards)})

    def bundled_ids_of(self, game: str) -> dict[str, Any]:
        """The ids of another game's bundled cards (its scenarios name them), loaded once."""
        ids = self._other_ids.get(game)
        if ids is None:
            pool = card_set(game, self.paths).pool()
            ids = self._other_ids[game] = dict.fromkeys(pool.cards, True)
        return ids

    def scenario_cards(self, result: FileResult, path: str,
                       known: dict[str, Any]) -> list[Finding]:
        """CS500 for the ids a scenario names that no card has; CS504 for its inline cards
        that replace bundled ones (``known``: the bundled cards)."""
        facts = result.facts
        if not facts:
            return []
        from cardscript.plugins import games
        from cardscript.tools.scenarios import replaced_cards
        spec = games().get(facts["game"]) or self.spec_of(facts["game"])
        if facts["game"] != self.game:  # another game's scenario: its own bundled cards
            known = self.bundled_ids_of(facts["game"])
        pool = _SetPool({**known, **{cid: True for cid, _, _ in facts["inline"]},
                         **dict.fromkeys(facts.get("files", ()), True)})
        out = []
        for cid, line, col in facts["named"]:
            msg = spec.scenario.known_card(pool, cid)
            if msg:
                out.append(Finding("CS500", msg, path, line, col))
        inline = [(cid, (line, col)) for cid, line, col in facts["inline"]]
        for (line, col), code, msg in replaced_cards(inline, known):
            out.append(Finding(code, msg, path, line, col))
        return out

    # -- a whole run -----------------------------------------------------------------------
    def run(self, paths: list[str]) -> Report:
        report = Report()
        self.errors = report.internal_errors
        targets, others = self.discover(paths)
        self.paths, self._sets, self._specs = [os.fspath(p) for p in paths], {}, {}
        self._other_ids: dict[str, dict[str, Any]] = {}
        cards = self.card_set()
        # compiled findings depend on the macros: a changed macro is a miss, not a stale hit
        self.cache.salt = macro_digest(cards.macros)
        # the designer's macros in use are checked even when found above the paths given
        linted = {self.real(p) for p, _ in targets}
        exclude = self.config.exclude
        for m in cards.designer_macros():
            shown = _shown(os.fspath(m))
            if self.real(shown) not in linted and not (
                    exclude and match(self.config.relative(shown), exclude)):
                linted.add(self.real(shown))
                targets.append((shown, "keyword"))
        report.kinds = {k: sum(1 for _, kind in targets if kind == k)
                        for k in ("card", "deck", "scenario", "keyword")}
        card_targets = [p for p, k in targets if k == "card"]
        display: dict[str, str] = {}
        for p in card_targets:
            display.setdefault(self.real(p), p)
        # the bundled cards are always read: scenarios are run against them
        roots = [cards.bundled] + [self.config.root / c for c in self.config.context]
        context = [_shown(f) for r in roots if os.path.isdir(r) for f in _walk(os.fspath(r))
                   if f.endswith(CARD_SUFFIX)]
        ordered: list[str] = []
        bundled: set[str] = set()
        seen: set[str] = set()
        for p in context + card_targets:
            r = self.real(p)
            if r in seen:
                continue
            seen.add(r)
            shown = display.get(r, p)
            ordered.append(shown)
            if r.startswith(cards.bundled_prefix):
                bundled.add(shown)
        reported = set(display.values())

        results: dict[str, FileResult] = {}
        raws: dict[str, bytes | None] = {}
        pending: dict[str, tuple[CardContext | None, str, bool, int]] = {}
        hits: set[str] = set()  # files whose results came from the cache
        for p in ordered:
            before = len(self.errors)
            results[p], raws[p], ctx, key, fresh = self.card_file(p, hits)
            if key is not None and (fresh or results[p].deps is not None):
                pending[p] = (ctx, key, fresh, before)
        bundled_ids: dict[str, CardFacts] = {}
        for p in ordered:
            if p in bundled and results[p].facts is not None:
                bundled_ids.setdefault(results[p].facts.id, results[p].facts)
        facts = [(p, results[p].facts) for p in ordered if results[p].facts is not None
                 and (self.config.bundled or p not in bundled or p in reported)]
        by_id: dict[str, CardFacts] = {}
        for _, f in facts:
            by_id.setdefault(f.id, f)
        for p, (ctx, key, fresh, errors_before) in pending.items():
            result = results[p]
            if not fresh:  # from the cache: still good if the cards it read are unchanged
                raw = raws[p]
                # pending: a cached result with the cards it read, of a file that was read
                assert result.deps is not None and raw is not None
                if not stale(result.deps, by_id):
                    continue
                hits.discard(p)
                errors_before = len(self.errors)
                result, ctx = self.lint_card(p, raw)
                results[p] = result
            self.finish_card(result, ctx, by_id)
            if len(self.errors) == errors_before:  # a file a rule crashed on: tried again
                self.cache.put(key, result)
        extra: dict[str, list[Finding]] = {}
        set_ctx = SetContext(self.base_spec, facts, reported)
        for rule in self.set_rules:
            try:
                for f in rule.check_set(set_ctx) or ():
                    if f.path in reported:
                        extra.setdefault(f.path, []).append(f)
            except Exception as exc:  # noqa: BLE001
                self.internal(f"rule {rule.code} ({rule.name})", "the set", exc)
        pool = _SetPool(by_id)
        for p, kind in targets:
            if kind == "deck":
                results[p], raws[p] = self.deck_file(p, pool)
            elif kind == "keyword":
                results[p], raws[p] = self.keyword_file(p)
            elif kind == "scenario":
                results[p], raws[p] = self.scenario_file(p, hits)
                extra.setdefault(p, []).extend(self.scenario_cards(results[p], p, bundled_ids))
        findings: list[Finding] = []
        for p, _ in targets:
            findings.extend(self.finalize(p, results[p].findings + extra.get(p, []), raws[p]))
        for p in others:
            findings.extend(self.finalize(p, [Finding(
                "CS000", "not a card, deck, scenario or keyword file (expected *.card.yaml, "
                "*.deck.yaml, *.scenario.yaml or *.keyword.yaml)", p)], None))
        self.cache.save()
        report.cached = sum(1 for p, _ in targets if p in hits)
        report.findings = sorted(findings, key=lambda f: f.sort_key)
        return report

    def finalize(self, path: str, findings: list[Finding], raw: bytes | None) -> list[Finding]:
        """Select, suppress and grade one file's findings (on copies: cached ones stay as
        they are)."""
        sel = self.selection
        ignored = sel.ignored_for(self.config.relative(path)) if sel.per_file else set()
        chosen = [f for f in findings if sel.enabled(f.code) and f.code not in ignored]
        if raw is not None and b"cardscript" in raw:
            text = raw.decode("utf-8", errors="replace")
            directives, problems = suppression.parse(text, path, self.rules)
            chosen = suppression.apply(chosen, directives)
            hygiene = problems + suppression.unused(
                directives, lambda c: sel.enabled(c) and c not in ignored, path)
            chosen += [f for f in hygiene if sel.enabled(f.code) and f.code not in ignored]
        out = []
        for f in chosen:
            rule = self.rules.get(f.code)
            out.append(dataclasses.replace(f, path=path, severity=sel.severity_of(f.code),
                                           name=rule.name if rule else ""))
        return out

    # -- fixing ---------------------------------------------------------------------------
    def fix(self, paths: list[str], write: bool) -> Report:
        """Apply safe fixes until none is left, re-linting between passes; write the files
        only if ``write`` (see :func:`cardscript.tools.lint.fixes.fix_paths`)."""
        from .fixes import fix_paths
        return fix_paths(self, paths, write)


def _shown(path: str) -> str:
    """A path as messages show it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def _validate(doc: Document, model: type[BaseModel], what: str = "card") -> Any:
    from cardscript.model import validate_document
    return validate_document(doc, model, what)


def _sub_document(doc: Document, prefix: tuple, data: Any) -> Document:
    """The node at ``prefix`` as a document of its own, positions kept (inline cards)."""
    n = len(prefix)
    positions: dict[tuple, tuple[int, int]] = {}
    for k, v in doc.positions.items():
        if k[:1] == ("<key>",):
            if k[1: 1 + n] == prefix:
                positions[("<key>",) + k[1 + n:]] = v
        elif k[:n] == prefix:
            positions[k[n:]] = v
    return Document(doc.path, data, positions, doc.text)


def _printed(card: CardDef) -> dict[str, Any]:
    """A compiled card's own printed fields beyond the core's, as plain values."""
    core = set(slots_of(CardDef))
    out = {}
    for name in slots_of(type(card)):
        value = getattr(card, name, None)
        if name not in core and (isinstance(value, (str, int, bool, type(None))) or (
                isinstance(value, tuple) and all(isinstance(v, (str, int)) for v in value))):
            out[name] = value
    return out


__all__ = ["Linter", "Report", "FileResult"]

