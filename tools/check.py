"""``cardscript check``: load and compile card, deck and scenario files; report every error.
(The linter issue grows this into ``cardscript lint``.)"""
from __future__ import annotations

import os
from pathlib import Path

from cardscript.cardpool import CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, find_files, real_path
from cardscript.errors import CardError, Diagnostic, Position
from cardscript.macros import KEYWORD_SUFFIX, check_expansions, load_macro

from .common import err, out, pool_with, report, require_paths


def check(paths: list[str], game: str) -> int:
    require_paths(paths)
    cards = find_files(paths, CARD_SUFFIX)
    decks = find_files(paths, DECK_SUFFIX)
    scenarios = find_files(paths, SCENARIO_SUFFIX)
    macros = find_files(paths, KEYWORD_SUFFIX)
    others = [Path(p) for p in paths if not os.path.isdir(p) and not p.endswith(
        (CARD_SUFFIX, DECK_SUFFIX, SCENARIO_SUFFIX, KEYWORD_SUFFIX))]
    pool = pool_with(game, paths, cache=False)
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
    registered = {real_path(e.meta["macro"])
                  for e in pool.registry.entries["keyword"].values() if "macro" in e.meta}
    for f in macros:
        try:
            loaded = load_macro(f)
        except CardError as exc:
            problems.extend(exc.diagnostics)
            continue
        if real_path(f) in registered or any(real_path(d.pos.file) == real_path(f)
                                            for d in pool.spec.macro_diagnostics):
            problems.extend(d for d in pool.spec.macro_diagnostics
                            if real_path(d.pos.file) == real_path(f))
        else:  # a macro outside the game's keywords folder: check what it would expand to
            problems.extend(check_expansions(pool.registry, [loaded]))
    if scenarios:
        from cardscript.tools.scenarios import load_scenario, prepare
        for f in scenarios:
            try:
                doc, model = load_scenario(f)
                prepare(doc, model)
            except CardError as exc:
                problems.extend(exc.diagnostics)
    report(problems)
    n = len(cards) + len(decks) + len(scenarios) + len(macros)
    summary = (f"checked {len(cards)} card, {len(decks)} deck, {len(scenarios)} scenario and "
               f"{len(macros)} keyword files: {len(problems)} "
               f"problem{'s' if len(problems) != 1 else ''}")
    (err if problems else out).print(summary)
    if n == 0 and not others:
        err.print("no card, deck or scenario files found")
    return 1 if problems else 0
