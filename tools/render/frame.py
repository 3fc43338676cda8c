"""What a card frame shows, for any game: which field colours the frame, which stats sit in
the top corner and at the bottom, what the foot and the type line print and which flags get
a badge. The spoiler page (``cardscript render``) and the paper tools (``print``,
``images``, ``export --to tts``) draw every card through this one description.

A game's card module may name these with a module-level hint, ``FRAME = {...}`` (keys
:data:`KEYS`); whatever it leaves out is derived from the game's printed fields
(:func:`cardscript.tools.facts.card_fields`): the frame is coloured by the first closed
choice (``orbital``, ``domains``), the corner shows the first whole number, the bottom the
second, the foot the next choice, the type line the first open list (``classes``, ``tags``),
and each flag but ``token`` is a badge when set. A game added later gets a sensible frame
with no hint at all."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..facts import CardFacts, FieldSpec, card_fields

#: the keys a game's ``FRAME`` hint may give
KEYS = ("colour", "corner", "bottom", "foot", "subtypes", "badges", "copies", "colours")


@dataclass(frozen=True)
class FrameSpec:
    """Field names, per part of the frame (see the module docstring)."""

    colour: tuple[str, ...] = ()  # the first of these that a card sets colours its frame
    corner: tuple[str, ...] = ()
    bottom: str | None = None
    foot: str | None = None
    subtypes: str | None = None
    badges: tuple[str, ...] = ()
    #: fields whose 0 means "none" (their default is 0): a 0 there is not printed
    zero_is_none: frozenset[str] = frozenset()
    #: how many copies of a card a deck may hold, by the value of its foot field
    copies: dict[str, int] = field(default_factory=dict)
    #: the game's own colours, by field and value: ``main`` or ``(main, dark, light)``
    #: hex colours (any other value gets a fallback: tools/render/style.py)
    colours: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Stat:
    name: str
    value: Any

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


@dataclass
class Frame:
    """One card's frame, filled in from its facts."""

    tone: str = ""  # the value colouring the frame: a key of tools/render/style.py
    tones: list[str] = field(default_factory=list)  # every value of that field, as printed
    corner: list[Stat] = field(default_factory=list)
    bottom: Stat | None = None
    foot: Stat | None = None
    badges: list[str] = field(default_factory=list)


def _as_tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def derive(fields: list[FieldSpec], hint: dict[str, Any] | None = None,
           defaults: dict[str, Any] | None = None) -> FrameSpec:
    """A frame for a game's fields: its ``FRAME`` hint where given, defaults elsewhere."""
    hint = dict(hint or {})
    unknown = set(hint) - set(KEYS)
    if unknown:  # a typo in a game's hint must not silently fall back to the defaults
        raise ValueError(f"FRAME: unknown key(s) {', '.join(sorted(unknown))}; "
                         f"expected {', '.join(KEYS)}")
    ints = [f.name for f in fields if f.kind == "int"]
    closed = [f.name for f in fields if f.kind in ("choice", "list") and f.choices]
    colour = _as_tuple(hint["colour"]) if "colour" in hint else tuple(closed[:1])
    corner = _as_tuple(hint["corner"]) if "corner" in hint else tuple(ints[:1])
    rest = [n for n in ints if n not in corner]
    bottom = hint["bottom"] if "bottom" in hint else (rest[0] if rest else None)
    choices = [n for n in closed if n not in colour and n != "type"]
    foot = hint["foot"] if "foot" in hint else (choices[0] if choices else None)
    lists = [f.name for f in fields if f.kind == "list" and not f.choices]
    subtypes = hint["subtypes"] if "subtypes" in hint else (lists[0] if lists else None)
    flags = [f.name for f in fields if f.kind == "bool" and f.name != "token"]
    badges = _as_tuple(hint["badges"]) if "badges" in hint else tuple(flags)
    known = {f.name for f in fields} | {"type"}
    named = [*colour, *corner, bottom, foot, subtypes, *badges]
    missing = [n for n in named if n is not None and n not in known]
    if missing:
        raise ValueError(f"FRAME names field(s) the card model does not have: "
                         f"{', '.join(missing)}")
    zero = frozenset(n for n, d in (defaults or {}).items() if d == 0 and not isinstance(d, bool))
    return FrameSpec(colour, corner, bottom, foot, subtypes, badges, zero,
                     dict(hint.get("copies", {})), dict(hint.get("colours", {})))


def frame_spec(card_model: type[BaseModel]) -> FrameSpec:
    """The frame of a game's cards: its card module's ``FRAME`` hint over the defaults."""
    module = sys.modules.get(card_model.__module__)
    hint = getattr(module, "FRAME", None)
    defaults = {name: info.default for name, info in card_model.model_fields.items()}
    return derive(card_fields(card_model), hint, defaults)


def _stat(spec: FrameSpec, card: CardFacts, name: str | None) -> Stat | None:
    if name is None:
        return None
    value = card.value(name)
    if value is None or value == () or value is False:
        return None
    if value == 0 and name in spec.zero_is_none:
        return None
    return Stat(name, value)


def frame_of(spec: FrameSpec, card: CardFacts) -> Frame:
    tones: list[str] = []
    for name in spec.colour:
        tones = [str(v) for v in _as_tuple(card.value(name)) if v]
        if tones:
            break
    corner = [s for s in (_stat(spec, card, n) for n in spec.corner) if s is not None]
    badges = [n.replace("_", " ").capitalize() for n in spec.badges if card.value(n) is True]
    return Frame(tone=tones[0] if tones else "", tones=tones, corner=corner,
                 bottom=_stat(spec, card, spec.bottom), foot=_stat(spec, card, spec.foot),
                 badges=badges)


def subtypes_of(spec: FrameSpec, card: CardFacts) -> list[str]:
    return [str(v) for v in _as_tuple(card.value(spec.subtypes))] if spec.subtypes else []


__all__ = ["KEYS", "Frame", "FrameSpec", "Stat", "derive", "frame_of", "frame_spec",
           "subtypes_of"]
