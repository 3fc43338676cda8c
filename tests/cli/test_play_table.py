"""``cardscript play`` as a playtester sees it, for every installed game, driven through
stdin: cards by name, ``?`` for a card's text, the opponent's choices and the game's log,
copies told apart, ``undo`` restoring the table exactly, ``--agent``, bad input asked
again; and the table a game describes (:mod:`cardscript.table`), hidden cards hidden."""
from __future__ import annotations

import io
import re

import pytest
from cardscript.cardpool import CardPool
from cardscript.decisions import RandomAgent
from cardscript.plugins import games
from cardscript.table import FACE_DOWN
from cardscript.tools.cli import main
from cardscript.tools.play.names import Namer

GAMES = sorted(games())


def _play(monkeypatch, capsys, answers, *args) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(a + "\n" for a in answers)))
    rc = main(["play", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return rc, captured.out


def _blocks(out: str) -> list[list[str]]:
    """Each decision's options, as printed ("   3. play Rockslide (your hand)")."""
    blocks, cur = [], None
    for line in out.splitlines():
        m = re.match(r"^\s+(\d+)\. (.*)$", line)
        if m:
            if m.group(1) == "1":
                cur = []
                blocks.append(cur)
            if cur is not None:
                cur.append(m.group(2))
        else:
            cur = None
    return blocks


def _tables(out: str) -> list[str]:
    """Each table printed, from its heading to the hand."""
    return re.findall(r"^== .*?^  your hand: .*?$", out, re.M | re.S)


def _facts(game):
    from cardscript.tools.play import card_facts_lookup
    lookup = card_facts_lookup(game)
    lookup("")  # loads the set
    return lookup


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_game_shows_names_text_and_the_opponent(monkeypatch, capsys, game):
    pool = CardPool.bundled(game)
    card = next(f for f in (_facts(game)(i) for i in sorted(pool.cards)) if f and f.text)
    answers = ["?", "? 1", "?1", f"? {card.name}", "? no such card", "?99", "foo", "",
               *["1"] * 60]
    rc, out = _play(monkeypatch, capsys, answers, "--game", game, "--seed", "3")
    assert rc == 0
    assert "commands:" in out and "undo" in out  # `?` alone lists the commands
    # `? NAME`: the card's generated rules text, and its name and type
    assert f"{card.name} — {card.type.replace('_', ' ')}" in out
    assert card.text.splitlines()[0] in out
    assert "no card is named 'no such card'" in out
    assert "there is no option 99" in out
    assert "'foo' is not an option" in out and "nothing typed" in out
    # the table: names, never ids, in the hand; each player's piles
    hands = re.findall(r"^  your hand: (.*)$", out, re.M)
    assert hands and any(h != "-" for h in hands)
    names = {d.name for d in pool.cards.values()}
    ids = set(pool.cards)
    assert any(n in h for h in hands for n in names)
    assert not any(i in h for h in hands for i in ids if i not in names)
    assert re.search(r"^  Bot: .*hand \d+", out, re.M)
    # the opponent's choices and the game's own log, between our decisions
    assert "Bot chose: " in out
    assert re.search(r"^  · ", out, re.M)
    # options: by name, and never two that read the same
    blocks = _blocks(out)
    assert blocks
    for b in blocks:
        assert len(b) == len(set(b)), b
    # plain output when not a terminal: no colour codes
    assert "\x1b[" not in out


@pytest.mark.parametrize("game", GAMES)
def test_option_text_by_number_shows_its_card(monkeypatch, capsys, game):
    """``? N`` on an option about a card shows that card's text."""
    rc, out = _play(monkeypatch, capsys, ["1"] * 6 + [f"?{n}" for n in range(1, 10)],
                    "--game", game, "--seed", "2")
    assert rc == 0
    # a card's full text starts with its name, a dash and its type
    assert re.search(r"^\S.* — [a-z ]+ \([a-z0-9-]+\)$", out, re.M), out[-3000:]


def test_copies_in_hand_are_told_apart(monkeypatch, capsys):
    # seed 0's opening Wonders hand holds two Wayfinder Nomads
    rc, out = _play(monkeypatch, capsys, ["1"], "--seed", "0")
    assert rc == 0
    assert "Wayfinder Nomad (your hand, 1st)" in out
    assert "Wayfinder Nomad (your hand, 2nd)" in out


@pytest.mark.parametrize("game", GAMES)
def test_undo_restores_the_table_and_replays_the_same_replies(monkeypatch, capsys, game):
    first = ["1"] * 6
    rc, plain = _play(monkeypatch, capsys, first + ["1"] * 4, "--game", game, "--seed", "5")
    assert rc == 0
    rc, undone = _play(monkeypatch, capsys, first + ["undo", "1"] + ["1"] * 4,
                       "--game", game, "--seed", "5")
    assert rc == 0
    assert "you took back your last decision" in undone
    before, after = _tables(plain), _tables(undone)
    k = len(_tables(_play(monkeypatch, capsys, first, "--game", game, "--seed", "5")[1]))
    # the table after undo is the one before the decision taken back, board and hand
    # (which differs from the table undo was typed at: the test would see a no-op)
    assert before[k - 2] != before[k - 1]
    assert after[k] == before[k - 2]
    # the same answer again: the agent replies as it did (its state was restored too)
    assert len(after) > k + 2
    assert after[k + 1:] == before[k - 1:len(after) - 2]


def test_undo_at_the_first_decision_has_nothing_to_take_back(monkeypatch, capsys):
    rc, out = _play(monkeypatch, capsys, ["undo", "1"], "--game", "riftbound")
    assert rc == 0
    assert "nothing to undo yet" in out


@pytest.mark.parametrize("game", ["riftbound", "spellfire"])
def test_agent_greedy_plays(monkeypatch, capsys, game):
    rc, out = _play(monkeypatch, capsys, ["1"] * 30, "--game", game, "--agent", "greedy",
                    "-o", "greedy.width=4")
    assert rc == 0
    assert "Bot chose: " in out
    assert "game abandoned (end of input)" in out or "game over after round" in out


def test_unknown_agent_and_options_are_usage_errors(capsys):
    assert main(["play", "--agent", "nobody"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err
    assert main(["play", "-o", "mcts.ms=5"]) == 2
    assert "does not play" in capsys.readouterr().err


def test_quit_and_end_of_input_end_cleanly(monkeypatch, capsys):
    rc, out = _play(monkeypatch, capsys, ["quit"], "--game", "spellfire")
    assert rc == 0 and "game abandoned (quit)" in out
    rc, out = _play(monkeypatch, capsys, [], "--game", "spellfire")
    assert rc == 0 and "game abandoned (end of input)" in out


# -- the table a game describes -------------------------------------------------------------

def _game_in_play(name: str, seed: int = 1, decisions: int = 80):
    pool = CardPool.bundled(name)
    from cardscript.tools.common import load_decks
    (_, a), (_, b) = load_decks(pool, None)
    g = pool.spec.game_class([list(a), list(b)], seed, tokens=pool.tokens,
                             names=("You", "Bot"))
    agent = RandomAgent(seed)
    d = g.advance()
    for _ in range(decisions):
        if d is None:
            break
        d = g.choose_index(agent.choose(g, d))
    return g


@pytest.mark.parametrize("game", GAMES)
def test_the_table_hides_the_opponents_hand(game):
    g = _game_in_play(game)
    you, bot = g.players
    t = g.table(you)
    assert [c.name for c in t.hand] == [c.proto.name for c in you.hand.cards]
    theirs = {c.proto.name for c in bot.hand.cards} - {c.proto.name for z in
                                                      (you.hand,) for c in z.cards}
    on_board = {c.name for a in t.areas for c in a.cards}
    assert t.areas and on_board
    bot_view = next(p for p in t.players if p.name == "Bot")
    assert bot_view.piles["hand"] == len(bot.hand.cards)
    # a card of Bot's hand is named only if it is also somewhere the viewer sees
    for name in theirs - on_board:
        assert all(name not in line for line in map(str, t.hand))
    namer = Namer(g, 0)
    for c in bot.hand.cards:
        assert namer.card(c, placed=True).startswith("a card")
        assert g.hidden_from(c, you) and not g.hidden_from(c, bot)


def test_a_face_down_wonder_is_face_down_to_the_opponent_only():
    g = _game_in_play("wonders", decisions=120)
    you, bot = g.players
    theirs = [c for r in g.realms for c in r.sides[1].cards]
    assert theirs, "the bot has a card in The World"
    card = theirs[0]
    card.face_down = True
    mine = g.table(you)
    names = [c.name for a in mine.areas if a.owner == "Bot" for c in a.cards]
    assert FACE_DOWN in names
    assert g.hidden_from(card, you) and not g.hidden_from(card, bot)
    own = g.table(bot)
    seen = [c for a in own.areas if a.owner == "Bot" for c in a.cards
            if c.name == card.proto.name]
    assert seen and "face down" in seen[0].statuses


def test_the_generic_table_shows_zones_and_piles():
    """A game that does not describe its table gets the core's: its zones in play as
    areas and its other zones' sizes, the viewer's hand by name."""
    from cardscript.game import Game
    g = _game_in_play("riftbound")
    you = g.players[0]
    t = Game.table(g, you)
    assert [c.name for c in t.hand] == [c.proto.name for c in you.hand.cards]
    assert {p.name for p in t.players} == {"You", "Bot"}
    assert t.players[0].piles["deck"] == len(you.deck.cards)
    assert any(a.name == "base/You" for a in t.areas)


@pytest.mark.parametrize("game", GAMES)
def test_a_terminal_gets_the_same_words_in_a_box(game):
    from cardscript.tools.play.view import table_box
    from rich.console import Console

    g = _game_in_play(game)
    t = g.table(g.players[0])
    console = Console(record=True, width=400, force_terminal=True, color_system=None)
    console.print(table_box(t))
    shown = console.export_text()
    assert "┌" in shown  # a box, not the plain lines
    words = [c.name for a in t.areas for c in a.cards] + [c.name for c in t.hand] + \
        [a.name for a in t.areas] + [p.name for p in t.players] + \
        [f"{k} {v}" for p in t.players for k, v in p.resources.items()]
    assert t.hand and all(w in shown for w in words), [w for w in words if w not in shown]


@pytest.mark.parametrize("game", GAMES)
def test_a_log_entry_about_a_player_reads_as_theirs(game):
    g = _game_in_play(game)
    card = g.players[1].deck.cards[0].proto
    namer = Namer(g, 0)
    assert namer.entry(("play", "Bot", card.id, "pool/Bot")) == \
        f"Bot: play {card.name} pool/Bot"
    assert namer.entry(("phase", 3)) == "phase 3"  # not about a player: as it is
