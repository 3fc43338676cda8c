"""Save documents (core/save.py): what a save refuses, and that loading never runs code."""
from __future__ import annotations

import re

import pytest
import savecraft
from cardscript import save as saves
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.decisions import RandomAgent
from cardscript.save import SaveError, dumps, loads


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("wonders", cache=False)


@pytest.fixture
def game(pool):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class(decks, 11, tokens=pool.tokens)
    agents = [RandomAgent(1), RandomAgent(2)]
    d = g.advance()
    for _ in range(40):
        d = g.choose_index(agents[d.player.index].choose(g, d))
    return g


def test_a_save_round_trips(pool, game):
    again = loads(dumps(game), pool.cards, "wonders")
    assert again.log == game.log and again.decision.labels == game.decision.labels


def test_another_format_version_is_refused(pool, game):
    text = dumps(game).replace(f'"version":{saves.VERSION}', '"version":99', 1)
    with pytest.raises(SaveError, match="format version 99"):
        loads(text, pool.cards)


def test_a_changed_byte_is_refused_as_corrupt(pool, game):
    text = dumps(game)
    i = text.index('"log"')
    with pytest.raises(SaveError, match="corrupt"):
        loads(text[:i] + text[i:].replace("round", "rounD", 1), pool.cards)


def test_another_engine_version_is_refused(pool, game, monkeypatch):
    text = dumps(game)
    monkeypatch.setattr(saves, "_ENGINE", "0" * 24)
    with pytest.raises(SaveError, match="another version of the cardscript engine"):
        loads(text, pool.cards)


def test_a_changed_or_missing_card_is_refused(pool, game):
    text = dumps(game)
    cid = next(iter(savecraft.body(text)["cards"]))
    changed = dict(pool.cards)
    changed[cid] = pool.cards["filler"] if "filler" in pool.cards else next(
        c for k, c in pool.cards.items() if k != cid)
    with pytest.raises(SaveError, match=f"card '{cid}' has changed"):
        loads(text, changed)
    missing = {k: v for k, v in pool.cards.items() if k != cid}
    with pytest.raises(SaveError, match=f"uses card '{cid}'"):
        loads(text, missing)


def test_a_save_of_another_game_is_refused(pool, game):
    with pytest.raises(SaveError, match="not 'riftbound'"):
        loads(dumps(game), pool.cards, "riftbound")


@pytest.mark.parametrize("name", ["os:system", "builtins:eval", "subprocess:Popen",
                                  "cardscript.save:__builtins__", "cardscript.game:Game.__init__"])
def test_classes_from_outside_the_engine_are_refused(pool, game, name):
    def plant(body):
        body["state"]["classes"][0][0] = name
    with pytest.raises(SaveError, match="not part of the engine|not a class"):
        loads(savecraft.rewrite(dumps(game), plant), pool.cards)


def test_a_step_that_is_not_a_method_of_the_engine_is_refused(pool, game, tmp_path):
    marker = tmp_path / "ran"
    text = dumps(game)
    # point a step still to do at a private method, and at a function outside the engine
    for fake in ('{"method":[{"@":0},"__class__"]}', '{"method":[{"@":0},"_clone"]}',
                 f'{{"function":"os:system","args":"touch {marker}"}}'):
        crafted = re.sub(r'\{"method":\[\{"@":0\},"[a-z_]+"\]\}', fake, text, count=1)
        with pytest.raises(SaveError):
            loads(savecraft.reseal(crafted), pool.cards)
    assert not marker.exists()


def test_wrong_field_names_are_refused(pool, game):
    def plant(body):
        for _, fields in body["state"]["classes"]:
            if "oid" in fields:  # the card objects
                fields[0] = "not_a_field"
    with pytest.raises(SaveError, match="fields it doesn't have"):
        loads(savecraft.rewrite(dumps(game), plant), pool.cards)
