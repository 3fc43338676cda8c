"""cardscript play"""
from __future__ import annotations

import argparse
from typing import Any

from ..common import UsageError, pool_with
from ._shared import add_game_arguments, add_limit_arguments, limits_of, pool_and_decks

HELP = "play a game against an agent in the terminal (docs/play.md)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agent", default="random", metavar="NAME",
                   help="the opponent: an installed agent (random, greedy, mcts and any "
                   "plugin's; docs/agents.md; default: random)")
    p.add_argument("-o", "--agent-option", action="append", default=[],
                   metavar="AGENT.KEY=VALUE",
                   help="an option of the opponent agent, as mcts.ms=50 (repeatable)")
    p.add_argument("--save", metavar="FILE",
                   help="keep the game in FILE, written before each of your decisions, so "
                   "that it can be resumed")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the game saved in FILE (with --save, keep saving there)")
    add_limit_arguments(p)


def agent_of(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The opponent the command line names, with its options: checked by building it."""
    from cardscript.agents import AgentError, make_agent, parse_options
    try:
        options = parse_options(args.agent_option)
        for name in options:
            if name != args.agent:
                raise UsageError(f"--agent-option for '{name}', which does not play "
                                 f"(--agent {args.agent})")
        make_agent(args.agent, 0, options.get(args.agent))
    except AgentError as exc:
        raise UsageError(str(exc)) from None
    return args.agent, options.get(args.agent, {})


def run(args: argparse.Namespace) -> int:
    from ..play import play, resume
    agent = agent_of(args)
    if args.resume:
        if args.decks or args.variant:
            raise UsageError("--resume continues a saved game: its decks and variants are "
                             "in the save")
        return resume(pool_with(args.game, args.cards), args.resume, args.seed, args.save,
                      agent=agent, card_paths=tuple(args.cards))
    pool, decks = pool_and_decks(args)
    return play(pool, decks, args.seed, args.variant, limits=limits_of(args, decks),
                save=args.save, agent=agent, card_paths=tuple(args.cards))
