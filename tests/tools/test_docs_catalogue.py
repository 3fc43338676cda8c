"""The vocabulary catalogue (`cardscript docs`) is read from the registry: every trigger,
selector, effect, condition, value and keyword of a game is on its page with its parameters,
rules-text template, docstring and an example from the bundled cards."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest
from cardscript.plugins import games, load_game
from cardscript.registry import KINDS
from cardscript.tools.cli import main
from markupsafe import escape


class Catalogue(HTMLParser):
    def __init__(self, html: str):
        super().__init__()
        self.kinds: dict[str, int] = {}
        self.entries: dict[tuple[str, str], list[str]] = {}
        self._entry: list[str] | None = None
        self._depth = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag != "section":
            return
        if self._entry is not None:
            self._depth += 1
        elif "entry" in (a.get("class") or "").split():
            self._entry = self.entries[(a["data-kind"], a["data-entry"])] = []
            self._depth = 1
        elif "kind" in (a.get("class") or "").split():
            self.kinds[a["data-kind"]] = int(a["data-count"])

    def handle_endtag(self, tag):
        if tag == "section" and self._entry is not None:
            self._depth -= 1
            if not self._depth:
                self._entry = None

    def handle_data(self, data):
        if self._entry is not None:
            self._entry.append(data)

    def text(self, kind: str, name: str) -> str:
        return " ".join(self.entries[(kind, name)])


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs")
    assert main(["docs", "--out", str(out), "--game", "wonders"]) == 0
    return Catalogue((out / "wonders.html").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def registry():
    return load_game("wonders").registry


def test_counts_match_the_registry(catalogue, registry):
    assert catalogue.kinds == {k: len(registry.entries[k]) for k in KINDS}
    for kind in KINDS:
        on_page = sorted(n for k, n in catalogue.entries if k == kind)
        assert on_page == sorted(registry.entries[kind]), kind


def test_every_entry_shows_its_declaration(catalogue, registry):
    for kind in KINDS:
        for name, entry in registry.entries[kind].items():
            text = catalogue.text(kind, name)
            if entry.doc:
                assert " ".join(entry.doc.split()[:6]).replace("``", "").replace("`", "") \
                    in " ".join(text.split()), (kind, name)
            if entry.text:
                assert entry.text in text, (kind, name)
            for field_name, info in (entry.params.model_fields.items() if entry.params
                                     else ()):
                assert (info.alias or field_name) in text, (kind, name, field_name)


def test_parameter_types_and_defaults(catalogue):
    draw = " ".join(catalogue.text("effect", "draw").split())
    assert "count shorthand Value 1" in draw  # type links to the Value kind, default 1
    assert "player you | opponent | each | target | owner | controller you" in draw
    # written forms: whenever needs exactly one event, so its bare name is not offered
    assert "Written {whenever: {dies: ..." in " ".join(catalogue.text("trigger",
                                                                     "whenever").split())
    assert "Written end_of_battle · {end_of_battle: {attacking: ...}}" in " ".join(
        catalogue.text("trigger", "end_of_battle").split())
    sacrifice = " ".join(catalogue.text("effect", "sacrifice").split())
    assert "selector shorthand Selector required" in sacrifice
    wonder = " ".join(catalogue.text("selector", "wonder").split())
    assert "zone world | abyss | hand | deck | banishment world" in wonder
    assert "class str | null null A class, e.g. Dragon." in wonder


def test_examples_come_from_bundled_cards_that_use_the_entry(catalogue, registry):
    examples = 0
    for (kind, name), parts in catalogue.entries.items():
        text = "".join(parts)
        if "Example:" not in text:
            continue
        examples += 1
        snippet = text.split("Example:", 1)[1]
        assert ".card.yaml:" in snippet
        if not registry.entries[kind][name].meta.get("internal"):
            assert name in snippet.split("\n", 1)[1], (kind, name)
    assert examples >= len(catalogue.entries) * 3 // 4
    destroy = catalogue.text("effect", "destroy")
    assert "{destroy: " in destroy or "destroy: target" in destroy


def test_all_games_and_an_index(tmp_path, capsys):
    assert main(["docs", "--out", str(tmp_path)]) == 0
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    for name in games():
        assert (tmp_path / f"{name}.html").exists()
        assert f'href="{name}.html"' in index


def test_unknown_game_is_a_usage_error(tmp_path, capsys):
    assert main(["docs", "--out", str(tmp_path), "--game", "wondres"]) == 2
    assert "did you mean 'wonders'" in capsys.readouterr().err


def test_each_game_answers_how_do_i_write_each_pattern(tmp_path):
    """Every game's page answers the same patterns, each with a bundled card that checks
    clean (shown with its rules text) or with why it can't be written yet."""
    from cardscript.tools.patterns import PATTERNS, patterns
    assert main(["docs", "--out", str(tmp_path)]) == 0
    for name in games():
        docs = patterns(load_game(name))
        assert [p.name for p in docs] == list(PATTERNS), name
        page = (tmp_path / f"{name}.html").read_text(encoding="utf-8")
        for p in docs:
            assert f'data-pattern="{p.name}"' in page
            if p.card:
                assert p.text and str(escape(p.text)) in page, (name, p.name)
            else:
                assert p.not_yet, (name, p.name)
