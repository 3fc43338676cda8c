"""Registers Spellfire through the ``cardscript`` entry-point group, exactly as a third-party
game would."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import data_dir
from ...plugins import GameSpec, hookimpl

if TYPE_CHECKING:
    from ...registry import Vocabulary
    from ...text import TextVocabulary

#: the modules holding Spellfire's vocabulary, one rules seam each, in registration order
VOCABULARY = ("triggers", "selectors", "effects", "battle_effects", "piles", "conditions",
              "keywords", "battle_powers")


@hookimpl
def cardscript_games() -> list[GameSpec]:
    from . import scenario
    from .card import SpellfireCard, SpellfireDeck
    from .deck import deck_cards, validate_deck
    from .rules import SpellfireGame
    return [GameSpec(name="spellfire", title="Spellfire (unofficial rules model)",
                     game_class=SpellfireGame, card_model=SpellfireCard,
                     cards_dir=data_dir("cardscripts") / "spellfire", deck_model=SpellfireDeck,
                     validate_deck=validate_deck, deck_cards=deck_cards, scenario=scenario,
                     reference_decks=("tidewall-builders", "ashmark-warband"),
                     # reports say the bundled cards are our own designs (not metagame)
                     extra={"sample_cards": True})]


@hookimpl
def cardscript_vocabulary(game: str) -> list[Vocabulary]:
    if game != "spellfire":
        return []
    from importlib import import_module
    return [import_module(f"{__package__}.{m}").vocab for m in VOCABULARY]


@hookimpl
def cardscript_text(game: str) -> list[TextVocabulary]:
    if game != "spellfire":
        return []
    from . import text
    return [text.text]
