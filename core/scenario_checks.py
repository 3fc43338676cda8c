"""Checks every game's scenario module makes the same way (a game's ``scenario.check`` calls
them): an ``expect.decision`` block against the decision the game waits on, the outcome, the
log lines, the card a scenario names. The game's own fields it checks itself."""
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


def comparer(bad: Problems) -> Callable[[tuple, Any, Any], None]:
    """``cmp(path, expected, found)``: a problem at ``path`` when an expectation given (not
    None) differs from what was found."""
    def cmp(path: tuple, expected: Any, found: Any) -> None:
        if expected is not None and expected != found:
            bad.append((path, f"expected {'.'.join(map(str, path))} = {expected!r}, "
                              f"found {found!r}"))
    return cmp


def check_outcome(g: Any, winner: Any, error: str | None,
                  cmp: Callable[[tuple, Any, Any], None], bad: Problems) -> None:
    """``expect.winner`` (a player's name or ``draw``) and ``expect.error`` (a part of the
    message of a game that ended in an error)."""
    if winner is not None:
        cmp(("winner",), winner, g.winner.name if g.winner else
            "draw" if g.over and g.error is None else "(not over)")
    if error is not None and (g.error is None or error not in g.error):
        bad.append((("error",), f"expected an error containing {error!r}; found "
                                f"{g.error!r}"))


def log_lines(g: Any) -> list[str]:
    """The game's log as the words of its lines, as `cardscript` prints them."""
    return [" ".join(str(x) for x in e) for e in g.log]


def check_log(lines: list[str], want: list[str], unwanted: list[str],
              bad: Problems) -> None:
    """``expect.log``: lines that must appear (a line, or its first words);
    ``expect.log_excludes``: lines that must not."""
    for i, line in enumerate(want):
        if not any(line == have or have.startswith(line + " ") for have in lines):
            bad.append((("log", i), f"no log line {line!r}; the log: {lines[-25:]}"))
    for i, line in enumerate(unwanted):
        if any(line == have or have.startswith(line + " ") for have in lines):
            bad.append((("log_excludes", i), f"log line {line!r} should not appear"))


def pick(found: list, name: str) -> tuple[Any, str]:
    """The card a scenario names among ``found`` (the objects of its id, in the game's
    order): ``id`` (the only one), or ``id#n`` (the n-th, from 1); else None and why."""
    cid, _, nth = name.partition("#")
    if nth:
        i = int(nth) - 1
        return (found[i], "") if 0 <= i < len(found) else (None, f"no {name}: "
                                                           f"{len(found)} found")
    if len(found) != 1:
        return None, f"{len(found)} cards '{cid}' found; name one as {cid}#n"
    return found[0], ""
