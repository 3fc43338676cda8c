"""Colours and symbols of the spoiler page and the paper tools. A game may give its values
colours of its own (its card module's ``FRAME`` hint, ``colours``: by field, by value, a main
colour or main, dark and light); a value may have a symbol (an SVG ``<symbol>`` of
``tools/templates/spoiler/symbols.html.j2`` named after it). Every other value gets a
fallback colour: :class:`Palette` gives the values of one field distinct colours, chosen by
a hash of each value so that they do not depend on the set."""
from __future__ import annotations

import colorsys
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from ..templates import TEMPLATE_DIR


@dataclass(frozen=True)
class Swatch:
    main: str
    dark: str
    light: str
    symbol: str  # id of an SVG <symbol> (without the "sym-" prefix)


#: fallback colours: muted, dark enough for white text, told apart side by side
_FALLBACK = ("#667085", "#5b7c99", "#8c6d62", "#6b8e6b", "#8a6fa0", "#a0756b",
             "#b0563f", "#3f7f8c", "#a8831f", "#4f6bb0", "#7d8f3a", "#a04f7c")


def _hash(value: str) -> int:
    return int.from_bytes(hashlib.blake2b(value.encode(), digest_size=2).digest(), "big")


def fallback(value: str) -> str:
    """A stable colour for a value alone (two values may share it: see :class:`Palette`)."""
    return _FALLBACK[_hash(value) % len(_FALLBACK)]


def _extra(i: int) -> str:
    """The i-th colour past the fallback palette: hues a golden angle apart, same tone."""
    r, g, b = colorsys.hls_to_rgb((0.07 + i * 0.381966) % 1.0, 0.42, 0.38)
    return "#" + "".join(f"{round(x * 255):02x}" for x in (r, g, b))


def _mix(colour: str, other: str, share: float) -> str:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


def _shades(c: str) -> Swatch:
    return Swatch(c, _mix(c, "#000000", .35), _mix(c, "#ffffff", .85), "unknown")


def symbol_of(value: str) -> str:
    """The name of ``value``'s symbol: its own if the symbols hold one, else "unknown"."""
    return value if value and value in _symbols() else "unknown"


def _fixed(given: Any) -> Swatch:
    """A swatch from a game's colour: a main colour (shades made from it) or all three."""
    if isinstance(given, str):
        return _shades(given)
    main, dark, light = given
    return Swatch(main, dark, light, "unknown")


#: the colour of "no value" (a card that sets no colouring field): the page's neutral grey
NONE_COLOUR = "#9aa0aa"


class Palette:
    """Colours for the values of a game's fields, each value one colour: the game's own
    colours (``fixed``: by field, by value) keep theirs; every other value gets a fallback
    colour no value before it has (the palette's, then further hues), the first free one
    from the one its hash picks: the values of one field never share a colour. Fields come
    in priority order (the frame's colouring field first) as ``(field, values)``; a value
    keeps the colour of the first field it appears in, so a frame and its chart bar agree."""

    def __init__(self, fields: Iterable[tuple[str, Sequence[str]]],
                 fixed: Mapping[str, Mapping[str, Any]] | None = None):
        self._colours: dict[str, str] = {}
        self._swatches: dict[str, Swatch] = {}
        taken: set[str] = set()  # across fields too, while the colours last
        extra = 0
        for name, values in fields:
            own = {v: _fixed(c) for v, c in (fixed or {}).get(name, {}).items()}
            self._swatches.update((v, sw) for v, sw in own.items() if v not in self._swatches)
            taken |= {c for v in values if (c := self._colours.get(v) or
                                            (own[v].main if v in own else None))}
            for value in values:
                if value in self._colours or value in own:
                    self._colours.setdefault(value, own[value].main if value in own else "")
                    continue
                start = _hash(value) % len(_FALLBACK)
                free = [_FALLBACK[(start + k) % len(_FALLBACK)] for k in range(len(_FALLBACK))]
                pick = next((c for c in free if c not in taken), None)
                while pick is None or pick in taken:  # more values than the palette holds
                    pick, extra = _extra(extra), extra + 1
                self._colours[value] = pick
                taken.add(pick)

    def colour(self, value: str) -> str:
        if not value:
            return NONE_COLOUR
        return self._colours.get(value) or fallback(value)

    def swatch(self, value: str) -> Swatch:
        own = self._swatches.get(value)
        sw = own if own is not None else _shades(self.colour(value))
        return Swatch(sw.main, sw.dark, sw.light, symbol_of(value))


def use_symbol(name: str) -> Markup:
    """An SVG symbol by reference, for a page that holds symbols.html.j2 (the spoiler)."""
    return Markup('<use href="#sym-{}"/>').format(name)


@lru_cache(maxsize=1)
def _symbols() -> dict[str, str]:
    text = (TEMPLATE_DIR / "spoiler" / "symbols.html.j2").read_text(encoding="utf-8")
    return dict(re.findall(r'<symbol id="sym-([\w-]+)"[^>]*>(.*?)</symbol>', text, re.S))


def inline_symbol(name: str) -> Markup:
    """An SVG symbol's own shapes, for a renderer that does not follow ``<use>`` from one
    ``<svg>`` to another (WeasyPrint draws each inline ``<svg>`` on its own)."""
    shapes = _symbols()
    return Markup(shapes.get(name, shapes["unknown"]))  # our own template file: trusted
