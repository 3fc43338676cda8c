"""The card query language (tools/query.py, tools/query_match.py) and `cardscript find`: each
error's message and column, what each kind of field matches on the bundled sets of every
game, the command's formats and exit codes, and the docs' reference."""
from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import pytest
from cardscript.plugins import games
from cardscript.tools.cli import main
from cardscript.tools.facts import card_fields, load_facts
from cardscript.tools.query import MAX_DEPTH, MAX_LENGTH, QueryError, parse
from cardscript.tools.query_match import schema, search

DOCS = Path(__file__).parents[2] / "docs" / "find.md"
GAMES = sorted(games())


@pytest.fixture(scope="module")
def sets():
    return {g: load_facts([games()[g].cards_dir], g) for g in GAMES}


def ids(query, facts) -> set[str]:
    return {c.id for c in search(query, facts)}


# -- syntax errors: message and column ---------------------------------------------------------

SYNTAX_ERRORS = [
    ("", "empty query", None),
    ("   ", "empty query", None),
    ("a (", "'(' is never closed", 3),
    ("(a or b", "'(' is never closed", 1),
    (")", "unmatched ')'", 1),
    ("a b)", "unmatched ')'", 4),
    ("()", "empty parentheses", 1),
    ("or a", "'or' needs a term on each side", 1),
    ("a or", "'or' needs a term on each side", 3),
    ("a or or b", "'or' needs a term on each side", 3),
    ("(a or )", "'or' needs a term on each side", 4),
    ("and a", "'and' needs a term on each side", 1),
    ("a and", "'and' needs a term on each side", 3),
    ("- a", "'-' must be followed by a term", 1),
    ("a -", "'-' must be followed by a term", 3),
    ("-(a) -)", "'-' must be followed by a term", 6),
    ("-or a", "'-' must be followed by a term", 1),
    ('name:"draw', "unterminated quoted string", 6),
    ('"abc', "unterminated quoted string", 1),
    ("cost:", "missing value after 'cost:'", 6),
    ("cost<= 3", "missing value after 'cost<='", 7),
    ("t:(wonder)", "missing value after 't:'", 3),
    ("(" * (MAX_DEPTH + 1) + "a" + ")" * (MAX_DEPTH + 1),
     f"query nests deeper than {MAX_DEPTH} levels", MAX_DEPTH + 1),
    ("-" * (MAX_DEPTH + 1) + "a", f"query nests deeper than {MAX_DEPTH} levels", MAX_DEPTH + 1),
    ("a " * 501, f"query too long (1002 characters; at most {MAX_LENGTH})", None),
]


@pytest.mark.parametrize(("query", "message", "column"), SYNTAX_ERRORS)
def test_syntax_errors_name_the_column(query, message, column):
    with pytest.raises(QueryError) as info:
        parse(query)
    assert (info.value.message, info.value.column) == (message, column)
    if column is not None:
        line, caret = info.value.pointer().splitlines()
        assert line == "  " + query and caret == "  " + " " * (column - 1) + "^"


def test_deep_nesting_at_the_limit_parses():
    parse("(" * MAX_DEPTH + "a" + ")" * MAX_DEPTH)
    parse("-" * MAX_DEPTH + "a")
    # far beyond the limit: an error, never a RecursionError
    with pytest.raises(QueryError):
        parse("(" * 900)
    with pytest.raises(QueryError):
        parse("-" * 999 + "a")


# -- errors of meaning: unknown fields and values no card can take -------------------------

#: {field} in a message: the values of that field (or of `type`), from the game's card model
MEANING_ERRORS = [
    ("wonders", "orbitl:solfera", "unknown field 'orbitl' (did you mean 'orbital'?)", 1),
    ("wonders", "cost<=3 powr>2", "unknown field 'powr' (did you mean 'power'?)", 9),
    ("wonders", "zzz:1", "unknown field 'zzz'", 1),
    ("wonders", "orbital:solfra",
     "'orbital' has no value 'solfra' (did you mean 'solfera'?); its values: {orbital}", 9),
    ("wonders", "tier=prim", "'tier' has no value 'prim' (did you mean 'primary'?); its "
     "values: {tier}", 6),
    ("wonders", "t:wondr", "'type' has no value 'wondr' (did you mean 'wonder'?); its values: "
     "{type}", 3),
    ("wonders", "cost<=x", "'cost' takes a whole number, not 'x'", 7),
    ("wonders", "power:1.5", "'power' takes a whole number, not '1.5'", 7),
    ("wonders", "tier>2", "'>' compares numbers and 'tier' is not a number: use ':', '=' or "
     "'!='", 5),
    ("wonders", "name<=a", "'<=' compares numbers and 'name' is not a number: use ':', '=' or "
     "'!='", 5),
    ("wonders", "core:maybe", "'core' takes true or false, not 'maybe'", 6),
    ("wonders", "kw:flyng", "'keyword' has no value 'flyng' (did you mean 'flying'?); its "
     "values: ", 4),
    ("riftbound", "domain:fyry", "'domains' has no value 'fyry' (did you mean 'fury'?); its "
     "values: {domains}", 8),
    ("riftbound", "domains:c", "'c' is ambiguous for 'domains': it begins calm, chaos", 9),
    ("riftbound", "mihgt>=3", "unknown field 'mihgt' (did you mean 'might'?)", 1),
    ("spellfire", "champion_type:wizzard", "'champion_type' has no value 'wizzard' (did you "
     "mean 'wizard'?); its values: {champion_type}", 15),
    ("spellfire", "phase:9", "'phases' has no value '9'; its values: {phases}", 7),
    ("spellfire", "levl>3", "unknown field 'levl' (did you mean 'level'?)", 1),
]


@pytest.mark.parametrize(("game", "query", "message", "column"), MEANING_ERRORS)
def test_meaning_errors_name_the_column(sets, game, query, message, column):
    model = sets[game].pool.spec.card_model
    values = {f.name: ", ".join(f.choices) for f in card_fields(model)}
    values["type"] = ", ".join(map(str, typing.get_args(model.model_fields["type"].annotation)))
    message = message.format(**values)
    with pytest.raises(QueryError) as info:
        search(query, sets[game])
    assert info.value.message.startswith(message) and info.value.column == column


def test_an_error_stops_before_any_card_is_read(sets):
    # a typo is an error even where an "or" could have matched without it
    with pytest.raises(QueryError):
        search("t:wonder or orbitl:x", sets["wonders"])


# -- what each kind of field matches -------------------------------------------------------------

def test_every_field_of_every_game_can_be_searched(sets):
    """Derived from each game's card model: every field is a query field, and a query on it
    matches exactly the cards whose fact says so."""
    for game, facts in sets.items():
        sch = schema(facts)
        for spec in facts.fields:
            assert spec.name in sch.fields, (game, spec.name)
            have = [c for c in facts.cards if c.fields.get(spec.name) not in (None, (), False)]
            if not have:
                continue
            sample = have[0].fields[spec.name]
            if spec.kind == "int":
                q, want = f"{spec.name}>={sample}", {
                    c.id for c in facts.cards if isinstance(c.fields[spec.name], int)
                    and c.fields[spec.name] >= sample}
            elif spec.kind == "bool":
                q, want = f"{spec.name}:true", {c.id for c in have}
            elif spec.kind == "choice":
                q, want = f"{spec.name}={sample}", {
                    c.id for c in facts.cards if c.fields[spec.name] == sample}
            elif spec.kind == "list":
                q = f'{spec.name}="{sample[0]}"'
                want = {c.id for c in facts.cards
                        if sample[0].lower() in [x.lower() for x in c.fields[spec.name] or ()]}
            else:
                q, want = f'{spec.name}="{sample}"', {
                    c.id for c in facts.cards if str(c.fields[spec.name]).lower()
                    == str(sample).lower()}
            assert ids(q, facts) == want and want, (game, q)


def test_name_type_text_keyword_and_id(sets):
    wonders = sets["wonders"]
    cards = wonders.cards
    assert ids("BOLT", wonders) == {c.id for c in cards if "bolt" in c.name.lower()}
    assert ids('name:"of the"', wonders) == {c.id for c in cards if "of the" in c.name.lower()}
    assert ids("t:w", wonders) == ids("type:wonder", wonders) == \
        {c.id for c in cards if c.type == "wonder"}
    drawing = {c.id for c in cards if "draw a card" in c.text.lower()}
    assert drawing and ids('text:"draw a card"', wonders) == ids('o:"Draw a card"', wonders) \
        == drawing
    flying = {c.id for c in cards if any(k.name == "flying" for k in c.keywords)}
    assert flying and ids("kw:flying", wonders) == ids("keyword:fly", wonders) == flying
    assert ids("id=aegis-bearer", wonders) == {"aegis-bearer"}
    seek = {c.id for c in cards if any(k.label == "Seek 3" for k in c.keywords)}
    assert seek and ids('kw:"seek 3"', wonders) == seek


def test_numbers_and_missing_values(sets):
    for facts in sets.values():
        for spec in facts.fields:
            if spec.kind != "int":
                continue
            has = {c.id for c in facts.cards if c.fields[spec.name] is not None}
            # a card without the stat matches no comparison on it, but its negation
            assert ids(f"{spec.name}>=0 or {spec.name}<0", facts) == has
            assert ids(f"-{spec.name}>=0", facts) == \
                {c.id for c in facts.cards} - ids(f"{spec.name}>=0", facts)
            assert ids(f"{spec.name}:2", facts) == ids(f"{spec.name}=2", facts)
            assert ids(f"{spec.name}!=2", facts) == has - ids(f"{spec.name}=2", facts)


def test_singular_aliases_of_list_fields(sets):
    rift = sets["riftbound"]
    assert ids("domain:fury", rift) == ids("domains:fury", rift) == \
        {c.id for c in rift.cards if "fury" in (c.fields["domains"] or ())}
    assert ids("class:soldier", sets["wonders"]) == ids("classes:soldier", sets["wonders"])


# -- cardscript find -----------------------------------------------------------------------------

def test_find_lists_matches_as_lines_ids_and_json(capsys, sets):
    assert main(["find", "level>=7", "--game", "spellfire", "--format", "ids"]) == 0
    assert set(capsys.readouterr().out.split()) == ids("level>=7", sets["spellfire"])
    assert main(["find", "domain:fury might>=3", "--game", "riftbound"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert {line.split("\t")[0] for line in lines} == ids("domain:fury might>=3",
                                                          sets["riftbound"])
    assert all("might=" in line for line in lines)
    assert main(["find", "kw:flying", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in found} == ids("kw:flying", sets["wonders"])
    assert all("flying" in [k["name"] for k in c["keywords"]] for c in found)


def test_find_exit_codes(capsys, tmp_path):
    assert main(["find", "name:zzzzzz"]) == 1
    assert capsys.readouterr().out == ""
    assert main(["find", "orbital:solfra"]) == 2
    error = capsys.readouterr().err
    assert "bad query: 'orbital' has no value 'solfra' (did you mean 'solfera'?)" in error
    assert "  orbital:solfra\n          ^" in error
    assert main(["find", "a ("]) == 2
    assert "'(' is never closed at column 3" in capsys.readouterr().err
    assert main(["find", "a", str(tmp_path / "missing")]) == 2
    bad = tmp_path / "bad.card.yaml"
    bad.write_text("id: bad\nname: Bad\ntype: wonder\norbital: nowhere\n")
    assert main(["find", "a", str(bad)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_find_in_a_folder_and_a_deck(capsys):
    deck = next(games()["wonders"].cards_dir.glob("decks/*.deck.yaml"))
    facts = load_facts([deck], "wonders")
    assert main(["find", "cost>=0", str(deck), "--format", "ids"]) == 0
    assert capsys.readouterr().out.split() == [c.id for c in facts.cards
                                               if c.fields["cost"] is not None]


# -- docs/find.md ----------------------------------------------------------------------------

def test_docs_name_every_field_of_every_game(sets):
    text = DOCS.read_text(encoding="utf-8")
    for game, facts in sets.items():
        sch = schema(facts)
        for name in [*sch.fields, *sch.aliases]:
            assert f"`{name}" in text, f"docs/find.md does not name {game}'s field {name}"


def test_docs_examples_parse_and_run(sets):
    """Every example in a code block of the docs, marked with its game, runs without error."""
    text = DOCS.read_text(encoding="utf-8")
    examples = re.findall(r"^cardscript find '([^']*)'(?: \S+)*?(?: --game (\w+))?", text,
                          re.MULTILINE)
    assert len(examples) >= 10
    for query, game in examples:
        search(query, sets[game or "wonders"])
