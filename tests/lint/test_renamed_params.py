"""A parameter the card language renamed (a vocabulary entry's ``__renamed__``): the old name
is an error naming the new one, in every game, and ``cardscript lint --fix`` writes the new
name where the old one stood, in a card file and in a scenario's inline card, keeping the
file's layout. The renames are read from the registry, not listed here."""
from __future__ import annotations

import pytest
from cardscript.plugins import games, load_game

GAMES = sorted(games())


def _renames(game: str) -> list[tuple[str, str, str]]:
    """(entry, old, new) of every renamed parameter of the game's effects."""
    reg = load_game(game).registry
    return [(name, old, new) for name, e in reg.entries["effect"].items()
            if e.params is not None for old, new in e.params.__renamed__.items()]


def test_draw_takes_count_in_every_game_and_amount_was_its_old_name():
    for game in GAMES:
        assert ("draw", "amount", "count") in _renames(game), game


CARD = {
    "wonders": "id: x\nname: X\ntype: spell\norbital: thalwind\ntier: secondary\ncost: 1\n",
    "riftbound": "id: x\nname: X\ntype: spell\ndomains: [fury]\ncost: 1\n",
    "spellfire": "id: x\nname: X\ntype: event\nnumber: 90\n",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_old_name_is_an_error_and_lint_fix_renames_it_in_place(game, cli, tmp_path):
    entry, old, new = _renames(game)[0]
    f = tmp_path / "x.card.yaml"
    ability = f"abilities:\n  - trigger: on_play\n    effect: {{{entry}: {{{old}: 2}}}}  # two\n"
    f.write_text(CARD[game] + ability)
    rc, _, err = cli("check", "--game", game, f)
    line = CARD[game].count("\n") + 3
    assert rc == 1 and f"{f}:{line}:" in err and \
        f"CS101 [x] '{old}' is now called '{new}'" in err, err
    rc, _, _ = cli("lint", "--fix", "--no-cache", "--game", game, "--select", "CS101", f)
    assert f.read_text() == CARD[game] + ability.replace(f"{{{old}:", f"{{{new}:")
    assert cli("check", "--game", game, f).rc == 0


def test_an_inline_card_of_a_scenario_is_renamed_where_it_is_written(cli, tmp_path):
    f = tmp_path / "s.scenario.yaml"
    text = ("scenario: renamed\nrule: \"1\"\ngame: spellfire\ncards:\n"
            "  - {id: rumour, name: Rumour, type: event, number: 35,\n"
            "     abilities: [{trigger: on_play, effect: {draw: {amount: 1, player: each}}}]}\n"
            "setup: {start: phase2, players: {A: {hand: [rumour]}}}\n")
    f.write_text(text)
    cli("lint", "--fix", "--no-cache", "--game", "spellfire", f)
    assert f.read_text() == text.replace("{amount: 1", "{count: 1")
