"""``cardscript check``: load and compile card, deck and scenario files; report every error.
(The linter issue grows this into ``cardscript lint``.)"""
from __future__ import annotations

import os
from pathlib import Path

from cardscript.cardpool import CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, find_files, real_path
from cardscript.cardset import card_set
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.macros import KEYWORD_SUFFIX

from .common import err, out, report, require_paths


def check(paths: list[str], game: str) -> int:
    require_paths(paths)
    cards = find_files(paths, CARD_SUFFIX)
    decks = find_files(paths, DECK_SUFFIX)
    scenarios = find_files(paths, SCENARIO_SUFFIX)
    others = [Path(p) for p in paths if not os.path.isdir(p) and not p.endswith(
        (CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, KEYWORD_SUFFIX))]
    cs = card_set(game, paths)
    pool = cs.pool(cache=False)
    # the keyword files given, and the designer's macros in use found above the paths
    macros = find_files(paths, KEYWORD_SUFFIX)
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
    report(problems)
    n = len(cards) + len(decks) + len(scenarios) + len(macros)
    summary = (f"checked {len(cards)} card, {len(decks)} deck, {len(scenarios)} scenario and "
               f"{len(macros)} keyword files: {len(problems)} "
               f"problem{'s' if len(problems) != 1 else ''}")
    (err if problems else out).print(summary)
    if n == 0 and not others:
        err.print("no card, deck or scenario files found")
    return 1 if problems else 0
