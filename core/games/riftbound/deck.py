"""Deck validation (docs/games/riftbound.md, "Decks"): a legend, a chosen champion of the
legend's champion tag, three different battlefields, a rune deck of 12 runes and a main deck
of at least 40 cards counting the chosen champion, at most 3 copies of a card, every card
within the legend's domains; and the cards a game gets from a deck file."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import Diagnostic, did_you_mean
from .card import BATTLEFIELDS, COPIES, MAIN_DECK_MIN, MAIN_TYPES, RUNE_DECK_SIZE

if TYPE_CHECKING:
    from ...cardpool import CardPool
    from ...loader import Document
    from ...plugins import DeckPool
    from ...state import CardDef
    from .card import RiftboundDeck


def deck_cards(model: RiftboundDeck, pool: CardPool) -> list[CardDef]:
    """The cards a game is made with, in the order :class:`RiftboundGame` reads them: the
    legend, the chosen champion, the battlefields, the runes, the main deck."""
    get = pool.cards.__getitem__
    return [get(model.legend), get(model.champion), *map(get, model.battlefields),
            *(get(e.card) for e in model.runes for _ in range(e.count)),
            *(get(e.card) for e in model.cards for _ in range(e.count))]


def validate_deck(model: RiftboundDeck, doc: Document, pool: DeckPool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    name = model.name

    def bad(path: tuple, msg: str, code: str = "CS405") -> None:
        out.append(Diagnostic(doc.pos(path), msg, code, name))

    def known(path: tuple, cid: str) -> Any:
        card = pool.cards.get(cid)
        if card is None:
            bad(path, f"unknown card '{cid}'{did_you_mean(cid, pool.cards)}", "CS400")
        elif card.token:
            bad(path, f"'{cid}' is a token and can't be in a deck", "CS402")
            return None
        return card

    legend = known(("legend",), model.legend)
    if legend is not None and legend.type != "legend":
        bad(("legend",), f"'{model.legend}' is a {legend.type}; the legend slot holds a legend")
        legend = None
    # (a pool may hold cards without the game's fields, a third-party tool's facts, say:
    # what they lack is not checked; the linter's facts carry them)
    domains = set(legend.domains) if hasattr(legend, "domains") else None
    champ = known(("champion",), model.champion)
    if champ is not None and hasattr(champ, "champion"):
        if not (champ.type == "unit" and champ.champion):
            bad(("champion",), f"'{model.champion}' is not a champion unit; the chosen "
                "champion is a unit with `champion: true`")
        elif hasattr(legend, "tags") and legend.tags[0] not in champ.tags:
            bad(("champion",), f"'{model.champion}' does not have the tag "
                f"'{legend.tags[0]}' of the legend '{model.legend}'; the chosen champion is "
                "the legend's champion")
    if len(model.battlefields) != BATTLEFIELDS:
        bad(("battlefields",), f"{len(model.battlefields)} battlefields; a deck has exactly "
            f"{BATTLEFIELDS}", "CS404")
    for i, cid in enumerate(model.battlefields):
        card = known(("battlefields", i), cid)
        if card is not None and card.type != "battlefield":
            bad(("battlefields", i), f"'{cid}' is a {card.type}, not a battlefield")
        if cid in model.battlefields[:i]:
            bad(("battlefields", i), f"battlefield '{cid}' is listed twice; the three "
                "battlefields are all different", "CS401")

    def entries(part: str, types: tuple[str, ...]) -> int:
        total = 0
        seen: dict[str, int] = {}
        for i, e in enumerate(getattr(model, part)):
            path = (part, i, "card")
            total += e.count
            if e.card in seen:
                bad(path, f"card '{e.card}' is listed twice (entries {seen[e.card] + 1} and "
                    f"{i + 1}); give one count", "CS401")
            seen[e.card] = i
            card = known(path, e.card)
            if card is None:
                continue
            if card.type not in types:
                where = "the rune deck holds runes" if part == "runes" else \
                    "the main deck holds units, gear and spells"
                bad(path, f"'{e.card}' is a {card.type}; {where}")
            elif domains is not None and not set(getattr(card, "domains", ())) <= domains:
                bad(path, f"'{e.card}' is {'/'.join(card.domains)}, outside the legend's "
                    f"domains ({'/'.join(sorted(domains))})")
            copies = e.count + (e.card == model.champion)
            most = 1 if getattr(card, "unique", False) else COPIES
            if part == "cards" and copies > most:
                why = "it is Unique (rules notes 10: one per deck)" if most == 1 else \
                    f"a deck may have at most {COPIES}"
                bad((part, i, "count"), f"{copies} copies of '{e.card}' (the chosen champion "
                    f"counts); {why}", "CS403")
        return total

    runes = entries("runes", ("rune",))
    if runes != RUNE_DECK_SIZE:
        bad(("runes",), f"rune deck has {runes} runes; a rune deck has exactly "
            f"{RUNE_DECK_SIZE}", "CS404")
    main = entries("cards", MAIN_TYPES) + 1
    if main < MAIN_DECK_MIN:
        bad(("cards",), f"main deck has {main} cards counting the chosen champion; a main "
            f"deck has at least {MAIN_DECK_MIN}", "CS404")
    return out
