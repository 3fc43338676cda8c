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
    """A printed stat outside the range a Wonders card can sensibly have.

    The schema already refuses what the rules forbid outright: a negative ``cost`` ("cards
    can't cost less than 0 energy"), ``power`` on a card that isn't a Wonder, a Wonder
    without power, a missing ``tier`` (CS104/CS105) — and numbers no card could sensibly
    print: a cost or power beyond 99 (either sign for power), an effect counting more than
    100 (cards drawn, tokens created, times repeated, energy gained, seek N...), a power
    change or counters beyond ±100 (CS105; the bounds are declared once, in
    ``core/limits.py``, for the schema, the editors and the docs). This rule reports what is
    legal but almost surely a slip:

    - a negative printed ``power`` (power below 0 makes a Wonder die at once);
    - a ``cost`` above 15 or a ``power`` above 20 (a typo for 1 or 2, usually);
    - a token with a ``cost`` other than 0 (tokens are treated as energy cost 0, rulebook,
      Tokens), which would be shown but never used.
    """

    code = "CS113"
    name = "stat-out-of-range"
    severity = "warning"
    groups = ("stats",)
    games = ("wonders",)
    requires = "document"

    MAX_COST = 15
    MAX_POWER = 20

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        data = ctx.data
        if not isinstance(data, dict):
            return
        cost, power = data.get("cost"), data.get("power")
        # beyond the card model's bounds the schema reports it already (CS105)
        cost = cost if _int(cost) and cost <= STAT_MAX else None
        power = power if _int(power) and -STAT_MAX <= power <= STAT_MAX else None
        if _int(power) and power < 0:
            yield ctx.finding(self.code, f"power {power} is below 0: the Wonder would die as "
                              "soon as it arrives", ("power",))
        if _int(power) and power > self.MAX_POWER:
            yield ctx.finding(self.code, f"power {power} is above {self.MAX_POWER}; a typo?",
                              ("power",))
        if _int(cost) and cost > self.MAX_COST:
            yield ctx.finding(self.code, f"cost {cost} is above {self.MAX_COST}; a typo?",
                              ("cost",))
        if data.get("token") is True and _int(cost) and cost != 0:
            yield ctx.finding(self.code, f"a token costs 0 (rulebook, Tokens); its printed "
                              f"cost {cost} is never used", ("cost",))
