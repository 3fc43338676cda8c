"""The ``cardscript`` command. Each subcommand is a module of :mod:`cardscript.tools.commands`.

Exit codes: 0 success, 1 bad input (card, deck or scenario data; a file that can't be read
or written) or failing tests, 2 bad usage (including a path that does not exist, or a file
where a folder is expected, or a game that is not installed), 3 an internal error: a bug in
cardscript, shown with its traceback for the report. Errors go to stderr; bad input never
shows a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from types import ModuleType

from cardscript.errors import CardError, printable
from cardscript.plugins import UnknownGame, reference_game

from . import commands
from .common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    REFERENCE_GAME,
    UsageError,
    err,
    fail_input,
    modules_of,
)


def _commands() -> dict[str, ModuleType]:
    # a module may name its command (``import-csv`` is the module ``import_csv``)
    return modules_of(commands)


def _parser(cmds: dict[str, ModuleType]) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardscript", description="Data-driven card games: "
                                "YAML cards, compiled handlers, full rules engines.")
    p.add_argument("--version", action="version", version="cardscript 0.1.0")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, mod in cmds.items():
        # argparse formats a help string with %: "95%" must reach it as "95%%"
        mod.add_arguments(sub.add_parser(name, help=mod.HELP.replace("%", "%%"),
                                         description=mod.HELP))
    return p


def main(argv: list[str] | None = None) -> int:
    cmds = _commands()
    args = _parser(cmds).parse_args(argv)
    try:
        if getattr(args, "game", None) == REFERENCE_GAME:
            args.game = reference_game()
        return cmds[args.command].run(args)
    except UsageError as exc:
        err.print(f"cardscript {args.command}: error: {exc}", markup=False)
        return EXIT_USAGE
    except CardError as exc:
        return fail_input(exc)
    except UnknownGame as exc:
        err.print(f"cardscript {args.command}: error: {exc}", markup=False)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C before a command could stop cleanly by itself
        err.print(f"cardscript {args.command}: interrupted", markup=False)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `cardscript text | head`: the reader has seen enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BAD_INPUT
    except OSError as exc:
        # a file or folder the user named that can't be read or written (permissions, a
        # full disk, a link loop): their environment, not a bug. An OSError about no path
        # is left to show, as a bug would be.
        if exc.filename is None:
            raise
        where = os.fsdecode(exc.filename)
        if exc.filename2 is not None:
            where += f" -> {os.fsdecode(exc.filename2)}"
        err.print(f"cardscript {args.command}: error: {where}: {exc.strerror or exc}",
                  markup=False)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug: said as one, never as the user's mistake
        traceback.print_exc()
        err.print(f"cardscript {args.command}: internal error: {type(exc).__name__}: "
                  f"{printable(str(exc))}; this is a bug in cardscript: please report it with "
                  "the traceback above", markup=False)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
