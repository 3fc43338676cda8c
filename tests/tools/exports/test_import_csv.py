"""`cardscript import-csv`: stats edited in a spreadsheet go back into the card files in
place (every other byte kept), each change checked first; a bad cell names its file, row
and column and nothing is written."""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from cardscript import plugins
from cardscript.cardpool import CardPool
from cardscript.tools.facts import load_facts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES = sorted(plugins.games())


def export_csv(cli, folders, game, out: Path) -> Path:
    rc, _, err = cli("export", *folders, "--game", game, "--to", "csv", "--out", out)
    assert rc == 0, err
    (path,) = out.glob("*.csv")
    return path


def rows_of(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    path.write_bytes(buf.getvalue().encode("utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_changes_nothing(game, copy_sets, snapshot, tmp_path, cli):
    folders = copy_sets(game, tmp_path / "set")
    before = snapshot(tmp_path / "set")
    path = export_csv(cli, folders, game, tmp_path / "out")
    rc, out, err = cli("import-csv", path, *folders, "--game", game)
    assert (rc, out.strip(), err) == (0, "no changes", "")
    assert snapshot(tmp_path / "set") == before  # byte for byte


# -- random edits: import them, export again, and the CSV is the edited one --------------

class _Sets(dict):
    def __repr__(self) -> str:  # hypothesis shows a failing example's arguments
        return f"<the bundled sets of {', '.join(self)}, copied>"


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    """Each game's bundled set copied once, with its CSV and the editable cells of it."""
    from cardscript.tools.cli import main
    out = _Sets()
    for game in GAMES:
        base = tmp_path_factory.mktemp(game)
        root = plugins.games()[game].cards_dir
        folders = []
        for d in sorted(root.iterdir()):
            if d.is_dir() and d.name != "decks" and any(d.rglob("*.card.yaml")):
                shutil.copytree(d, base / "pristine" / d.name)
                folders.append(d.name)
        assert main(["export", *(str(base / "pristine" / f) for f in folders), "--game", game,
                     "--to", "csv", "--out", str(base / "csv")]) == 0
        (path,) = (base / "csv").glob("*.csv")
        facts = load_facts([base / "pristine" / f for f in folders], game)
        out[game] = (base, folders, rows_of(path), facts)
    return out


@st.composite
def edits(draw, game_sets):
    game = draw(st.sampled_from(GAMES))
    base, folders, rows, facts = game_sets[game]
    header = rows[0]
    # a set stat changed to another value of its kind: numbers and choices
    cells = [(r, header.index(f.name), f) for r in range(1, len(rows)) for f in facts.fields
             if f.editable and rows[r][header.index(f.name)] != ""]
    picked = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4,
                           unique_by=lambda c: (c[0], c[1])))
    changed = [list(r) for r in rows]
    for r, c, f in picked:
        changed[r][c] = str(draw(st.integers(1, 12))) if f.kind == "int" \
            else draw(st.sampled_from(f.choices))
    return game, changed


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(data=st.data())
def test_random_stat_edits_come_back_in_the_next_export(data, sets, tmp_path_factory,
                                                        snapshot):
    from cardscript.tools.cli import main
    game, changed = data.draw(edits(sets))
    base, folders, rows, _ = sets[game]
    work = tmp_path_factory.mktemp("work")
    shutil.copytree(base / "pristine", work / "set")
    paths = [str(work / "set" / f) for f in folders]
    edited = work / "edited.csv"
    write_rows(edited, changed)
    before = snapshot(work / "set")
    rc = main(["import-csv", str(edited), *paths, "--game", game])
    if rc != 0:  # the card model refused an edit (a stat out of range for the card, say)
        assert rc == 1 and snapshot(work / "set") == before
        return
    assert main(["export", *paths, "--game", game, "--to", "csv", "--out",
                 str(work / "again")]) == 0
    (again,) = (work / "again").glob("*.csv")
    # the export is the edited CSV, cell for cell, but for the rules text of a card whose
    # stats changed and of a card naming it: a game may print a stat in its text
    # (Spellfire's "+2 to its champion's level"), and a card the cards it creates ("Create a
    # 1-power Skeleton token"), which the export generates again
    text = rows[0].index("text")
    edited_ids = {changed[r][0] for r in range(1, len(rows)) if changed[r] != rows[r]}
    cards = CardPool.bundled(game).cards
    naming = {cid for cid, card in cards.items()
              if any(ref in edited_ids for _, ref in card.references or ())}
    touched = {r for r in range(1, len(rows)) if rows[r][0] in edited_ids | naming}
    got = rows_of(again)
    assert len(got) == len(changed)
    for r, (old, new) in enumerate(zip(changed, got, strict=True)):
        if r in touched:
            old, new = old[:text] + old[text + 1:], new[:text] + new[text + 1:]
        assert new == old
    if not touched:
        assert again.read_bytes() == edited.read_bytes()


# -- layout ----------------------------------------------------------------------------

CARD = """\
# yaml-language-server: $schema=../schemas/wonders/card.schema.json
# A comment at the top, kept.
id: ember-whelp
name: Ember Whelp
type: wonder
orbital: "solfera"     # quoted, and a comment after it
tier: secondary
cost: 2  # cheap
power: 2
classes: [Dragon]
text: "ON ARRIVAL: Draw a card."

# the script
abilities:
  - trigger: on_arrival
    effect: [{draw: 1}]
"""


def _mine(tmp_path: Path, text: str = CARD) -> Path:
    mine = tmp_path / "mine"
    mine.mkdir(exist_ok=True)
    (mine / "ember-whelp.card.yaml").write_text(text, encoding="utf-8")
    return mine


def _edit(cli, tmp_path, mine, **cells) -> tuple[int, str, str, Path]:
    path = export_csv(cli, [mine], "wonders", tmp_path / "out")
    rows = rows_of(path)
    for name, value in cells.items():
        rows[1][rows[0].index(name)] = value
    write_rows(path, rows)
    rc, out, err = cli("import-csv", path, mine)
    return rc, out, err, path


def test_comments_quoting_and_layout_survive_an_edit(tmp_path, cli):
    mine = _mine(tmp_path)
    rc, out, err, _ = _edit(cli, tmp_path, mine, cost="3", orbital="thalwind", power="4",
                            tier="primary")
    assert rc == 0, err
    assert (mine / "ember-whelp.card.yaml").read_text(encoding="utf-8") == CARD \
        .replace('orbital: "solfera"', 'orbital: "thalwind"') \
        .replace("tier: secondary", "tier: primary") \
        .replace("cost: 2  # cheap\npower: 2\n", "cost: 3  # cheap\npower: 4\n")
    assert "ember-whelp: cost 2 → 3" in out and "ember-whelp: power 2 → 4" in out
    assert "ember-whelp: orbital solfera → thalwind" in out


REALM = """\
# A realm of my own.
id: my-realm
name: My Realm
type: realm
number: 47   # the set's number
world: ashmark
"""


def test_a_stat_absent_from_the_file_is_added_and_an_emptied_one_removed(tmp_path, cli):
    mine = tmp_path / "mine"
    mine.mkdir()
    card = mine / "my-realm.card.yaml"
    card.write_text(REALM, encoding="utf-8")
    path = export_csv(cli, [mine], "spellfire", tmp_path / "out")
    rows = rows_of(path)
    assert rows[1][rows[0].index("defends")] == ""  # absent from the file, empty in the CSV
    rows[1][rows[0].index("defends")] = "3"
    write_rows(path, rows)
    rc, out, err = cli("import-csv", path, mine, "--game", "spellfire")
    assert rc == 0, err
    assert "my-realm: defends (none) → 3" in out
    # after the field before it in the card model's order (world), in the file's layout
    assert card.read_text(encoding="utf-8") == REALM + "defends: 3\n"
    rows[1][rows[0].index("defends")] = ""
    write_rows(path, rows)
    rc, out, err = cli("import-csv", path, mine, "--game", "spellfire")
    assert rc == 0 and "defends 3 → (none)" in out, err
    assert card.read_text(encoding="utf-8") == REALM


def test_crlf_files_keep_their_line_ends(tmp_path, cli):
    mine = _mine(tmp_path, CARD.replace("\n", "\r\n"))
    rc, _, err, _ = _edit(cli, tmp_path, mine, power="6")
    assert rc == 0, err
    raw = (mine / "ember-whelp.card.yaml").read_bytes()
    assert b"cost: 2  # cheap\r\npower: 6\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")


def test_dry_run_writes_nothing(tmp_path, cli):
    mine = _mine(tmp_path)
    path = export_csv(cli, [mine], "wonders", tmp_path / "out")
    rows = rows_of(path)
    rows[1][rows[0].index("cost")] = "5"
    write_rows(path, rows)
    rc, out, _ = cli("import-csv", path, mine, "--dry-run")
    assert rc == 0 and "cost 2 → 5" in out and "dry run" in out
    assert (mine / "ember-whelp.card.yaml").read_text(encoding="utf-8") == CARD


# -- bad input: each problem at its row and column, and nothing written ------------------

@pytest.mark.parametrize(("column", "value", "col", "says"), [
    ("cost", "three", 4, "found 'three', expected a whole number"),
    ("cost", "2.5", 4, "expected a whole number"),
    ("tier", "mythic", 6, "found 'mythic', expected one of: legendary, primary, secondary"),
    ("cost", "", 4, "empty, but every card has a 'cost': expected a whole number"),
    ("orbital", "", 5, "empty, but every card has a 'orbital': expected one of: petraia"),
    ("name", "Ember Drake", 2, "read-only column changed: found 'Ember Drake', the card has "
                               "'Ember Whelp'"),
    ("classes", "Wyrm", 8, "read-only column changed"),
    ("cost", "-1", 4, "the card would be invalid"),
])
def test_a_bad_cell_names_its_row_and_column(tmp_path, cli, column, value, col, says):
    mine = _mine(tmp_path)
    rc, out, err, path = _edit(cli, tmp_path, mine, power="9", **{column: value})
    assert rc == 1 and out == ""
    assert f"{path}:2:{col}: row 2, card 'ember-whelp', column '{column}'" in err
    assert says in err
    assert (mine / "ember-whelp.card.yaml").read_text(encoding="utf-8") == CARD


def test_unknown_ids_columns_and_repeated_rows(tmp_path, cli):
    mine = _mine(tmp_path)
    path = export_csv(cli, [mine], "wonders", tmp_path / "out")
    rows = rows_of(path)
    write_rows(path, [rows[0], rows[1], ["ember-whelq", *rows[1][1:]], rows[1]])
    rc, _, err = cli("import-csv", path, mine)
    assert rc == 1
    assert f"{path}:3:1: row 3, column 'id' (A): no card 'ember-whelq'" in err
    assert "(did you mean 'ember-whelp'?)" in err
    assert f"{path}:4:1: row 4, card 'ember-whelp', column 'id' (A): card 'ember-whelp' is " \
        "already on row 2" in err
    write_rows(path, [[*rows[0], "rarity"], [*rows[1], "rare"]])
    rc, _, err = cli("import-csv", path, mine)
    assert rc == 1 and f"{path}:1:15: row 1, column 'rarity' (O): unknown column 'rarity'" in err
    write_rows(path, [rows[0][1:], rows[1][1:]])
    rc, _, err = cli("import-csv", path, mine)
    assert rc == 1 and "no 'id' column" in err
    write_rows(path, [rows[0], rows[1][:-3]])
    rc, _, err = cli("import-csv", path, mine)
    assert rc == 1 and f"{path}:2:1: row 2: 11 cells, but the header has 14" in err
    assert (mine / "ember-whelp.card.yaml").read_text(encoding="utf-8") == CARD


def test_one_bad_cell_stops_every_change(tmp_path, cli, copy_sets, snapshot):
    folders = copy_sets("spellfire", tmp_path / "set")
    before = snapshot(tmp_path / "set")
    path = export_csv(cli, folders, "spellfire", tmp_path / "out")
    rows = rows_of(path)
    level = rows[0].index("level")
    good = next(r for r in range(1, len(rows)) if rows[r][level])
    bad = next(r for r in range(good + 1, len(rows)) if rows[r][level])
    rows[good][level] = str(int(rows[good][level]) + 1)
    rows[bad][level] = "high"
    write_rows(path, rows)
    rc, out, err = cli("import-csv", path, *folders, "--game", "spellfire")
    assert rc == 1 and out == ""
    assert f"{path}:{bad + 1}:{level + 1}: row {bad + 1}, card '{rows[bad][0]}', column " \
        f"'level'" in err
    assert snapshot(tmp_path / "set") == before


def test_input_files_are_bounded_and_checked(tmp_path, cli):
    mine = _mine(tmp_path)
    big = tmp_path / "big.csv"
    big.write_bytes(b"id\r\n" + b"x" * 1_000_001)
    rc, _, err = cli("import-csv", big, mine)
    assert rc == 1 and "larger than 1000000 bytes" in err
    latin = tmp_path / "latin.csv"
    latin.write_bytes("id,name\r\nember-whelp,Caf\xe9\r\n".encode("latin-1"))
    rc, _, err = cli("import-csv", latin, mine)
    assert rc == 1 and f"{latin}:2:1: the file is not UTF-8" in err
    broken = tmp_path / "broken.csv"
    broken.write_bytes(b'id,name\r\nember-whelp,"Ember" Whelp\r\n')
    rc, _, err = cli("import-csv", broken, mine)
    assert rc == 1 and "not a readable CSV file" in err and "Traceback" not in err
    rc, _, err = cli("import-csv", tmp_path / "missing.csv", mine)
    assert rc == 2 and "no such file" in err
    deck = sorted((plugins.games()["wonders"].cards_dir / "decks").glob("*.deck.yaml"))[0]
    rc, _, err = cli("import-csv", big, deck)
    assert rc == 2 and "not the deck" in err


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_a_sheet_saved_with_semicolons_or_tabs_is_read(tmp_path, cli, delimiter):
    mine = _mine(tmp_path)
    path = export_csv(cli, [mine], "wonders", tmp_path / "out")
    rows = rows_of(path)
    rows[1][rows[0].index("cost")] = "4"
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    path.write_bytes(b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8"))  # and a BOM
    rc, out, err = cli("import-csv", path, mine)
    assert rc == 0 and "cost 2 → 4" in out, err


# -- writing: all files or none ------------------------------------------------------------

def _three_cards(tmp_path: Path, cli) -> tuple[Path, Path]:
    """Three card files, and a CSV that changes the cost of each."""
    mine = _mine(tmp_path)
    for n in (2, 3):
        (mine / f"ember-whelp-{n}.card.yaml").write_text(
            CARD.replace("id: ember-whelp", f"id: ember-whelp-{n}")
            .replace("name: Ember Whelp", f"name: Ember Whelp {n}"), encoding="utf-8")
    path = export_csv(cli, [mine], "wonders", tmp_path / "out")
    rows = rows_of(path)
    cost = rows[0].index("cost")
    for r in rows[1:]:
        r[cost] = "7"
    write_rows(path, rows)
    return mine, path


def _failing(monkeypatch, name: str, when, nth: int = 2):
    """``os.<name>`` failing (EACCES) on the ``nth`` call that ``when(args)`` picks."""
    import errno
    import os
    real, calls = getattr(os, name), []

    def fake(*args, **kw):
        if when(args):
            calls.append(args)
            if len(calls) == nth:
                raise PermissionError(errno.EACCES, "Permission denied", str(args[0]))
        return real(*args, **kw)
    monkeypatch.setattr(os, name, fake)
    return calls


@pytest.mark.parametrize("stage", ["a temporary file", "a rename"])
def test_a_write_that_fails_on_the_second_file_leaves_every_file_as_it_was(
        tmp_path, cli, snapshot, monkeypatch, stage):
    mine, path = _three_cards(tmp_path, cli)
    before = snapshot(mine)
    if stage == "a rename":  # the second new file renamed over its card file
        calls = _failing(monkeypatch, "replace", lambda a: str(a[0]).endswith(".import-new"))
    else:  # the second file's temporary file can't be made (a full disk, say)
        calls = _failing(monkeypatch, "open", lambda a: ".import-" in str(a[0]), nth=3)
    rc, out, err = cli("import-csv", path, mine)
    monkeypatch.undo()
    assert len(calls) >= 2 and rc == 1, err
    assert "cannot write: Permission denied; nothing was written" in err, err
    assert err.startswith(str(mine)) and "Traceback" not in err
    assert snapshot(mine) == before  # and no temporary file is left
    rc, out, _ = cli("import-csv", path, mine)  # and the import can simply be run again
    assert rc == 0 and "3 change(s) written to 3 file(s)" in out
    assert all("cost: 7  # cheap" in f.read_text(encoding="utf-8") for f in mine.iterdir())


def test_a_file_that_cannot_be_put_back_is_named_with_its_old_content(tmp_path, cli, snapshot,
                                                                     monkeypatch):
    from cardscript.tools import csv_import
    mine, path = _three_cards(tmp_path, cli)
    before = snapshot(mine)
    _failing(monkeypatch, "replace", lambda a: str(a[0]).endswith(".import-new"), nth=3)
    monkeypatch.setattr(csv_import, "_put_back", lambda s: s.path.endswith("-2.card.yaml")
                        and _real_put_back(s))
    rc, _, err = cli("import-csv", path, mine)
    monkeypatch.undo()
    assert rc == 1 and "the import stopped" in err
    (stuck,) = [line for line in err.splitlines() if "could not be put back" in line]
    old = Path(stuck.rsplit("its old content is in ", 1)[1])
    assert stuck.startswith(str(mine / "ember-whelp.card.yaml"))
    assert old.read_bytes() == before["ember-whelp.card.yaml"]
    assert {p.name for p in mine.iterdir()} == {*before, old.name}  # nothing else left


def _real_put_back(s) -> bool:
    import os
    os.replace(s.old, s.target)
    return True


class _Counted(str):
    """A header cell that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other):
        _Counted.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__

    def strip(self, *chars):
        return _Counted(str.strip(self, *chars))


def test_the_header_check_is_linear_in_the_header(tmp_path, monkeypatch):
    """A header of thousands of columns, half of them one column repeated: each name is
    compared a bounded number of times (a scan of the columns before it, per column, was
    quadratic: a 700 KB header took minutes)."""
    from cardscript.errors import CardError
    from cardscript.tools import csv_import
    mine = _mine(tmp_path)
    width = 4000
    header = ["id", *(f"c{i}" for i in range(width // 2)), *["cost"] * (width // 2)]
    monkeypatch.setattr(csv_import, "read_rows", lambda path: [list(map(_Counted, header))])
    _Counted.compared = 0
    with pytest.raises(CardError) as info:
        csv_import.plan("sheet.csv", [str(mine)], "wonders")
    # a few comparisons a column (a hash lookup's); quadratic would be millions
    assert _Counted.compared <= 10 * len(header), _Counted.compared
    assert len(info.value.diagnostics) == width - 1
    assert "column 'cost' appears twice (first in column" in str(info.value.diagnostics[-1])
