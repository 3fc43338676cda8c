"""cardscript play"""
from __future__ import annotations

from ..common import UsageError, pool_with
from ._shared import add_game_arguments, add_limit_arguments, limits_of, pool_and_decks

HELP = "play a game against the random agent in the terminal"


def add_arguments(p) -> None:
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", metavar="FILE",
                   help="keep the game in FILE, written before each of your decisions, so "
                   "that it can be resumed")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the game saved in FILE (with --save, keep saving there)")
    add_limit_arguments(p)


def run(args) -> int:
    from ..play import play, resume
    if args.resume:
        if args.decks or args.variant:
            raise UsageError("--resume continues a saved game: its decks and variants are "
                             "in the save")
        return resume(pool_with(args.game, args.cards), args.resume, args.seed, args.save)
    pool, decks = pool_and_decks(args)
    return play(pool, decks, args.seed, args.variant, limits=limits_of(args, decks),
                save=args.save)
