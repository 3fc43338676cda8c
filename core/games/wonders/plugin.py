"""Registers Wonders of The First through the ``cardscript`` entry-point group, exactly as a
third-party game or vocabulary package would."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import data_dir
from ...plugins import GameSpec, Sensible, hookimpl

#: the order Wonders cards are written in (every bundled card's)
KEY_ORDER = ("id", "name", "type", "orbital", "tier", "cost", "power", "classes", "lineage",
             "faction", "core", "token", "keywords", "text", "abilities")
#: what a Wonders card may print but almost surely should not
SENSIBLE = (
    Sensible("power", low=0, why="power {value} is below 0: the Wonder would die as soon as "
             "it arrives"),
    Sensible("power", high=20, why="power {value} is above 20; a typo?"),
    Sensible("cost", high=15, why="cost {value} is above 15; a typo?"),
    Sensible("cost", low=0, high=0, tokens=True, why="a token costs 0 (rulebook, Tokens); its "
             "printed cost {value} is never used"),
)

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
                     reference_decks=("skyforge-wilds", "umbral-dawn"), reference=True,
                     key_order=KEY_ORDER, sensible=SENSIBLE)]


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
