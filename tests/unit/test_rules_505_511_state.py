"""The state rules 505, 506, 510 and 511 add (controls waiting to end, a controlled turn,
counts of events, a distribution half done, face-down cards) is copyable and savable: at every
decision of the scenarios that use it, a clone and a save loaded again continue exactly as
the original."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardscript.cardset import card_set
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from cardscript.tools.scenarios import load_scenario, prepare

RULINGS = Path(__file__).parents[1] / "rulings" / "wonders"
SCENARIOS = ["505-1-cant-be-controlled-return-waits", "505-1-gain-control-this-round",
             "506-distribute-as-evenly-as-possible", "510-turned-face-up-enters-from-the-abyss",
             "511-first-time-this-round", "511-third-time-counts-the-game",
             "505-4-control-an-opponents-next-turn"]


def _game(name: str):
    path = RULINGS / f"{name}.scenario.yaml"
    doc, model = load_scenario(path)
    pool = prepare(doc, model, card_set(model.game, [path]))
    sc = load_game(model.game).scenario
    game = sc.build(model.setup, pool)
    # a save names compiled objects by their place in the cards of the game's decks and
    # tokens; a scenario places cards that are in no deck, so they are given as its tokens
    game.tokens = {**game.tokens, **{c.proto.id: c.proto for c in _placed(game)}}
    game.advance()
    answers = [s for s in model.steps if isinstance(s, str)]
    # the cards a save may name: the scenario's, and the filler its decks are made of
    cards = {**pool.cards, "filler": game.players[0].deck.cards[0].proto}
    return game, answers, cards


def _placed(g):
    yield from g.world_cards(every=True)
    for p in g.players:
        yield from (c for c in [*p.hand.cards, *p.abyss.cards] if hasattr(c, "proto"))


def _finish(g, answers: list[str]) -> list:
    for a in answers:
        g.choose(g.decision.find(a))
    while g.decision is not None and len(g.log) < 400:  # then always the first option
        g.choose_index(0)
    return g.log


@pytest.mark.parametrize("name", SCENARIOS)
def test_clone_and_save_continue_as_the_original(name):
    _, answers, cards = _game(name)
    for stop in range(len(answers) + 1):
        g, _, _ = _game(name)
        for a in answers[:stop]:
            g.choose(g.decision.find(a))
        copy = g.clone()
        loaded = loads(dumps(g), cards, "wonders")
        expected = list(_finish(g, answers[stop:]))
        assert list(_finish(copy, answers[stop:])) == expected
        assert list(_finish(loaded, answers[stop:])) == expected


def test_a_controlled_turn_is_copied_and_saved():
    """505.4: a clone and a save of a game in a controlled turn ask the controller, for the
    controlled player, as the original does."""
    g, answers, cards = _game("505-4-control-an-opponents-next-turn")
    g.choose(g.decision.find(answers[0]))
    for other in (g.clone(), loads(dumps(g), cards, "wonders")):
        d = other.decision
        assert (d.player.name, d.behalf.name, d.kind) == ("A", "B", "turn")
        other.choose(d.find("play hex-imp"))
        assert (other.decision.player.name, other.decision.behalf.name) == ("A", "B")


def test_the_controller_sees_what_the_controlled_player_sees():
    """505.4: "you can see their hand": at the terminal, the controller of B's turn is shown
    the board from B's side with B's hand, and told whose decision it is."""
    from cardscript.tools.play import TerminalAgent
    g, answers, _ = _game("505-4-control-an-opponents-next-turn")
    g.choose(g.decision.find(answers[0]))
    shown: list[str] = []
    agent = TerminalAgent(ask=lambda prompt="": "1", show=shown.append)
    assert agent.choose(g, g.decision) == 0
    out = "\n".join(shown)
    assert "you are B" in out and "you control B's turn" in out
    # B's hand by name, with what each card costs B
    assert "your hand: Hex Imp (cost" in out
    assert "A (for B), your turn:" in [s.strip() for s in shown]
