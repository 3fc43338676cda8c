"""Checks every game's scenario module makes the same way (a game's ``scenario.check`` calls
them): here, an ``expect.decision`` block against the decision the game is waiting on. The
game's own fields it checks itself."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a list of (path in the scenario, message) for each expectation not met
Problems = list[tuple[tuple, str]]


def check_decision(expected: Any, d: Any, cmp: Callable[[tuple, Any, Any], None],
                   bad: Problems, why_none: str = "") -> Any:
    """``expected`` is ``"none"`` or a model with ``player``, ``kind``, ``options``,
    ``includes``, ``excludes`` (each None when not given); ``d`` the pending decision or None;
    ``why_none`` says why there is none (the game is over, say). Returns the decision it
    compared, or None, for the game's own fields."""
    if expected == "none":
        cmp(("decision",), "none", "none" if d is None else repr(d))
        return None
    if d is None:
        bad.append((("decision",), "expected a pending decision, found none" + why_none))
        return None
    cmp(("decision", "player"), expected.player, d.player.name)
    cmp(("decision", "kind"), expected.kind, d.kind)
    cmp(("decision", "options"), expected.options, d.labels)
    for want in expected.includes or ():
        if want not in d.labels:
            bad.append((("decision", "includes"), f"expected option {want!r} among "
                        f"{d.labels}"))
    for want in expected.excludes or ():
        if want in d.labels:
            bad.append((("decision", "excludes"), f"option {want!r} should not be legal; "
                        f"options: {d.labels}"))
    return d
