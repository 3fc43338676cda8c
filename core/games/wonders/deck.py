"""Deck validation (rulebook, Deckbuilding): 50 cards; 1 legendary, 2 primary, 3 secondary
copies at most; no tokens; every card id known."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import Diagnostic, did_you_mean
from .card import COPIES_BY_TIER, DECK_SIZE

if TYPE_CHECKING:
    from ...loader import Document
    from ...plugins import DeckPool
    from .card import WondersDeck


def validate_deck(model: WondersDeck, doc: Document, pool: DeckPool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    total = 0
    seen: dict[str, int] = {}
    for i, entry in enumerate(model.cards):
        pos = doc.pos(("cards", i, "card"))
        card = pool.cards.get(entry.card)
        total += entry.count
        if entry.card in seen:
            out.append(Diagnostic(pos, f"card '{entry.card}' is listed twice (entries "
                                  f"{seen[entry.card] + 1} and {i + 1}); give one count",
                                  "CS401", model.name))
        seen[entry.card] = i
        if card is None:
            out.append(Diagnostic(pos, f"unknown card '{entry.card}'"
                                  f"{did_you_mean(entry.card, pool.cards)}", "CS400",
                                  model.name))
            continue
        if card.token:
            out.append(Diagnostic(pos, f"'{entry.card}' is a token and can't be in a deck",
                                  "CS402", model.name))
        limit = COPIES_BY_TIER[card.tier]
        if entry.count > limit:
            out.append(Diagnostic(doc.pos(("cards", i, "count")),
                                  f"{entry.count} copies of {card.tier} card '{entry.card}'; "
                                  f"a deck may have at most {limit}", "CS403", model.name))
    if total != DECK_SIZE:
        out.append(Diagnostic(doc.pos(("cards",)), f"deck has {total} cards; a deck has "
                              f"exactly {DECK_SIZE}", "CS404", model.name))
    return out
