"""Deck validation by format (rules notes 3, "Deck formats"): the deck's size, the fewest and
most cards of each limited type, the champions' levels, rule cards, the dungeon (one of the
cards in the 25- and 55-card games, an extra card in the 75- and 110-card games) and one
copy of each card. Each broken limit is its own error."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import Diagnostic, did_you_mean
from .formats import FORMATS

if TYPE_CHECKING:
    from ...cardpool import CardPool
    from ...loader import Document
    from ...plugins import DeckPool
    from ...state import CardDef
    from .card import SpellfireDeck


def deck_cards(model: SpellfireDeck, pool: CardPool) -> list[CardDef]:
    """The cards a game is made with: the deck's cards, then its dungeon."""
    get = pool.cards.__getitem__
    cards = [get(e.card) for e in model.cards for _ in range(e.count)]
    if model.dungeon:
        cards.append(get(model.dungeon))
    return cards


def validate_deck(model: SpellfireDeck, doc: Document, pool: DeckPool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    name = model.name
    fmt = FORMATS[model.format]

    def bad(path: tuple, msg: str, code: str = "CS405") -> None:
        out.append(Diagnostic(doc.pos(path), msg, code, name))

    counts: dict[str, int] = {}
    levels = 0
    size = 0
    seen: dict[str, int] = {}
    for i, e in enumerate(model.cards):
        path = ("cards", i, "card")
        size += e.count
        if e.count > 1:
            bad(("cards", i, "count"), f"{e.count} copies of '{e.card}'; a deck holds one "
                "copy of each card (rules notes 3)", "CS403")
        if e.card in seen:
            bad(path, f"card '{e.card}' is listed twice (entries {seen[e.card] + 1} and "
                f"{i + 1}); a deck holds one copy of each card", "CS401")
        seen[e.card] = i
        card = pool.cards.get(e.card)
        if card is None:
            bad(path, f"unknown card '{e.card}'{did_you_mean(e.card, pool.cards)}", "CS400")
            continue
        t = str(getattr(card, "type", ""))
        if t == "dungeon":
            bad(path, f"'{e.card}' is a dungeon: give it as the deck's `dungeon`")
            continue
        counts[t] = counts.get(t, 0) + e.count
        if t == "champion":
            levels += (getattr(card, "level", 0) or 0) * e.count
    if model.dungeon:
        card = pool.cards.get(model.dungeon)
        if card is None:
            bad(("dungeon",), f"unknown card '{model.dungeon}'"
                f"{did_you_mean(model.dungeon, pool.cards)}", "CS400")
        elif getattr(card, "type", None) != "dungeon":
            bad(("dungeon",), f"'{model.dungeon}' is a {card.type}, not a dungeon")
        elif fmt.size == 25:
            bad(("dungeon",), "the 25-card game has no dungeon (rules notes 3)", "CS404")
        if not fmt.dungeon_extra:
            size += 1
    if size != fmt.size:
        extra = " (the dungeon counts)" if model.dungeon and not fmt.dungeon_extra else \
            " (the dungeon is an extra card)" if model.dungeon else ""
        bad(("cards",), f"the deck has {size} cards{extra}; a {fmt.size}-card deck has "
            f"exactly {fmt.size}", "CS404")
    for t, (lo, hi) in fmt.limits.items():
        n = counts.get(t, 0)
        if not lo <= n <= hi:
            bad(("cards",), f"{n} {t.replace('_', ' ')} cards; a {fmt.size}-card deck has "
                f"{lo} to {hi}", "CS404")
    if counts.get("rule", 0) > fmt.rule_cards:
        bad(("cards",), f"{counts['rule']} rule cards; a {fmt.size}-card deck has at most "
            f"{fmt.rule_cards}", "CS404")
    if levels > fmt.champion_levels:
        bad(("cards",), f"the champions' levels add up to {levels}; a {fmt.size}-card deck "
            f"allows at most {fmt.champion_levels}", "CS404")
    return out
