"""Configuration: ``[tool.cardscript.lint]`` in the nearest pyproject.toml, then the command
line on top.

```toml
[tool.cardscript.lint]
select = ["ALL"]                 # codes, code prefixes (CS1), names or groups; default: the
extend-select = ["key-order"]    #   rules that are on by default
ignore = ["CS302"]
per-file-ignores = {"cardscripts/wonders/promo/*" = ["CS121"]}
severity = {unused-target = "error", style = "info"}
exclude = ["cardscripts/wonders/drafts/*"]
context = ["cardscripts"]        # card folders always loaded as the set, besides the bundled
bundled = true                   # the game's bundled cards are part of the set
fail-on = "warning"              # the least severe finding that fails the run (default: info)
game = "wonders"                 # the game of the files (default: the reference game)
cache = true
```
"""
from __future__ import annotations

import fnmatch
import hashlib
import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from cardscript.errors import CardError, did_you_mean
from cardscript.loader import read_source
from cardscript.plugins import reference_game

from .findings import SEVERITIES, SEVERITY_RANK
from .registry import Rules

TABLE = ("tool", "cardscript", "lint")


class ConfigError(Exception):
    """A bad configuration or command-line selection (a usage error: exit code 2)."""


@dataclass
class Config:
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None
    game: str = field(default_factory=reference_game)
    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, str] = field(default_factory=dict)
    exclude: list[str] = field(default_factory=list)
    context: list[str] = field(default_factory=list)
    bundled: bool = True
    fail_on: str = "info"
    cache: bool = True

    def fingerprint(self) -> str:
        """What about this configuration could change a file's own findings (none of the
        selection does: the cache keeps every rule's findings and selects afterwards)."""
        return hashlib.blake2b(repr((self.game,)).encode(), digest_size=8).hexdigest()

    def relative(self, path: str) -> str:
        try:
            rel = os.path.relpath(os.path.abspath(path), self.root)
        except ValueError:  # another drive
            rel = path
        return rel.replace(os.sep, "/")


_KEYS = {f.name.replace("_", "-"): f.name for f in fields(Config)
         if f.name not in ("root", "source")}


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` that has ``[tool.cardscript.lint]``."""
    for d in (start, *start.parents):
        p = d / "pyproject.toml"
        if p.is_file():
            try:
                data = _read_toml(p)
            except ConfigError:
                continue
            if _table(data) is not None:
                return p
    return None


def _read_toml(path: Path) -> dict:
    """A TOML file through core's one reader (regular files only, size-bounded)."""
    try:
        raw = read_source(path)
    except CardError as exc:
        msg = exc.diagnostics[0].message if exc.diagnostics else "cannot read file"
        raise ConfigError(f"{path}: {msg}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:  # tomllib recurses into nested arrays and tables
        raise ConfigError(f"{path}: not valid TOML: nested too deeply") from None


def _table(data: dict) -> dict | None:
    cur: Any = data
    for k in TABLE:
        if not isinstance(cur, dict) or k not in cur:
            return None
        cur = cur[k]
    return cur if isinstance(cur, dict) else None


def _str_list(where: str, v: Any) -> list[str]:
    if isinstance(v, str):
        return [v]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ConfigError(f"{where} must be a list of strings")
    return list(v)


def load_config(path: Path | None = None, *, isolated: bool = False,
                start: Path | None = None) -> Config:
    """The configuration from ``path``, or from the nearest pyproject.toml above ``start``
    (the working directory), or the defaults."""
    if isolated:
        return Config()
    if path is None:
        path = find_pyproject((start or Path.cwd()).resolve())
        if path is None:
            return Config()
    data = _read_toml(Path(path))
    table = _table(data)
    if table is None:
        table = data if Path(path).name != "pyproject.toml" else {}
    return from_table(table, Path(path))


def from_table(table: dict, source: Path | None = None) -> Config:
    cfg = Config(root=source.resolve().parent if source else Path.cwd(), source=source)
    where = f"{source}: [tool.cardscript.lint]" if source else "[tool.cardscript.lint]"
    for key, value in table.items():
        attr = _KEYS.get(key)
        if attr is None:
            raise ConfigError(f"{where}: unknown key '{key}'{did_you_mean(key, _KEYS)}; "
                              f"expected one of: {', '.join(sorted(_KEYS))}")
        here = f"{where}.{key}"
        if attr in ("select", "extend_select", "ignore", "exclude", "context"):
            value = _str_list(here, value)
        elif attr == "per_file_ignores":
            if not isinstance(value, dict):
                raise ConfigError(f"{here} must be a table of glob = [codes]")
            value = {str(k): _str_list(f"{here}.{k}", v) for k, v in value.items()}
        elif attr == "severity":
            if not isinstance(value, dict) or not all(v in SEVERITIES for v in value.values()):
                raise ConfigError(f"{here} must map codes, names or groups to one of: "
                                  f"{', '.join(SEVERITIES)}")
            value = {str(k): v for k, v in value.items()}
        elif attr == "fail_on":
            if value not in SEVERITIES:
                raise ConfigError(f"{here} must be one of: {', '.join(SEVERITIES)}")
        elif attr in ("cache", "bundled"):
            if not isinstance(value, bool):
                raise ConfigError(f"{here} must be true or false")
        elif attr == "game" and not isinstance(value, str):
            raise ConfigError(f"{here} must be a game name")
        setattr(cfg, attr, value)
    return cfg


def match(rel: str, patterns: list[str]) -> bool:
    """``rel`` (a path relative to the configuration's folder, with /) matches a glob; a
    pattern without a / also matches the file name alone."""
    base = rel.rsplit("/", 1)[-1]
    for p in patterns:
        p = p.strip()
        if p.startswith("./"):
            p = p[2:]
        if fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(rel, p.rstrip("/") + "/*"):
            return True
        if "/" not in p and fnmatch.fnmatchcase(base, p):
            return True
    return False


class Selection:
    """Which codes are reported, at which severity, for which files."""

    def __init__(self, cfg: Config, rules: Rules):
        self.cfg = cfg
        self.rules = rules

        def codes(items: list[str], what: str) -> set[str]:
            out: set[str] = set()
            for s in items:
                try:
                    out.update(rules.matching(s))
                except KeyError as exc:
                    raise ConfigError(f"{what}: {exc.args[0]}") from None
            return out

        if cfg.select is None:
            chosen = {r.code for r in rules if r.default}
        else:
            chosen = codes(cfg.select, "select")
        chosen |= codes(cfg.extend_select, "extend-select")
        self.ignored = codes(cfg.ignore, "ignore")
        self.enabled_codes = {c for c in chosen - self.ignored
                              if rules.by_code[c].applies_to(cfg.game)}
        self.per_file = [(pat, codes(v, f"per-file-ignores.{pat}"))
                         for pat, v in cfg.per_file_ignores.items()]
        # severity: a code or a name beats a group or a prefix
        self.severity: dict[str, str] = {}
        exact: dict[str, str] = {}
        for key, sev in cfg.severity.items():
            found = codes([key], "severity")
            target = exact if (key.upper() in rules.by_code or key.lower() in rules.by_name) \
                else self.severity
            for c in found:
                target[c] = sev
        self.severity.update(exact)
        self.fail_rank = SEVERITY_RANK[cfg.fail_on]

    def enabled(self, code: str) -> bool:
        if code in self.rules.by_code:
            return code in self.enabled_codes
        return code not in self.ignored  # an engine code no rule names: always reported

    def severity_of(self, code: str) -> str:
        if code in self.severity:
            return self.severity[code]
        rule = self.rules.get(code)
        return rule.severity if rule else "error"

    def ignored_for(self, rel: str) -> set[str]:
        out: set[str] = set()
        for pat, codes in self.per_file:
            if match(rel, [pat]):
                out |= codes
        return out

    def fails(self, severity: str) -> bool:
        return SEVERITY_RANK[severity] <= self.fail_rank
