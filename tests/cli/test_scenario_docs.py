"""docs/scenarios.md, the scenario format's reference page, kept honest against the code.

The keys come from the pydantic models themselves — the scenario file model of
:mod:`cardscript.tools.scenarios` and the game's setup and expectation models, nested ones
included — so a key added to a model and not to the page fails here, naming it. Each model is
documented by a table under a heading that names where it sits in the file (`setup.players`,
`expect.cards`; the top level under "Top-level keys"), one row per key; a table with a
"default" column must show the model's default.

Every ```yaml block of the page is either a complete scenario, which is run and must pass —
or, when a ```console block starting ``$ cardscript test NAME`` follows it, must print exactly
that — or a part of one, which must validate.
"""
from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest
from cardscript.errors import CardError
from cardscript.loader import load_file
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.tools.cli import main
from cardscript.tools.scenarios import run_scenario, scenario_model
from pydantic import BaseModel
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]  # the repository

GAME = "wonders"  # the game whose setup and expectations the page documents
DOC = ROOT / "docs" / "scenarios.md"
TOP = "top-level keys"  # the heading of the section that documents the file's own keys


# -- the models ------------------------------------------------------------------------------

def _models_in(annotation) -> list[type[BaseModel]]:
    """The models an annotation holds, through Optional, Union, list and dict values."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _literals(annotation) -> list[str]:
    """The string values an annotation allows by name (Literal, also as dict keys)."""
    if typing.get_origin(annotation) is typing.Literal:
        return [a for a in typing.get_args(annotation) if isinstance(a, str)]
    return [v for arg in typing.get_args(annotation) for v in _literals(arg)]


def _key(name: str, field) -> str:
    return field.alias or name


def model_places(root: type[BaseModel]) -> dict[type[BaseModel], list[str]]:
    """Each model reachable from ``root`` with the dotted paths of the file where it sits
    (dict keys and list items leave no part of their own); the root sits at ''."""
    places: dict[type[BaseModel], list[str]] = {root: [""]}
    todo = [(root, "")]
    while todo:
        model, path = todo.pop(0)
        for name, field in model.model_fields.items():
            sub_path = f"{path}.{_key(name, field)}".lstrip(".")
            for sub in _models_in(field.annotation):
                if sub not in places:
                    places[sub] = []
                    todo.append((sub, sub_path))
                if sub_path not in places[sub]:
                    places[sub].append(sub_path)
    return places


def test_the_walk_reaches_the_games_models():
    """The walk itself: the models the page must document are all found from the file
    model (else a model could drop out of the check unnoticed)."""
    sc = load_game(GAME).scenario
    found = model_places(scenario_model(GAME))
    for model in (sc.Setup, sc.PlayerState, sc.RealmState, sc.CardState, sc.Expect,
                  sc.PlayerExpect, sc.RealmExpect, sc.CardExpect, sc.DecisionExpect):
        assert model in found, model.__name__


# -- the page ----------------------------------------------------------------------------

@dataclass
class Section:
    title: str
    line: int
    lines: list[str]


@dataclass
class Block:
    lang: str
    line: int  # the page's line of the block's first content line
    text: str


def page() -> str:
    if not DOC.is_file():
        pytest.fail(f"{DOC.relative_to(ROOT)} is missing: the scenario format's reference page")
    return DOC.read_text(encoding="utf-8")


def parse(text: str) -> tuple[list[Section], list[Block]]:
    """The page's sections (a heading and its text up to the next heading, code excluded)
    and its fenced code blocks."""
    sections: list[Section] = []
    blocks: list[Block] = []
    fence: Block | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if fence is not None:
            if line.startswith("```"):
                blocks.append(fence)
                fence = None
            else:
                fence.text += line + "\n"
        elif line.startswith("```"):
            fence = Block(line[3:].strip(), n + 1, "")
        elif line.startswith("#"):
            sections.append(Section(line.lstrip("#").strip(), n, []))
        elif sections:
            sections[-1].lines.append(line)
    return sections, blocks


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _render(value) -> str:
    """A default as the page writes it in YAML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, BaseModel):
        return "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{}"
    return str(value)


def _default(field):
    if field.default_factory is not None:
        return field.default_factory()
    return field.default


def undocumented(sections: list[Section]) -> list[str]:
    """Every key (and named value, and default) of the models the page leaves out."""
    problems = []
    for model, paths in model_places(scenario_model(GAME)).items():
        wanted = [f"`{p}`" for p in paths if p]
        homes = [s for s in sections
                 if (TOP in s.title.lower() if paths == [""] else
                     any(w in s.title for w in wanted))]
        heading = repr(TOP) if paths == [""] else " or ".join(wanted)
        where = f"the section headed {heading}"
        if not homes:
            problems.append(f"{model.__name__}: no section; expected a heading naming "
                            f"{heading} with a table of its keys")
            continue
        rows = [_cells(line) for s in homes for line in s.lines if line.startswith("|")]
        header = next((r for r in rows if r and r[0] == "key"), None)
        col = next((i for i, c in enumerate(header or []) if c.lower() == "default"), None)
        for name, field in model.model_fields.items():
            key = _key(name, field)
            label = f"{(paths[0] + '.') if paths[0] else ''}{key}"
            row = next((r for r in rows if f"`{key}`" in r[0]), None)
            if row is None:
                problems.append(f"{label} ({model.__name__}.{name}): no row in {where}")
                continue
            text = " | ".join(row)
            for value in _literals(field.annotation):
                if f"`{value}`" not in text:
                    problems.append(f"{label}: the row does not name the value `{value}`")
            if col is None or col >= len(row):
                continue
            if field.is_required():
                if "required" not in row[col]:
                    problems.append(f"{label}: required, but its default column says "
                                    f"{row[col]!r}")
                continue
            default = _default(field)
            if default is not None and f"`{_render(default)}`" not in row[col]:
                problems.append(f"{label}: the default is `{_render(default)}`; the page says "
                                f"{row[col]!r}")
    return problems


def test_every_key_of_the_scenario_models_is_documented():
    sections, _ = parse(page())
    problems = undocumented(sections)
    assert not problems, "docs/scenarios.md does not document:\n  " + "\n  ".join(problems)


def test_every_rule_variant_is_named():
    """``setup.variants`` takes the game's variant names: the page names each one."""
    text = page()
    missing = [v for v in load_game(GAME).game_class.VARIANTS if f"`{v}`" not in text]
    assert not missing, f"docs/scenarios.md does not name the variant(s) {missing}"


def test_the_option_labels_table_lists_every_decision_kind():
    """The table of decision kinds is the game's own list (``DECISION_KINDS``, which
    ``expect.decision.kind`` is validated against): every kind, and nothing else."""
    sections, _ = parse(page())
    home = [s for s in sections if s.title == "Option labels"]
    assert home, "docs/scenarios.md has no section headed 'Option labels'"
    rows = [_cells(line) for line in home[0].lines if line.startswith("|")]
    listed = [r[0].strip("`") for r in rows if re.fullmatch(r"`\w+`", r[0])]
    assert listed == list(load_game(GAME).game_class.DECISION_KINDS), \
        "the Option labels table should list the game's DECISION_KINDS, in their order"


# -- the examples ------------------------------------------------------------------------

def _examples() -> list[tuple[Block, Block | None]]:
    """Each ```yaml block with the ```console block right after it, if there is one."""
    if not DOC.is_file():
        return []
    _, blocks = parse(DOC.read_text(encoding="utf-8"))
    text_lines = DOC.read_text(encoding="utf-8").splitlines()
    out = []
    for i, b in enumerate(blocks):
        if b.lang != "yaml":
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        end = b.line + b.text.count("\n")  # the closing fence's line
        between = text_lines[end:nxt.line - 2] if nxt is not None else []
        follows = nxt is not None and nxt.lang == "console" and \
            nxt.text.startswith("$ cardscript test ") and not any(x.strip() for x in between)
        out.append((b, nxt if follows else None))
    return out


EXAMPLES = _examples()


def on_page(message: str, first: int) -> str:
    """A message about a temporary file, its ``path:line:col`` moved to the page (the
    file's line 1 being the page's line ``first``)."""
    return re.sub(r"^.*?:(\d+):(\d+):",
                  lambda m: f"docs/scenarios.md:{first + int(m[1]) - 1}:{m[2]}:", message)


def test_the_page_has_runnable_examples():
    page()
    complete = [b for b, _ in EXAMPLES if "\nscenario:" in "\n" + b.text]
    assert len(complete) >= 5, "the page should show complete, runnable scenarios"


@pytest.mark.parametrize("block,console", EXAMPLES,
                         ids=[f"line-{b.line}" for b, _ in EXAMPLES])
def test_example(block: Block, console: Block | None, tmp_path, monkeypatch, capsys):
    where = f"docs/scenarios.md:{block.line}"
    data = YAML(typ="safe").load(block.text)
    top = set(scenario_model(GAME).model_fields)
    assert isinstance(data, dict) and set(data) <= top, \
        f"{where}: a yaml block should be a scenario or a part of one (keys: {sorted(top)})"
    if "scenario" not in data:  # a part: it must be valid where it stands
        f = tmp_path / "part.scenario.yaml"
        head = 'scenario: part\nrule: "0"\n'
        f.write_text(head + block.text, encoding="utf-8")
        try:
            validate_document(load_file(f), scenario_model(GAME), "scenario")
        except CardError as exc:
            pytest.fail(f"{where}: the part of a scenario is not valid:\n  " + "\n  ".join(
                on_page(str(d), block.line - head.count("\n")) for d in exc.diagnostics))
        return
    if console is None:
        f = tmp_path / "example.scenario.yaml"
        f.write_text(block.text, encoding="utf-8")
        result = run_scenario(f)
        assert result.passed, f"{where}: the example fails:\n  " + "\n  ".join(
            on_page(line, block.line) for line in result.failures)
        return
    command, *shown = console.text.splitlines()
    name = command.split()[-1]
    (tmp_path / name).write_text(block.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["test", name])
    printed = capsys.readouterr().out.splitlines()
    assert printed == shown, f"docs/scenarios.md:{console.line}: the page shows output " \
                             f"that `{command[2:]}` does not print"
    assert code == (0 if shown and shown[-1].endswith(" 0 failed") else 1)


def test_examples_are_found():
    """The block parser itself: an empty list would make the parametrized test vacuous."""
    page()
    assert EXAMPLES and all(b.text.strip() for b, _ in EXAMPLES)
    assert any(c is not None for _, c in EXAMPLES), "no example shows its output"
