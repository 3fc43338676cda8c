"""cardscript lint"""
from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

from ..common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    UsageError,
    check_output_file,
)

if TYPE_CHECKING:  # (imported when the command runs: every command module is loaded at start)
    from ..lint.config import Selection
    from ..lint.registry import Rules
    from ..lint.runner import Linter, Report

HELP = "lint card, deck and scenario files: every problem at file:line:col, with fixes"


def _codes(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [c.strip() for v in values for c in v.split(",") if c.strip()]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders to lint (default: the current folder)")
    p.add_argument("--format", choices=("text", "json", "github", "sarif", "markdown"),
                   default="text", help="output format (default: text; markdown: of "
                   "--list-rules only)")
    p.add_argument("-o", "--output-file", metavar="FILE",
                   help="write the findings to FILE instead of standard output")
    p.add_argument("--select", action="append", metavar="CODES",
                   help="rules to check, by code, prefix (CS1), name or group; replaces the "
                   "configured selection (comma-separated, repeatable)")
    p.add_argument("--extend-select", action="append", metavar="CODES",
                   help="rules to check besides the selection")
    p.add_argument("--ignore", action="append", metavar="CODES", help="rules not to check")
    p.add_argument("--fix", action="store_true", help="apply safe fixes to the files")
    p.add_argument("--diff", action="store_true",
                   help="show the fixes --fix would make as a diff, and write nothing")
    p.add_argument("--exit-zero", action="store_true",
                   help="exit 0 even when there are findings")
    p.add_argument("--no-cache", action="store_true", help="lint every file afresh")
    p.add_argument("--config", metavar="PYPROJECT",
                   help="configuration file (default: the nearest pyproject.toml with "
                   "[tool.cardscript.lint])")
    p.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    p.add_argument("--game", help="the game of the files (default: configured, or the "
                   "reference game)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    p.add_argument("--explain", metavar="CODE", help="print a rule's documentation and exit")
    p.add_argument("--list-rules", action="store_true", help="list every rule and exit")


def _colour(mode: str, stream: TextIO) -> bool:
    if mode == "always" or (mode == "auto" and os.environ.get("FORCE_COLOR")):
        return True
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def _list_rules(rules: Rules, selection: Selection) -> str:
    rows = [("code", "name", "severity", "fix", "on", "groups")]
    for r in rules:
        rows.append((r.code, r.name, selection.severity_of(r.code), "yes" if r.fixable else "",
                     "yes" if selection.enabled(r.code) else "", ",".join(r.groups)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..lint.config import ConfigError, load_config
    from ..lint.registry import RuleError, all_rules, markdown_table
    from ..lint.runner import Linter

    try:
        rules = all_rules()
        if args.explain:
            try:
                sys.stdout.write(rules.explain(args.explain))
            except KeyError as exc:
                raise UsageError(exc.args[0]) from None
            return EXIT_OK
        cfg = load_config(Path(args.config) if args.config else None, isolated=args.isolated)
        if args.game:
            cfg.game = args.game
        if args.select is not None:
            cfg.select = _codes(args.select)
        cfg.extend_select += _codes(args.extend_select) or []
        cfg.ignore += _codes(args.ignore) or []
        linter = Linter(cfg, cache=not args.no_cache)
    except (ConfigError, RuleError) as exc:
        raise UsageError(str(exc)) from None
    if args.list_rules:
        sys.stdout.write(markdown_table(rules) if args.format == "markdown" else
                         _list_rules(rules, linter.selection))
        return EXIT_OK
    if args.format == "markdown":
        raise UsageError("--format markdown lists the rules: use it with --list-rules")
    if args.output_file:
        check_output_file(args.output_file)
    paths = args.paths or ["."]
    try:
        if args.fix or args.diff:
            report = linter.fix(paths, write=not args.diff)
        else:
            report = linter.run(paths)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    try:
        return _report(args, rules, linter, report)
    except BrokenPipeError:  # `cardscript lint | head`: the reader has seen enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BAD_INPUT if report.findings and not args.exit_zero else EXIT_OK


def _report(args: argparse.Namespace, rules: Rules, linter: Linter, report: Report) -> int:
    from pathlib import Path

    from ..lint import formats
    from ..lint.fixes import unified_diff

    to_file = bool(args.output_file)
    colour = not to_file and _colour(args.color, sys.stdout)
    findings = report.findings
    if args.diff:
        body = "".join(unified_diff(path, before, after)
                       for path, (before, after) in sorted(report.changes.items()))
        n = len(report.changes)
        summary = (f"Would fix {report.fixed} problem{'s' if report.fixed != 1 else ''} in {n} "
                   f"file{'s' if n != 1 else ''}.\n") if n else "No fixes available.\n"
        failing = bool(n)
    else:
        if args.format == "text":
            body = formats.text(findings, colour)
        elif args.format == "json":
            body = formats.as_json(findings)
        elif args.format == "github":
            body = formats.github(findings)
        else:
            body = formats.sarif(findings, rules, linter.selection, Path.cwd(), _version())
        counts = {s: sum(1 for f in findings if f.severity == s)
                  for s in ("error", "warning", "info")}
        fixable = sum(1 for f in findings if f.fix is not None)
        summary = formats.summary(counts, report.kinds, report.cached, report.fixed, fixable,
                                  colour=colour and args.format == "text")
        failing = any(linter.selection.fails(f.severity) for f in findings)
    if to_file:
        with open(args.output_file, "w", encoding="utf-8") as f:
            f.write(body)
    else:
        sys.stdout.write(body)
    for note in report.notes:
        sys.stderr.write(f"cardscript lint: {note}\n")
    if not args.quiet:
        # the summary goes with text output; machine-readable output stays parseable
        plain = args.format == "text" and not args.diff and not to_file
        (sys.stdout if plain else sys.stderr).write(summary)
    for e in report.internal_errors:
        sys.stderr.write(f"cardscript lint: {e}\n")
    for e in report.unwritten:
        sys.stderr.write(f"cardscript lint: error: {e}\n")
    sys.stdout.flush()
    if report.internal_errors:
        return EXIT_INTERNAL
    if report.unwritten:
        return EXIT_BAD_INPUT
    return EXIT_BAD_INPUT if failing and not args.exit_zero else EXIT_OK


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("cardscript")
    except PackageNotFoundError:
        return "0+source"
