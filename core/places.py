"""Where a card can be, and so what of it can work: one table per game (``Game.PLACES``), from
which the compiler registers a card's abilities (:class:`~cardscript.compiler.CardProgram`)
and ``check``/``lint`` (CS112) refuse an ability that can never work (:func:`why_inert`):
the two read the same table, so a script that checks clean acts in play.

An ability works from a **place** its trigger declares (its ``place`` attribute, default
:data:`IN_PLAY`):

- :data:`IN_PLAY` — while its card is in play, in the zones its card type is in there
  (``Places.in_play``). A trigger whose ``scope`` is :data:`IN_PLAY` is registered on the
  bus in each of those zones; an activated ability is offered from them; a card's own
  events (it arrives, it dies, it attacks) happen to it there.
- :data:`PLAYED` — as its card is played: only a card type a player plays (``played``),
  never a token (tokens are created in play).
- :data:`ANYWHERE` — wherever the card is (a replacement of something about to happen to
  the card itself).

A trigger that only some card types meet (only a creature attacks) says which in its
``types`` attribute. A card type with no zone in play (a one-shot card) can only have
abilities that work as it is played; the table says why, in the game's words, for the
message.

The same module holds a game's later moments (``Game.MOMENTS``): when a delayed ability
(``later``) waits for, each a :class:`Moment`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

IN_PLAY = "in_play"
PLAYED = "played"
ANYWHERE = "anywhere"


@dataclass(frozen=True)
class Places:
    """A game's table of where its cards can be (see the module docstring)."""

    #: card type -> the zone kinds a card of that type is in while in play
    in_play: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the card types a player plays (from a hand, or as the game says)
    played: frozenset[str] = frozenset()
    #: what being in play is called in the game's words ("the board")
    in_play_name: str = "play"
    #: card type -> why it is never in play, in the game's words ("it goes to the discard
    #: pile once played")
    never_in_play: Mapping[str, str] = field(default_factory=dict)
    #: the triggers that work as a card is played, for the message
    played_triggers: str = "on_play"
    #: the card types no effect moves out of play (``Game.can_leave_play``; a zone move of
    #: such a card itself is refused by ``check``)
    fixed: frozenset[str] = frozenset()

    def zones(self, card_type: str | None) -> tuple[str, ...]:
        """The zone kinds where a card of ``card_type`` is in play (none: it never is)."""
        return self.in_play.get(card_type or "", ())

    @property
    def known(self) -> bool:
        """Whether the game has a table (a game without one registers by scope only)."""
        return bool(self.in_play)


def article(word: str) -> str:
    """The house style's article (:func:`cardscript.text.english.article`; imported when
    a message is made: the text package loads the registry, which loads this module)."""
    from .text.english import article as english
    return english(word)


def _either(types: Any) -> str:
    """"a gear or a unit": card types in words, each with its article."""
    return " or ".join(article(t.replace("_", " ")) for t in sorted(types))


def place_of(trigger: Any) -> str:
    """Where ``trigger``'s ability works from: its ``place``, else in play."""
    return getattr(trigger, "place", None) or IN_PLAY


def keyword_inert(places: Places, card_type: str | None, keyword: Any) -> str | None:
    """Why a compiled keyword the rules read from its card (its ``types``) never works on a
    card of ``card_type`` (None: it can)."""
    if not places.known:
        return None
    types = getattr(keyword, "types", None)
    kind = card_type or "card"
    if types is not None and kind not in types:
        return f"the rules read it only on {_either(types)}, and this card is {article(kind)}"
    place = getattr(keyword, "place", None)
    if place == IN_PLAY and not places.zones(card_type):
        return f"the rules read it while its card is in {places.in_play_name}, and a " \
               f"{kind} never enters {places.in_play_name}"
    if place == PLAYED and kind not in places.played:
        return f"the rules read it as its card is played, and a {kind} is never played"
    return None


def why_inert(places: Places, card_type: str | None, token: bool, trigger: Any) -> str | None:
    """Why an ability with ``trigger`` can never work on a card of ``card_type`` (None: it
    can), in the game's words: CS112's message."""
    if not places.known:
        return None
    kind = card_type or "card"
    types = getattr(trigger, "types", None)
    if types is not None and kind not in types:
        return f"only {_either(types)} meets it, and this card is {article(kind)}"
    place = place_of(trigger)
    if place == ANYWHERE:
        return None
    if place == PLAYED:
        if token:
            return (f"a token is created in {places.in_play_name}, never played, so its "
                    f"{places.played_triggers} abilities never trigger")
        if kind not in places.played:
            return f"a {kind} is never played, so its {places.played_triggers} abilities " \
                   "never trigger"
        return None
    zones = places.zones(card_type)
    scope = getattr(trigger, "scope", IN_PLAY)
    activated = scope == "activated"
    if not zones:
        why = places.never_in_play.get(kind)
        where = "is activated" if activated else "works"
        return (f"a {kind} never enters {places.in_play_name}" + (f" ({why})" if why else "")
                + f", so this ability, which {where} only from {places.in_play_name}, can "
                f"never {'be activated' if activated else 'trigger'}; only "
                f"{places.played_triggers} abilities work on a {kind}")
    every = {z for zs in places.in_play.values() for z in zs}
    if scope in every and scope not in zones:
        return f"it works only from the {scope} zone, where a {kind} never is"
    return None


@dataclass(frozen=True)
class Moment:
    """A later moment a delayed ability (``later``) waits for: the next event of kind
    ``event`` (whose player is the ability's controller, if ``yours``), and how the rules
    text says it ("at the start of your next turn")."""

    event: str
    text: str
    yours: bool = False
