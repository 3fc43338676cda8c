"""Per-game limits (core/limits.py): whatever the cards say, a game can't run out of memory or
hang. One that reaches a limit ends in an error — not a win, not a draw — whose message names
the card and the limit; simulate, test and play report it."""
from __future__ import annotations

import json
import resource
import time
from types import SimpleNamespace

import pytest
from cardscript import replay
from cardscript.cardpool import CardPool
from cardscript.decisions import RandomAgent
from cardscript.games.wonders.effects import CreateToken
from cardscript.games.wonders.scenario import Setup, build
from cardscript.limits import Limits
from cardscript.loader import load_text
from cardscript.tools.cli import main
from cardscript.vocabulary import Constant, Repeat

CARDS = {
    "skeleton": "{id: skeleton, name: Skeleton, type: wonder, orbital: umbrathene,"
                " tier: secondary, cost: 0, power: 1, token: true}",
    "flood": "{id: flood, name: Flood, type: spell, orbital: umbrathene, tier: secondary,"
             " cost: 0, abilities: [{trigger: on_play,"
             " effect: {create_token: {token: skeleton, count: 100}}}]}",
    "echo": "{id: echo, name: Echo, type: spell, orbital: umbrathene, tier: secondary,"
            " cost: 0, abilities: [{trigger: on_play,"
            " effect: {repeat: {times: 100, effect: {gain_energy: 1}}}}]}",
    "each": "{id: each, name: Each, type: spell, orbital: umbrathene, tier: secondary,"
            " cost: 0, abilities: [{trigger: on_play, effect: {for_each: {cards: {all:"
            " {wonder: {}}}, effect: {gain_energy: 1}}}}]}",
    "pump": "{id: pump, name: Pump, type: spell, orbital: umbrathene, tier: secondary,"
            " cost: 0, abilities: [{trigger: on_play, effect: {repeat: {times: 2, effect:"
            " {power: {card: {all: {wonder: {}}}, amount: 1}}}}}]}",
    # every Wonder arriving makes another one arrive: a loop of resolutions
    "brood": "{id: brood, name: Brood, type: wonder, orbital: umbrathene, tier: secondary,"
             " cost: 0, power: 1, abilities: [{trigger: {whenever: {arrives: {wonder: {}}}},"
             " effect: {create_token: skeleton}}]}",
    # a Wonder arriving makes it gain energy: a hundred tokens at once, a hundred resolutions
    "tally": "{id: tally, name: Tally, type: wonder, orbital: umbrathene, tier: secondary,"
             " cost: 0, power: 1, abilities: [{trigger: {whenever: {arrives: {wonder: {}}}},"
             " effect: {gain_energy: 1}}]}",
}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    p = CardPool("wonders", cache=False)
    for cid, text in CARDS.items():
        card = p.compile(load_text(text, f"<{cid}>"))
        p.cards[card.id] = card
    return p


def start(pool, limits: Limits | None = None, **setup):
    """A game at its first turn of round 3, A to act with 3 actions and 10 energy."""
    setup.setdefault("round", 3)
    for name in ("A", "B"):
        ps = setup.setdefault("players", {}).setdefault(name, {})
        ps.setdefault("energy", 10)
        ps.setdefault("actions", 3)
    g = build(Setup.model_validate(setup), pool)
    if limits is not None:
        g.limits = limits  # plain data on the game
    g.advance()
    return g


def test_create_token_beyond_the_object_limit_ends_the_game_before_creating_any(pool):
    g = start(pool, players={"A": {"hand": ["flood"]}})
    g.limits = Limits(objects=g.objects_created + 99)  # room for 98 more: flood makes 100
    before = g.objects_created
    g.choose("play flood")
    assert g.over and g.outcome == "error" and g.winner is None and g.decision is None
    assert "flood (on_play): create_token would create 100 skeleton tokens" in g.error
    assert "limit 'objects', --max-objects in simulate and play" in g.error
    assert g.objects_created == before + 1  # the spell, played: not one token
    assert not any(c.proto.id == "skeleton" for c in g.world_cards())
    assert g.log[-1] == ("error", g.error)


def test_within_the_object_limit_the_tokens_are_created(pool):
    g = start(pool, players={"A": {"hand": ["flood"]}})
    g.limits = Limits(objects=g.objects_created + 200)
    g.choose("play flood")
    g.choose("realm 1")
    assert g.error is None and not g.over
    assert sum(c.proto.id == "skeleton" for c in g.world_cards()) == 100


def test_repeat_beyond_the_effect_step_limit_fails_before_its_first_time(pool):
    g = start(pool, Limits(effect_steps=99), players={"A": {"hand": ["echo"]}})
    g.choose("play echo")
    assert g.outcome == "error"
    assert "echo (on_play): repeat 100 times" in g.error and "'effect_steps'" in g.error
    assert g.players[0].energy == 10  # not one of the 100 energy was gained


def test_effect_steps_add_up_over_the_game(pool):
    g = start(pool, Limits(effect_steps=150), players={"A": {"hand": ["echo", "echo"]}})
    g.choose("play echo")
    assert g.error is None and g.players[0].energy == 110 and g.effect_steps == 100
    d = g.decision
    while d is not None and d.player is not g.players[0]:
        d = g.choose(0)
    g.choose("play echo")
    assert g.outcome == "error" and "repeat 100 times" in g.error


def test_for_each_counts_against_the_effect_step_limit(pool):
    g = start(pool, Limits(effect_steps=2), players={"A": {"hand": ["each"]}},
              realms={1: {"A": ["brood", "brood"], "B": ["skeleton"]}})
    g.choose("play each")
    assert g.outcome == "error" and "each (on_play): an effect on all 3 selected cards" in g.error


def test_each_card_an_all_selection_affects_is_an_effect_step(pool):
    """An effect on every card of a huge selection, repeated, can't run for ever nor fill
    memory with its "this round" durations."""
    realms = {1: {"A": ["brood", "brood"], "B": ["skeleton"]}}
    g = start(pool, Limits(effect_steps=2 + 3 + 3), players={"A": {"hand": ["pump"]}},
              realms=realms)
    g.choose("play pump")
    assert g.error is None and g.effect_steps == 8
    g = start(pool, Limits(effect_steps=2 + 3 + 2), players={"A": {"hand": ["pump"]}},
              realms=realms)
    g.choose("play pump")
    assert g.outcome == "error" and "pump (on_play): an effect on all 3 selected cards" in \
        g.error


def test_too_many_resolutions_end_in_an_error_naming_the_card(pool):
    """A hundred tokens arrive at once and Tally sees each: a hundred resolutions, beyond a
    limit of 40 (an endless loop is broken by rule 503 before it gets there)."""
    g = start(pool, Limits(resolutions=40), players={"A": {"hand": ["flood"]}},
              realms={3: {"A": ["tally"]}})
    d = g.choose("play flood")
    agent = RandomAgent(1)
    while d is not None:  # answer whatever the batch asks (ordering)
        d = g.choose_index(agent.choose(g, d))
    assert g.outcome == "error"
    assert g.error.startswith("tally (whenever): resolution 41 of the game, beyond the game's "
                              "limit of 40 resolutions")
    assert g.resolutions == 41


def test_an_endless_loop_is_broken_before_the_limit(pool):
    """Rule 503: Brood makes a Skeleton for every Wonder that arrives, Skeletons included;
    the loop is found and one of its effects prevented, so the game does not reach its
    limit of resolutions."""
    g = start(pool, Limits(resolutions=40), players={"A": {"hand": ["brood"]}})
    d = g.choose("play brood")
    kinds = []
    while d is not None and d.kind != "turn":
        kinds.append(d.kind)
        d = g.choose_index(len(d.options) - 1 if d.kind == "loop" else 0)  # most repetitions
    assert g.error is None and kinds == ["realm", "loop"]  # where Brood goes, how many times
    assert ("prevented", "brood", "whenever") in g.log
    assert g.resolutions < 40


def test_an_engine_effect_with_a_huge_count_is_bounded_in_time_and_memory(pool):
    """The run-time guard holds whatever the schema lets through (a plugin's effect, a count
    computed while playing): create_token 10^9 and repeat 10^12 end at once."""
    g = start(pool, players={"A": {"hand": ["flood", "echo"]}})
    flood, echo = pool.cards["flood"].program.abilities[0], pool.cards["echo"].program.abilities[0]
    saved = flood.effect, echo.effect
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start_t = time.perf_counter()
    try:
        flood.effect = CreateToken(SimpleNamespace(token="skeleton", count=10**9, realm="this"),
                                   SimpleNamespace(references=[]))
        g.choose("play flood")
        assert g.outcome == "error" and "1,000,000,000 skeleton tokens" in g.error
        echo.effect = Repeat.__new__(Repeat)
        echo.effect.times, echo.effect.effect = Constant(10**12, None), saved[1].effect
        g2 = start(pool, players={"A": {"hand": ["echo"]}})
        g2.choose("play echo")
        assert g2.outcome == "error" and "repeat 1,000,000,000,000 times" in g2.error
    finally:
        flood.effect, echo.effect = saved
    assert time.perf_counter() - start_t < 5
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss < 50_000  # KB


def test_limits_are_plain_data_checked_when_made():
    # far above the most 10,000 random games of the bundled decks reached
    assert Limits().objects >= 100 * 255 and Limits().resolutions >= 100 * 56
    assert Limits().effect_steps >= 100 * 18
    with pytest.raises(ValueError, match="'resolutions' must be a whole number"):
        Limits(resolutions=0)


def test_limits_below_the_decks_are_refused(pool):
    deck = [pool.cards["brood"]] * 30
    with pytest.raises(ValueError, match="below the 60 cards of the decks"):
        pool.spec.game_class([deck, deck], 1, limits=Limits(objects=59))


def test_a_record_keeps_its_limits_and_replays_to_the_same_error(pool):
    deck = [pool.cards["brood"]] * 30
    g = pool.spec.game_class([list(deck), list(deck)], 3, tokens=pool.tokens,
                             limits=Limits(resolutions=30))
    g.play([RandomAgent(1), RandomAgent(2)])
    assert g.outcome == "error"
    rec = json.loads(json.dumps(g.record()))
    assert rec["limits"]["resolutions"] == 30
    again = replay.replay(rec, pool)
    assert again.error == g.error and again.log == g.log


# -- what the tools report ------------------------------------------------------------------

DECK = """\
name: {name}
game: wonders
cards:
  - {{card: {card}, count: 3}}
  - {{card: galetorn-strand, count: 2}}
  - {{card: coilspire-foundry, count: 3}}
  - {{card: wildmere-crossing, count: 3}}
  - {{card: skyreach-kestrel, count: 3}}
  - {{card: gearwright-tinker, count: 2}}
  - {{card: riftborn-hatchling, count: 3}}
  - {{card: squall-sprite, count: 2}}
  - {{card: tidecaller-adept, count: 2}}
  - {{card: mistveil-courier, count: 3}}
  - {{card: synthwright-savant, count: 2}}
  - {{card: wayfinder-nomad, count: 2}}
  - {{card: exiled-lancer, count: 1}}
  - {{card: wandering-chimera, count: 2}}
  - {{card: ayu-goss, count: 2}}
  - {{card: wavecrest-corsair, count: 2}}
  - {{card: mistwarden, count: 1}}
  - {{card: stormwing-drake, count: 2}}
  - {{card: thornwild-matriarch, count: 1}}
  - {{card: chronoweaver, count: 1}}
  - {{card: zephyra-eye-of-the-squall, count: 1}}
  - {{card: helion-prime, count: 1}}
  - {{card: overclock, count: 2}}
  - {{card: prism-of-many-paths, count: 1}}
  - {{card: windchime-compass, count: 1}}
  - {{card: brasswork-dynamo, count: 1}}
  - {{card: sundial-of-the-last-hour, count: 1}}
"""

SWARM = """\
id: swarm-call
name: Swarm Call
type: spell
orbital: boundless
tier: secondary
cost: 0
abilities:
  - trigger: on_play
    effect: {create_token: {token: verdant-sprout, count: 100}}
"""


@pytest.fixture
def swarm(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "swarm-call.card.yaml").write_text(SWARM)
    deck = tmp_path / "swarm.deck.yaml"
    deck.write_text(DECK.format(name="Swarm", card="swarm-call"))
    return tmp_path, deck


def test_simulate_counts_games_ended_in_an_error_and_shows_why(swarm, capsys):
    folder, deck = swarm
    # every game reaches 150 objects; seed 11's first game reaches it by a Swarm Call (which
    # limit a random game meets first depends on its choices: a new decision moves it)
    rc = main(["simulate", "--cards", str(folder), "--decks", str(deck), "umbral-dawn",
               "--games", "20", "--max-objects", "150", "--json", "--seed", "11"])
    summary = json.loads(capsys.readouterr().out)
    assert rc == 1
    assert summary["errors"] > 0
    assert summary["errors"] + summary["draws"] + sum(summary["wins"].values()) == 20
    assert "swarm-call (on_play): create_token would create 100 verdant-sprout tokens" in \
        summary["first_error"] and "Traceback" not in summary["first_error"]


def test_simulate_refuses_limits_below_the_decks(swarm, capsys):
    folder, deck = swarm
    rc = main(["simulate", "--cards", str(folder), "--decks", str(deck), "umbral-dawn",
               "--max-objects", "10"])
    assert rc == 2
    assert "--max-objects 10 is below the 100 cards of the decks" in capsys.readouterr().err


def test_a_scenario_whose_game_ends_in_an_error_fails_unless_it_expects_it(tmp_path, capsys):
    # a scenario's game has the default limits: 200 Wonders, each repeating 100 times, 100
    # times over, is two million effect steps
    flood = tmp_path / "flood.scenario.yaml"
    flood.write_text("""\
scenario: a token flood
rule: "limits"
cards:
  - id: flood
    name: Flood
    type: wonder
    orbital: umbrathene
    tier: secondary
    cost: 0
    power: 1
    abilities:
      - trigger: on_arrival
        effect:
          - {create_token: {token: skeleton, count: 100}}
          - {create_token: {token: skeleton, count: 100}}
          - repeat:
              times: 100
              effect:
                for_each:
                  cards: {all: {wonder: {}}}
                  effect: {repeat: {times: 100, effect: {gain_energy: 1}}}
setup:
  round: 3
  players: {A: {hand: [flood], energy: 5, actions: 3}}
steps:
  - play flood
  - realm 1
""")
    assert main(["test", str(flood)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "step 2 ('realm 1'): the game ended in an error: flood " \
        f"(on_arrival): repeat 100 times, beyond the game's limit of " \
        f"{Limits().effect_steps:,}" in out
    expected = tmp_path / "expected.scenario.yaml"
    expected.write_text(flood.read_text() + "expect: {error: \"limit 'effect_steps'\"}\n")
    assert main(["test", str(expected)]) == 0


def test_play_reports_a_game_ended_in_an_error(monkeypatch, capsys):
    """With room for no object beyond the decks' own, the first card drawn reaches the limit:
    play says so and exits 1 (not a win, not a draw, not a traceback)."""
    answers = iter(["1"] * 2000)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--seed", "1", "--max-objects", "100"]) == 1
    cap = capsys.readouterr()
    assert "the game ended in an error: " in cap.err and "creating an object of" in cap.err
    assert "beyond the game's limit of 100 card objects (limit 'objects', --max-objects in " \
           "simulate and play)" in cap.err
    assert "game over" not in cap.out and "Traceback" not in cap.err  # no win or draw line


def test_a_scenario_setup_beyond_the_object_limit_fails_without_a_traceback(tmp_path, capsys):
    f = tmp_path / "crowd.scenario.yaml"
    hand = ", ".join(["filler"] * (Limits().objects + 1))
    f.write_text(f"scenario: a crowd\nrule: limits\nsetup:\n  players: {{A: {{hand: [{hand}]}}}}\n")
    assert main(["test", str(f)]) == 1
    out = capsys.readouterr().out
    assert f"crowd.scenario.yaml:4:3: filler: creating an object of filler, beyond the " \
           f"game's limit of {Limits().objects:,} card objects" in out
