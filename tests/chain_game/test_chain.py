"""The chain resolver (core/chain.py) through the Duel test game (duel.py beside this file):
last in, first out; priority in turn order and back to a responder; all passes resolve the
top item only; triggers go on top; a counter takes an item off; a played card settles only
its triggers inside a resolution; the game ends.

Decks are not shuffled here: the first card of a list is on top, each player draws 3, and
the player whose turn it is draws one more."""
from __future__ import annotations

from .duel import DEFS, GOAL, TURN_LIMIT, new_game


def pick(g, name: str):
    """Answer the pending decision with its first option labelled ``name`` (a card in hand
    is labelled "spark @hand/A"); return the next decision."""
    d = g.decision
    labels = d.labels
    i = next(i for i, lab in enumerate(labels) if lab == name or lab.startswith(name + " @"))
    return g.choose_index(i)


def labels(g) -> list[str]:
    """The chain, bottom first."""
    return [t.label() for t in g.resolver.items]


def events(g, kind: str) -> list[tuple]:
    return [e[1:] for e in g.log if e[0] == kind]


def since(g, n: int, *kinds: str) -> list[tuple]:
    """Log entries of these kinds after the first ``n``."""
    return [e for e in g.log[n:] if e[0] in kinds]


def test_a_response_resolves_before_what_it_responds_to():
    g = new_game(["blaze", "spark", "spark", "spark"], ["zap", "spark", "spark"], shuffle=False)
    g.advance()
    d = pick(g, "blaze")
    assert (d.player.name, d.kind) == ("B", "priority")
    assert labels(g) == ["blaze: on_play"]
    pick(g, "zap")
    assert events(g, "resolve") == [("zap", "on_play"), ("blaze", "on_play")]
    assert events(g, "score") == [("B", 1), ("A", 3)]
    assert labels(g) == []


def test_priority_goes_round_in_turn_order_and_back_to_the_responder():
    g = new_game(["spark", "zap", "zap", "spark"], ["zap", "zap", "spark"], shuffle=False)
    g.advance()
    d = pick(g, "spark")
    assert (d.player.name, d.kind) == ("A", "priority")  # the active player first
    assert g.resolver.holder is d.player
    d = pick(g, "pass")
    assert d.player.name == "B"  # the next player in turn order
    d = pick(g, "zap")
    assert (d.player.name, d.kind) == ("B", "priority")  # the responder holds it again
    d = pick(g, "pass")
    assert d.player.name == "A"
    assert events(g, "resolve") == []  # B's pass alone resolves nothing
    pick(g, "pass")
    assert since(g, 0, "priority", "resolve")[:5] == [
        ("priority", "A", "pass"), ("priority", "B", "zap @hand/B"),
        ("priority", "B", "pass"), ("priority", "A", "pass"), ("resolve", "zap", "on_play")]


def test_when_all_pass_only_the_top_item_resolves_then_the_active_player_has_priority():
    g = new_game(["spark", "zap", "spark", "spark"], ["zap", "spark", "spark"], shuffle=False)
    g.advance()
    pick(g, "spark")
    pick(g, "pass")
    d = pick(g, "zap")  # B responds, then has nothing left: B passes
    assert (d.player.name, d.kind) == ("A", "priority")
    assert labels(g) == ["spark: on_play", "zap: on_play"]
    d = pick(g, "pass")  # A passes too: two passes in succession
    assert events(g, "resolve") == [("zap", "on_play")]
    assert labels(g) == ["spark: on_play"]  # what was below is still waiting
    # the active player has priority first, though B controlled what resolved
    assert (d.player.name, d.kind) == ("A", "priority")
    assert since(g, g.log.index(("resolve", "zap", "on_play")), "priority") == []
    pick(g, "pass")
    assert events(g, "resolve") == [("zap", "on_play"), ("spark", "on_play")]


def test_triggers_of_a_resolution_go_on_top_of_what_waits():
    g = new_game(["blaze", "zap", "spark", "spark"], ["sprite", "spark", "spark"],
                 shuffle=False)
    g.advance()
    pick(g, "blaze")
    pick(g, "pass")
    pick(g, "sprite")  # B's quick ally
    d = pick(g, "pass")  # it resolves first and enters B's board: its on_enter triggers
    assert (d.player.name, d.kind) == ("A", "priority")
    assert labels(g) == ["blaze: on_play", "sprite: on_enter"]
    pick(g, "pass")  # on_enter resolves
    pick(g, "pass")  # then blaze
    assert events(g, "resolve") == [("sprite", "on_play"), ("sprite", "on_enter"),
                                    ("blaze", "on_play")]
    assert [c.proto.id for c in g.boards[1].cards] == ["sprite"]
    assert g.points == [3, 2]


def test_the_active_players_triggers_go_on_first_and_each_player_orders_their_own():
    g = new_game(["spark", "spark", "spark", "spark"], ["spark", "spark", "spark"],
                 shuffle=False)
    a, b = g.players
    g.new_card(DEFS["herald"], a, g.boards[0])
    g.new_card(DEFS["herald"], b, g.boards[1])
    g.new_card(DEFS["sentinel"], b, g.boards[1])
    g.advance()
    d = pick(g, "spark")  # A's herald, B's herald and B's sentinel trigger at once
    assert (d.player.name, d.kind) == ("B", "order")  # A's single trigger is already on
    assert labels(g) == ["spark: on_play", "herald: whenever_played"]
    pick(g, "sentinel: whenever_played")  # B puts the sentinel's on first
    assert [e for e in events(g, "chain")][1:] == [
        ("A", "herald: whenever_played"), ("B", "sentinel: whenever_played"),
        ("B", "herald: whenever_played")]
    assert events(g, "resolve") == [("herald", "whenever_played"),  # B's, put on last
                                    ("sentinel", "whenever_played"),
                                    ("herald", "whenever_played"),  # A's
                                    ("spark", "on_play")]
    assert events(g, "score") == [("B", 1), ("B", 2), ("A", 1), ("A", 2)]


def test_a_counter_takes_the_item_off_the_chain_and_its_card_to_the_discard():
    g = new_game(["blaze", "spark", "spark", "spark"], ["negate", "spark", "spark"],
                 shuffle=False)
    g.advance()
    pick(g, "blaze")
    pick(g, "negate")  # its only target, blaze, is chosen without asking
    assert events(g, "target") == [("negate", "blaze: on_play")]
    assert events(g, "removed") == [("A", "blaze: on_play")]
    assert events(g, "resolve") == [("negate", "on_play")]  # blaze never resolves
    assert g.points == [0, 0]
    assert [c.proto.id for c in g.players[0].discard.cards] == ["blaze"]
    assert [c.proto.id for c in g.players[1].discard.cards] == ["negate"]
    assert g.chain_zone.cards == []


def test_a_triggers_target_is_chosen_as_it_goes_on_and_without_one_it_stays_off():
    g = new_game(["warden", "warden", "spark", "spark"], ["blaze", "spark", "spark", "spark"],
                 shuffle=False)
    g.advance()
    pick(g, "warden")
    d = pick(g, "pass")  # warden resolves and enters: nothing of B's on the chain to target
    assert events(g, "no_target") == [("warden", "on_enter")]
    assert (d.player.name, d.kind, labels(g)) == ("A", "priority", [])
    pick(g, "pass")  # the chain is empty and everyone passed: B's turn
    pick(g, "blaze")
    pick(g, "warden")  # A's second warden answers blaze; it enters and targets blaze
    assert events(g, "target") == [("warden", "blaze: on_play")]
    assert events(g, "resolve")[1:] == [("warden", "on_play"), ("warden", "on_enter")]
    assert events(g, "removed") == [("B", "blaze: on_play")]
    assert g.points == [2, 0]


def test_a_card_played_while_an_item_resolves_waits_for_it_then_resolves_first():
    """Cascade plays the top card of the deck: that settle only puts the card and its
    triggers on the chain; the round of priority goes on once cascade is done."""
    g = new_game(["cascade", "zap", "spark", "spark", "blaze"], ["spark", "spark", "spark"],
                 shuffle=False)
    g.new_card(DEFS["sentinel"], g.players[1], g.boards[1])
    g.advance()
    pick(g, "cascade")
    pick(g, "pass")  # B's sentinel saw A play cascade: its trigger resolves first
    assert events(g, "resolve") == [("sentinel", "whenever_played")]
    d = pick(g, "pass")  # cascade resolves and plays blaze, the top card of A's deck
    assert (d.player.name, d.kind) == ("A", "priority")
    assert g.resolver.resolving == 0
    assert labels(g) == ["blaze: on_play", "sentinel: whenever_played"]
    n = g.log.index(("resolve", "cascade", "on_play"))
    assert since(g, n, "priority", "play", "chain", "resolve") == [
        ("resolve", "cascade", "on_play"), ("play", "A", "blaze"),
        ("chain", "A", "blaze: on_play"), ("chain", "B", "sentinel: whenever_played")]
    pick(g, "pass")  # the sentinel's trigger resolves
    pick(g, "pass")  # then blaze
    assert events(g, "resolve")[2:] == [("sentinel", "whenever_played"),
                                        ("blaze", "on_play")]
    assert g.points == [4, 2]


def test_the_first_to_the_goal_wins():
    g = new_game(["blaze"] * 8, ["blaze"] * 8, shuffle=False)
    d = g.advance()
    while d is not None:
        d = pick(g, "blaze")
    assert g.winner is g.players[0] and g.over
    assert g.log[-1] == ("game_over", "A", "goal")
    assert g.points == [GOAL + 2, GOAL - 1]  # A's fourth blaze; B had played three


def test_after_the_turn_limit_equal_points_draw():
    g = new_game(["spark"] * 20, ["spark"] * 20, shuffle=False)
    d = g.advance()
    while d is not None:
        d = pick(g, "pass")
    assert g.winner is None and g.over
    assert g.log[-1] == ("game_over", "draw", "turn limit")
    assert events(g, "turn")[-1] == (TURN_LIMIT, "B")
