"""What a Wonders player sees at the table (:meth:`~cardscript.game.Game.table`): each
active realm's two sides and centre with its stones, every card's power, counters and
statuses (another player's face-down card shown as face down), energy, actions, faith and
stones, the sizes of each player's piles, and the viewer's hand with what each card costs
them now."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...table import AreaView, CardView, PlayerView, TableView, hidden_card

if TYPE_CHECKING:
    from .state import WondersCard, WondersPlayer


def _card(game: Any, c: WondersCard, viewer: WondersPlayer) -> CardView:
    statuses = ["tapped"] if c.tapped else []
    if c.face_down and c.owner is not viewer:
        v = hidden_card()
        v.statuses += statuses
        return v
    v = CardView(c.proto.name, c.proto.id)
    if c.proto.is_wonder:
        v.stats["power"] = c.power()
    v.statuses = statuses
    if c.face_down:
        v.statuses.append("face down")
    if c.nullified:
        v.statuses.append("nullified")
    if c.stunned:
        v.statuses.append("stunned")
    if c.equipped_to is not None:
        v.statuses.append(f"equipped to {c.equipped_to.proto.name}")
    if c.controller is not c.owner:
        v.statuses.append(f"owned by {c.owner.name}")
    for kind, n in (("+1", c.plus), ("-1", c.minus), ("shield", c.shields)):
        if n:
            v.counters[kind] = n
    return v


def wonders_table(game: Any, viewer: WondersPlayer) -> TableView:
    areas = []
    for r in game.realms:
        if not r.active:
            continue
        held = r.controller()
        stones = ", ".join("centre" if s is None else game.players[s].name for s in r.stones)
        areas.append(AreaView(f"realm {r.number}: centre", None,
                              [_card(game, c, viewer) for c in r.centre.cards],
                              [f"stones: {stones}",
                               f"held by {game.players[held].name}" if held is not None
                               else "held by nobody"]))
        for p in game.players:
            areas.append(AreaView(f"realm {r.number}: {p.name}", p.name,
                                  [_card(game, c, viewer) for c in r.sides[p.index].cards]))
    players = [PlayerView(p.name, {"energy": p.energy, "actions": p.actions, "faith": p.faith,
                                   "stones": game.stones_of(p)},
                          {"hand": len(p.hand.cards), "deck": len(p.deck.cards),
                           "abyss": len(p.abyss.cards),
                           "banishment": len(p.banishment.cards)})
               for p in game.players]
    hand = []
    for c in viewer.hand.cards:
        v = CardView(c.proto.name, c.proto.id, {"cost": game.cost_of(viewer, c)})
        if c.proto.is_wonder:
            v.stats["power"] = c.proto.power
        hand.append(v)
    return TableView(f"round {game.round}, {game.active.name}'s turn", viewer.name, players,
                     areas, hand)

