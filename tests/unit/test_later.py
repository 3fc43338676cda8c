"""Delayed abilities (the core's ``later``, core/blocks.py; waiting on the bus, core/bus.py):
one waits for its moment's first event, fires once with what its maker named, survives a
clone and a save, and an unknown moment is a positioned ``check`` error."""
from __future__ import annotations

import pytest
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.save import dumps, loads
from cardscript.scenario_checks import log_lines
from scenario_games import scenario_game

HEX = "riftbound/later-start-of-your-next-turn.scenario.yaml"


def hexed():
    """Riftbound's Emberwake Hex scenario, played until B's turn: the delayed ability waits
    (A's next turn has not begun), and the pool its cards come from."""
    return scenario_game(HEX, "play emberwake-hex", "end turn")


def end_turns(g, n: int) -> None:
    for _ in range(n):
        g.choose(g.decision.find("end turn"))


def fired(g) -> int:
    return log_lines(g).count("resolve emberwake-hex later")


def test_it_waits_past_the_other_players_turn_start_and_fires_once_on_its_own():
    g, _ = hexed()
    assert g.active.name == "B" and len(g.bus.delayed) == 1 and fired(g) == 0
    end_turns(g, 1)
    assert g.active.name == "A" and fired(g) == 1 and g.bus.delayed == []
    assert [c.proto.id for c in g.players[1].trash.cards] == ["bulwark-sentry"]
    end_turns(g, 2)  # A's turn after next: it does not fire again
    assert fired(g) == 1


def test_a_waiting_ability_survives_a_clone_and_a_save():
    g, pool = hexed()
    copy = g.clone()
    again = loads(dumps(g), pool.cards, "riftbound")
    for game in (copy, again, g):
        assert len(game.bus.delayed) == 1
        end_turns(game, 1)
        assert fired(game) == 1 and game.bus.delayed == []
        assert [c.proto.id for c in game.players[1].trash.cards] == ["bulwark-sentry"]


def test_the_clone_has_its_own_waiting_list():
    g, _ = hexed()
    copy = g.clone()
    end_turns(copy, 1)
    assert copy.bus.delayed == [] and len(g.bus.delayed) == 1
    assert g.bus.delayed[0].card is not copy.players[0].trash.cards[0]


def compile_card(game: str, text: str):
    spec = load_game(game)
    doc = load_text(text, "<test card>")
    return Compiler(spec.registry).card(validate_document(doc, spec.card_model), doc.pos(()))


@pytest.mark.parametrize("game", ["riftbound", "spellfire", "wonders"])
def test_an_unknown_moment_names_the_game_s_moments(game):
    fields = {"riftbound": "type: spell, domains: [fury], cost: 1",
              "spellfire": "type: event, number: 1",
              "wonders": "type: spell, orbital: boundless, tier: secondary, cost: 1"}[game]
    text = (f"{{id: x, name: X, {fields}, abilities: [{{trigger: on_play, effect: "
            f"{{later: {{at: start_of_the_next_turn, effect: {{draw: 1}}}}}}}}]}}")
    with pytest.raises(CardError) as exc:
        compile_card(game, text)
    message = str(exc.value)
    moments = sorted(load_game(game).registry.moments)
    assert "unknown moment 'start_of_the_next_turn' for later" in message
    assert f"expected one of: {', '.join(moments)}" in message
    assert exc.value.diagnostics[0].code == "CS200"


@pytest.mark.parametrize("game", ["riftbound", "spellfire", "wonders"])
def test_every_moment_is_an_event_the_game_publishes(game):
    """A moment waits for an event kind its game's rules publish: a misspelt event would make
    every ``later`` on it wait for ever. Published by name in the rules' source, or the event
    one of the game's triggers waits for (whose every trigger the place tests fire: a
    kind published under a computed name, such as Riftbound's Hold and Conquer)."""
    import inspect
    spec = load_game(game)
    source = "".join(inspect.getsource(m) for m in _game_modules(spec.game_class))
    triggered = {getattr(e.impl, "event", None) for e in spec.registry.entries["trigger"].values()}
    for name, moment in spec.registry.moments.items():
        assert f'Event("{moment.event}"' in source or moment.event in triggered, \
            (name, moment.event)


def _game_modules(cls):
    import sys
    package = cls.__module__.rsplit(".", 1)[0]
    return [m for n, m in sorted(sys.modules.items()) if n.startswith(package + ".")]
