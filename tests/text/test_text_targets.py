"""An ability's ``targets`` (how many targets it chooses) changes its rules text: each form
("two", "up to two", "any number of") reads differently from the others and from one
target, and a later mention of the targets is "them". Derived from the bundled cards: each
game has one that chooses several targets."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.model.nodes import UpTo
from cardscript.plugins import games, load_game
from cardscript.text import ability_text


def several(game: str) -> tuple[object, object]:
    """A bundled card of ``game`` and its first ability that chooses several targets."""
    pool = CardPool.bundled(game, keep_models=True)
    for model in (pool.models or {}).values():
        for ab in getattr(model, "abilities", ()):
            if ab.targets is not None:
                return model, ab
    raise AssertionError(f"no bundled {game} card chooses several targets")


@pytest.mark.parametrize("game", sorted(games()))
def test_each_form_of_targets_reads_differently(game):
    registry = load_game(game).registry
    model, ab = several(game)
    forms = [None, 3, "any_number", UpTo(up_to=3)]
    texts = [ability_text(ab.model_copy(update={"targets": f}), registry,
                          card_type=model.type) for f in forms]
    assert len(set(texts)) == len(texts), texts
    assert " three " in texts[1] and " any number of " in texts[2], texts
    assert " up to three " in texts[3], texts


@pytest.mark.parametrize("game", sorted(games()))
def test_a_later_mention_of_several_targets_is_them(game):
    registry = load_game(game).registry
    model, ab = several(game)
    twice = ab.model_copy(update={"effect": [ab.effect, ab.effect]})
    assert " them" in ability_text(twice, registry, card_type=model.type)
