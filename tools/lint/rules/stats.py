"""Printed numbers the schema accepts but a card should not have."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeGuard

from cardscript.limits import STAT_MAX

from ..context import CardContext
from ..findings import Finding
from ..registry import Rule


def _int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class StatOutOfRange(Rule):
    """A printed stat outside the range a card of its game can sensibly have.

    The schema already refuses what the rules forbid outright: a negative ``cost`` ("cards
    can't cost less than 0 energy"), ``power`` on a card that isn't a Wonder, a Wonder
    without power, a missing ``tier`` (CS104/CS105) — and numbers no card could sensibly
    print: a cost or power beyond 99 (either sign for power), an effect counting more than
    100 (cards drawn, tokens created, times repeated, energy gained, seek N...), a power
    change or counters beyond ±100 (CS105; the bounds are declared once, in
    ``core/limits.py``, for the schema, the editors and the docs). This rule reports what is
    legal but almost surely a slip, as each game says (``GameSpec.sensible``); for Wonders:

    - a negative printed ``power`` (power below 0 makes a Wonder die at once);
    - a ``cost`` above 15 or a ``power`` above 20 (a typo for 1 or 2, usually);
    - a token with a ``cost`` other than 0 (tokens are treated as energy cost 0, rulebook,
      Tokens), which would be shown but never used.
    """

    code = "CS113"
    name = "stat-out-of-range"
    severity = "warning"
    groups = ("stats",)
    requires = "document"

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        data = ctx.data
        if not isinstance(data, dict):
            return
        token = data.get("token") is True
        for rule in ctx.spec.sensible:  # the game's own (GameSpec.sensible)
            value = data.get(rule.field)
            # beyond the card model's bounds the schema reports it already (CS105)
            if not _int(value) or abs(value) > STAT_MAX or (rule.tokens and not token):
                continue
            if rule.breaks(value):
                yield ctx.finding(self.code, rule.why.format(field=rule.field, value=value),
                                  (rule.field,))
