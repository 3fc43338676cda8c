"""Agents as plugins (core/agents/, docs/agents.md): the protocol and the registry, greedy's
and mcts's choices in a position where one option wins at once, mcts's determinism for a
seed, and ``Game.determinize``: what it deals again and what it never changes."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from cardscript.agents import AgentError, make_agent, parse_options
from cardscript.decisions import Agent, RandomAgent
from cardscript.game import Game
from cardscript.games.wonders.scenario import Setup, build
from cardscript.plugins import agents, games
from cardscript.tools.common import load_decks, pool_with
from cardscript.tools.strength import mid_game
from cardscript.zones import Zone


@pytest.fixture(scope="module")
def wonders():
    pool = pool_with("wonders")
    return pool, load_decks(pool, None)


def small(cls: type) -> dict:
    """A small budget for a search agent (one that takes ``iterations``), none otherwise."""
    return {"iterations": 12} if "iterations" in getattr(cls, "OPTIONS", {}) else {}


def test_the_built_in_agents_are_registered_through_the_entry_points():
    assert {"random", "greedy", "mcts"} <= set(agents())
    assert agents()["random"] is RandomAgent


@pytest.mark.parametrize("name", sorted(agents()))
def test_each_agent_follows_the_protocol(wonders, name):
    """Made by name with a seed, it answers a legal option, the same for the same seed,
    and leaves the game as it was."""
    pool, decks = wonders
    g, d = mid_game(pool, decks, 3)
    assert d.labels  # made once, kept with the decision (and saved with it)
    before = g.save()
    cls = agents()[name]
    a, b = make_agent(name, 7, small(cls)), make_agent(name, 7, small(cls))
    assert isinstance(a, Agent)
    picks = [a.choose(g, d) for _ in range(3)]
    assert all(isinstance(i, int) and 0 <= i < len(d.options) for i in picks)
    assert picks == [b.choose(g, d) for _ in range(3)]
    assert g.save() == before and g.decision is d


def test_unknown_agents_and_options_are_clear_errors():
    with pytest.raises(AgentError, match="unknown agent 'mcst' .did you mean 'mcts'"):
        make_agent("mcst", 0)
    with pytest.raises(AgentError, match="agent 'greedy' has no option 'widht'"):
        make_agent("greedy", 0, {"widht": 3})
    with pytest.raises(AgentError, match="must be at least 1"):
        make_agent("greedy", 0, {"width": 0})
    with pytest.raises(AgentError, match="expected AGENT.KEY=VALUE"):
        parse_options(["mcts=50"])
    assert parse_options(["mcts.ms=50", "mcts.c=0.5", "greedy.width=8"]) == {
        "mcts": {"ms": 50, "c": 0.5}, "greedy": {"width": 8}}


#: Round 2, A to act: Riftmaw Devourer's On Attack denies 2 from B's 2-card deck, which
#: leaves it empty, and B loses at once (rule 405); A's other options only build a board.
WINNING = {"round": 2, "players": {
    "A": {"energy": 6, "actions": 2,
          "hand": ["stormwing-drake", "wavecrest-corsair", "tidecaller-adept"]},
    "B": {"actions": 2, "deck": ["filler", "filler"]}},
    "realms": {1: {"A": ["riftmaw-devourer"]}, 2: {"B": ["wavecrest-corsair"]}}}


def winning_position(pool):
    g = build(Setup.model_validate(WINNING), pool)
    d = g.advance()
    assert d.player.name == "A" and "attack realm 1" in d.labels and len(d.labels) > 3
    return g, d


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_takes_the_move_that_wins_at_once(wonders, seed):
    g, d = winning_position(wonders[0])
    assert d.labels[make_agent("greedy", seed).choose(g, d)] == "attack realm 1"


def test_mcts_with_iterations_is_deterministic_and_finds_the_win(wonders):
    g, d = winning_position(wonders[0])
    opts = {"iterations": 40, "depth": 0}
    picks = {d.labels[make_agent("mcts", 5, opts).choose(g, d)] for _ in range(2)}
    assert picks == {"attack realm 1"}
    # and a whole decision sequence is the same for the same seed
    pool, decks = wonders
    g2, d2 = mid_game(pool, decks, 11)
    runs = []
    for _ in range(2):
        c, agent, seq = g2.clone(), make_agent("mcts", 9, {"iterations": 15}), []
        dd = c.decision
        for _ in range(4):
            if dd is None:
                break
            i = agent.choose(c, dd)
            seq.append(dd.labels[i])
            dd = c.choose_index(i)
        runs.append(seq)
    assert runs[0] == runs[1] and runs[0]


def test_mcts_prior_finds_the_win_with_one_iteration(wonders):
    """The root prior (each option's one-ply value as virtual visits) points a search of
    one iteration at the winning move; without it one iteration tries one option at random."""
    g, d = winning_position(wonders[0])
    with_prior = [d.labels[make_agent("mcts", s, {"iterations": 1}).choose(g, d)]
                  for s in range(6)]
    assert with_prior == ["attack realm 1"] * 6
    without = [d.labels[make_agent("mcts", s, {"iterations": 1, "prior": 0}).choose(g, d)]
               for s in range(6)]
    assert without != ["attack realm 1"] * 6
    with pytest.raises(ValueError):
        make_agent("mcts", 0, {"prior": -1})


@pytest.mark.parametrize("finish", ["greedy", "random"])
def test_mcts_finish_modes_find_the_win_deterministically(wonders, finish):
    """Either way of ending a playout's move (greedy by default, random) finds the win
    without a prior and picks the same for the same seed; another word is an error."""
    g, d = winning_position(wonders[0])
    opts = {"iterations": 40, "prior": 0, "finish": finish}
    picks = {d.labels[make_agent("mcts", 3, opts).choose(g, d)] for _ in range(2)}
    assert picks == {"attack realm 1"}
    with pytest.raises(ValueError, match="finish must be"):
        make_agent("mcts", 0, {"finish": "best"})


def test_evaluate_scores_the_end_for_any_game(wonders):
    """The core's evaluation (every game's at the end): a win, a loss."""
    g, d = winning_position(wonders[0])
    g.choose(d.labels.index("attack realm 1"))
    assert g.over and g.winner is g.players[0]
    assert g.evaluate(g.players[0]) == Game.WIN and g.evaluate(g.players[1]) == -Game.WIN


def _hidden(g, owner, viewer):
    """The kinds of ``owner``'s zones ``viewer`` can't see."""
    return [k for group in g.HIDDEN_ZONES for k in group
            if owner is not viewer or k not in g.PRIVATE_ZONES]


def _seen(g, viewer):
    """What ``viewer`` sees: their own hand (the objects, in order) and every other zone
    that is not hidden from them, by card id."""
    out = []
    for p in g.players:
        for kind in p.ZONES:
            if kind in _hidden(g, p, viewer):
                continue
            value = getattr(p, kind)  # a zone, or places that each have one (a formation)
            zones = [value] if isinstance(value, Zone) else [x.zone for x in value]
            out.append((p.index, kind, [[(c.proto.id, c.oid) for c in z.cards]
                                        for z in zones]))
    return out


@pytest.mark.parametrize("game", [n for n, s in sorted(games().items())
                                  if s.game_class.HIDDEN_ZONES])
def test_determinize_keeps_counts_and_what_the_player_sees(game):
    pool = pool_with(game)
    decks = load_decks(pool, None)
    changed = 0
    for seed in range(4):
        g, d = mid_game(pool, decks, seed)
        viewer = d.player
        copy = g.clone()
        copy.determinize(copy.players[viewer.index], random.Random(seed))
        me = copy.players[viewer.index]
        assert _seen(copy, me) == _seen(g, viewer)
        assert copy.decision.labels == d.labels  # the pending decision reads the same
        for p, q in zip(g.players, copy.players, strict=True):
            kinds = _hidden(g, p, viewer)
            for k in kinds:  # as many cards in each hidden zone
                assert len(q.zone(k).cards) == len(p.zone(k).cards)
            for group in g.HIDDEN_ZONES:  # the same cards, dealt again within each group
                assert Counter(c.proto.id for k in group for c in q.zone(k).cards) == \
                    Counter(c.proto.id for k in group for c in p.zone(k).cards)
            changed += [c.proto.id for k in kinds for c in q.zone(k).cards] != \
                [c.proto.id for k in kinds for c in p.zone(k).cards]
        # the guess is a game that plays on to its end
        copy.play([RandomAgent(1), RandomAgent(2)])
        assert copy.over and copy.error is None
    assert changed  # it did deal something again
