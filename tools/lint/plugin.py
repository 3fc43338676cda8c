"""Registers the built-in lint rules through the ``cardscript`` entry-point group, exactly as
a game or a third-party package registers its own (implement ``cardscript_lint_rules``)."""
from __future__ import annotations

from cardscript.plugins import hookimpl


@hookimpl
def cardscript_lint_rules() -> list[type]:
    from .rules import builtin_rules
    return builtin_rules()
