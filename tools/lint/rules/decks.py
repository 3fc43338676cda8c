"""Deck files: the game's own deck validation (for Wonders: rulebook, Deckbuilding)."""
from __future__ import annotations

from ..registry import Rule


class UnknownDeckCard(Rule):
    """A deck lists a card id that the set doesn't have.

    The closest id is suggested. The set is the bundled cards, the ``context`` folders and
    the card files linted.
    """

    code = "CS400"
    name = "unknown-deck-card"
    groups = ("deck",)


class RepeatedDeckEntry(Rule):
    """A deck lists the same card in two entries; give it one entry with its count."""

    code = "CS401"
    name = "repeated-deck-entry"
    groups = ("deck",)


class TokenInDeck(Rule):
    """A deck lists a token; tokens are created by effects and are never in a deck
    (rulebook, Tokens)."""

    code = "CS402"
    name = "token-in-deck"
    groups = ("deck",)


class TooManyCopies(Rule):
    """A deck has more copies of a card than its tier allows.

    Wonders (rulebook, Deckbuilding): at most 1 copy of a legendary card, 2 of a primary and
    3 of a secondary.
    """

    code = "CS403"
    name = "too-many-copies"
    groups = ("deck",)


class WrongDeckSize(Rule):
    """A deck doesn't have the number of cards the game requires (Wonders: exactly 50)."""

    code = "CS404"
    name = "wrong-deck-size"
    groups = ("deck",)


class DeckStructure(Rule):
    """A card sits in a part of a deck it can't go in, or outside the deck's identity.

    Riftbound: the legend slot holds a legend; the chosen champion is a champion unit of the
    legend's champion tag; battlefields are battlefields, all different; the rune deck holds
    runes; the main deck holds units, gear and spells; every card's domains are among the
    legend's.
    """

    code = "CS405"
    name = "deck-structure"
    groups = ("deck",)
