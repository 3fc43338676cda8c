"""Registers Riftbound through the ``cardscript`` entry-point group, exactly as a third-party
game would."""
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
    from .card import RiftboundCard, RiftboundDeck
    from .deck import deck_cards, validate_deck
    from .rules import RiftboundGame
    return [GameSpec(name="riftbound", title="Riftbound (unofficial rules model)",
                     game_class=RiftboundGame, card_model=RiftboundCard,
                     cards_dir=data_dir("cardscripts") / "riftbound", deck_model=RiftboundDeck,
                     validate_deck=validate_deck, deck_cards=deck_cards, scenario=scenario,
                     reference_decks=("ember-vanguard", "tidewatch-circle"),
                     # reports say the bundled cards are our own designs (not metagame)
                     extra={"sample_cards": True})]


@hookimpl
def cardscript_vocabulary(game: str) -> list[Vocabulary]:
    if game != "riftbound":
        return []
    from . import effects, keywords, selectors, traits, triggers  # noqa: F401 (traits: its effect)
    return [triggers.vocab, selectors.vocab, effects.vocab, keywords.vocab]


@hookimpl
def cardscript_text(game: str) -> list[TextVocabulary]:
    if game != "riftbound":
        return []
    from . import text
    return [text.text]
