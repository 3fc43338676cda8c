"""The suppression comments themselves (see :mod:`cardscript.tools.lint.suppression`)."""
from __future__ import annotations

from ..registry import Rule


class UnusedSuppression(Rule):
    """A ``# cardscript: disable=...`` comment suppresses nothing.

    A suppression that no longer matches a finding hides the next real problem on that line.
    Only rules enabled in this run count: a suppression for a rule you have turned off is
    left alone.

    Fix (safe): the unused codes are removed from the comment, and the comment with them if
    none is left.
    """

    code = "CS900"
    name = "unused-suppression"
    severity = "warning"
    groups = ("suppression",)
    fixable = True


class InvalidSuppression(Rule):
    """A suppression comment names no rule, or one that doesn't exist.

    Write ``# cardscript: disable=CS101`` at the end of a line, ``# cardscript:
    disable-next-line=CS101`` on the line before, or ``# cardscript: disable-file=CS101``
    anywhere for the whole file; codes (``CS101``) or names (``unknown-key``), separated by
    commas. There is no blanket form: name what you suppress.
    """

    code = "CS901"
    name = "invalid-suppression"
    groups = ("suppression",)
