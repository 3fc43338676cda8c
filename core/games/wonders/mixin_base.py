"""What Wonders' rules mixins see of the game: their base for the type checker only.

:class:`~cardscript.games.wonders.rules.WondersGame` is assembled from mixins: ``Primitives``
(the game actions effects and rules share), ``Actions`` (the uses of a turn) and the core's
``Game``. A mixin's methods use the game's fields and each other's methods, which a type
checker sees only through the mixin's bases; so under ``TYPE_CHECKING`` each mixin derives
from :class:`MixinBase`, which declares what they share. At run time the mixins derive from
``object`` (this module defines nothing then), so the game's method order is unchanged.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

    from ...game import Game
    from ...state import Card, CardDef, Player
    from ...zones import Zone
    from .batches import BatchResolver
    from .state import WondersCard, WondersPlayer
    from .zones import Realm

    class MixinBase(Game[WondersPlayer]):
        resolver: BatchResolver
        # WondersGame's fields the mixins use (rules.py sets them)
        realms: list[Realm]
        round: int
        last_seizer: WondersPlayer | None
        #: (undo, args) of "this turn" and "this round" effects (rule 403.5)
        turn_effects: list[tuple[Callable[..., Any], tuple]]
        round_effects: list[tuple[Callable[..., Any], tuple]]
        #: (player, realm or None for every realm) that can't be attacked
        attack_bans: list[tuple[WondersPlayer, Realm | None]]
        limbos: list[Zone]
        #: (player, realm) free attacks declared by effects
        queued_attacks: list[tuple[WondersPlayer, Realm]]
        harvesting: WondersPlayer | None
        #: (card, player): "this round" controls waiting to end (rule 505.1)
        control_waiting: list[tuple[WondersCard, WondersPlayer]]
        power_dirty: bool
        #: counting triggers (card definition, ability index), and per trigger, per player
        #: [this game's count, this round's, that round] (rule 511)
        counted: list[tuple[CardDef, int]]
        tallies: list[list[list[int]]]

        def world_cards(self, every: bool = False) -> Iterator[WondersCard]: ...
        has_equipment: bool
        #: (player, controller): turns that will be controlled, and the one now (505.4)
        turn_controls: list[tuple[WondersPlayer, WondersPlayer]]
        turn_control: tuple[WondersPlayer, WondersPlayer] | None
        replacing: list[tuple]
        static_cards: list[WondersCard]
        granted_cards: list[WondersCard]

        # the core's methods, making Wonders' cards (card_class)
        def new_card(self, proto: CardDef, owner: Player, zone: Zone | None,
                     top: bool = True) -> WondersCard: ...

        def move(self, card: Card, dest: Zone, *, top: bool = True, cause: str | None = None,
                 publish: bool = True) -> WondersCard | None: ...

        # each mixin's methods the other one uses
        def draw(self, player: WondersPlayer, n: int = 1) -> int: ...

        def destroy(self, card: WondersCard) -> bool: ...

        def until(self, duration: str, undo: Callable[..., Any], *args: Any) -> None: ...
        def destroy_all(self, cards: list, then: tuple, dying: tuple = ()) -> None: ...

        def links(self, player: WondersPlayer) -> set[str]: ...

        def can_pay(self, p: WondersPlayer, card: WondersCard, links: set[str],
                    energy: int) -> bool: ...

        def play_as_from_hand(self, p: WondersPlayer, card: WondersCard) -> None: ...

        def enter_nullified(self, card: WondersCard, side: Zone,
                            source: str | None = None) -> None: ...

        def cost_of(self, player: WondersPlayer, card: WondersCard,
                    links: set[str] | None = None) -> int: ...

        def play_card(self, p: WondersPlayer, card: WondersCard, realm: Realm | None,
                      free: bool = False) -> None: ...

        def statics_changed(self) -> None: ...

        def wonder_entered(self, event: Any) -> None: ...

        def replaced(self, kind: str, card: Card, after: tuple = ()) -> bool: ...

        def check_equipment(self) -> None: ...

        def stone_cards(self, player: WondersPlayer) -> int: ...

        def static_plays(self, p: WondersPlayer, has_action: bool) -> list: ...

        def forbidden(self, action: str, card: Card, player: WondersPlayer | None = None) \
                -> bool: ...
