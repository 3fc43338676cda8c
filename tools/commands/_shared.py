"""Arguments several commands share: the game, extra card paths, decks and variants."""
from __future__ import annotations

from cardscript.errors import CardError, did_you_mean
from cardscript.limits import HELP, OPTION, Limits

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


def add_limit_arguments(p) -> None:
    """Per-game limits (core/limits.py): a game reaching one ends in an error."""
    defaults = Limits()
    for name, option in OPTION.items():
        p.add_argument(option, type=int, default=getattr(defaults, name), metavar="N",
                       help=f"end a game in an error beyond N {HELP[name]} "
                       f"(default: {getattr(defaults, name):,})")


def limits_of(args, decks) -> Limits:
    """The limits the command line sets, checked against the decks' size."""
    values = {}
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
