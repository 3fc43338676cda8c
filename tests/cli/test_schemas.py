"""The committed editor schemas are what `cardscript schema` generates now."""
from cardscript.tools.schema import bundled_schemas, render, schemas


def test_committed_schemas_are_fresh():
    for kind, schema in schemas("wonders").items():
        path = bundled_schemas() / "wonders" / f"{kind}.schema.json"
        assert path.exists(), f"{path} missing: run `cardscript schema`"
        assert path.read_text(encoding="utf-8") == render(schema), \
            f"{path} is out of date: run `cardscript schema`"
