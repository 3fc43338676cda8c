"""Unseen cards (core/zones.py, docs/architecture.md "Copying and saving a game"): a set-up
deck holds its cards unseen; the object a rule looks at is the one that would have been there
all along; copies share unseen cards and stay independent; saves keep them unseen."""
from __future__ import annotations

import copy

import pytest
import savecraft
from cardscript.cardpool import CardPool, bundled_decks
from cardscript.limits import LimitExceeded
from cardscript.save import SaveError, dumps, loads
from cardscript.zones import Unseen


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("wonders", cache=False)


@pytest.fixture
def game(pool):
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    return pool.spec.game_class(decks, 5, tokens=pool.tokens)


def test_a_set_up_deck_holds_its_cards_unseen_in_order(pool, game):
    a, b = game.players
    assert all(type(c) is Unseen for c in a.deck.cards + b.deck.cards)
    assert [c.oid for c in a.deck.cards] == list(range(1, len(a.deck.cards) + 1))
    assert [c.proto for c in a.deck.cards] == list(game.decks[0])  # the last one on top
    assert game.objects_created == len(a.deck.cards) + len(b.deck.cards)


def test_top_makes_the_objects_that_would_have_been_there(game):
    deck = game.players[0].deck
    entries = deck.cards[-3:][::-1]
    top = game.top(deck, 3)
    assert [c.oid for c in top] == [e.oid for e in entries]
    assert [c.proto for c in top] == [e.proto for e in entries]
    for c in top:
        assert c.zone is deck and c.owner is deck.player and c.controller is deck.player
        assert c.last_zone is deck and c.moved_to is None and not c.blank
    assert deck.cards[-3:] == top[::-1], "the objects take the entries' places"
    assert game.top(deck, 3) == top, "looking again gives the same objects"
    assert type(deck.cards[-4]) is Unseen, "a card below the ones looked at stays unseen"
    assert game.top(deck, 0) == [] and len(game.top(deck, 999)) == len(deck.cards)


def test_look_makes_every_card_an_object_bottom_first(game):
    deck = game.players[1].deck
    oids = [c.oid for c in deck.cards]
    cards = game.look(deck)
    assert [c.oid for c in cards] == oids
    assert not any(type(c) is Unseen for c in deck.cards)


def test_a_copy_shares_unseen_cards_and_seeing_one_leaves_the_original_unseen(game):
    game.advance()  # the starting hands are drawn: those cards were seen
    deck = game.players[0].deck
    before = list(deck.cards)
    clone = game.clone()
    copy_deck = clone.players[0].deck
    assert [c for c in copy_deck.cards if type(c) is Unseen] == \
        [c for c in before if type(c) is Unseen]
    assert all(a is b for a, b in zip(before, copy_deck.cards, strict=True)
               if type(a) is Unseen), "an unseen card is shared, not copied"
    top = clone.top(copy_deck, 2)
    assert all(c.zone is copy_deck for c in top)
    assert all(a is b for a, b in zip(deck.cards, before, strict=True)), \
        "seeing cards in the copy changes nothing in the original"
    assert [type(c) for c in deck.cards[-2:]] == [Unseen, Unseen]


def test_a_card_whose_abilities_work_in_the_deck_is_an_object_at_once(pool, game):
    watcher = next(c for c in pool.cards.values() if "world" in c.program.zone_handlers)
    odd = copy.copy(watcher)
    odd.program = copy.copy(watcher.program)
    odd.program.zone_handlers = {"deck": watcher.program.zone_handlers["world"]}
    deck = game.players[0].deck
    game.fill(deck, [odd])
    card = deck.cards[-1]
    assert type(card) is not Unseen and card.proto is odd and card.handlers


def test_filling_counts_against_the_object_limit(game):
    deck = game.players[0].deck
    proto = deck.cards[0].proto
    room = game.limits.objects - game.objects_created
    with pytest.raises(LimitExceeded, match="objects"):
        game.fill(deck, [proto] * (room + 1))


def test_a_zone_in_play_is_never_filled_unseen(game):
    side = game.realms[0].sides[0]
    with pytest.raises(ValueError, match="in play"):
        game.fill(side, [game.decks[0][0]])


def test_a_save_keeps_unseen_cards_unseen(pool, game):
    game.advance()
    again = loads(dumps(game), pool.cards, "wonders")
    for p, q in zip(game.players, again.players, strict=True):
        assert [type(c) for c in p.deck.cards] == [type(c) for c in q.deck.cards]
        assert [c.oid for c in p.deck.cards] == [c.oid for c in q.deck.cards]
        assert [c.proto.id for c in p.deck.cards] == [c.proto.id for c in q.deck.cards]


def test_a_save_with_a_bad_unseen_card_is_refused(pool, game):
    body_text = savecraft.body_text(dumps(game))
    i = body_text.index('{"unseen":[') + len('{"unseen":[')
    doc = savecraft.document(body_text[:i] + '"7"' + body_text[body_text.index(",", i):])
    with pytest.raises(SaveError, match="unseen card that is not"):
        loads(doc, pool.cards, "wonders")
