"""``cardscript lint``: every problem in card, deck and scenario files at file:line:col, with a
stable code, a plain message and, where possible, a fix.

- :mod:`.registry` the rule base class and the registry (rules come from the
  ``cardscript_lint_rules`` hook of the ``cardscript`` entry-point group);
- :mod:`.rules` the built-in rules, one module per family (:mod:`.plugin` registers them);
- :mod:`.runner` a run: files, the engine's pipeline, card and set rules, decks, scenarios;
- :mod:`.config` ``[tool.cardscript.lint]`` and the selection of rules;
- :mod:`.suppression` ``# cardscript: disable=...`` comments;
- :mod:`.fixes` safe fixes through ruamel.yaml's round-trip; :mod:`.cache` the lint cache;
- :mod:`.formats` text, json, github and SARIF output.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import Config
    from .runner import Report


def lint(paths: Iterable[str | Path], config: Config | None = None, *,
         cache: bool = True, cache_dir: Path | None = None) -> Report:
    """Lint ``paths`` (files or folders) and return the :class:`~.runner.Report`."""
    from .runner import Linter
    return Linter(config, cache=cache, cache_dir=cache_dir).run([str(p) for p in paths])


__all__ = ["lint"]
