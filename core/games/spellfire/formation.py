"""The formation and phase 2 (seed, "Phase 2"; rules notes 6): where a new realm goes,
which realms may be attacked, razing, rebuilding and replacing, holdings and dungeons.

- A new realm goes to the foremost row with an empty slot; within the row the player
  chooses (notes 6, "Placement": holes left by discarded realms are refilled first).
- A realm may be attacked unless a slot in front of it holds an unrazed realm (notes 6,
  "Geometry": razed realms shield nothing).
- Phase 2 A, exactly one of: play a realm into an empty slot; replace a razed realm (it is
  discarded); rebuild a razed realm (the cost, discarding three cards, is from secondary
  sources: the reading chosen). B: a holding on a realm of its world without one. C: a
  dungeon under a realm. Each at most once a turn, in any order."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bus import Event
from ...loadable import step
from . import cosmos, plays

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer
    from .zones import Slot

REBUILD_COST = 3  # cards discarded to rebuild (rules notes 6: secondary sources)


def open_slots(p: SpellfirePlayer) -> list[Slot]:
    """The empty slots of the foremost row that has one."""
    for row in sorted({s.row for s in p.slots}):
        empty = [s for s in p.slots if s.row == row and p.realm_in(s) is None]
        if empty:
            return empty
    return []


def shielded(p: SpellfirePlayer, slot: Slot) -> bool:
    for i in slot.front:
        r = p.realm_in(p.slots[i])
        if r is not None and not r.razed:
            return True
    return False


def attackable(attacker: SpellfirePlayer, p: SpellfirePlayer) -> list:
    """``p``'s realms ``attacker`` may attack: unrazed ones not shielded by an unrazed
    realm in front (a movement power may reach further: :mod:`.combat`)."""
    return [r for s in p.slots if (r := p.realm_in(s)) is not None and not r.razed
            and not shielded(p, s)]


def phase2_actions(g: SpellfireGame, p: SpellfirePlayer) -> list:
    out: list[Any] = []
    hand = p.hand.cards
    allows = cosmos.gate(g)
    if not p.realm_step:
        slots = open_slots(p)
        razed = [s for s in p.slots if (r := p.realm_in(s)) is not None and r.razed]
        for c in hand:
            if c.proto.type == "realm" and allows(c):
                out.extend(("play", c, s) for s in slots)
                out.extend(("replace", c, s) for s in razed)
        if len(hand) >= REBUILD_COST:
            out.extend(("rebuild", s) for s in razed)
    if not p.holding_step:
        for c in hand:
            if c.proto.type == "holding" and allows(c):
                out.extend(("play", c, s) for s in p.slots if holds(p, s, c))
    if not p.dungeon_step and not p.dungeon.cards:
        for c in hand:
            if c.proto.type == "dungeon" and allows(c):
                out.extend(("play", c, s) for s in p.slots if p.realm_in(s) is not None)
    return out


def holds(p: SpellfirePlayer, slot: Slot, holding: SpellfireCard) -> bool:
    """A holding may go on an unrazed realm of its world that has none (seed, phase 2 B:
    "Logos on the cards must match")."""
    r = p.realm_in(slot)
    if r is None or r.razed or r.proto.world != holding.proto.world:
        return False
    return all(c.proto.type != "holding" for c in slot.zone.cards)


def phase2_do(g: SpellfireGame, p: SpellfirePlayer, choice: tuple) -> None:
    verb = choice[0]
    if verb == "rebuild":
        p.realm_step = True
        rebuild(g, p, choice[1], REBUILD_COST)
        return
    card, slot = choice[1], choice[2]
    kind = card.proto.type
    if kind == "realm":
        p.realm_step = True
        if verb == "replace":
            old = p.realm_in(slot)
            if old is not None:
                g.log.append(("replace", p.name, old.proto.id, slot.letter))
                discard_realm(g, old, "replaced")
        p.played_realm = True
        plays.play_card(g, p, card, slot.zone)
    elif kind == "holding":
        p.holding_step = True
        plays.play_card(g, p, card, slot.zone, host=p.realm_in(slot))
    else:
        p.dungeon_step = True
        plays.play_card(g, p, card, p.dungeon, host=p.realm_in(slot))


def rebuild(g: SpellfireGame, p: SpellfirePlayer, slot: Slot, left: int) -> None:
    """Discard the cost one card at a time, then the realm is unrazed."""
    if left:
        g.ask(p, "discard", list(p.hand.cards), f"discard a card to rebuild "
              f"({left} more)", then=(rebuild_paid, g, p, slot, left))
        return
    r = p.realm_in(slot)
    if r is not None:
        r.razed = False
        g.log.append(("rebuild", p.name, r.proto.id, slot.letter))
        g.victory.check(g)


@step
def rebuild_paid(g: SpellfireGame, p: SpellfirePlayer, slot: Slot, left: int,
                 card: SpellfireCard) -> None:
    if card.proto.type == "realm":
        p.dropped_realm = True
    g.discard(card, "rebuild")
    rebuild(g, p, slot, left - 1)


def raze(g: SpellfireGame, realm: SpellfireCard, cause: str | None = None) -> None:
    """A realm is razed: turned over, still in play and in its slot; its holding is
    discarded (notes 6, "Razed realms"), and a dungeon under it too (notes 6: only a
    modern source says so; the reading chosen)."""
    if realm.razed or realm.zone is None:
        return
    realm.razed = True
    g.log.append(("raze", realm.owner.name, realm.proto.id))
    g.publish(Event("razed", realm, realm.owner))
    for c in realm.attachments():
        g.discard(c, "razed")
    for c in list(realm.owner.dungeon.cards):
        if c.host is realm:
            g.discard(c, "razed")


def discard_realm(g: SpellfireGame, realm: SpellfireCard, cause: str | None = None) -> None:
    """A realm leaves the formation (its slot is empty again), with its holding."""
    for c in list(realm.owner.dungeon.cards):
        if c.host is realm:
            g.discard(c, cause)
    g.discard(realm, cause)
