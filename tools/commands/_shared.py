"""Arguments several commands share: the game, extra card paths, decks and variants."""
from __future__ import annotations

from core.errors import CardError, did_you_mean

from ..common import UsageError, load_decks, pool_with, require_paths


def add_game_arguments(p, decks: bool = True) -> None:
    p.add_argument("--game", default="wonders", help="game to play (default: wonders)")
    p.add_argument("--cards", nargs="*", default=[], metavar="PATH",
                   help="extra card files or folders, beside the bundled set")
    if decks:
        p.add_argument("--decks", nargs=2, metavar=("A", "B"),
                       help="two deck files or bundled deck names")
        p.add_argument("--variant", action="append", default=[],
                       help="a named rules variant (repeatable)")


def pool_and_decks(args):
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
