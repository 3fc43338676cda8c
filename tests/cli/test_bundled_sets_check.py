"""The bundled sets of every installed game, with the rules scenarios, pass ``check`` and
``lint`` as CI runs them: over the whole ``cardscripts`` folder, where each game's folder
sits beside the others' (a file's location names its game, keyword macros included)."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardscript.plugins import games
from cardscript.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
PATHS = [str(ROOT / "cardscripts"), str(ROOT / "tests" / "rulings")]


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("command", [["check"], ["lint", "--no-cache"]])
def test_every_bundled_set_is_clean_beside_the_others(game, command, capsys):
    code = main([*command, "--game", game, *PATHS])
    err = capsys.readouterr()
    assert code == 0, err.out + err.err
