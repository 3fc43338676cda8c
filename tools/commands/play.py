"""cardscript play"""
from __future__ import annotations

from ._shared import add_game_arguments, add_limit_arguments, limits_of, pool_and_decks

HELP = "play a game against the random agent in the terminal"


def add_arguments(p) -> None:
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=0)
    add_limit_arguments(p)


def run(args) -> int:
    from ..play import play
    pool, decks = pool_and_decks(args)
    return play(pool, decks, args.seed, args.variant, limits=limits_of(args, decks))
