"""What Riftbound's rules mixins see of the game: their base for the type checker only (as
Wonders' ``mixin_base``). :class:`~.rules.RiftboundGame` is assembled from ``Playing``
(playing cards, costs, moves), ``Fights`` (cleanups, showdowns, combat, scoring) and the
core's ``Game``; at run time the mixins derive from ``object``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from ...game import Game
    from ...zones import Zone
    from .chain import RiftChain
    from .state import RiftCard, RiftPlayer
    from .zones import Battlefield

    class MixinBase(Game[RiftPlayer]):
        resolver: RiftChain
        battlefields: list[Battlefield]
        chain_zone: Zone
        showdown: Battlefield | None
        combat: bool
        attacker: RiftPlayer | None
        defender: RiftPlayer | None
        damage_plan: list[tuple[RiftCard, int]]
        phase: str
        turn: int
        designated: bool

        # Playing's and Fights' methods, which each uses of the other
        def all_units(self) -> list[RiftCard]: ...
        def board_zones(self) -> list[Zone]: ...
        def units_of(self, p: RiftPlayer) -> list[RiftCard]: ...
        def kill(self, cards: list) -> None: ...
        def recall(self, card: RiftCard) -> None: ...
        def draw(self, p: RiftPlayer, n: int) -> None: ...
        def cleanup(self) -> None: ...
        def play_options(self, p: RiftPlayer, timing: str) -> list: ...
        def activate_options(self, p: RiftPlayer, timing: str) -> list: ...
        def do_action(self, p: RiftPlayer, choice: Any) -> None: ...
        def finish(self, winner: RiftPlayer | None, how: str) -> None: ...
else:
    MixinBase = object
