"""Wonders' zones (rulebook, Areas of the Game): each player's deck, hand, Abyss and
banishment; The World of seven realms, each with a side per player, a centre and its stones;
and limbo, where a card waits while it is being played. A realm is the *area* of its zones."""
from __future__ import annotations

from ...loadable import state
from ...places import Moment, Places
from ...zones import Zone

DECK, HAND, ABYSS, BANISHMENT, WORLD, LIMBO = (
    "deck", "hand", "abyss", "banishment", "world", "limbo")
ZONE_KINDS = (DECK, HAND, ABYSS, BANISHMENT, WORLD, LIMBO)
#: a player's own zones, as attributes of :class:`~cardscript.games.wonders.state.WondersPlayer`
PLAYER_ZONES = (DECK, HAND, ABYSS, BANISHMENT)

#: where each card type is in play (rulebook, Card types): Wonders, lands and items in The
#: World; a spell goes from the hand to The Abyss and never enters it
PLACES = Places(
    in_play={"wonder": (WORLD,), "land": (WORLD,), "item": (WORLD,)},
    played=frozenset({"wonder", "land", "item", "spell"}),
    in_play_name="The World",
    never_in_play={"spell": "it goes to The Abyss once played"},
    played_triggers="on_play")

#: the later moments a delayed ability waits for: the next round's On Round Start, after
#: its realm opens (403.1); the end of your turn, with On Turn End effects (403.5); this
#: round's end (403.5)
MOMENTS = {
    "start_of_next_round": Moment("round_start", "at the start of the next round"),
    "end_of_your_turn": Moment("turn_end", "at the end of your turn", yours=True),
    "end_of_round": Moment("round_end", "at the end of the round"),
}


@state
class Realm:
    """One realm of The World: a side per player, a centre, and its stones."""

    __slots__ = ("number", "active", "sides", "centre", "stones")

    def __init__(self, number: int, players: list):
        self.number = number
        self.active = False
        self.sides = [Zone(WORLD, p, self, in_play=True) for p in players]
        self.centre = Zone(WORLD, None, self, in_play=True)
        self.stones: list = [None]  # owner index per stone; None = in the centre

    def _clone(self, memo: dict) -> "Realm":
        n = Realm.__new__(Realm)
        memo[id(self)] = n
        n.number = self.number
        n.active = self.active
        n.stones = self.stones[:]
        get = memo.get
        n.sides = [get(id(s)) or s._clone(memo) for s in self.sides]
        c = self.centre
        n.centre = get(id(c)) or c._clone(memo)
        return n

    def __repr__(self) -> str:
        return f"<realm {self.number}>"

    def label(self) -> str:
        return f"realm {self.number}"

    def zone_label(self, zone: Zone) -> str:
        side = zone.player.name if zone.player is not None else "centre"
        return f"realm {self.number}/{side}"

    def controller(self) -> int | None:
        """Rule 505.3: the player with the most stones here, or None if nobody has most."""
        counts: dict = {}
        for s in self.stones:
            if s is not None:
                counts[s] = counts.get(s, 0) + 1
        if not counts:
            return None
        best = max(counts.values())
        top = [p for p, n in counts.items() if n == best]
        return top[0] if len(top) == 1 else None
