"""Every vocabulary entry compiles into an object that keeps its kind's protocol
(cardscript.entries): checked on the compiled objects of every bundled card and, for entries
implemented by a class, on the class itself."""
from __future__ import annotations

import pytest
from cardscript.blocks import instances
from cardscript.cardpool import CardPool
from cardscript.entries import PROTOCOLS
from cardscript.plugins import games, load_game


def _members(protocol: type) -> set[str]:
    return {n for n in vars(protocol) if not n.startswith("_")} | set(
        getattr(protocol, "__annotations__", {}))


@pytest.mark.parametrize("game", sorted(games()))
def test_entry_classes_have_their_kinds_methods(game):
    registry = load_game(game).registry
    missing = []
    for kind, protocol in PROTOCOLS.items():
        for name, entry in registry.entries[kind].items():
            if isinstance(entry.impl, type):
                lacks = [m for m in _members(protocol) if not hasattr(entry.impl, m)]
                if lacks:
                    missing.append(f"{kind} '{name}' ({entry.impl.__qualname__}) lacks "
                                   f"{', '.join(sorted(lacks))}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("game", sorted(games()))
def test_compiled_cards_keep_the_protocols(game):
    pool = CardPool.bundled(game)
    assert pool.cards
    for card in pool.cards.values():
        for ab in card.program.abilities:
            assert isinstance(ab.trigger, PROTOCOLS["trigger"]), (card.id, ab.trigger)
            assert isinstance(ab.effect, PROTOCOLS["effect"]), (card.id, ab.effect)
            if ab.target is not None:
                assert isinstance(ab.target, PROTOCOLS["selector"]), (card.id, ab.target)
        for impl in card.keywords.values():
            for kw in instances(impl):  # a repeatable keyword's several
                assert isinstance(kw, PROTOCOLS["keyword"]), (card.id, kw)
