"""What a Riftbound player sees at the table (:meth:`~cardscript.game.Game.table`): each
battlefield (its card, who holds it, the units of each player there and the card hidden
facedown, shown as face down to the others), each base, legend and rune area, every unit's
Might, damage and statuses, each player's points and rune pool, the sizes of their piles,
and the viewer's hand with each card's cost."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...table import AreaView, CardView, PlayerView, TableView, hidden_card
from .card import DOMAINS

if TYPE_CHECKING:
    from .state import RiftCard, RiftPlayer


def _card(c: RiftCard, viewer: Any, facedown: bool = False) -> CardView:
    if facedown and c.controller is not viewer:
        return hidden_card()
    v = CardView(c.proto.name, c.proto.id)
    if c.proto.might is not None:
        v.stats["might"] = c.might()
    v.statuses = [s for s, on in (("exhausted", c.exhausted), ("stunned", c.stunned),
                                  ("buffed", c.buffed), ("face down", facedown),
                                  (c.designation, bool(c.designation))) if on]
    if c.controller is not c.owner:
        v.statuses.append(f"owned by {c.owner.name}")
    if c.damage:
        v.counters["damage"] = c.damage
    return v


def _cost(c: Any) -> dict[str, Any]:
    stats: dict[str, Any] = {"cost": c.proto.cost or 0}
    if c.proto.power:
        stats["power"] = c.proto.power
    if c.proto.might is not None:
        stats["might"] = c.proto.might
    return stats


def riftbound_table(game: Any, viewer: RiftPlayer) -> TableView:
    areas = []
    for bf in game.battlefields:
        site = bf.site.cards[0].proto.name if bf.site.cards else bf.name
        held = bf.controller.name if bf.controller is not None else "nobody"
        notes = [f"held by {held}"]
        if bf.contested_by is not None:
            notes.append(f"contested by {bf.contested_by.name}")
        areas.append(AreaView(f"battlefield {site}", None,
                              [_card(c, viewer, facedown=True) for c in bf.facedown.cards],
                              notes))
        for z in bf.units:
            areas.append(AreaView(f"battlefield {site}: {z.player.name}", z.player.name,
                                  [_card(c, viewer) for c in z.cards]))
    for p in game.players:
        areas.append(AreaView(f"base: {p.name}", p.name,
                              [_card(c, viewer) for c in (*p.legend.cards, *p.base.cards)]))
        areas.append(AreaView(f"runes: {p.name}", p.name, [_card(c, viewer)
                                                          for c in p.runes.cards]))
        if p.champion.cards:
            areas.append(AreaView(f"champion zone: {p.name}", p.name,
                                  [_card(c, viewer) for c in p.champion.cards]))
    players = []
    for p in game.players:
        res: dict[str, Any] = {"points": p.points, "energy": p.energy, "xp": p.xp}
        res.update({d: n for d, n in zip(DOMAINS, p.power, strict=False) if n})
        res["runes ready"] = f"{sum(not r.exhausted for r in p.runes.cards)}/" \
            f"{len(p.runes.cards)}"
        players.append(PlayerView(p.name, res, {
            "hand": len(p.hand.cards), "deck": len(p.deck.cards),
            "rune deck": len(p.rune_deck.cards), "trash": len(p.trash.cards),
            "banishment": len(p.banishment.cards)}))
    hand = [CardView(c.proto.name, c.proto.id, _cost(c)) for c in viewer.hand.cards]
    return TableView(f"turn {game.turn}, {game.active.name}'s {game.phase or 'setup'} phase",
                     viewer.name, players, areas, hand)
