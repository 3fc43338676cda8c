"""Registers Spellfire through the ``cardscript`` entry-point group, exactly as a third-party
game would."""
from __future__ import annotations

from ... import data_dir
from ...plugins import GameSpec, hookimpl


@hookimpl
def cardscript_games():
    from . import scenario
    from .card import SpellfireCard, SpellfireDeck
    from .deck import deck_cards, validate_deck
    from .rules import SpellfireGame
    return [GameSpec(name="spellfire", title="Spellfire (unofficial rules model)",
                     game_class=SpellfireGame, card_model=SpellfireCard,
                     cards_dir=data_dir("cardscripts") / "spellfire", deck_model=SpellfireDeck,
                     validate_deck=validate_deck, deck_cards=deck_cards, scenario=scenario,
                     reference_decks=("tidewall-builders", "ashmark-warband"))]


@hookimpl
def cardscript_vocabulary(game: str):
    if game != "spellfire":
        return []
    from . import effects, keywords, piles, selectors, triggers
    return [triggers.vocab, selectors.vocab, effects.vocab, piles.vocab, keywords.vocab]


@hookimpl
def cardscript_text(game: str):
    if game != "spellfire":
        return []
    from . import text
    return [text.text]
