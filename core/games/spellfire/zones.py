"""Spellfire's zones (rules notes 1, "Zones and 'in play'"). Each player has a draw pile, a
hand, a formation of realm slots, a pool of champions with their attachments, a battle area,
a dungeon with the champions it holds, and the discard pile, Limbo, the Abyss and the Void
(removed from the game). The table has one rule-card slot, and the cards being played wait in
the response window.

In play: the formation (razed realms too), the pool, the battle area, the dungeon and the
rule card; not the champions a dungeon holds (rules notes 1: "champions in a dungeon" are
not in play, and keep their attachments), which wait in their jailer's ``held`` zone. A
card moving between those stays one object (a champion going from the pool to battle keeps
its attachments); every other move makes a new object.

The formation is a pyramid (rules notes 6, "Geometry"): A at the front; B and C behind it;
D, E and F at the back. Each slot is shielded by the one or two slots in front of it (A
shields B and C; B shields D and E; C shields E and F)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...clone import copy_value
from ...loadable import state
from ...places import Moment, Places
from ...zones import Zone

if TYPE_CHECKING:
    from .state import SpellfirePlayer

DECK, HAND, FORMATION, POOL, BATTLE, DUNGEON, HELD, DISCARD, LIMBO, ABYSS, VOID, RULE, \
    WINDOW = ("deck", "hand", "formation", "pool", "battle", "dungeon", "held", "discard",
              "limbo", "abyss", "void", "rule", "window")
ZONE_KINDS = (DECK, HAND, FORMATION, POOL, BATTLE, DUNGEON, HELD, DISCARD, LIMBO, ABYSS, VOID,
              RULE, WINDOW)
#: a player's own zones, as attributes of :class:`~.state.SpellfirePlayer`
PLAYER_ZONES = ("deck", "hand", "pool", "battle", "dungeon", "held", "discard", "limbo",
                "abyss", "void")

#: where each card type is in play (rules notes 1): a champion and its attachments in the
#: pool or in battle, an ally in battle, realms and holdings in the formation; the cards
#: that do something as they are played (an event, a spell, a skill) never are
PLACES = Places(
    in_play={"champion": (POOL, BATTLE), "artifact": (POOL, BATTLE),
             "magic_item": (POOL, BATTLE), "ally": (BATTLE,), "realm": (FORMATION,),
             "holding": (FORMATION,), "dungeon": (DUNGEON,), "rule": (RULE,)},
    played=frozenset({"champion", "ally", "realm", "holding", "dungeon", "artifact",
                      "magic_item", "event", "rule", "spell", "psionic_power",
                      "blood_ability", "thief_skill", "unarmed_combat"}),
    in_play_name="play",
    never_in_play={t: "it goes to the discard pile, or an event to the Void, once it "
                   "resolves" for t in ("event", "spell", "psionic_power", "blood_ability",
                                         "thief_skill", "unarmed_combat")},
    played_triggers="on_play")

#: the later moments a delayed ability waits for: your next phase 0, where powers "at the
#: start of your turn" resolve (rules notes 4)
MOMENTS = {
    "start_of_your_next_turn": Moment("turn_start", "at the start of your next turn",
                                      yours=True),
}


def rows(n: int) -> list[range]:
    """The rows of an ``n``-slot pyramid, front first: 1, 2, 3 (and 4) slots."""
    out, start, width = [], 0, 1
    while start < n:
        out.append(range(start, min(start + width, n)))
        start += width
        width += 1
    return out


@state
class Slot:
    """One slot of a player's formation: its letter, its row (0 at the front) and the slots
    in front of it that shield it. Its zone holds the realm and that realm's holding."""

    __slots__ = ("index", "letter", "row", "front", "zone")

    def __init__(self, index: int, letter: str, row: int, front: tuple[int, ...],
                 player: SpellfirePlayer):
        self.index = index
        self.letter = letter
        self.row = row
        self.front = front
        self.zone = Zone(FORMATION, player, self, in_play=True)

    def _clone(self, memo: dict) -> "Slot":
        n = Slot.__new__(Slot)
        memo[id(self)] = n
        n.index, n.letter, n.row, n.front = self.index, self.letter, self.row, self.front
        n.zone = copy_value(self.zone, memo)
        return n

    def __repr__(self) -> str:
        return f"<slot {self.letter}>"

    def label(self) -> str:
        return self.letter

    def zone_label(self, zone: Zone) -> str:
        return f"{self.letter}/{zone.player.name}"


def formation(letters: str, player: SpellfirePlayer) -> list[Slot]:
    """The slots of a formation, front first, each with the slots in front of it."""
    out: list[Slot] = []
    for r, row in enumerate(rows(len(letters))):
        prev = rows(len(letters))[r - 1] if r else range(0)
        for k, i in enumerate(row):
            front = tuple(prev[j] for j in (k - 1, k) if 0 <= j < len(prev))
            out.append(Slot(i, letters[i], r, front, player))
    return out
