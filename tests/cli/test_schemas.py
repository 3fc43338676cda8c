"""The committed editor schemas are what `cardscript schema` generates now."""
from tools.schema import SCHEMA_DIR, render, schemas


def test_committed_schemas_are_fresh():
    for kind, schema in schemas("wonders").items():
        path = SCHEMA_DIR / "wonders" / f"{kind}.schema.json"
        assert path.exists(), f"{path} missing: run `cardscript schema`"
        assert path.read_text(encoding="utf-8") == render(schema), \
            f"{path} is out of date: run `cardscript schema`"
