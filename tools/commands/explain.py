"""cardscript explain"""
from __future__ import annotations

import argparse

from rich.console import Console

from ..common import add_game_option

HELP = ("show the compiled program of one card: its handlers by event and zone, targets, "
        "filters, effect tree and keywords")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("card", metavar="CARD", help="a card id of the bundled set, or a card file")
    add_game_option(p)


def run(args: argparse.Namespace) -> int:
    from cardscript.plugins import games

    from ..explain import explain, load_card
    card, file = load_card(args.card, args.game)
    # wrapped, not cropped: a tree line may be long (the shared console soft-wraps)
    Console(highlight=False, emoji=False).print(explain(card, file,
                                                        games()[args.game].card_model))
    return 0
