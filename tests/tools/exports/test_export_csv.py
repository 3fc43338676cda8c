"""`cardscript export --to csv`: one row per card, the columns derived from each game's card
model, RFC 4180, stable bytes, and no cell a spreadsheet would run as a formula."""
from __future__ import annotations

import csv
import io

import pytest
from cardscript import plugins
from cardscript.tools.exports import formats
from cardscript.tools.exports.spreadsheet import guard, unguard
from cardscript.tools.facts import card_fields, load_facts

GAMES = sorted(plugins.games())


def read(path) -> list[list[str]]:
    raw = path.read_bytes()
    return list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))


def test_csv_is_a_format_of_export():
    assert formats()["csv"].NAME == "csv"


@pytest.mark.parametrize("game", GAMES)
def test_one_row_per_card_with_the_games_fields(game, copy_sets, tmp_path, cli):
    folders = copy_sets(game, tmp_path / "set")
    rc, out, err = cli("export", *folders, "--game", game, "--to", "csv", "--out",
                       tmp_path / "out")
    assert rc == 0, err
    (path,) = (tmp_path / "out").glob("*.csv")
    assert f"wrote {path}" in out
    rows = read(path)
    fields = [f.name for f in card_fields(plugins.games()[game].card_model)]
    assert rows[0] == ["id", "name", "type", *fields, "keywords", "text"]
    facts = load_facts(folders, game)
    assert [r[0] for r in rows[1:]] == [c.id for c in facts.cards] == \
        sorted(c.id for c in facts.cards)
    for row, card in zip(rows[1:], facts.cards, strict=True):
        assert len(row) == len(rows[0])
        assert unguard(row[1]) == card.name and unguard(row[2]) == card.type
        assert unguard(row[-1]) == card.text
        assert unguard(row[-2]) == "; ".join(k.label for k in card.keywords)
        for f in facts.fields:
            value = card.fields[f.name]
            cell = row[rows[0].index(f.name)]
            if f.kind == "int":
                assert cell == ("" if value is None else str(value))
            elif f.kind == "list":
                assert unguard(cell) == "; ".join(value or ())
    # RFC 4180 line ends, and the same set writes the same bytes
    raw = path.read_bytes()
    assert raw.endswith(b"\r\n") and raw.split(b"\r\n")[0].decode() == ",".join(rows[0])
    cli("export", *folders, "--game", game, "--to", "csv", "--out", tmp_path / "again")
    assert (tmp_path / "again" / path.name).read_bytes() == raw


def test_a_deck_lists_its_cards_in_its_order_with_copies(tmp_path, cli):
    game = "riftbound"
    deck = sorted((plugins.games()[game].cards_dir / "decks").glob("*.deck.yaml"))[0]
    rc, _, err = cli("export", deck, "--game", game, "--to", "csv", "--out", tmp_path)
    assert rc == 0, err
    (path,) = tmp_path.glob("*.csv")
    rows = read(path)
    assert rows[0][-1] == "copies"
    facts = load_facts([deck], game)
    assert [(r[0], int(r[-1])) for r in rows[1:]] == list(facts.copies.items())


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://x\")", "+1 power", "-2 cost", "@SUM(A1)",
                                  "\tx", "'quoted", "''twice", "=", "plain", "", "'plain"])
def test_guard_is_reversible_and_defuses_formulas(text):
    cell = guard(text)
    assert unguard(cell) == text
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))


def test_formula_cells_are_guarded_and_numbers_are_not(tmp_path, cli):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "evil.card.yaml").write_text(
        'id: evil\nname: "=HYPERLINK(\\"http://x\\")"\ntype: wonder\norbital: solfera\n'
        'tier: primary\ncost: 2\npower: 1\nclasses: ["@Admin", "+Plus"]\n', encoding="utf-8")
    rc, _, err = cli("export", tmp_path / "mine", "--to", "csv", "--out", tmp_path / "out")
    assert rc == 0, err
    rows = read(tmp_path / "out" / "mine.csv")
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["name"] == "'=HYPERLINK(\"http://x\")"
    assert row["classes"] == "'@Admin; +Plus"
    assert row["cost"] == "2" and row["power"] == "1"
    # import-csv reads the guarded cells back as the card says them: nothing to change
    rc, out, err = cli("import-csv", tmp_path / "out" / "mine.csv", tmp_path / "mine")
    assert (rc, out.strip()) == (0, "no changes"), err
