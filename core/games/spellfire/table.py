"""What a Spellfire player sees at the table (:meth:`~cardscript.game.Game.table`): each
player's formation slot by slot (the realm, razed or not, and its holding), their pool of
champions with the cards attached to each and its adjusted level, the battle area and the
dungeon, the rule card, the sizes of their piles, and the viewer's hand."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...table import AreaView, CardView, PlayerView, TableView

if TYPE_CHECKING:
    from .state import SpellfireCard, SpellfirePlayer


def _card(c: SpellfireCard) -> CardView:
    v = CardView(c.proto.name, c.proto.id)
    if c.proto.type == "champion":
        v.stats["level"] = c.level()
    elif c.proto.bonus:
        v.stats["bonus"] = f"{c.proto.bonus:+d}"
    if c.razed:
        v.statuses.append("razed")
    if c.controller is not c.owner:
        v.statuses.append(f"owned by {c.owner.name}")
    if c.blank:
        v.statuses.append("blank")
    v.attached = [_card(a) for a in c.attachments()]
    return v


def _tops(cards: list) -> list[CardView]:
    """The cards not attached to another, each with its attachments."""
    return [_card(c) for c in cards if c.host is None]


def _hand(c: Any) -> CardView:
    stats: dict[str, Any] = {"type": c.proto.type.replace("_", " ")}
    if c.proto.level is not None:
        stats["level"] = c.proto.level
    if c.proto.bonus:
        stats["bonus"] = f"{c.proto.bonus:+d}"
    return CardView(c.proto.name, c.proto.id, stats)


def spellfire_table(game: Any, viewer: SpellfirePlayer) -> TableView:
    areas = []
    for p in game.players:
        for s in p.slots:
            if s.zone.cards:
                areas.append(AreaView(f"formation {s.letter}: {p.name}", p.name,
                                      _tops(s.zone.cards)))
        for name, zone in (("pool", p.pool), ("battle", p.battle), ("dungeon", p.dungeon),
                           ("held in the dungeon", p.held)):
            if zone.cards or name == "pool":
                areas.append(AreaView(f"{name}: {p.name}", p.name, _tops(zone.cards)))
    if game.rule_zone.cards:
        areas.append(AreaView("rule card", None, _tops(game.rule_zone.cards)))
    players = [PlayerView(p.name, {"unrazed realms": p.unrazed()}, {
        "hand": len(p.hand.cards), "draw pile": len(p.deck.cards),
        "discard": len(p.discard.cards), "limbo": len(p.limbo.cards),
        "abyss": len(p.abyss.cards), "void": len(p.void.cards)}) for p in game.players]
    hand = [_hand(c) for c in viewer.hand.cards]
    return TableView(f"turn {game.turn}, {game.active.name}'s phase {game.phase}",
                     viewer.name, players, areas, hand)
