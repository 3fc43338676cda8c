"""``cardscript check``: load and compile card, deck and scenario files; report every error.

Besides what the engine's pipeline finds (loader, model, compiler, pool, decks, scenarios),
it reports every error ``cardscript lint`` would, by running the linter's error-level rules
(:func:`lint_errors`): one rule, one place, so the two commands never disagree on an error.
``cardscript lint`` adds the warnings and style findings, fixes and configuration."""
from __future__ import annotations

import os
from pathlib import Path

from cardscript.cardpool import CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, find_files, real_path
from cardscript.cardset import card_set, of_this_game
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.macros import KEYWORD_SUFFIX

from .common import err, out, report, require_paths


def check(paths: list[str], game: str) -> int:
    require_paths(paths)
    cs = card_set(game, paths)
    # the files of another game's bundled folder are that game's (cardset.other_games)
    cards = of_this_game(find_files(paths, CARD_SUFFIX), cs.foreign)
    decks = of_this_game(find_files(paths, DECK_SUFFIX), cs.foreign)
    scenarios = of_this_game(find_files(paths, SCENARIO_SUFFIX), cs.foreign)
    others = [Path(p) for p in paths if not os.path.isdir(p) and not p.endswith(
        (CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, KEYWORD_SUFFIX))]
    pool = cs.pool(cache=False)
    # the keyword files given, and the designer's macros in use found above the paths
    macros = of_this_game(find_files(paths, KEYWORD_SUFFIX), cs.foreign)
    given = {real_path(f) for f in macros}
    macros += [f for f in cs.designer_macros() if real_path(f) not in given]
    mine = {real_path(f) for f in cards}
    problems: list[Diagnostic] = [d for d in pool.diagnostics
                                  if real_path(d.pos.file) in mine]
    for f in others:
        problems.append(Diagnostic(Position(str(f), 1, 1), "not a card, deck, scenario or "
                                   f"keyword file (expected *{CARD_SUFFIX}, *{DECK_SUFFIX}, "
                                   f"*{SCENARIO_SUFFIX} or *{KEYWORD_SUFFIX})", "CS000"))
    for f in decks:
        try:
            pool.load_deck(f)
        except CardError as exc:
            problems.extend(exc.diagnostics)
    reals = {real_path(f) for f in macros}
    problems.extend(d for d in pool.spec.macro_diagnostics if real_path(d.pos.file) in reals)
    if scenarios:
        from cardscript.tools.scenarios import load_scenario, prepare
        for f in scenarios:
            try:
                doc, model = load_scenario(f)
                prepare(doc, model, cs if model.game == game else card_set(model.game, paths))
            except CardError as exc:
                problems.extend(exc.diagnostics)
    problems = list({str(d): d for d in problems}.values())  # a macro problem comes twice
    seen = {(real_path(d.pos.file), d.code, d.message) for d in problems}
    # the linter's own errors, unless the pipeline already said the same (at another place)
    problems.extend(d for d in lint_errors(paths, game)
                    if (real_path(d.pos.file), d.code, d.message) not in seen)
    report(problems)
    n = len(cards) + len(decks) + len(scenarios) + len(macros)
    summary = (f"checked {len(cards)} card, {len(decks)} deck, {len(scenarios)} scenario and "
               f"{len(macros)} keyword files: {len(problems)} "
               f"problem{'s' if len(problems) != 1 else ''}")
    (err if problems else out).print(summary)
    if n == 0 and not others:
        err.print("no card, deck or scenario files found")
    return 1 if problems else 0


def error_codes(game: str) -> list[str]:
    """The codes of the lint rules that are errors by default for ``game`` (the linter's
    registry): what ``cardscript check`` reports too."""
    from .lint.registry import all_rules
    return [r.code for r in all_rules() if r.severity == "error" and r.applies_to(game)]


def lint_errors(paths: list[str], game: str) -> list[Diagnostic]:
    """What ``cardscript lint`` reports as errors under ``paths`` with no configuration (the
    rules' default severities; suppression comments apply as in lint), as diagnostics."""
    from .lint.config import Config
    from .lint.runner import Linter
    linter = Linter(Config(game=game, select=error_codes(game), cache=False), cache=False)
    report = linter.run(list(paths))
    for problem in report.internal_errors:  # a bug in a rule: said, never a traceback
        err.print(problem, markup=False)
    return [Diagnostic(Position(f.path, f.line, f.col), f.message, f.code, f.card)
            for f in report.findings if f.severity == "error"]
