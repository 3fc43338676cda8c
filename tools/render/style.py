"""Colours and symbols of the spoiler page and the paper tools: one per Wonders orbital (the
symbols are inline SVG ``<symbol>`` elements in ``tools/templates/spoiler/symbols.html.j2``),
and chart colours for card types and tiers. Any other game's values (Riftbound's domains,
Spellfire's worlds) get fallback colours: :class:`Palette` gives the values of one field
distinct colours, chosen by a hash of each value so that they do not depend on the set."""
from __future__ import annotations

import colorsys
import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup

from ..templates import TEMPLATE_DIR


@dataclass(frozen=True)
class Swatch:
    main: str
    dark: str
    light: str
    symbol: str  # id of an SVG <symbol> (without the "sym-" prefix)


ORBITALS = {
    "petraia": Swatch("#8d6e4f", "#5b4430", "#f1e6d8", "petraia"),
    "thalwind": Swatch("#2b8c9e", "#1b5b67", "#dcf0f3", "thalwind"),
    "solfera": Swatch("#d29a12", "#8f6708", "#fbf0cf", "solfera"),
    "umbrathene": Swatch("#5e3d8f", "#3b255c", "#e9e1f4", "umbrathene"),
    "heliosynth": Swatch("#c9562c", "#86361a", "#f8e0d6", "heliosynth"),
    "boundless": Swatch("#6f7787", "#454b57", "#e7e9ee", "boundless"),
}

TYPES = {"wonder": "#4b5d7a", "land": "#5f7f4f", "item": "#8a6d3b", "spell": "#7a4a6e"}
TIERS = {"legendary": "#c08a1e", "primary": "#4a6fa5", "secondary": "#7d8b97"}

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


def swatch(orbital: str) -> Swatch:
    """The colours of a frame coloured by ``orbital`` (or any game's colouring value: a
    value with no swatch of its own gets a stable fallback with matching shades)."""
    if orbital in ORBITALS:
        return ORBITALS[orbital]
    return _shades(fallback(orbital))


def colour(facet: str, value: str) -> str:
    if facet == "orbital":
        return swatch(value).main
    table = {"type": TYPES, "tier": TIERS}.get(facet, {})
    return table.get(value) or fallback(value)


#: the colour of "no value" (a Spellfire card without a world): the page's neutral grey
NONE_COLOUR = "#9aa0aa"


class Palette:
    """Colours for the values of a game's fields, each value one colour: the orbitals,
    types and tiers above keep theirs; every other value gets a fallback colour no value
    before it has (the palette's, then further hues), the first free one from the one its
    hash picks: the values of one field never share a colour. Fields come in priority
    order (the frame's colouring field first) as ``(field, values)``; a value keeps the
    colour of the first field it appears in, so a frame and its chart bar agree."""

    def __init__(self, fields: Iterable[tuple[str, Sequence[str]]]):
        self._colours: dict[str, str] = {}
        taken: set[str] = set()  # across fields too, while the colours last
        extra = 0
        for name, values in fields:
            table = {"type": TYPES, "tier": TIERS}.get(name, {})
            fixed = {v: ORBITALS[v].main if v in ORBITALS else table[v] for v in values
                     if v in ORBITALS or v in table}
            taken |= {c for v in values if (c := self._colours.get(v) or fixed.get(v))}
            for value in values:
                if value in self._colours or value in fixed:
                    self._colours.setdefault(value, fixed.get(value, ""))
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
        if value in ORBITALS:
            return ORBITALS[value]
        return _shades(self.colour(value))


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
