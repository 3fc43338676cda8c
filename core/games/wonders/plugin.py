"""Registers Wonders of The First through the ``cardscript`` entry-point group, exactly as a
third-party game or vocabulary package would."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import data_dir
from ...plugins import GameSpec, hookimpl

if TYPE_CHECKING:
    from ...registry import Vocabulary
    from ...text import TextVocabulary


@hookimpl
def cardscript_games() -> list[GameSpec]:
    from . import scenario
    from .card import WondersCard, WondersDeck
    from .deck import validate_deck
    from .rules import WondersGame
    return [GameSpec(name="wonders", title="Wonders of The First", game_class=WondersGame,
                     card_model=WondersCard, cards_dir=data_dir("cardscripts") / "wonders",
                     deck_model=WondersDeck, validate_deck=validate_deck, scenario=scenario,
                     reference_decks=("skyforge-wilds", "umbral-dawn"))]


@hookimpl
def cardscript_vocabulary(game: str) -> list[Vocabulary]:
    if game != "wonders":
        return []
    from . import (
        activated,
        aiming,
        conditions,
        continuous,
        control,
        copies,
        effects,
        equipment,
        facedown,
        keyword_effects,
        keywords,
        selectors,
        symbiosis,
        triggers,
    )
    return [selectors.vocab, triggers.vocab, activated.vocab, effects.vocab, keyword_effects.vocab,
            conditions.vocab, keywords.vocab, control.vocab, facedown.vocab, continuous.vocab,
            copies.vocab, aiming.vocab, symbiosis.vocab, equipment.vocab]


@hookimpl
def cardscript_text(game: str) -> list[TextVocabulary]:
    if game != "wonders":
        return []
    from . import text
    return [text.text]
