"""``cardscript diff``: a changelog between two versions of a set — folders on disk or
folders at git revisions (:mod:`.sides`) — compared card by card from their facts
(:mod:`.compare`) and written as text, Markdown, HTML or JSON (:mod:`.formats`)."""
from __future__ import annotations

from .compare import SetDiff, compare
from .sides import Side, load_side, parse_side


def diff_sides(old: str, new: str, game: str | None = None) -> SetDiff:
    """The changes from side ``old`` to side ``new`` (each a path or ``REV:PATH``)."""
    a, b = parse_side(old), parse_side(new)
    return compare(load_side(a, game), load_side(b, game), a.label, b.label)


__all__ = ["SetDiff", "Side", "compare", "diff_sides", "load_side", "parse_side"]
