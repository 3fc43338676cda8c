"""The formats of ``cardscript export``: one module per format, discovered here as the
commands are (:mod:`cardscript.tools.cli`). A format module defines ``NAME`` (what ``--to``
takes), ``HELP`` (one line) and ``write(facts, out) -> list[Path]``: it writes the set or deck
of :class:`cardscript.tools.facts.SetFacts` into the folder ``out`` and returns the files it
wrote. Adding a format is adding a module here."""
from __future__ import annotations

import sys
from types import ModuleType

from ..common import modules_of


def formats() -> dict[str, ModuleType]:
    return modules_of(sys.modules[__name__])


__all__ = ["formats"]
