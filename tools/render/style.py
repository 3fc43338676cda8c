"""Colours and symbols of the spoiler page: one per orbital (the symbols are inline SVG
``<symbol>`` elements in ``tools/templates/spoiler/symbols.html.j2``), and chart colours for
card types and tiers. Values a game adds later get a stable fallback colour."""
from __future__ import annotations

import hashlib
import re
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

_FALLBACK = ("#667085", "#5b7c99", "#8c6d62", "#6b8e6b", "#8a6fa0", "#a0756b")


def fallback(value: str) -> str:
    digest = hashlib.blake2b(value.encode(), digest_size=2).digest()
    return _FALLBACK[int.from_bytes(digest, "big") % len(_FALLBACK)]


def _mix(colour: str, other: str, share: float) -> str:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


def swatch(orbital: str) -> Swatch:
    """The colours of a frame coloured by ``orbital`` (or any game's colouring value: a
    value with no swatch of its own gets a stable fallback with matching shades)."""
    if orbital in ORBITALS:
        return ORBITALS[orbital]
    c = fallback(orbital)
    return Swatch(c, _mix(c, "#000000", .35), _mix(c, "#ffffff", .85), "unknown")


def colour(facet: str, value: str) -> str:
    if facet == "orbital":
        return swatch(value).main
    table = {"type": TYPES, "tier": TIERS}.get(facet, {})
    return table.get(value) or fallback(value)


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
