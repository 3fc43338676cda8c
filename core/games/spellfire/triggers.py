"""Spellfire triggers: what a card does as it is played (``on_play``: events, spells,
psionic powers, blood abilities, thief skills, unarmed combat)."""
from __future__ import annotations

from ...registry import Vocabulary

vocab = Vocabulary("spellfire")


@vocab.trigger("on_play", text="{% if false %}{% endif %}")
class OnPlay:
    """What the card does as it is played: it waits while the other players may respond,
    then resolves (rules notes 5)."""

    __slots__ = ()
    scope = "activated"
    event = ""

    def __init__(self, p, c):
        pass

    def matches(self, ev, card) -> bool:
        return ev.card is card
