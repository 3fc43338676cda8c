"""Control characters in a card's printed words: `check` refuses them in every string field
of every game's card model (a CS105 at the field, the character shown escaped; rules text
may break lines), and every tool that prints a card's words escapes them anyway (a card
loaded before the check existed, a keyword's words), so no card can drive the terminal that
shows it."""
from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
from cardscript.cardpool import CARD_SUFFIX, find_files
from cardscript.errors import printable
from cardscript.loader import load_file
from cardscript.plugins import games
from cardscript.table import AreaView, CardView, PlayerView, TableView
from cardscript.tools.cli import main

GAMES = sorted(games())
ESC = "\x1b[2J"  # clears the screen
#: characters printable() escapes, one of each kind: C0, DEL, C1, line separator, bidi, BOM
#: (the tab is text: a rules text may indent with one)
HOSTILE = ["\x1b", "\r", "\x7f", "\x9b", "\u2028", "\u202e", "\ufeff"]


def _string_fields(model) -> dict[str, bool]:
    """The card model's fields that hold text: name -> whether it is a list of strings."""
    out = {}
    for name, info in model.model_fields.items():
        t = info.annotation
        args = [a for a in typing.get_args(t) if a is not type(None)]
        if t is str or args == [str] and typing.get_origin(t) is not list:
            out[name] = False
        elif typing.get_origin(t) is list and args == [str]:
            out[name] = True
    return out


def _a_card(game: str) -> dict:
    spec = games()[game]
    for f in find_files([spec.cards_dir], CARD_SUFFIX):
        data = load_file(f).data
        if not data.get("token") and data.get("abilities"):
            return data
    raise AssertionError(game)


def _write(folder: Path, data: dict) -> tuple[Path, dict[str, int]]:
    """The card as JSON-style YAML, one key a line; and each key's line."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "card.card.yaml"  # not the id's name: an id may be what is tested
    lines = {k: i for i, k in enumerate(data, 1)}
    path.write_text("".join(f"{k}: {json.dumps(v)}\n" for k, v in data.items()),
                    encoding="utf-8")
    return path, lines


def _check(capsys, path: Path, game: str) -> tuple[int, list[str]]:
    rc = main(["check", str(path), "--game", game])
    return rc, [line for line in capsys.readouterr().err.splitlines() if ": CS" in line]


@pytest.mark.parametrize("game", GAMES)
def test_every_string_field_of_every_card_model_refuses_a_control_character(game, tmp_path,
                                                                            capsys):
    fields = _string_fields(games()[game].card_model)
    assert {"name", "text"} <= set(fields)  # the base's, and each game's own
    for field, is_list in fields.items():
        data = _a_card(game)
        data[field] = [f"Ok{ESC}"] if is_list else f"Ok{ESC}"
        path, lines = _write(tmp_path / field, data)
        rc, problems = _check(capsys, path, game)
        col = len(field) + 3 + is_list  # after "field: " (and the list's "[")
        at = f"{field}.0" if is_list else field
        want = (f"{path}:{lines[field]}:{col}: CS105 [{printable(data['id'])}] the control "
                f"character "
                f"'\\x1b' can't be printed: remove it")
        assert rc == 1 and any(p.startswith(want) and p.endswith(f"(at {at})")
                               for p in problems), (field, problems)


@pytest.mark.parametrize("ch", HOSTILE)
def test_each_character_printable_escapes_is_refused_and_named_escaped(ch, tmp_path, capsys):
    data = _a_card("wonders")
    data["name"] = f"Bad{ch}Name"
    path, lines = _write(tmp_path, data)
    rc, problems = _check(capsys, path, "wonders")
    shown = repr(ch)[1:-1]  # as Python escapes it: '\x1b', '\r', '\u202e'
    assert rc == 1 and f" '{shown}' can't be printed" in problems[0], problems
    assert ch not in "".join(problems)


def test_rules_text_may_break_lines_and_nothing_else(tmp_path, capsys):
    data = _a_card("wonders")
    data["text"] = "One.\nTwo."
    path, _ = _write(tmp_path / "good", data)
    rc, problems = _check(capsys, path, "wonders")
    assert problems == [] or all("CS105" not in p for p in problems)
    data["text"], data["name"] = "One.\r\nTwo.", "Two\nLines"
    path, lines = _write(tmp_path / "bad", data)
    rc, problems = _check(capsys, path, "wonders")
    assert rc == 1
    assert any(f":{lines['name']}:7: CS105" in p and "'\\n'" in p and "(at name)" in p
               for p in problems), problems
    assert any("'\\r'" in p and "rules text may break lines with '\\n'" in p
               and "(at text)" in p for p in problems), problems


def test_a_keyword_macros_printed_text_refuses_them_too(tmp_path, capsys):
    kw = tmp_path / "keywords"
    kw.mkdir()
    (kw / "glow.keyword.yaml").write_text(
        'keyword: glow\ntext: "Glow\\u001b[5m"\nreminder: "Shines."\n'
        "abilities:\n  - trigger: on_arrival\n    effect: {draw: 1}\n", encoding="utf-8")
    rc = main(["check", str(tmp_path)])
    err = capsys.readouterr().err
    assert rc == 1 and f"{kw / 'glow.keyword.yaml'}:2:7: CS105" in err and "'\\x1b'" in err


# -- printing: escaped by every tool, whatever got through -------------------------------

@pytest.fixture
def unchecked(monkeypatch, tmp_path):
    """A card whose name, classes and text hold escape sequences, loaded with the check
    switched off (as a card compiled before it existed would be)."""
    import cardscript.model.validate as validate
    monkeypatch.setattr(validate, "printed_problems", lambda *a: [], raising=False)
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    data = _a_card("wonders")
    data.update(id="hostile", name=f"Hostile{ESC}Name\u202e", classes=[f"Evil{ESC}"],
                text=f"ON ARRIVAL: Draw a card.{ESC}\u202e")
    data.pop("keywords", None)
    path, _ = _write(tmp_path / "set", data)
    return path


def _clean(out: str, escaped: str = "\\x1b[2J") -> None:
    for ch in ("\x1b", "\u202e"):
        assert ch not in out
    assert escaped in out


@pytest.mark.parametrize("argv", [
    ["find", "name:hostile", "{path}"],
    ["find", "name:hostile", "{path}", "--format", "json"],
    ["find", "name:hostile", "{path}", "--format", "ids"],
    ["text", "{path}", "--diff"],
    ["explain", "{path}"],
])
def test_tools_print_a_cards_words_escaped(unchecked, capsys, argv):
    rc = main([a.format(path=unchecked) for a in argv])
    out = capsys.readouterr().out
    assert rc in (0, 1)  # text: the printed text differs from the generated one
    if "ids" in argv:
        assert out.strip() == "hostile"
        return
    _clean(out, "\\u001b[2J" if "json" in argv else "\\x1b[2J")
    if "json" in argv:
        assert "\\u202e" in out
        (card,) = json.loads(out)
        assert card["name"] == f"Hostile{ESC}Name\u202e"  # the same JSON value, escaped


def test_find_table_at_a_terminal_escapes_them(unchecked, capsys, monkeypatch):
    import cardscript.tools.commands.find as find
    monkeypatch.setattr(find, "stdout_is_tty", lambda: True)
    assert main(["find", "name:hostile", str(unchecked)]) == 0
    _clean(capsys.readouterr().out)


def test_the_play_table_shows_every_word_escaped():
    from cardscript.tools.play.view import table_lines
    card = CardView(f"A{ESC}", "a", {"type": f"t{ESC}"}, [f"owned by P{ESC}"],
                    {f"+1{ESC}": 1}, [CardView(f"B{ESC}")])
    table = TableView(f"round 1{ESC}", f"Me{ESC}", [PlayerView(f"Me{ESC}", {"energy": 1})],
                      [AreaView(f"realm{ESC}", f"Me{ESC}", [card], [f"held{ESC}"])], [card])
    text = "\n".join(table_lines(table))
    _clean(text)
    assert "(you)" in text  # the viewer is still told apart


def test_a_cards_full_text_at_the_play_prompt_is_escaped(unchecked):
    """`? CARD` at the table prints the card's facts: its name, stats and rules text."""
    from cardscript.tools.facts import load_facts
    from cardscript.tools.play.view import fact_lines
    (facts,) = [f for f in load_facts([unchecked], "wonders").cards if f.id == "hostile"]
    text = "\n".join(fact_lines(facts))
    _clean(text)
    assert text.startswith("Hostile\\x1b[2JName")


def test_diff_text_escapes_them(unchecked, capsys, tmp_path):
    old = tmp_path / "old"
    _write(old, {**_a_card("wonders"), "id": "plain"})
    assert main(["diff", str(old), str(unchecked.parent)]) == 0
    out = capsys.readouterr().out
    _clean(out)
    assert "Hostile\\x1b[2JName\\u202e" in out
