"""`cardscript --help` and every command's `--help` print and exit 0 (argparse formats help
text with %, which a "95%" in a command's help once broke)."""
from __future__ import annotations

import pytest
from cardscript.tools.cli import _commands, main

COMMANDS = list(_commands())


def test_the_command_list(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    for name, mod in _commands().items():
        assert name in shown
        assert " ".join(mod.HELP.split())[:30] in shown, name


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_help(capsys, name):
    with pytest.raises(SystemExit) as exc:
        main([name, "--help"])
    assert exc.value.code == 0
    assert f"usage: cardscript {name}" in capsys.readouterr().out
