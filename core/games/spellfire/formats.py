"""The deck formats of 25, 55, 75 and 110 cards (seed, first paragraph; rules notes 3): what
each draws a turn, the hand limit at phase 5, the starting hand, the deck's limits by card
type, the formation's size and what wins. The 55-card game is the default; the others are
rule variants (``cards25``, ``cards75``, ``cards110``)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...loadable import value


@value
@dataclass(frozen=True)
class Format:
    size: int
    draws: int  # phase 1 (seed: "With each turn, players draw three cards")
    hand_limit: int  # phase 5 B
    start_hand: int  # seed: "After players have drawn five cards ..." (55)
    #: per card type, (fewest, most); a type not listed may be in any number
    limits: dict[str, tuple[int, int]] = field(default_factory=dict)
    champion_levels: int = 0  # the most levels the deck's champions may add up to
    rule_cards: int = 0
    dungeon_extra: bool = False  # the dungeon is a card beyond the deck's size
    slots: str = "ABCDEF"  # the formation's slots, front first
    #: unrazed realms that win; ``hold``: only when still there as the player's turn begins;
    #: ``final_stage``: they win nothing at once but begin the 25-card "final stage"
    victory_realms: int = 6
    hold: bool = False
    final_stage: bool = False


FORMATS: dict[int, Format] = {
    # the 25-card column is unknown in the notes: limits scaled from the 55 (a reading).
    # Three unrazed realms end nothing: the seed's 25-card rule decides "in the event of a
    # time limit or depletion of cards in the draw pile", between players with three
    # unrazed realms, by who placed them first; rules notes 9: three begin the "final
    # stage". The game ends as every game does, when a draw pile runs out
    25: Format(25, draws=3, hand_limit=7, start_hand=5,
               limits={"realm": (3, 8), "holding": (0, 3), "champion": (1, 10),
                       "artifact": (0, 5), "magic_item": (0, 6), "event": (0, 5)},
               champion_levels=40, rule_cards=0, slots="ABC", victory_realms=3,
               final_stage=True),
    55: Format(55, draws=3, hand_limit=8, start_hand=5,
               limits={"realm": (8, 15), "holding": (0, 6), "champion": (1, 20),
                       "artifact": (0, 10), "magic_item": (0, 12), "event": (0, 10)},
               champion_levels=90, rule_cards=3),
    75: Format(75, draws=4, hand_limit=10, start_hand=6,
               limits={"realm": (10, 20), "holding": (0, 7), "champion": (3, 27),
                       "artifact": (0, 12), "magic_item": (0, 15), "event": (0, 13)},
               champion_levels=125, rule_cards=4, dungeon_extra=True, hold=True),
    110: Format(110, draws=5, hand_limit=12, start_hand=7,
                limits={"realm": (15, 30), "holding": (0, 10), "champion": (4, 40),
                        "artifact": (0, 15), "magic_item": (0, 20), "event": (0, 17)},
                champion_levels=180, rule_cards=5, dungeon_extra=True, slots="ABCDEFGHIJ",
                victory_realms=10),
}
DEFAULT = 55
#: the variant that plays each format other than the default
VARIANT_OF = {25: "cards25", 75: "cards75", 110: "cards110"}


def format_of(variants: Iterable[str]) -> Format:
    for size, name in VARIANT_OF.items():
        if name in variants:
            return FORMATS[size]
    return FORMATS[DEFAULT]
