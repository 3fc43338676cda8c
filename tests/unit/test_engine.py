"""Focused engine tests: behaviour a player (or a designer) would notice, each citing the rule
it checks. Cards are written inline in the card language and compiled by the real pipeline;
games start from a described state through the Wonders scenario builder."""
from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import cardscript.cardpool as cardpool_module
import pytest
from cardscript import replay
from cardscript.bus import Event
from cardscript.cardpool import CardPool
from cardscript.decisions import RandomAgent
from cardscript.errors import CardError, RulesError
from cardscript.games.wonders import triggers
from cardscript.games.wonders.rules import WondersGame
from cardscript.games.wonders.scenario import Setup, build
from cardscript.loader import load_text

# -- the card set --------------------------------------------------------------------------

CARDS = {
    "two": "{id: two, name: Two, type: wonder, orbital: solfera, tier: secondary, cost: 2,"
           " power: 2}",
    "one": "{id: one, name: One, type: wonder, orbital: solfera, tier: secondary, cost: 1,"
           " power: 1}",
    "big": "{id: big, name: Big, type: wonder, orbital: petraia, tier: legendary, cost: 5,"
           " power: 5}",
    "skeleton": "{id: skeleton, name: Skeleton, type: wonder, orbital: umbrathene,"
                " tier: secondary, cost: 0, power: 1, token: true}",
    "martyr": """
id: martyr
name: Martyr
type: wonder
orbital: umbrathene
tier: secondary
cost: 1
power: 1
abilities:
  - {trigger: on_death, effect: {create_token: skeleton}}
""",
    "mourner": """
id: mourner
name: Mourner
type: wonder
orbital: umbrathene
tier: secondary
cost: 1
power: 1
abilities:
  - trigger: {whenever: {dies: {wonder: {}}}}
    effect: {gain_energy: 1}
""",
    "herald": """
id: herald
name: Herald
type: item
orbital: solfera
tier: secondary
cost: 1
abilities:
  - {trigger: on_round_start, effect: {gain_energy: 1}}
""",
    "grove": """
id: grove
name: Grove
type: land
orbital: petraia
tier: secondary
cost: 0
abilities:
  - {trigger: harvest, effect: {gain_actions: 1}}
""",
}


def _spell(cid: str, effect: str, target: str | None = "{wonder: {}}") -> str:
    text = textwrap.dedent(f"""\
        id: {cid}
        name: {cid.title()}
        type: spell
        orbital: umbrathene
        tier: secondary
        cost: 0
        abilities:
          - trigger: on_play
        """)
    if target is not None:
        text += f"    target: {target}\n"
    return text + f"    effect: {effect}\n"


CARDS.update({
    "smite": _spell("smite", "{destroy: target}"),
    "ponder": _spell("ponder", "{may: {draw: 2}}", target=None),
    "wither": _spell("wither", "{counters: {amount: -2}}"),
    "sap": _spell("sap", "{counters: {amount: -1}}"),
    "boost": _spell("boost", "{counters: {amount: 2}}"),
    "daze": _spell("daze", "{stun: target}"),
    "recall": _spell("recall", "{put_into_hand: target}"),
    "hush": _spell("hush", "{nullify: {card: target}}"),
})


@pytest.fixture(scope="module")
def pool() -> CardPool:
    p = CardPool("wonders", cache=False)
    for cid, text in CARDS.items():
        card = p.compile(load_text(text, f"<{cid}>"))
        p.cards[card.id] = card
    return p


def start(pool, **setup) -> WondersGame:
    """A game at the first turn of ``round`` (default 3), player A to act, with 3 actions and
    10 energy each unless said otherwise."""
    setup.setdefault("round", 3)
    players = setup.setdefault("players", {})
    for name in ("A", "B"):
        players.setdefault(name, {})
        players[name].setdefault("energy", 10)
        players[name].setdefault("actions", 3)
    g = build(Setup.model_validate(setup), pool)
    g.advance()
    return g


def in_world(g, cid):
    return [c for c in g.world_cards() if c.proto.id == cid]


def one_in_world(g, cid):
    found = in_world(g, cid)
    assert len(found) == 1, f"{cid}: {found}"
    return found[0]


def play(g, spell, target=None):
    """Player to act plays ``spell`` (a card id) and, if asked, targets ``target`` (object)."""
    g.choose(f"play {spell}")
    if target is not None:
        d = g.decision
        if d is not None and d.kind == "target":
            g.choose(target)
        else:  # the only legal target is taken without asking
            assert ("target", spell, f"{target.proto.id}#{target.oid}") in g.log, g.log[-6:]


# -- rulebook, Areas of the Game; Counters ------------------------------------------------

def test_leaving_the_world_makes_a_new_object_that_lost_its_counters(pool):
    """Rulebook, Areas of the Game: "Whenever a card moves from one area to another, it loses
    all effects on it and it's treated as a new instance"; Counters: put into a location other
    than a realm, all counters are removed."""
    g = start(pool, players={"A": {"hand": ["recall", "two"]}},
              realms={1: {"A": [{"card": "two", "counters": 2, "tapped": True}]}})
    old = one_in_world(g, "two")
    assert old.power() == 4 and old.tapped
    play(g, "recall", old)
    assert old.zone is None, "the old object must be gone"
    back = [c for c in g.players[0].hand.cards if c.proto.id == "two"]
    assert len(back) == 2
    assert all(c.oid != old.oid for c in back), "the card in hand must be a new object"
    assert all((c.plus, c.minus, c.tapped) == (0, 0, False) for c in back)
    g.choose("pass")  # B
    g.choose("play two")
    if g.decision.kind == "realm":
        g.choose("realm 1")
    again = one_in_world(g, "two")
    assert again.oid not in (old.oid, *[c.oid for c in back])
    assert again.power() == 2 and not again.tapped


def test_moving_between_realms_keeps_the_object_and_its_counters(pool):
    """Counters are removed only when a card goes somewhere other than a realm (rulebook,
    Counters); a realm-to-realm move is the same card (it does not arrive, rulebook Enter)."""
    g = start(pool, realms={1: {"A": [{"card": "two", "counters": 1}]}})
    card = one_in_world(g, "two")
    assert g.move_to_realm(card, g.realms[1])
    assert card.zone is g.realms[1].sides[0]
    assert card.plus == 1 and card.power() == 3


def test_plus_and_minus_counters_cancel(pool):
    """Rulebook, Counters: "When both + and - counters are on a card, remove an equal number
    of counters." """
    g = start(pool, players={"A": {"hand": ["boost", "sap"]}, "B": {"hand": ["sap"]}},
              realms={1: {"A": ["two"]}})
    two = one_in_world(g, "two")
    play(g, "boost", two)
    assert (two.plus, two.minus) == (2, 0)
    play(g, "sap", two)  # B
    assert (two.plus, two.minus) == (1, 0), "one +1 and one -1 counter must be removed"
    assert two.power() == 3
    play(g, "sap", two)  # A
    assert (two.plus, two.minus) == (0, 0)
    assert two.power() == 2


def test_minus_counters_beyond_plus_counters_leave_only_minus_counters(pool):
    g = start(pool, players={"A": {"hand": ["wither"]}},
              realms={1: {"B": [{"card": "big", "counters": 1}]}})
    big = one_in_world(g, "big")
    play(g, "wither", big)
    assert (big.plus, big.minus) == (0, 1)
    assert big.power() == 4


# -- rulebook, Counters: negative power ----------------------------------------------------

def test_a_wonder_at_zero_power_survives(pool):
    """Rulebook, Counters: "Wonders can survive at 0 power." """
    g = start(pool, players={"A": {"hand": ["wither"]}}, realms={1: {"B": ["two"]}})
    two = one_in_world(g, "two")
    play(g, "wither", two)
    assert two.power() == 0
    assert two.zone is g.realms[0].sides[1], "a Wonder at 0 power must stay in the world"
    assert g.players[1].abyss.cards == []


def test_a_wonder_below_zero_power_dies(pool):
    """Rulebook, Counters: "When a Wonder has negative power, it dies" — a death like any other,
    so its On Death ability triggers (rulebook, Dies)."""
    g = start(pool, players={"A": {"hand": ["wither"]}}, realms={1: {"B": ["martyr"]}})
    martyr = one_in_world(g, "martyr")
    play(g, "wither", martyr)
    assert martyr.zone is None
    assert [c.proto.id for c in g.players[1].abyss.cards] == ["martyr"]
    assert ("dies", "martyr", martyr.oid) in g.log
    assert [c.proto.id for c in g.realms[0].sides[1].cards] == ["skeleton"], \
        "On Death must trigger for a death from negative power"


def test_stun_kills_a_wonder_whose_counters_make_it_negative(pool):
    """Rulebook, Stun: base power becomes 0 this round; "+ and - counters ... are not part of
    the base power"; "Wonders with less than 0 power die"."""
    g = start(pool, players={"A": {"hand": ["daze"]}},
              realms={1: {"B": [{"card": "two", "counters": -1}]}})
    two = one_in_world(g, "two")
    assert two.power() == 1
    play(g, "daze", two)
    assert two.zone is None and [c.proto.id for c in g.players[1].abyss.cards] == ["two"]


def test_stun_alone_leaves_a_wonder_alive_at_zero(pool):
    g = start(pool, players={"A": {"hand": ["daze"]}}, realms={1: {"B": ["two"]}})
    two = one_in_world(g, "two")
    play(g, "daze", two)
    assert two.zone is not None and two.power() == 0 and two.tapped


# -- the event bus -------------------------------------------------------------------------

def test_bus_indexes_handlers_by_event_kind(pool):
    """docs/architecture.md, the bus: handlers are indexed by event type. Only abilities that
    work from the world through the bus are there: not self triggers (on death), not activated ones
    (harvest)."""
    g = start(pool, realms={1: {"A": ["mourner", "herald", "grove", "martyr"]}})
    kinds = {k: len(v) for k, v in g.bus.handlers.items() if v}
    assert kinds == {"died": 1, "round_start": 1}
    assert g.bus.handlers["died"][0].card is one_in_world(g, "mourner")
    assert g.bus.handlers["round_start"][0].card is one_in_world(g, "herald")


def test_publishing_calls_only_handlers_of_that_kind(pool, monkeypatch):
    """Publishing never scans every card: an event reaches only the handlers of its kind."""
    g = start(pool, realms={1: {"A": ["mourner", "herald"], "B": ["two"]}})
    calls: list[str] = []
    orig_whenever = triggers.Whenever.matches

    def whenever_matches(self, ev, card):
        calls.append(f"whenever:{ev.kind}")
        return orig_whenever(self, ev, card)

    def round_start_matches(self, ev, card):
        calls.append(f"round_start:{ev.kind}")
        return True

    monkeypatch.setattr(triggers.Whenever, "matches", whenever_matches)
    monkeypatch.setattr(triggers.OnRoundStart, "matches", round_start_matches)
    two = one_in_world(g, "two")
    g.pending = []
    for kind in ("arrived", "played", "moved", "battle", "nullified"):
        g.publish(Event(kind, two, g.players[1], g.realms[0]))
    assert calls == [] and g.pending == []
    g.publish(Event("died", two, g.players[1], g.realms[0]))
    assert calls == ["whenever:died"]
    assert [(a.name, c.proto.id) for a, c, _ in g.pending] == [("whenever", "mourner")]
    g.pending = []
    g.publish(Event("round_start", data=4))
    assert calls == ["whenever:died", "round_start:round_start"]
    assert [(a.name, c.proto.id) for a, c, _ in g.pending] == [("on_round_start", "herald")]
    g.pending = []


def _died_handlers(g):
    return [h.card for h in g.bus.handlers.get("died", [])]


def test_whenever_handler_is_registered_only_while_in_the_world(pool):
    """A "whenever" ability works while its card is in the world (rulebook, Timing Keywords;
    docs/architecture.md, Bus): not from the hand, and not after the card has left."""
    g = start(pool, players={"A": {"hand": ["mourner", "smite", "recall"], "energy": 1},
                             "B": {"hand": ["smite"]}},
              realms={1: {"B": ["one", "two", "big"]}})
    a = g.players[0]
    assert _died_handlers(g) == [], "a card in hand must have no handler on the bus"
    # A passes; B kills a Wonder while the Mourner is in A's hand: nothing happens
    g.choose("pass")
    play(g, "smite", one_in_world(g, "one"))
    assert a.energy == 1
    # A plays the Mourner: now it is on the bus, and it sees the next death
    g.choose("play mourner")
    if g.decision.kind == "realm":
        g.choose("realm 1")
    mourner = one_in_world(g, "mourner")
    assert a.energy == 0
    assert _died_handlers(g) == [mourner]
    g.choose("pass")  # B
    play(g, "smite", one_in_world(g, "two"))
    assert a.energy == 1, "the Mourner in the world must see a Wonder die"
    # back to hand: the handler leaves with it, and a death no longer pays
    g.choose("pass")  # B
    play(g, "recall", mourner)
    assert mourner.zone is None
    assert _died_handlers(g) == []
    assert all(h.card.zone is not None for hs in g.bus.handlers.values() for h in hs)


def test_a_dead_watcher_leaves_no_handler_behind(pool):
    g = start(pool, players={"A": {"hand": ["smite"]}}, realms={1: {"B": ["mourner"]}})
    mourner = one_in_world(g, "mourner")
    assert _died_handlers(g) == [mourner]
    play(g, "smite", mourner)
    assert _died_handlers(g) == []


def test_a_nullified_watcher_does_not_trigger(pool):
    """Rulebook, Nullify: its abilities are treated as if its text were blank."""
    g = start(pool, players={"A": {"hand": ["hush", "smite"]}},
              realms={1: {"A": ["two"], "B": ["mourner"]}})
    b = g.players[1]
    mourner = one_in_world(g, "mourner")
    play(g, "hush", mourner)
    energy = b.energy
    g.choose("pass")  # B
    play(g, "smite", one_in_world(g, "two"))
    assert b.energy == energy


# -- harvest and the decision door ---------------------------------------------------------

def test_harvested_actions_are_usable_only_from_the_next_turn(pool):
    """Rulebook, Harvest: "If you harvest to gain an action, you must pass the turn before you
    can use the action" — harvesting with no actions left gives no draw option this turn."""
    g = start(pool, players={"A": {"actions": 0}, "B": {"actions": 1}},
              realms={1: {"A": ["grove"]}})
    a = g.players[0]
    assert g.decision.labels == ["pass", "harvest grove @realm 1"]
    g.choose("harvest grove @realm 1")
    assert a.actions == 1 and one_in_world(g, "grove").tapped
    assert g.decision.player is g.players[1], "harvesting uses the turn"
    g.choose("draw")  # B
    assert g.decision.player is a and "draw" in g.decision.labels


def test_a_may_is_answered_by_label(pool):
    g = start(pool, players={"A": {"hand": ["ponder"]}})
    hand = len(g.players[0].hand.cards)
    g.choose("play ponder")
    assert g.decision.kind == "may" and g.decision.labels == ["yes", "no"]
    g.choose("yes")
    assert len(g.players[0].hand.cards) == hand - 1 + 2


def test_choose_by_index_on_a_yes_no_decision(pool):
    """Game.choose accepts "one of its options (or an option's index)": index 0 is 'yes'."""
    g = start(pool, players={"A": {"hand": ["ponder"]}})
    hand = len(g.players[0].hand.cards)
    g.choose("play ponder")
    assert g.decision.labels[0] == "yes"
    g.choose(0)
    assert len(g.players[0].hand.cards) == hand - 1 + 2


# -- deck validation (rulebook, Deckbuilding) ----------------------------------------------

def _card_file(cid: str, tier: str, token: bool = False) -> str:
    return (f"id: {cid}\nname: {cid.title()}\ntype: wonder\norbital: solfera\ntier: {tier}\n"
            f"cost: 1\npower: 1\n" + ("token: true\n" if token else ""))


@pytest.fixture
def deck_pool(tmp_path) -> tuple[CardPool, Path]:
    cards = tmp_path / "cards"
    cards.mkdir()
    for i in range(20):
        (cards / f"sec{i}.card.yaml").write_text(_card_file(f"sec-{i}", "secondary"))
    (cards / "hero.card.yaml").write_text(_card_file("hero", "legendary"))
    (cards / "duo.card.yaml").write_text(_card_file("duo", "primary"))
    (cards / "ghost.card.yaml").write_text(_card_file("ghost", "secondary", token=True))
    pool = CardPool("wonders", cache=False).load([cards])
    assert pool.diagnostics == []
    return pool, tmp_path


def _deck(tmp_path: Path, entries: list[tuple[str, int]], name="Test Deck") -> Path:
    lines = [f"name: {name}", "cards:"] + [f"  - {{card: {c}, count: {n}}}" for c, n in entries]
    path = tmp_path / "test.deck.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _fifty(extra: list[tuple[str, int]] = ()) -> list[tuple[str, int]]:
    entries = [(f"sec-{i}", 3) for i in range(16)]  # 48
    return entries + list(extra)


def test_a_legal_deck_loads(deck_pool):
    pool, tmp = deck_pool
    name, cards = pool.load_deck(_deck(tmp, _fifty([("hero", 1), ("duo", 1)])))
    assert name == "Test Deck"
    assert len(cards) == 50
    assert sum(1 for c in cards if c.id == "hero") == 1


def _find(path: Path, entry: str, before: str) -> tuple[int, int]:
    """1-based line and column of the value after ``before`` on the line naming ``entry``."""
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if f"card: {entry}," in line:
            return n, line.index(before) + len(before) + 1
    raise AssertionError(f"{entry} not in {path}")


def _deck_errors(pool, path):
    with pytest.raises(CardError) as info:
        pool.load_deck(path)
    return info.value.diagnostics


def test_deck_of_the_wrong_size(deck_pool):
    """Rulebook, Deckbuilding: each player brings a deck of 50 cards."""
    pool, tmp = deck_pool
    path = _deck(tmp, _fifty([("hero", 1)]))  # 49
    (d,) = _deck_errors(pool, path)
    assert d.pos.file == str(path)
    assert d.code == "CS404"
    assert "49" in d.message and "50" in d.message
    assert d.card == "Test Deck"


def test_too_many_copies_of_a_legendary(deck_pool):
    """Rulebook, Deckbuilding: "1 of each legendary card"."""
    pool, tmp = deck_pool
    path = _deck(tmp, _fifty()[:-1] + [("sec-15", 2), ("hero", 2), ("duo", 1)])
    (d,) = _deck_errors(pool, path)
    assert d.code == "CS403"
    assert (d.pos.line, d.pos.col) == _find(path, "hero", "count: ")  # the count it exceeds
    assert "legendary" in d.message and "hero" in d.message and "1" in d.message


def test_too_many_copies_of_primary_and_secondary(deck_pool):
    """Rulebook, Deckbuilding: 2 of each primary, 3 of each secondary."""
    pool, tmp = deck_pool
    base = [(f"sec-{i}", 3) for i in range(15)]  # 45
    four_secondary = base + [("sec-15", 4), ("duo", 1)]  # 50
    (d,) = _deck_errors(pool, _deck(tmp, four_secondary))
    assert d.code == "CS403" and "sec-15" in d.message and "at most 3" in d.message
    three_primary = base + [("sec-15", 2), ("duo", 3)]  # 50
    (d,) = _deck_errors(pool, _deck(tmp, three_primary))
    assert d.code == "CS403" and "duo" in d.message and "at most 2" in d.message
    _, cards = pool.load_deck(_deck(tmp, base + [("sec-15", 3), ("duo", 2)]))  # the limits
    assert len(cards) == 50


def test_unknown_card_in_a_deck_with_did_you_mean(deck_pool):
    pool, tmp = deck_pool
    path = _deck(tmp, _fifty([("heroo", 1), ("duo", 1)]))
    (d,) = _deck_errors(pool, path)
    assert d.code == "CS400"
    assert (d.pos.line, d.pos.col) == _find(path, "heroo", "card: ")  # the misspelled id
    assert "unknown card 'heroo'" in d.message and "did you mean 'hero'" in d.message


def test_a_token_cannot_be_in_a_deck(deck_pool):
    """Rulebook, Tokens: tokens are virtual cards, created by effects."""
    pool, tmp = deck_pool
    (d,) = _deck_errors(pool, _deck(tmp, _fifty([("ghost", 1), ("duo", 1)])))
    assert d.code == "CS402"


def test_every_deck_problem_is_reported_at_once(deck_pool):
    pool, tmp = deck_pool
    diags = _deck_errors(pool, _deck(tmp, [("hero", 3), ("nobody", 1)]))
    assert sorted(d.code for d in diags) == ["CS400", "CS403", "CS404"]


# -- saving and replaying (docs/architecture.md, Determinism) -------------------------------

def _random_deck(pool, rng, n=30):
    ids = sorted(c for c, d in pool.cards.items() if not d.token)
    return [pool.cards[rng.choice(ids)] for _ in range(n)]


def _play_out(g, agents):
    d = g.advance()
    while d is not None:
        d = g.choose_index(agents[d.player.index].choose(g, d))
    return g


def test_record_and_replay_give_the_same_log(pool, tmp_path):
    """docs/architecture.md, Determinism: the same seed and the same choices give a byte-identical
    event log; a game is saved as its record and replayed from it."""
    rng = random.Random(5)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 99, tokens=pool.tokens), [RandomAgent(1), RandomAgent(2)])
    rec = g.record()
    assert rec["seed"] == 99 and rec["game"] == "wonders"
    assert rec["decks"] == [[c.id for c in d] for d in decks]
    assert rec["choices"] == g.choices and len(rec["choices"]) > 20
    again = replay.replay(json.loads(json.dumps(rec)), pool)  # as saved to disk
    assert again.over and again.decision is None
    assert repr(again.log) == repr(g.log)
    path = tmp_path / "game.json"
    replay.save(g, path)
    assert repr(replay.load(path, pool).log) == repr(g.log)


def test_replaying_by_hand_with_choose_index_gives_the_same_log(pool):
    rng = random.Random(6)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 7, tokens=pool.tokens), [RandomAgent(5), RandomAgent(6)])
    again = WondersGame(decks, 7, tokens=pool.tokens)
    d = again.advance()
    for i in g.choices:
        assert d is not None
        d = again.choose_index(i)
    assert d is None and again.log == g.log


def test_a_replay_with_other_choices_diverges(pool):
    """The replay tests above are meaningful: answering one decision differently changes
    the log."""
    rng = random.Random(5)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 99, tokens=pool.tokens), [RandomAgent(1), RandomAgent(2)])
    other = WondersGame(decks, 99, tokens=pool.tokens)
    d = other.advance()
    for i in g.choices:
        if d.kind == "turn" and len(set(d.labels)) > 1:
            # answer the first turn differently
            other.choose_index(next(j for j, lab in enumerate(d.labels) if lab != d.labels[i]))
            break
        d = other.choose_index(i)
    n = len(other.log)
    assert other.log[:n] != g.log[:n]


def test_a_record_with_too_many_choices_is_refused(pool):
    rng = random.Random(5)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 1, tokens=pool.tokens), [RandomAgent(1), RandomAgent(2)])
    rec = g.record()
    rec["choices"].append(0)
    with pytest.raises(ValueError):
        replay.replay(rec, pool)


@pytest.mark.parametrize("bad", [999, -1])
def test_a_record_with_an_impossible_choice_is_refused(pool, bad):
    rng = random.Random(5)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 1, tokens=pool.tokens), [RandomAgent(1), RandomAgent(2)])
    rec = g.record()
    rec["choices"][0] = bad
    with pytest.raises((ValueError, RulesError)):
        replay.replay(rec, pool)


def test_a_recorded_loser_chooses_game_replays(pool):
    """Rule 401: the loser of the last game chooses who plays first."""
    rng = random.Random(8)
    decks = [_random_deck(pool, rng), _random_deck(pool, rng)]
    g = _play_out(WondersGame(decks, 3, tokens=pool.tokens, previous_loser=1),
                  [RandomAgent(1), RandomAgent(2)])
    assert not any(e[0] == "coin" for e in g.log)  # the loser chose: no coin was flipped
    try:
        again = replay.replay(json.loads(json.dumps(g.record())), pool)
    except (IndexError, ValueError) as exc:
        pytest.fail(f"the replay diverged: {exc!r}")
    assert again.log == g.log


# -- the compile cache (docs/architecture.md, Caches: keyed by file content) ----------------

CACHED_CARDS = {
    "crow": "id: crow\nname: Chained Crow\ntype: wonder\norbital: thalwind\ntier: legendary\n"
            "cost: 4\npower: 3\nclasses: [Bird]\nkeywords: [deathstrike, flying]\n",
    **{k: CARDS[k] for k in ("two", "one", "skeleton", "martyr", "mourner", "grove", "smite",
                             "wither")},
}


@pytest.fixture
def card_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    cards.mkdir()
    for cid, text in CACHED_CARDS.items():
        (cards / f"{cid}.card.yaml").write_text(text.strip() + "\n")
    return cards


def _shape(card):
    prog = card.program
    return (card.id, card.name, card.type, card.cost, card.power, card.orbital, card.tier,
            card.classes, card.token, sorted(card.keywords),
            [(a.index, a.name, a.trigger.entry_name, a.trigger.scope, a.trigger.event,
              a.target is not None, type(a.effect).__name__) for a in prog.abilities],
            str(card.source))


def _log_of(cards: dict, seed: int) -> list:
    rng = random.Random(seed)
    ids = sorted(c for c, d in cards.items() if not d.token)
    decks = [[cards[rng.choice(ids)] for _ in range(25)] for _ in range(2)]
    tokens = {k: v for k, v in cards.items() if v.token}
    return _play_out(WondersGame(decks, seed, tokens=tokens), [RandomAgent(3), RandomAgent(4)]).log


def test_second_load_comes_from_the_cache_without_parsing(card_dir, monkeypatch, tmp_path):
    cold = CardPool("wonders", cache=True).load([card_dir])
    assert cold.diagnostics == []
    assert list((tmp_path / "cache").iterdir()), "the cold load must write the cache"

    def no_parsing(*args, **kw):
        raise AssertionError(f"{args} was parsed again despite an unchanged cache entry")

    # however the pool reads a file, a re-parse goes through the loader and the compiler
    for name in ("load_file", "load_bytes", "load_text"):
        if hasattr(cardpool_module, name):
            monkeypatch.setattr(cardpool_module, name, no_parsing)
    monkeypatch.setattr(CardPool, "compile", no_parsing)
    warm = CardPool("wonders", cache=True).load([card_dir])
    assert warm.diagnostics == []
    assert sorted(warm.cards) == sorted(cold.cards)
    for cid in cold.cards:
        assert _shape(warm.cards[cid]) == _shape(cold.cards[cid])
    # equivalent in play, not only in shape: the same games give the same logs
    for seed in (1, 2, 3):
        assert _log_of(warm.cards, seed) == _log_of(cold.cards, seed)


def test_an_edited_card_is_parsed_again(card_dir, monkeypatch):
    CardPool("wonders", cache=True).load([card_dir])
    (card_dir / "two.card.yaml").write_text(CARDS["two"].replace("power: 2", "power: 7"))
    parsed: list[str] = []
    real = CardPool.compile

    def counting(self, doc):
        parsed.append(Path(doc.path).name)
        return real(self, doc)

    monkeypatch.setattr(CardPool, "compile", counting)
    pool = CardPool("wonders", cache=True).load([card_dir])
    assert parsed == ["two.card.yaml"]
    assert pool.cards["two"].power == 7


def test_a_pool_without_cache_writes_nothing(card_dir, tmp_path):
    CardPool("wonders", cache=False).load([card_dir])
    assert not (tmp_path / "cache").exists()


def test_cached_cards_report_their_own_file(card_dir):
    copy = card_dir / "two-copy.card.yaml"
    copy.write_text((card_dir / "two.card.yaml").read_text())
    pool = CardPool("wonders", cache=True).load([card_dir])
    (d,) = pool.diagnostics
    assert d.code == "CS300"
    dup_file = {str(card_dir / "two.card.yaml"), str(copy)} - {str(pool.files["two"])}
    assert d.pos.file == dup_file.pop()
