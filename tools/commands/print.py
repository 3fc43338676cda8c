"""cardscript print"""
from __future__ import annotations

import argparse

from cardscript.errors import printable

from ..common import UsageError, add_game_option, check_output_file, err, out, require_paths
from ._shared import designer_cards

HELP = ("write print-and-play PDF sheets of a set or a deck: nine cards a page with crop "
        "marks, optional bleed and backs")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..render.geometry import CARD_SIZES, PAPERS
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="card files or folders, or one deck file (.deck.yaml): a deck prints "
                   "each card as many times as it holds")
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    add_game_option(p)
    sizes = ", ".join(f"{k} ({w:g}×{h:g} mm)" for k, (w, h) in CARD_SIZES.items())
    p.add_argument("--size", default="poker", metavar="SIZE",
                   help=f"card size: {sizes} or WxH-mm, e.g. 70x110-mm (default: poker)")
    p.add_argument("--paper", default="a4", choices=list(PAPERS), help="paper (default: a4)")
    p.add_argument("--bleed", type=float, default=0.0, metavar="MM",
                   help="extend each card's background this far past its cut lines (default: 0)")
    p.add_argument("--backs", nargs="?", const="", default=None, metavar="IMAGE",
                   help="a page of backs after each page of faces: the game's title, or a "
                   "PNG or JPEG picture")
    p.add_argument("--duplex", choices=("long", "short"), default=None,
                   help="how the sheet turns over when printed on both sides (default: long, "
                   "the printers' default): where each back goes behind its face")


def run(args: argparse.Namespace) -> int:
    from ..render import paper
    from ..render.geometry import PAPERS, Sheet, bleed_of, card_size
    require_paths(args.paths)
    target = check_output_file(args.out, "--out")
    if args.duplex and args.backs is None:
        raise UsageError("--duplex places the backs: give --backs too")
    sheet = Sheet.fit(PAPERS[args.paper], card_size(args.size), bleed_of(args.bleed))
    back, image = None, None
    if args.backs is not None:
        require_paths([args.backs] if args.backs else [], "--backs")
        try:
            image = paper.back_image(args.backs) if args.backs else None
        except ValueError as exc:
            err.print(f"cardscript print: error: --backs {exc}", markup=False)
            return 1
    facts = designer_cards("print", args.paths, args.game)
    if facts is None:
        return 1
    if args.backs is not None:
        back = paper.Back(facts.pool.spec.title, image)
    try:
        overflowing: list[str] = []
        pdf = paper.fitted_pdf(lambda squeeze: paper.print_html(
            facts, sheet, back, args.duplex or "long", squeeze), overflowing)
    except paper.RendererMissing as exc:
        err.print(f"cardscript print: error: {exc}", markup=False)
        return 1
    target.write_bytes(pdf)
    for w in paper.fit_warnings(overflowing, args.size):
        err.print(f"warning: {printable(w)}", markup=False)  # it names cards
    n = len(facts.printed())
    pages = -(-n // sheet.per_page) * (2 if back else 1)
    out.print(f"wrote {target} ({n} card{'s' if n != 1 else ''}, {sheet.per_page} a page, "
              f"{pages} page{'s' if pages != 1 else ''})", markup=False)
    return 0
