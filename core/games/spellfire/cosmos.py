"""The Rule of the Cosmos (seed, "Rule of Cosmos"): one of each champion, artifact, realm,
dungeon and holding in play across all players. A card is the same card as another when it
has the same name and type (rules notes 10, "Same card": name plus type; seed: "Same cards,
even if they are upgraded, cannot be played": an upgraded reprint, another id and number,
is the same card). Razed realms are
still in play; cards in Limbo, a dungeon's cell, the discard pile, the Abyss and the Void
are not. Support cards (allies, spells, psionic powers, unarmed combat, blood abilities,
thief skills), events and magical items are exempt."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .card import COSMOS_TYPES

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfireCardDef, SpellfirePlayer


def in_play_cards(g: SpellfireGame) -> list[SpellfireCard]:
    """Every card in play: formations (razed realms too), pools, battle areas, dungeons
    (not the champions they hold) and the rule card."""
    out: list[SpellfireCard] = list(g.rule_zone.cards)
    for p in g.players:
        for s in p.slots:
            out.extend(s.zone.cards)
        out.extend(p.pool.cards)
        out.extend(p.battle.cards)
        # the dungeon card is in play; a champion it holds is not (seed, "Rule of Cosmos")
        out.extend(c for c in p.dungeon.cards if c.proto.type == "dungeon")
    return out


def same(a: SpellfireCardDef, b: SpellfireCardDef) -> bool:
    """Rules notes 10, "Same card": the same name and the same type."""
    return a.same_key == b.same_key


def allows(g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard) -> bool:
    """``card`` may come into play: it is exempt, or no card the same as it is in play (the
    player's own copy included: "Same cards ... cannot be played")."""
    return gate(g)(card)


def gate(g: SpellfireGame) -> Callable[[SpellfireCard], bool]:
    """:func:`allows` for many cards of one game state: what is in play is read once, at
    the first card that is not exempt (the options of a phase ask it of every card in
    hand). Valid until a card moves."""
    keys: set[tuple[str, str]] | None = None

    def allows(card: SpellfireCard) -> bool:
        nonlocal keys
        proto = card.proto
        if proto.type not in COSMOS_TYPES:
            return True
        if keys is None:
            keys = {c.proto.same_key for c in in_play_cards(g)}
        return proto.same_key not in keys
    return allows


def enters(g: SpellfireGame, card: SpellfireCard) -> None:
    """Rules notes 1, Limbo: when a player brings a champion into play, another player's
    identical champion waiting in Limbo is discarded; so is one held in a dungeon (the
    seed: "Check the Limbo and Dungeon sections for details on what happens if you play
    champions while another's is still stuck in Limbo or hides in the Dungeon"; those
    sections are not in the texts: the reading chosen is Limbo's rule for both)."""
    if card.proto.type != "champion":
        return
    for q in g.players:
        for c in [c for c in q.limbo.cards if same(c.proto, card.proto)]:
            if c.owner is not card.owner:
                g.log.append(("limbo_discarded", c.proto.id, q.name))
                g.move(c, q.discard, cause="cosmos")
        for c in [c for c in q.held.cards if c.proto.type == "champion"
                  and same(c.proto, card.proto) and c.owner is not card.owner]:
            g.log.append(("held_discarded", c.proto.id, c.owner.name))
            g.discard(c, "cosmos")


def broken(g: SpellfireGame) -> list[str]:
    """The ids of the cards in play of which a same card is in play too (what the property
    tests check after every decision): empty while the rule holds."""
    seen: set[tuple[str, str]] = set()
    twice: list[str] = []
    for c in in_play_cards(g):
        if c.proto.type in COSMOS_TYPES:
            key = c.proto.same_key
            if key in seen:
                twice.append(c.proto.id)
            seen.add(key)
    return twice
