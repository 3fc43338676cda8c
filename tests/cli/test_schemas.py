"""The committed editor schemas are what `cardscript schema` generates now, for every
installed game; the command writes every game's schemas unless told one."""
import pytest
from cardscript.plugins import games
from cardscript.tools.cli import main
from cardscript.tools.schema import bundled_schemas, render, schemas


@pytest.mark.parametrize("game", sorted(games()))
def test_committed_schemas_are_fresh(game):
    for kind, schema in schemas(game).items():
        path = bundled_schemas() / game / f"{kind}.schema.json"
        assert path.exists(), f"{path} missing: run `cardscript schema`"
        assert path.read_text(encoding="utf-8") == render(schema), \
            f"{path} is out of date: run `cardscript schema`"


def test_schema_writes_every_installed_game_unless_told_one(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path / "all")]) == 0
    assert sorted(p.name for p in (tmp_path / "all").iterdir()) == sorted(games())
    one = sorted(games())[0]
    assert main(["schema", "--game", one, "--out", str(tmp_path / "one")]) == 0
    assert [p.name for p in (tmp_path / "one").iterdir()] == [one]
