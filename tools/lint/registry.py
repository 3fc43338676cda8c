"""Lint rules: the base class, and the registry that gathers them through pluggy.

A rule is a class with a stable ``code`` (``CS101``), a kebab-case ``name``
(``unknown-key``), a default ``severity``, ``groups`` to select it by, a ``fixable`` flag and a
docstring that is its documentation (``cardscript lint --explain CS101``). Rules come from the
``cardscript_lint_rules`` hook of the ``cardscript`` entry-point group, exactly like the
vocabulary, so a game or a third-party package adds its own by implementing that hook.

A rule checks one thing in one place; which place is the method it implements:

- ``check_card(ctx)``: one card file (:class:`~cardscript.tools.lint.context.CardContext`);
- ``check_set(ctx)``: every card of the set at once
  (:class:`~cardscript.tools.lint.context.SetContext`);
- none of them: its findings are the engine's own diagnostics with its code, produced by the
  pipeline stage that finds them (the loader, the model, the compiler, decks, scenarios), so
  ``cardscript check`` and ``cardscript lint`` report the same codes.
"""
from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from cardscript.errors import did_you_mean

from .findings import SEVERITIES

if TYPE_CHECKING:
    from .context import CardContext, SetContext
    from .findings import Finding

CODE_RE = re.compile(r"^[A-Z]{1,4}[0-9]{3,4}$")
NAME_RE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Rule:
    """Base of every lint rule (see the module docstring)."""

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    severity: ClassVar[str] = "error"
    groups: ClassVar[tuple[str, ...]] = ()
    fixable: ClassVar[bool] = False
    #: enabled unless a configuration says otherwise; opt-in rules set False
    default: ClassVar[bool] = True
    #: games the rule applies to (None: every game)
    games: ClassVar[tuple[str, ...] | None] = None
    #: for card rules: "model" needs a card that validated and compiled; "document" runs on
    #: any file that parsed as YAML
    requires: ClassVar[str] = "model"
    #: card rules that read other cards of the set (``ctx.cards``) run once the whole set is
    #: known; the cards they read are remembered, so a cached result is redone when they change
    needs_set: ClassVar[bool] = False

    if TYPE_CHECKING:
        # a rule implements one of these, or none (see the module docstring): declared for
        # the type checker only, as kind() tells a rule's place by the methods it defines
        def check_card(self, ctx: CardContext) -> Iterable[Finding] | None: ...

        def check_set(self, ctx: SetContext) -> Iterable[Finding] | None: ...

    @classmethod
    def doc(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "").strip()

    @classmethod
    def summary(cls) -> str:
        return cls.doc().split("\n\n", 1)[0].replace("\n", " ")

    @classmethod
    def kind(cls) -> str:
        if "check_card" in _defined(cls):
            return "card"
        if "check_set" in _defined(cls):
            return "set"
        return "engine"

    @classmethod
    def applies_to(cls, game: str) -> bool:
        return cls.games is None or game in cls.games


def _defined(cls: type[Rule]) -> set[str]:
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass is Rule:
            break
        names.update(vars(klass))
    return names


class RuleError(Exception):
    """A plugin declared a rule badly (a clash of codes, a malformed name)."""


class Rules:
    """Every known rule, by code, with lookup by code, name or group."""

    def __init__(self, classes: Iterable[type[Rule]]):
        self.by_code: dict[str, type[Rule]] = {}
        self.by_name: dict[str, type[Rule]] = {}
        for cls in classes:
            self._add(cls)
        self.codes = sorted(self.by_code)
        self.groups: dict[str, list[str]] = {}
        for code in self.codes:
            for g in self.by_code[code].groups:
                self.groups.setdefault(g, []).append(code)

    def _add(self, cls: type[Rule]) -> None:
        where = f"{cls.__module__}.{cls.__qualname__}"
        if not CODE_RE.match(cls.code or ""):
            raise RuleError(f"lint rule {where} has no valid code (e.g. 'CS123'): {cls.code!r}")
        if not NAME_RE.match(cls.name or ""):
            raise RuleError(f"lint rule {where} needs a kebab-case name: {cls.name!r}")
        if cls.severity not in SEVERITIES:
            raise RuleError(f"lint rule {where}: severity must be one of {SEVERITIES}")
        if not cls.doc():
            raise RuleError(f"lint rule {where} has no docstring (it is the rule's "
                            "documentation)")
        for table, key in ((self.by_code, cls.code), (self.by_name, cls.name)):
            other = table.get(key)
            if other is not None and other is not cls:
                raise RuleError(f"lint rule {key!r} is declared twice: {where} and "
                                f"{other.__module__}.{other.__qualname__}")
            table[key] = cls

    def __iter__(self) -> Iterator[type[Rule]]:
        return (self.by_code[c] for c in self.codes)

    def __len__(self) -> int:
        return len(self.codes)

    def get(self, code: str) -> type[Rule] | None:
        return self.by_code.get(code)

    def lookup(self, token: str) -> type[Rule]:
        """A rule by code or name; KeyError with a suggestion otherwise."""
        rule = self.by_code.get(token.upper()) or self.by_name.get(token.lower())
        if rule is None:
            raise KeyError(f"unknown rule '{token}'"
                           f"{did_you_mean(token, [*self.by_code, *self.by_name])}")
        return rule

    def matching(self, selector: str) -> list[str]:
        """Codes a selector names: ALL, a code, a code prefix (CS1), a rule name or a group."""
        s = selector.strip()
        if s.upper() == "ALL":
            return list(self.codes)
        if s.upper() in self.by_code:
            return [s.upper()]
        if s.lower() in self.by_name:
            return [self.by_name[s.lower()].code]
        if s.lower() in self.groups:
            return list(self.groups[s.lower()])
        if re.fullmatch(r"[A-Za-z]{1,4}[0-9]{0,3}", s):
            found = [c for c in self.codes if c.startswith(s.upper())]
            if found:
                return found
        raise KeyError(f"unknown rule, code or group '{selector}'"
                       f"{did_you_mean(s, [*self.by_code, *self.by_name, *self.groups])}")

    def explain(self, token: str) -> str:
        rule = self.lookup(token)
        fix = "yes" if rule.fixable else "no"
        on = "on" if rule.default else "off (opt-in: select it)"
        games = ", ".join(rule.games) if rule.games else "all"
        head = f"{rule.code} {rule.name}"
        lines = [head, "=" * len(head), "",
                 f"severity: {rule.severity}    fixable: {fix}    default: {on}",
                 f"groups: {', '.join(rule.groups) or '-'}    games: {games}",
                 "", rule.doc()]
        return "\n".join(lines) + "\n"


def _plugin_rule_classes() -> list[type[Rule]]:
    from cardscript.plugins import plugin_manager

    from . import plugin as builtin

    pm = plugin_manager()
    # running from a source tree without installed metadata (or with stale metadata)
    if not pm.is_registered(builtin) and not any(
            getattr(p, "__name__", None) == builtin.__name__ for p in pm.get_plugins()):
        pm.register(builtin)
    classes: list[type[Rule]] = []
    seen: set[type] = set()
    for batch in pm.hook.cardscript_lint_rules():
        for cls in batch or ():
            if cls not in seen:
                seen.add(cls)
                classes.append(cls)
    return classes


def markdown_table(rules: Iterable[type[Rule]]) -> str:
    """The rules as a Markdown table, one row each: code, name, default severity, whether
    ``--fix`` fixes it, and its summary (the README's table:
    ``cardscript lint --list-rules --format markdown``)."""
    rows = ["| code | name | severity | fix | what |", "| --- | --- | --- | --- | --- |"]
    for r in rules:
        what = r.summary().replace("``", "`").replace("|", "\\|")
        rows.append(f"| {r.code} | {r.name} | {r.severity} | {'[*]' if r.fixable else ''} "
                    f"| {what} |")
    return "\n".join(rows) + "\n"


@cache
def all_rules() -> Rules:
    return Rules(_plugin_rule_classes())
