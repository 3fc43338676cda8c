"""The ``cardscript`` command. Each subcommand is a module of :mod:`tools.commands`.

Exit codes: 0 success, 1 bad input (card, deck or scenario data) or failing tests, 2 bad
usage. Errors go to stderr; designer errors never show a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from core.errors import CardError

from . import commands
from .common import EXIT_USAGE, UsageError, err, fail_input


def _commands() -> dict:
    found = {}
    for info in pkgutil.iter_modules(commands.__path__):
        if not info.name.startswith("_"):
            found[info.name] = importlib.import_module(f"{commands.__name__}.{info.name}")
    return dict(sorted(found.items()))


def _parser(cmds: dict) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardscript", description="Data-driven card games: "
                                "YAML cards, compiled handlers, full rules engines.")
    p.add_argument("--version", action="version", version="cardscript 0.1.0")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, mod in cmds.items():
        mod.add_arguments(sub.add_parser(name, help=mod.HELP, description=mod.HELP))
    return p


def main(argv: list[str] | None = None) -> int:
    cmds = _commands()
    args = _parser(cmds).parse_args(argv)
    try:
        return cmds[args.command].run(args)
    except UsageError as exc:
        err.print(f"cardscript {args.command}: error: {exc}", markup=False)
        return EXIT_USAGE
    except CardError as exc:
        return fail_input(exc)
    except KeyError as exc:  # an unknown game and the like
        err.print(f"cardscript {args.command}: error: {exc.args[0]}", markup=False)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
