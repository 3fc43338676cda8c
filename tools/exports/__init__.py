"""The formats of ``cardscript export``: one module per format, discovered here as the
commands are (:mod:`cardscript.tools.cli`). A format module defines ``NAME`` (what ``--to``
takes), ``HELP`` (one line) and ``write(facts, out) -> list[Path]``: it writes the set or deck
of :class:`cardscript.tools.facts.SetFacts` into the folder ``out`` and returns the files it
wrote. Adding a format is adding a module here."""
from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def formats() -> dict[str, ModuleType]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            mod = importlib.import_module(f"{__name__}.{info.name}")
            found[getattr(mod, "NAME", info.name)] = mod
    return dict(sorted(found.items()))


__all__ = ["formats"]
