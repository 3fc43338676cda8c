"""cardscript images"""
from __future__ import annotations

import argparse

from cardscript.errors import printable

from ..common import add_game_option, check_output_dir, err, out, require_paths
from ._shared import designer_cards

HELP = "write one PNG per card: the spoiler's card frames, at a print resolution"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..render.paper import DPI_RANGE
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="card files or folders, or one deck file (each card once)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for CARD-ID.png")
    p.add_argument("--dpi", type=int, default=300,
                   help=f"pixels to the inch, {DPI_RANGE[0]} to {DPI_RANGE[1]} (default: 300: "
                   "a poker card is 744 × 1039 px)")
    add_game_option(p)
    p.add_argument("--size", default="poker", metavar="SIZE",
                   help="card size, as `cardscript print` takes it (default: poker)")
    p.add_argument("--bleed", type=float, default=0.0, metavar="MM",
                   help="extend each card's background this far past its edges (default: 0)")


def run(args: argparse.Namespace) -> int:
    from ..render import paper
    from ..render.geometry import bleed_of, card_size
    require_paths(args.paths)
    folder = check_output_dir(args.out)
    dpi, size, bleed = paper.check_dpi(args.dpi), card_size(args.size), bleed_of(args.bleed)
    facts = designer_cards("images", args.paths, args.game)
    if facts is None:
        return 1
    try:
        overflowing: list[str] = []
        images = paper.card_images(facts, facts.cards, size, dpi, bleed,
                                   overflowing=overflowing)
        folder.mkdir(parents=True, exist_ok=True)
        for card, image in zip(facts.cards, images, strict=True):
            image.save(folder / f"{card.id}.png", dpi=(dpi, dpi))
    except paper.RendererMissing as exc:
        err.print(f"cardscript images: error: {exc}", markup=False)
        return 1
    for warning in paper.fit_warnings(overflowing, args.size):
        err.print(f"warning: {printable(warning)}", markup=False)  # it names cards
    n = len(facts.cards)
    w, h = (paper.pixels(side + 2 * bleed, dpi) for side in size)
    out.print(f"wrote {n} image{'s' if n != 1 else ''} of {w} × {h} px to {folder}",
              markup=False)
    return 0
