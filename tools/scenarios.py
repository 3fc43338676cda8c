"""Scenarios, the designer's tests: a starting state, the choices to make, what must be true.

```yaml
scenario: Cairnvox returns a Wonder from The Abyss
rule: "501.1"
game: wonders
cards: []            # optional inline card definitions, and card files or folders beside it
setup: {...}         # the game's state (see the game's scenario module)
variants: []         # optional: run once per entry, each with these rule variants
steps:               # answers to the pending decisions, by option label, in order
  - play cairnvox-soulforger
  - realm 3
  - expect: {...}    # checks at this point
expect: {...}        # checks at the end
```
``cardscript test PATH`` runs them and pytest collects them (one result per variant run); a
failure names the file, the line and the step.
"""
from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Container, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Optional, Union

from cardscript.cardpool import SCENARIO_SUFFIX, CardPool, find_files, real_path
from cardscript.cardset import CardSet, card_set
from cardscript.errors import CardError, Diagnostic, Position, did_you_mean
from cardscript.limits import LimitExceeded
from cardscript.loader import Document, load_file
from cardscript.model import validate_document
from cardscript.plugins import GameSpec, games, load_game, reference_game
from cardscript.procedure import GameOver
from cardscript.state import CardDef
from pydantic import BaseModel, ConfigDict, Field, create_model

from .scenario_files import load_card_files


@cache
def scenario_model(game: str) -> type[BaseModel]:
    # the game's models, and the types made of them here, exist only at run time: Any
    sc = load_game(game).scenario
    expect: Any = Optional[sc.Expect]
    step: Any = Union[str, create_model("ExpectStep", __config__=ConfigDict(extra="forbid"),
                                        expect=(sc.Expect, ...))]
    names: Any = sc.Setup.model_fields["variants"].annotation  # the game's variant names
    run: Any = create_model(
        "VariantRun", __config__=ConfigDict(extra="forbid"),
        variants=(names, Field(description="The variants of this run.")),
        expect=(expect, Field(None, description="Checked at the end of this "
                                           "run, besides the top-level `expect`.")))
    return create_model(
        "Scenario", __config__=ConfigDict(extra="forbid"),
        scenario=(str, Field(description="What the scenario shows.")),
        rule=(Union[str, list[str]], Field(description="The rule number(s) it checks.")),
        game=(str, game),
        cards=(list[Union[str, dict[str, Any]]], Field(
            default_factory=list, description="Inline card definitions, and card files or "
            "folders relative to the scenario file, inside its folder.")),
        setup=(sc.Setup, Field(default_factory=sc.Setup)),
        variants=(list[Union[names, run]], Field(
            default_factory=list, description="Run the scenario once per entry, with these "
                                              "variants added to setup.variants.")),
        steps=(list[step], Field(default_factory=list)),
        expect=(expect, None),
    )


#: bundled pools by the spec (macros) and folder they were compiled with, most recent last
_POOLS: OrderedDict[tuple[int, str], tuple[GameSpec, CardPool]] = OrderedDict()


def bundled_pool(game: str, cards: CardSet | None = None) -> CardPool:
    """The bundled cards a scenario plays with, compiled with the set's keyword macros
    (default: the game's own), remembered while the macros are unchanged."""
    cards = cards or card_set(game)
    spec = cards.spec()
    key = (id(spec), real_path(cards.bundled))
    hit = _POOLS.get(key)
    if hit is not None and hit[0] is spec:
        _POOLS.move_to_end(key)
        return hit[1]
    pool = CardPool(game, macros=cards.macros).load([cards.bundled])
    _POOLS[key] = (spec, pool)
    while len(_POOLS) > 4:
        _POOLS.popitem(last=False)
    return pool


class ScenarioPool:
    """The bundled cards plus a scenario's inline cards."""

    def __init__(self, base: CardPool, extra: dict[str, CardDef]):
        self.registry = base.registry
        self.cards = {**base.cards, **extra}
        self.tokens = {k: v for k, v in self.cards.items() if v.token}

    def get(self, cid: str) -> CardDef:
        from cardscript.errors import did_you_mean
        if cid not in self.cards:
            raise KeyError(f"unknown card '{cid}'{did_you_mean(cid, self.cards)}")
        return self.cards[cid]


@dataclasses.dataclass
class Result:
    path: str
    name: str
    rule: str
    failures: list[str]
    #: the run's variants, ``variants: power_tiebreak``, when the file runs several
    variants: str | None = None

    @property
    def passed(self) -> bool:
        return not self.failures


def _game_of(doc: Document) -> str:
    data = doc.data if isinstance(doc.data, dict) else {}
    g = data.get("game")
    return g if isinstance(g, str) else reference_game()


def game_of(doc: Document) -> str:
    """The game a scenario names (default: the reference game); an unknown game is the
    file's own positioned error, so one bad scenario does not stop a run over many."""
    game = _game_of(doc)
    installed = games()
    if game not in installed:
        pos = doc.pos(("game",)) if isinstance(doc.data, dict) and "game" in doc.data \
            else doc.pos(())
        raise CardError([Diagnostic(pos, f"unknown game '{game}'"
                                    f"{did_you_mean(game, installed)}; installed: "
                                    f"{', '.join(sorted(installed))}", "CS105")])
    return game


def load_scenario(path: str | Path) -> tuple[Document, Any]:
    """A scenario file's document and model (of the game's :func:`scenario_model`)."""
    doc = load_file(path)
    game = game_of(doc)
    model = validate_document(doc, scenario_model(game), "scenario")
    return doc, model


def expect_blocks(model: Any) -> list[tuple[tuple, Any]]:
    """Each ``expect`` block of a scenario with its path: the steps', then the top-level one."""
    out: list[tuple[tuple, Any]] = [(("steps", i, "expect"), st.expect)
                                    for i, st in enumerate(model.steps)
                                    if not isinstance(st, str)]
    if model.expect is not None:
        out.append((("expect",), model.expect))
    return out


def duplicate_cards(inline: list[tuple[str, tuple]]) -> list[tuple[tuple, str, str]]:
    """CS503 for each inline card (id, path of its ``id``) whose id an earlier one has."""
    first: dict[str, tuple] = {}
    out = []
    for cid, path in inline:
        if cid in first:
            out.append((path, "CS503", f"inline card '{cid}' is defined twice in this "
                                       f"scenario (first as cards[{first[cid][1]}]); give it "
                                       "another id or remove one"))
        else:
            first[cid] = path
    return out


def replaced_cards(inline: list[tuple[str, tuple]],
                   bundled: Container[str]) -> list[tuple[tuple, str, str]]:
    """CS504 (a warning, the linter's only) for each inline card replacing a bundled card."""
    return [(path, "CS504", f"inline card '{cid}' replaces the bundled card '{cid}' in this "
                            "scenario; if that is meant, say so with a suppression comment "
                            "(# cardscript: disable=CS504), else give it another id")
            for cid, path in inline if cid in bundled]


def static_problems(doc: Document, model: Any, pool: ScenarioPool) -> list[Diagnostic]:
    """What a scenario's file shows wrong without running it, beyond its schema: card ids
    that name no card (CS500, in ``setup`` and ``expect``) and the game's setup problems
    (its own codes), each at the key or value it is about."""
    sc = load_game(model.game).scenario
    out = []
    for path, cid in sc.card_ids(model.setup, expect_blocks(model)):
        msg = sc.known_card(pool, cid)
        if msg:
            out.append(Diagnostic(doc.key_pos(path), msg, "CS500"))
    for path, code, msg in sc.setup_problems(model.setup):
        out.append(Diagnostic(doc.key_pos(path), msg, code))
    return out


def defined_twice(doc: Document, entries: list[Any], files: list[tuple[int, CardDef]],
                  inline: list[tuple[str, tuple]]) -> list[Diagnostic]:
    """CS503 for each card id a card file defines that an earlier entry of ``cards`` did,
    or that a later inline card defines again (two inline cards: :func:`duplicate_cards`)."""
    first: dict[str, tuple[str, bool]] = {}  # id -> (where, inline)
    inline_ids = {path[1]: cid for cid, path in inline}
    out = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            # a card file's cards are compiled with their source (else: the entry naming it)
            entry_pos = doc.pos(("cards", i))
            found = [(c.id, src, str(src), False) for j, c in files if j == i
                     for src in (c.source or entry_pos,)]
        elif i in inline_ids:
            found = [(inline_ids[i], doc.pos(("cards", i, "id")), f"cards[{i}]", True)]
        else:
            continue
        for cid, pos, where, is_inline in found:
            if cid not in first:
                first[cid] = (where, is_inline)
            elif not (is_inline and first[cid][1]):
                out.append(Diagnostic(pos, f"card '{cid}' is defined twice for this scenario "
                                           f"(first in {first[cid][0]}); give it another id or "
                                           "remove one", "CS503"))
    return out


def prepare(doc: Document, model: Any, cards: CardSet | None = None) -> ScenarioPool:
    """Compile inline cards and check every card id and the setup; raise CardError listing
    problems. ``cards``: the set whose bundled cards and keyword macros the scenario uses
    (default: what the scenario's own path brings, :func:`cardscript.cardset.card_set`)."""
    cards = cards or card_set(model.game, [doc.path])
    base = bundled_pool(model.game, cards)
    spec = base.spec
    extra: dict[str, CardDef] = {}
    # a broken or doubly declared macro of the designer's fails the scenario, never silently
    problems: list[Diagnostic] = [d for d in spec.macro_diagnostics
                                  if not cards.in_bundled(d.pos.file)]
    inline: list[tuple[str, tuple]] = []
    files, file_problems = load_card_files(doc, model.cards, spec.card_model, base.compiler)
    problems.extend(file_problems)
    for i, entry in enumerate(model.cards):
        if isinstance(entry, str):
            for card in (c for j, c in files if j == i):
                extra.setdefault(card.id, card)
            continue
        sub = doc.sub(("cards", i))
        try:
            card = base.compiler.card(validate_document(sub, spec.card_model, "card"),
                                      doc.pos(("cards", i)), sub.pos)
            extra.setdefault(card.id, card)
            inline.append((card.id, ("cards", i, "id")))
        except CardError as exc:
            problems.extend(exc.diagnostics)
    problems.extend(defined_twice(doc, model.cards, files, inline))
    problems.extend(Diagnostic(doc.pos(path), msg, code)
                    for path, code, msg in duplicate_cards(inline))
    pool = ScenarioPool(base, extra)
    problems.extend(static_problems(doc, model, pool))
    if problems:
        raise CardError(sorted(problems, key=lambda d: (d.pos.line, d.pos.col)))
    return pool


def variant_runs(model: Any) -> list[tuple[str | None, Any, Any]]:
    """Each run of a scenario: ``(label, setup, extra expect)``. One run, labelled None,
    unless ``variants`` lists several: then each adds its variants to ``setup.variants``
    and may add an ``expect`` checked at its end."""
    if not model.variants:
        return [(None, model.setup, None)]
    out: list[tuple[str | None, Any, Any]] = []
    for entry in model.variants:
        names = entry if isinstance(entry, list) else entry.variants
        extra = None if isinstance(entry, list) else entry.expect
        both = list(dict.fromkeys([*model.setup.variants, *names]))
        label = "variants: " + (", ".join(both) or "none")
        out.append((label, model.setup.model_copy(update={"variants": both}), extra))
    return out


def run_scenarios(path: str | Path, paths: Sequence[str | Path] | None = None,
                  only: int | None = None) -> list[Result]:
    """Run one scenario file, once per variant run (``only``: just that run); never
    raises for bad scenario data (it becomes a failure). ``paths``: those the command was
    given, whose keyword macros the scenario's cards use (default: the scenario's own
    path)."""
    path = str(path)
    try:
        doc, model = load_scenario(path)
        pool = prepare(doc, model, card_set(model.game, paths or [path]))
    except CardError as exc:
        return [Result(path, Path(path).name, "", [str(d) for d in exc.diagnostics])]
    rule = model.rule if isinstance(model.rule, str) else ", ".join(model.rule)
    runs = variant_runs(model)
    out = []
    for n, (label, setup, extra) in enumerate(runs):
        if only is not None and n != only:
            continue
        where = ("variants", n) if label is not None else ("setup",)
        failures = _run(doc, model, pool, setup, extra, where)
        out.append(Result(path, model.scenario, rule, failures, label))
    return out


def run_scenario(path: str | Path, paths: Sequence[str | Path] | None = None) -> Result:
    """Run one scenario file, every variant run: one result (a failure names its run)."""
    results = run_scenarios(path, paths)
    if len(results) == 1:
        return results[0]
    failures = [f"[{r.variants}] {line}" for r in results for line in r.failures]
    return Result(results[0].path, results[0].name, results[0].rule, failures)


def _run(doc: Document, model: Any, pool: ScenarioPool, setup: Any, extra: Any,
         at: tuple) -> list[str]:
    """The failures of one run of a scenario, from ``setup``; ``extra``: the run's own
    expect, checked after the top-level one (its failures at ``at``)."""
    sc = load_game(model.game).scenario
    failures: list[str] = []
    try:
        game = sc.build(setup, pool)
    except (ValueError, KeyError, LimitExceeded) as exc:  # a setup past the game's limits too
        return [f"{doc.pos(('setup',))}: {exc}"]
    expects_error = any(e is not None and e.error is not None for e in
                        [model.expect, extra,
                         *(getattr(st, "expect", None) for st in model.steps)])
    choose = getattr(sc, "find_option", None)
    over = getattr(sc, "game_over_reason", None)

    def ended_in_error(where: Position, what: str) -> bool:
        """A game ending in an error (a limit reached) fails the scenario, unless expected."""
        if getattr(game, "error", None) is None or expects_error:
            return False
        failures.append(f"{where}: {what}the game ended in an error: {game.error}")
        return True

    try:
        game.advance()
        if ended_in_error(doc.pos(("setup",)), ""):
            return failures
        for i, step in enumerate(model.steps):
            where = doc.pos(("steps", i))
            if isinstance(step, str):
                d = game.decision
                if d is None:
                    why = f": {over(game)}" if over is not None else ""
                    failures.append(f"{where}: step {i + 1} ({step!r}): the game is over"
                                    f"{why}; there is no decision to answer")
                    break
                try:
                    game.choose(choose(d, step) if choose is not None else d.find(step))
                except LookupError as exc:
                    failures.append(f"{where}: step {i + 1} ({step!r}): {exc}")
                    break
                if ended_in_error(where, f"step {i + 1} ({step!r}): "):
                    break
            else:
                for sub, msg in sc.check(game, step.expect):
                    failures.append(f"{doc.pos(('steps', i, 'expect') + sub)}: step {i + 1} "
                                    f"(expect): {msg}")
                if failures:
                    break
        if not failures and model.expect is not None:
            for sub, msg in sc.check(game, model.expect):
                failures.append(f"{doc.pos(('expect',) + sub)}: {msg}")
        if not failures and extra is not None:
            for sub, msg in sc.check(game, extra):
                failures.append(f"{doc.pos(at + ('expect',) + sub)}: {msg}")
    except GameOver:
        pass
    return failures


def find_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    return find_files(paths, SCENARIO_SUFFIX)
