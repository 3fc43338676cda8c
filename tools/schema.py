"""``cardscript schema``: JSON Schemas of card, deck and scenario files, for editors.

Generated from the same pydantic models the loader validates with, so they can't drift; the
files are committed under ``schemas/<game>/`` (shipped as package data) and a test regenerates
and compares them. The command writes into the working tree, never into the installed
package."""
from __future__ import annotations

import json
from pathlib import Path

from cardscript import data_dir
from cardscript.macros import KeywordMacro
from cardscript.plugins import load_game

from .common import registry_of

#: where ``cardscript schema`` writes by default: ``schemas/`` of the working folder
SCHEMA_DIR = Path("schemas")


def bundled_schemas() -> Path:
    """The schemas shipped with the installed package (in a checkout: its ``schemas/``)."""
    return data_dir("schemas")


def schemas(game: str) -> dict[str, dict]:
    from .scenarios import scenario_model
    spec = load_game(game)
    out = {
        "card": registry_of(spec).types["Card"].model_json_schema(),
        "deck": spec.deck_model.model_json_schema(),
        "scenario": scenario_model(game).model_json_schema(),
        "keyword": KeywordMacro.model_json_schema(),
    }
    for kind, schema in out.items():
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema.setdefault("title", f"{spec.title} {kind}")
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, indent=1, sort_keys=True) + "\n"


def write(game: str, out: Path = SCHEMA_DIR) -> list[Path]:
    written = []
    for kind, schema in schemas(game).items():
        path = out / game / f"{kind}.schema.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written
