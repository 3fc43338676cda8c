"""What every game's scenario module shares (docs/scenarios.md): the models of the parts of
an ``expect`` block every game has (the outcome, the decision, the log, a player's hand and
deck), and the checks of them a game's ``scenario.check`` calls; the card a scenario names.
A game's scenario module subclasses the models with its own fields (narrowing a player's
name and a decision's kind to its own) and checks those itself."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, Optional, Protocol, Union

from pydantic import BaseModel, ConfigDict, Field

from .errors import did_you_mean

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .registry import Registry
    from .state import CardDef

#: a list of (path in the scenario, message) for each expectation not met
Problems = list[tuple[tuple, str]]


class Model(BaseModel):
    """A part of a scenario file: unknown keys are errors, as in a card."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class DecisionExpect(Model):
    """``expect.decision``: the pending decision. A game narrows ``player`` to its players'
    names and ``kind`` to its ``DECISION_KINDS``."""

    player: Optional[str] = Field(None, description="Who answers it.")
    behalf: Optional[str] = Field(
        None, description="Whose decision it is: another than `player` when `player` makes "
        "another player's decisions (a rule that lets one player control another's turn).")
    kind: Optional[str] = None
    options: Optional[list[str]] = None
    includes: Optional[list[str]] = None
    excludes: Optional[list[str]] = None


class Expect(Model):
    """The fields of an ``expect`` block every game has. A game's own subclass adds its
    fields and narrows ``winner`` and ``decision`` to its players and decision kinds."""

    over: Optional[bool] = None
    winner: Optional[str] = None
    decision: Optional[Union[DecisionExpect, Literal["none"]]] = None
    log: list[str] = Field(default_factory=list, description="Log lines that must appear "
                           "(a line's words, as `cardscript` prints them).")
    log_excludes: list[str] = Field(default_factory=list)
    error: Optional[str] = Field(None, description="The game ended in an error (a limit "
                                 "reached) whose message contains this.")


class PlayerExpect(Model):
    """The cards in a player's hand and deck, which every game's players have."""

    hand: Optional[list[str]] = None
    hand_count: Optional[int] = None
    deck_count: Optional[int] = None
    deck_top: Optional[list[str]] = Field(None, description="The top cards, top first.")
    deck_bottom: Optional[list[str]] = Field(None, description="The bottom cards, bottom "
                                             "first.")


def ids(cards: Sequence[Any]) -> list[str]:
    """The card ids of ``cards``, sorted: how a zone is compared when its order is not
    printed."""
    return sorted(c.proto.id for c in cards)


def check_expect(g: Any, e: Expect, cmp: Callable[[tuple, Any, Any], None], bad: Problems,
                 why_none: str = "") -> Any:
    """The fields of :class:`Expect` but the log (a game may read its own log its own way):
    ``over``, the outcome, the decision. Returns the decision compared, or None."""
    cmp(("over",), e.over, g.over)
    check_outcome(g, e.winner, e.error, cmp, bad)
    if e.decision is None:
        return None
    return check_decision(e.decision, g.decision, cmp, bad, why_none)


def check_hand_and_deck(p: Any, pe: PlayerExpect, base: tuple,
                        cmp: Callable[[tuple, Any, Any], None]) -> None:
    """A player's :class:`PlayerExpect` fields against their ``hand`` and ``deck`` zones (the
    deck's top card last in its list)."""
    cmp(base + ("hand",), sorted(pe.hand) if pe.hand is not None else None, ids(p.hand.cards))
    cmp(base + ("hand_count",), pe.hand_count, len(p.hand.cards))
    cards = p.deck.cards
    cmp(base + ("deck_count",), pe.deck_count, len(cards))
    if pe.deck_top is not None:
        cmp(base + ("deck_top",), pe.deck_top,
            [c.proto.id for c in cards[::-1][: len(pe.deck_top)]])
    if pe.deck_bottom is not None:
        cmp(base + ("deck_bottom",), pe.deck_bottom,
            [c.proto.id for c in cards[: len(pe.deck_bottom)]])


class CardSource(Protocol):
    """Where a scenario's cards come from: a card pool, or the tools' pool of the bundled
    cards and a scenario's inline ones."""

    @property
    def registry(self) -> Registry: ...

    @property
    def cards(self) -> Mapping[str, CardDef]: ...

    @property
    def tokens(self) -> Mapping[str, CardDef]: ...

    def get(self, card_id: str, /) -> CardDef: ...


def known_card(pool: Any, cid: str) -> str | None:
    """Why a scenario can't name the card ``cid`` (None: it can): the set has no such card."""
    if cid in pool.cards:
        return None
    return f"unknown card '{cid}'{did_you_mean(cid, pool.cards)}"


def game_over_reason(g: Any) -> str:
    """How the game ended, for a step that finds no decision to answer."""
    if g.error is not None:
        return f"it ended in an error: {g.error}"
    how = next((e[2] for e in reversed(g.log) if e[0] == "game_over" and len(e) > 2), "?")
    return f"{g.winner.name if g.winner else 'nobody'} won ({how})"


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
    if expected.behalf is not None:
        cmp(("decision", "behalf"), expected.behalf, (d.behalf or d.player).name)
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
            "(the game ended in an error)" if g.error is not None else
            "draw" if g.over else "(game not over)")
    if error is not None and (g.error is None or error not in g.error):
        bad.append((("error",), f"expected the game to end in an error containing "
                                f"{error!r}; " + (f"it ended in: {g.error}" if g.error
                                                  else "it did not")))


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
