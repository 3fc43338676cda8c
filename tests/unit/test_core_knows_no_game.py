"""The core knows no game (docs/architecture.md): no Wonders word in the code, strings, comments or
docstrings of the core outside ``core/games/``. Games add their words through plugins (rules
text: core/games/wonders/text.py through the ``cardscript_text`` hook).

The tools (``tools/``) hold no Wonders word in their code either: names and string literals,
docstrings aside (a rule's documentation may show a game's card as its example); what a tool
needs of a game comes from the game's registration (``GameSpec``, ``Game.PLACES``).

The words come from the Wonders package itself where it declares them (card types, zones,
orbitals, resources, keywords), plus its rule nouns. A word matches as a prefix of any word
of a line, identifiers split at underscores and capitals: "nullif" finds ``nullified`` and
``_NULLIFY``, "realm" finds ``realms``. The whole core is scanned.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
import typing
from pathlib import Path

from cardscript.games.wonders import card, selectors
from cardscript.games.wonders import text as wonders_text
from cardscript.plugins import load_game
from cardscript.vocabulary import core_vocabulary

CORE = Path(__file__).resolve().parents[2] / "core"
TOOLS = CORE.parent / "tools"
#: words of the tools' code a Wonders word begins that are not Wonders': the statistics site
#: 17lands (balance), the centre of a confidence interval
TOOLS_ALLOWED = {"lands", "centre"}
#: the folders (or files) of the core that must hold no game's word
SCANNED = [CORE]
#: where games live: never scanned
GAMES = CORE / "games"

#: the Wonders rules' own nouns (rulebook): what no other card game calls so
RULE_NOUNS = ("realm", "stone", "orbital", "abyss", "wonder", "energy", "nullif", "harvest",
              "centre", "banish", "limbo", "seize", "battle", "tier", "enemy", "faith")
#: words Wonders declares that every card game (or Python) also uses: a player's hand and
#: deck, an action (a player's move), ``dict.items()``, ``file.seek()``, a file's (sym)link
SHARED = {"hand", "deck", "action", "item", "seek", "link"}


def wonders_words() -> set[str]:
    """The Wonders words: its rule nouns and what its package declares."""
    spec = load_game("wonders")
    core_keywords = {e.name for e in core_vocabulary("wonders").entries if e.kind == "keyword"}
    zones = typing.get_args(selectors.CardFilter.model_fields["zone"].annotation)
    declared = {*card.CARD_TYPES, *card.ORBITALS, *zones, *wonders_text.RESOURCES,
                *(set(spec.registry.entries["keyword"]) - core_keywords)}
    assert {"wonder", "abyss", "petraia", "energy", "deathstrike"} <= declared  # derived
    return {w.lower() for w in (*RULE_NOUNS, *declared)} - SHARED


def _words(line: str) -> list[str]:
    line = re.sub(r"([a-z])([A-Z])", r"\1 \2", line.replace("_", " "))
    return [w.lower() for w in re.findall(r"[A-Za-z]+", line)]


def game_words_in(paths: list[Path], words: set[str]) -> list[str]:
    """``file:line: word (term)`` for each word of a scanned file that a game's term begins."""
    hits = []
    for root in paths:
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in files:
            if GAMES in path.parents:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for w in _words(line):
                    term = next((t for t in sorted(words) if w.startswith(t)), None)
                    if term:
                        where = path.relative_to(CORE.parent) \
                            if CORE.parent in path.parents else path
                        hits.append(f"{where}:{n}: {w} ({term})")
    return hits


def test_the_scanned_core_holds_no_wonders_word():
    hits = game_words_in(SCANNED, wonders_words())
    assert hits == [], "Wonders words in the core:\n" + "\n".join(hits)


def test_the_scan_finds_a_wonders_word(tmp_path):
    """The scan itself: in code, strings and comments, in any inflection or spelling."""
    (tmp_path / "m.py").write_text('X = 1\n_NULLIFY_ALL = "in this realm"  # The Abyss\n'
                                   "def petraiaCost(): pass\nitems = {}\n", encoding="utf-8")
    hits = game_words_in([tmp_path], wonders_words())
    m = tmp_path / "m.py"
    assert hits == [f"{m}:2: nullify (nullif)", f"{m}:2: realm (realm)",
                    f"{m}:2: abyss (abyss)", f"{m}:3: petraia (petraia)"]


def _docstring_lines(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            doc = node.body[0]
            out.update(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
    return out


def game_words_in_code(root: Path, words: set[str]) -> list[str]:
    """``file:line: word (term)`` for each name or string literal of the Python files under
    ``root`` (docstrings and comments aside) that a game's term begins."""
    hits = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        docs = _docstring_lines(ast.parse(source))
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type not in (tokenize.NAME, tokenize.STRING) or tok.start[0] in docs:
                continue
            for w in _words(tok.string):
                term = next((t for t in sorted(words) if w.startswith(t)), None)
                if term and w not in TOOLS_ALLOWED:
                    hits.append(f"{path.relative_to(root.parent)}:{tok.start[0]}: {w} ({term})")
    return hits


def test_the_tools_code_holds_no_wonders_word():
    hits = game_words_in_code(TOOLS, wonders_words())
    assert hits == [], "Wonders words in the tools' code:\n" + "\n".join(hits)


def test_the_code_scan_finds_a_wonders_word_and_skips_docstrings(tmp_path):
    (tmp_path / "m.py").write_text('"""A realm in a docstring."""\nX = "the abyss"\n'
                                   "# a realm in a comment\ndef petraia(): pass\n",
                                   encoding="utf-8")
    hits = game_words_in_code(tmp_path, wonders_words())
    assert hits == [f"{tmp_path.name}/m.py:2: abyss (abyss)",
                    f"{tmp_path.name}/m.py:4: petraia (petraia)"]
