"""The one import package: the repository's folders map into ``cardscript`` (pyproject.toml),
and nothing imports the folders by their own names, which a user's ``core`` or ``tools``
would shadow. The wheel itself is installed and used from an empty folder by
``.ci/wheel-smoke`` in CI."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def _package_folders() -> dict[str, Path]:
    """Every package the folders hold (a folder with Python files or bundled data files), by
    the name it is installed under."""
    out = {}
    for name, folder in SETUPTOOLS["package-dir"].items():
        root = REPO / folder
        held = {f.parent for f in root.rglob("*") if f.is_file() and "__pycache__" not in
                f.parts and f.suffix in (".py", ".yaml", ".json", ".j2", ".css", ".js")}
        held |= {p for h in held for p in h.parents if root in p.parents}  # folders between
        for init in sorted(held):
            rel = init.relative_to(root)
            sub = ".".join(rel.parts)
            full = f"{name}.{sub}" if sub else name
            # a folder mapped on its own (cardscript.tools) is not also a subpackage of core
            owner = max((n for n in SETUPTOOLS["package-dir"] if full == n or
                         full.startswith(n + ".")), key=len)
            if owner == name:
                out[full] = init
    return out


def test_every_package_folder_is_installed():
    listed = set(SETUPTOOLS["packages"])
    found = set(_package_folders())
    assert found - listed == set(), f"packages missing from pyproject.toml: {found - listed}"
    assert listed - found == set(), f"pyproject.toml lists packages with no folder: " \
                                    f"{listed - found}"


def test_the_only_top_level_import_name_is_cardscript():
    top = {name.split(".")[0] for name in SETUPTOOLS["packages"]}
    assert top == {"cardscript"}
    for entry in [PYPROJECT["project"]["scripts"],
                  *PYPROJECT["project"]["entry-points"].values()]:
        for target in entry.values():
            assert target.startswith("cardscript."), target


def test_no_code_imports_the_folders_by_their_own_names():
    bad = []
    for folder in ("core", "tools", "tests"):
        for f in (REPO / folder).rglob("*.py"):
            if "corpus" in f.parts:
                continue
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 \
                    and node.module else []
                bad += [f"{f.relative_to(REPO)}:{node.lineno}: {n}" for n in names
                        if n.split(".")[0] in ("core", "tools")]
    assert not bad, "imports that a user's own core/tools package would shadow:\n" + \
        "\n".join(bad)


def test_bundled_files_ship_as_package_data():
    patterns = {pat.rsplit(".", 1)[-1] for pat in SETUPTOOLS["package-data"]["*"]}
    for folder in ("cardscripts", "schemas", "tools/templates"):
        suffixes = {p.suffix.lstrip(".") for p in (REPO / folder).rglob("*")
                    if p.is_file() and "__pycache__" not in p.parts}
        assert suffixes - {"py"} <= patterns, f"{folder}: {suffixes - {'py'} - patterns}"
