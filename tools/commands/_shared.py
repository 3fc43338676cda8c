"""Arguments several commands share: the game, extra card paths, decks and variants; and
the cards a designer tool works on (:func:`designer_cards`)."""
from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, overload

from cardscript.cardpool import CardPool
from cardscript.errors import CardError, did_you_mean
from cardscript.limits import HELP, OPTION, Limits

from ..common import Decks, UsageError, add_game_option, err, load_decks, pool_with, require_paths

if TYPE_CHECKING:
    from ..facts import SetFacts
    from ..records import AgentSpec


def add_game_arguments(p: argparse.ArgumentParser, decks: bool = True) -> None:
    add_game_option(p, "the game to play")
    p.add_argument("--cards", nargs="*", default=[], metavar="PATH",
                   help="extra card files or folders, beside the bundled set")
    if decks:
        p.add_argument("--decks", nargs=2, metavar=("A", "B"),
                       help="two deck files or bundled deck names")
        p.add_argument("--variant", action="append", default=[],
                       help="a named rules variant (repeatable)")


def add_agent_arguments(p: argparse.ArgumentParser, which: str = "the agents: one for both "
                        "seats or one per seat") -> None:
    """The agents that play (:mod:`cardscript.agents`): one name for both, or two."""
    p.add_argument("--agents", nargs="+", default=["random"], metavar="NAME",
                   help=f"{which} (installed: random, greedy, mcts and any plugin's; "
                   "docs/agents.md)")
    p.add_argument("-o", "--agent-option", action="append", default=[],
                   metavar="AGENT.KEY=VALUE",
                   help="an agent's option, as mcts.ms=50 or greedy.width=8 (repeatable)")


def agents_of(args: argparse.Namespace) -> tuple[AgentSpec, AgentSpec]:
    """The agents the command line names, in seat order, as (name, options) pairs: checked
    by building each once."""
    from cardscript.agents import AgentError, make_agent, parse_options
    names = args.agents
    if len(names) > 2:
        raise UsageError(f"--agents takes one or two names, not {len(names)}")
    if len(names) == 1:
        names = [names[0], names[0]]
    try:
        options = parse_options(args.agent_option)
        for name in options:
            if name not in names:
                raise UsageError(f"--agent-option for '{name}', which does not play "
                                 f"(--agents {' '.join(args.agents)})")
        for name in names:
            make_agent(name, 0, options.get(name))
    except AgentError as exc:
        raise UsageError(str(exc)) from None
    first, second = ((n, tuple(sorted(options.get(n, {}).items()))) for n in names)
    return first, second


def add_limit_arguments(p: argparse.ArgumentParser) -> None:
    """Per-game limits (core/limits.py): a game reaching one ends in an error."""
    defaults = Limits()
    for name, option in OPTION.items():
        p.add_argument(option, type=int, default=getattr(defaults, name), metavar="N",
                       help=f"end a game in an error beyond N {HELP[name]} "
                       f"(default: {getattr(defaults, name):,})")


def limits_of(args: argparse.Namespace, decks: Decks) -> Limits:
    """The limits the command line sets, checked against the decks' size."""
    values: dict[str, int] = {}
    for name, option in OPTION.items():
        value = getattr(args, option.lstrip("-").replace("-", "_"))
        if value < 1:
            raise UsageError(f"{option} must be at least 1")
        values[name] = value
    cards = sum(len(d) for _, d in decks)
    if values["objects"] < cards:
        raise UsageError(f"--max-objects {values['objects']} is below the {cards} cards of "
                         "the decks")
    return Limits(**values)


def pool_and_decks(args: argparse.Namespace) -> tuple[CardPool, Decks]:
    require_paths(args.cards, "--cards")
    pool = pool_with(args.game, args.cards)
    known = pool.spec.game_class.VARIANTS
    for v in getattr(args, "variant", ()):
        if v not in known:
            choices = ", ".join(f"{k} ({d})" for k, d in known.items()) or "none"
            raise UsageError(f"unknown variant '{v}'{did_you_mean(v, known)}; "
                             f"{pool.spec.name} offers: {choices}")
    if pool.diagnostics:
        raise CardError(pool.diagnostics)
    return pool, load_decks(pool, args.decks)


@overload
def designer_cards(command: str, paths: Iterable[str | Path], game: str, *,
                   empty_ok: Literal[True]) -> SetFacts: ...


@overload
def designer_cards(command: str, paths: Iterable[str | Path], game: str, *,
                   empty_ok: bool = False) -> SetFacts | None: ...


def designer_cards(command: str, paths: Iterable[str | Path], game: str, *,
                   empty_ok: bool = False) -> SetFacts | None:
    """The facts of the cards a designer tool's paths name (:mod:`cardscript.tools.facts`: a
    set, a folder or a deck), its warnings printed; None, after the error, when there are
    no cards and the command needs some."""
    from ..facts import load_facts
    facts = load_facts(paths, game)
    for w in facts.warnings:
        err.print(f"warning: {w}", markup=False)
    if not facts.cards and not empty_ok:
        err.print(f"cardscript {command}: error: no cards found", markup=False)
        return None
    return facts
