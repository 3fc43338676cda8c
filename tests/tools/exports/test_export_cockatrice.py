"""`cardscript export --to cockatrice`: a custom set in Cockatrice's card database XML
(version 4) and, for a deck, a Cockatrice deck file; both checked against the XSDs we wrote
from Cockatrice's documentation of the formats (shipped beside the exporter)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from cardscript import plugins
from cardscript.tools.exports.cockatrice import CARDS_SCHEMA, DECK_SCHEMA
from cardscript.tools.facts import load_facts

xmlschema = pytest.importorskip("xmlschema")

GAMES = sorted(plugins.games())


@pytest.fixture(scope="module")
def schemas():
    return xmlschema.XMLSchema(str(CARDS_SCHEMA)), xmlschema.XMLSchema(str(DECK_SCHEMA))


def _decks(game):
    return sorted((plugins.games()[game].cards_dir / "decks").glob("*.deck.yaml"))


@pytest.mark.parametrize("game", GAMES)
def test_the_bundled_set_is_a_valid_card_database(game, copy_sets, tmp_path, cli, schemas):
    folders = copy_sets(game, tmp_path / "set")
    rc, out, err = cli("export", *folders, "--game", game, "--to", "cockatrice", "--out",
                       tmp_path / "out")
    assert rc == 0, err
    (path,) = (tmp_path / "out").glob("*.xml")
    assert not list((tmp_path / "out").glob("*.cod"))  # a set has no deck file
    schemas[0].validate(str(path))
    root = ET.parse(path).getroot()
    assert root.tag == "cockatrice_carddatabase" and root.get("version") == "4"
    facts = load_facts(folders, game)
    cards = root.findall("cards/card")
    assert len(cards) == len(facts.cards)
    code = root.findtext("sets/set/name")
    assert code and all(c.findtext("set") == code for c in cards)
    by_name = {c.name: c for c in facts.cards}
    for el in cards:
        card = by_name.get(el.findtext("name"))
        if card is None:  # a shared name, told apart by id
            continue
        assert (el.findtext("text") or "") == card.text
        assert el.findtext("prop/maintype") == card.type.replace("_", " ").title()
        for f in facts.fields:  # every fact the card has is a property
            if card.fields[f.name] not in (None, (), ""):
                assert el.find(f"prop/{f.name}") is not None, f.name


@pytest.mark.parametrize("game", GAMES)
def test_a_deck_also_gets_a_valid_deck_file(game, tmp_path, cli, schemas):
    deck = _decks(game)[0]
    rc, _, err = cli("export", deck, "--game", game, "--to", "cockatrice", "--out", tmp_path)
    assert rc == 0, err
    (xml_path,) = tmp_path.glob("*.xml")
    (cod,) = tmp_path.glob("*.cod")
    schemas[0].validate(str(xml_path))
    schemas[1].validate(str(cod))
    facts = load_facts([deck], game)
    root = ET.parse(cod).getroot()
    assert root.findtext("deckname") == facts.deck
    lines = root.findall("zone[@name='main']/card")
    assert sum(int(c.get("number")) for c in lines) == sum(facts.copies.values())
    names = {c.findtext("name") for c in ET.parse(xml_path).getroot().findall("cards/card")}
    assert {c.get("name") for c in lines} <= names  # every deck line names a card of the set


def test_shared_names_are_told_apart_and_everything_is_escaped(tmp_path, cli, schemas):
    mine = tmp_path / "mine"
    mine.mkdir()
    name = 'Twin & <Sons> "Q" \'s'
    for cid, cost in (("twin-a", 1), ("twin-b", 2)):
        (mine / f"{cid}.card.yaml").write_text(
            f'id: {cid}\nname: "Twin & <Sons> \\"Q\\" \'s"\ntype: spell\norbital: solfera\n'
            f"tier: primary\ncost: {cost}\n", encoding="utf-8")
    facts = load_facts([mine], "wonders")
    assert [c.name for c in facts.cards] == [name, name]
    rc, _, err = cli("export", mine, "--to", "cockatrice", "--out", tmp_path / "set")
    assert rc == 0, err
    (path,) = (tmp_path / "set").glob("*.xml")
    schemas[0].validate(str(path))  # the schema's own check: card names are unique
    names = [c.findtext("name") for c in ET.parse(path).getroot().findall("cards/card")]
    assert names == [f"{name} (twin-a)", f"{name} (twin-b)"]
    raw = path.read_text(encoding="utf-8")
    assert "&amp;" in raw and "&lt;Sons&gt;" in raw


def test_the_schemas_reject_what_cockatrice_would_not_read(tmp_path, schemas):
    cards, deck = schemas
    ok = ('<cockatrice_carddatabase version="4"><sets><set><name>S</name></set></sets>'
          '<cards><card><name>A</name><set>S</set></card></cards></cockatrice_carddatabase>')
    assert cards.is_valid(ok)
    assert not cards.is_valid(ok.replace('version="4"', 'version="3"'))
    assert not cards.is_valid(ok.replace("<card><name>A</name><set>S</set></card>",
                                         "<card><name>A</name><set>S</set></card>" * 2))
    assert not cards.is_valid(ok.replace("<set>S</set></card>", "</card>"))  # no printing
    assert not cards.is_valid(ok.replace("</set></card>", "</set><tablerow>7</tablerow></card>"))
    good = ('<cockatrice_deck version="1"><deckname>D</deckname><zone name="main">'
            '<card number="2" name="A"/></zone></cockatrice_deck>')
    assert deck.is_valid(good)
    assert not deck.is_valid(good.replace('number="2"', 'number="0"'))
    assert not deck.is_valid(good.replace('<card number="2" name="A"/>',
                                          '<card number="2" name="A"/>' * 2))
