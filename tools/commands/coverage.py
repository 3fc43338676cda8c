"""cardscript coverage"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardscript.state import CardDef

from ..common import Decks, UsageError, err, out, require_paths
from ._shared import add_game_arguments, pool_and_decks

HELP = ("which rule clauses and keywords the scenarios cite, and which card abilities "
        "random games never resolve")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="scenario files or folders besides tests/rulings/<game> (when it is "
                   "under the working folder)")
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=200, help="random games (default: 200)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--explained", metavar="FILE",
                   help="abilities expected never to resolve, with reasons (default: the "
                   "game's bundled coverage.yaml)")
    p.add_argument("--json", action="store_true", help="machine-readable report")


def run(args: argparse.Namespace) -> int:
    from cardscript.errors import CardError
    from rich.markup import escape
    from rich.table import Table

    from .. import coverage as cov
    from ..common import load_decks
    if args.games < 0:
        raise UsageError("--games must be at least 0")
    require_paths(args.paths)
    pool, decks = pool_and_decks(args)
    spec = pool.spec
    rulings = Path("tests") / "rulings" / spec.name
    cited, problems = cov.citations(([str(rulings)] if rulings.is_dir() else []) + args.paths)
    for d in problems:
        err.print(str(d), markup=False)
    rules = cov.rules_coverage(spec, cited)
    if args.decks:
        pairs = [_pair(decks)]
    else:  # every pair of bundled decks
        from cardscript.cardpool import bundled_decks
        names = [p.name[: -len(".deck.yaml")] for p in bundled_decks(spec)]
        pairs = [_pair(load_decks(pool, [a, b])) for i, a in enumerate(names)
                 for b in names[i + 1:]] or [_pair(decks)]
    if args.explained:
        require_paths([args.explained], "--explained")
    path = Path(args.explained) if args.explained else spec.cards_dir / cov.EXPLAINED_FILE
    explained = cov.load_explained(path, pool.cards) if path.is_file() else cov.Explained()
    if explained.problems:
        raise CardError(explained.problems)
    abilities = cov.ability_coverage(pool, pairs, args.games, args.seed, explained, args.variant)
    report = {**rules, **abilities}
    summary = _summary(report)
    report["summary"] = summary
    if args.json:
        out.print_json(json.dumps(report))
        return 0
    table = Table(title=f"rules cited by {len(cited)} scenarios")
    table.add_column("clause", no_wrap=True)
    table.add_column("title")
    table.add_column("scenarios", overflow="fold")
    for c in report["clauses"]:
        citing = ", ".join(c["scenarios"])
        table.add_row(c["number"], escape(c["title"]),
                      escape(citing) if citing else "[bold red]uncovered[/]")
    for k in report["keywords"]:
        citing = ", ".join(k["scenarios"])
        what = "keyword (planned)" if k["planned"] else "keyword"
        # a planned keyword is no rule yet (vocab.planned): nothing for a scenario to test
        missing = "[yellow]planned[/]" if k["planned"] else "[bold red]uncovered[/]"
        table.add_row(escape(k["name"]), what, escape(citing) if citing else missing)
    out.print(table)
    for u in report["unknown_clauses"]:
        out.print(f"[yellow]no clause {escape(u['number'])} in the rules[/], cited by "
                  f"{escape(', '.join(u['scenarios']))}")
    dead = [a for a in report["abilities"] if a["status"] in ("dead", "explained")]
    if dead:
        t = Table(title=f"abilities never resolved in {args.games} random games "
                  f"(seed {args.seed})")
        for col in ("card", "ability", "trigger", "why"):
            t.add_column(col)
        for a in dead:
            why = (f"explained: {escape(a['reason'])}" if a["status"] == "explained"
                   else "[bold red]dead[/]")
            t.add_row(escape(a["card"]), escape(a["ability"]), escape(a["trigger"]), why)
        out.print(t)
    unplayed = sorted({a["card"] for a in report["abilities"] if a["status"] == "unplayed"})
    if unplayed:
        out.print(f"in no deck played ({len(unplayed)} cards, not counted): "
                  f"{escape(', '.join(unplayed))}", style="dim")
    out.print(summary["line"], markup=False)
    return 0


def _pair(decks: Decks) -> tuple[tuple[str, list[CardDef]], tuple[str, list[CardDef]]]:
    """Two decks, as a game is played between them."""
    first, second = decks
    return first, second


def _summary(report: dict[str, Any]) -> dict[str, Any]:
    clauses, keywords, abilities = report["clauses"], report["keywords"], report["abilities"]
    s: dict[str, Any] = {"clauses": len(clauses),
         "clauses_covered": sum(1 for c in clauses if c["scenarios"]),
         "keywords": sum(1 for k in keywords if not k["planned"]),
         "keywords_covered": sum(1 for k in keywords if k["scenarios"] and not k["planned"]),
         "keywords_planned": sum(1 for k in keywords if k["planned"])}
    for status in ("resolved", "static", "dead", "explained", "unplayed"):
        s[f"abilities_{status}"] = sum(1 for a in abilities if a["status"] == status)
    s["line"] = (f"clauses: {s['clauses_covered']}/{s['clauses']} covered; keywords: "
                 f"{s['keywords_covered']}/{s['keywords']} covered, {s['keywords_planned']} "
                 "planned; abilities: "
                 f"{s['abilities_resolved']} resolved, {s['abilities_static']} static, "
                 f"{s['abilities_dead']} dead, "
                 f"{s['abilities_explained']} explained, {s['abilities_unplayed']} in no deck "
                 f"played ({report['games']} games, {report['errors']} errors)")
    return s
