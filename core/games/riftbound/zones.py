"""Riftbound's zones (rules notes, "Objects and zones"). The board: each player's base, each
battlefield (a zone per player for their units, and the battlefield card's own), the rune
area and the legend zone. Off the board: main deck, rune deck, hand, trash, banishment, the
champion zone, cards set aside, and the chain, where played spells wait.

Units at a base and at battlefields share one zone kind, ``board``: a unit's abilities work
wherever it stands on the board, and moving between base and battlefield keeps the object
(its damage and status), as the core does between zones in play."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...clone import copy_value
from ...loadable import state
from ...places import Moment, Places
from ...zones import Zone

if TYPE_CHECKING:
    from .state import RiftPlayer

DECK, RUNE_DECK, HAND, BOARD, RUNES, TRASH, BANISHMENT, LEGEND, CHAMPION, SITE, CHAIN, \
    ASIDE, FACEDOWN = ("deck", "rune_deck", "hand", "board", "runes", "trash", "banishment",
                       "legend", "champion", "site", "chain", "aside", "facedown")
ZONE_KINDS = (DECK, RUNE_DECK, HAND, BOARD, RUNES, TRASH, BANISHMENT, LEGEND, CHAMPION, SITE,
              CHAIN, ASIDE, FACEDOWN)
#: a player's own zones, as attributes of :class:`~.state.RiftPlayer`
PLAYER_ZONES = ("deck", "rune_deck", "hand", "base", "runes", "trash", "banishment", "legend",
                "champion", "aside")

#: where each card type is on the board (rules notes, "Objects and zones"): units and gear
#: at a base or a battlefield, a legend in its zone (it never leaves), a battlefield card in
#: its own, runes in the rune area; a spell goes to the chain and the trash, never the board
PLACES = Places(
    in_play={"unit": (BOARD,), "gear": (BOARD,), "legend": (LEGEND,),
             "battlefield": (SITE,), "rune": (RUNES,)},
    played=frozenset({"unit", "gear", "spell"}),
    in_play_name="the board",
    never_in_play={"spell": "it goes to the chain as it is played, then to the trash"},
    played_triggers="on_play and when_played",
    # only permanents (units and gear) are moved: legends and battlefields can't be, and a
    # rune goes only to the rune deck
    fixed=frozenset({"legend", "battlefield", "rune"}))

#: the later moments a delayed ability waits for: the start-of-turn effects of your next
#: Beginning phase (315.2), the end-of-turn effects of this turn's Ending (317)
MOMENTS = {
    "start_of_your_next_turn": Moment("turn_start", "at the start of your next turn",
                                      yours=True),
    "end_of_turn": Moment("turn_end", "at the end of this turn"),
    # the next Hold or Conquer scored by the ability's controller, at any battlefield
    # (rules notes 5.3, "delayed abilities outlive their source"; scoring: fight.py)
    "your_next_hold": Moment("hold", "the next time you hold", yours=True),
    "your_next_conquer": Moment("conquer", "the next time you conquer", yours=True),
}


@state
class Base:
    """A player's base: the area of their ``base`` zone."""

    __slots__ = ("player",)

    def __init__(self, player: RiftPlayer):
        self.player = player

    def _clone(self, memo: dict) -> "Base":
        n = Base.__new__(Base)
        memo[id(self)] = n
        n.player = copy_value(self.player, memo)
        return n

    def label(self) -> str:
        return "base"

    def zone_label(self, zone: Zone) -> str:
        return f"base/{zone.player.name}"


@state
class Battlefield:
    """One battlefield in play: its card (``site``), a zone per player for the units there,
    who controls it, and who made it contested (rules notes, "Battlefield control")."""

    __slots__ = ("index", "name", "site", "units", "facedown", "controller", "contested_by")

    def __init__(self, index: int, players: list[RiftPlayer]):
        self.index = index
        self.name = f"battlefield{index + 1}"
        self.site = Zone(SITE, None, self, in_play=True)
        self.units = [Zone(BOARD, p, self, in_play=True) for p in players]
        #: its facedown zone (Hidden): at most one card, its controller's; on the board (a
        #: card leaving it for the battlefield stays one object) but not where units stand,
        #: and no ability of the card works there (none listens in this zone kind)
        self.facedown = Zone(FACEDOWN, None, self, in_play=True)
        self.controller: Any = None  # a player, or None: uncontrolled
        self.contested_by: Any = None  # the player who applied Contested, while it is

    def _clone(self, memo: dict) -> "Battlefield":
        n = Battlefield.__new__(Battlefield)
        memo[id(self)] = n
        n.index, n.name = self.index, self.name
        n.site = copy_value(self.site, memo)
        n.units = [copy_value(z, memo) for z in self.units]
        n.facedown = copy_value(self.facedown, memo)
        n.controller = copy_value(self.controller, memo)
        n.contested_by = copy_value(self.contested_by, memo)
        return n

    def __repr__(self) -> str:
        return f"<battlefield {self.name}>"

    def label(self) -> str:
        return self.name

    def zone_label(self, zone: Zone) -> str:
        if zone.kind == FACEDOWN:
            return f"{self.name}/facedown"
        return f"{self.name}/{zone.player.name}" if zone.player is not None else self.name

    def players_here(self) -> list[RiftPlayer]:
        """The players with units here, in seat order."""
        return [z.player for z in self.units if z.cards]
