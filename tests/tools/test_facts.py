"""tools/facts.py: the facts every designer tool reads, derived from each game's card model."""
from __future__ import annotations

import re
import typing

import pytest
from cardscript.cardpool import bundled_decks
from cardscript.plugins import games
from cardscript.text import keyword_text
from cardscript.tools.common import UsageError
from cardscript.tools.facts import NOT_FIELDS, card_fields, load_facts

GAMES = sorted(games())


@pytest.mark.parametrize("game", GAMES)
def test_fields_are_the_card_models_printed_fields(game):
    model = games()[game].card_model
    fields = card_fields(model)
    assert [f.name for f in fields] == [n for n in model.model_fields if n not in NOT_FIELDS]
    for f in fields:
        info = model.model_fields[f.name]
        if f.kind == "choice":  # every value a choice may take is one its annotation allows
            allowed = {str(a) for a in typing.get_args(info.annotation)} | {
                str(a) for arg in typing.get_args(info.annotation)
                for a in typing.get_args(arg)}
            assert set(f.choices) <= allowed, f.name
        assert f.editable == (f.kind in ("int", "choice"))


@pytest.mark.parametrize("game", GAMES)
def test_bundled_set_facts(game):
    spec = games()[game]
    facts = load_facts([spec.cards_dir], game)
    assert facts.cards and [c.id for c in facts.cards] == sorted(c.id for c in facts.cards)
    assert set(facts.copies) == {c.id for c in facts.cards}
    for card in facts.cards:
        model = facts.pool.models[card.id]
        assert card.name == model.name and card.type == model.type
        for f in facts.fields:
            raw = getattr(model, f.name)
            expected = tuple(map(str, raw)) if f.kind == "list" and raw is not None else raw
            assert card.fields[f.name] == expected, (card.id, f.name)
        assert card.text_source == "generated" and (card.text or not model.abilities), card.id
        names = [k if isinstance(k, str) else facts.pool.registry.by_model[type(k)].name
                 for k in model.keywords]
        assert [k.name for k in card.keywords] == names


@pytest.mark.parametrize("game", GAMES)
def test_a_deck_brings_its_copies_in_order(game):
    spec = games()[game]
    deck = bundled_decks(spec)[0]
    facts = load_facts([deck], game)
    _, cards = facts.pool.load_deck(deck)
    assert [c.id for c in facts.printed()] == sorted(
        (c.id for c in cards), key=[c.id for c in cards].index)
    assert sum(facts.copies.values()) == len(cards)
    assert facts.deck and facts.deck in facts.title


def test_one_deck_at_a_time():
    decks = bundled_decks(games()["wonders"])[:2]
    with pytest.raises(UsageError, match="one deck file at a time"):
        load_facts(decks, "wonders")


@pytest.mark.parametrize("game", GAMES)
def test_keyword_labels_carry_the_number_the_card_prints(game):
    """"Rally 1", "Shield 2": a keyword's label has the number its printed text has after
    its name, whatever its parameter is called (count, amount)."""
    facts = load_facts([games()[game].cards_dir], game)
    numbered = 0
    for card in facts.cards:
        model = facts.pool.models[card.id]
        for kw, shown in zip(model.keywords, card.keywords, strict=True):
            printed = keyword_text(kw, facts.pool.registry, cards=facts.pool.cards)
            m = re.match(rf"{re.escape(shown.name.replace('_', ' '))} (\d+)\b", printed, re.I)
            if m:
                numbered += 1
                assert shown.label.endswith(f" {m.group(1)}"), (card.id, shown.label, printed)
    if game in ("wonders", "riftbound"):  # their bundled sets have numbered keywords
        assert numbered
