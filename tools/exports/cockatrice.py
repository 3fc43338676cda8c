"""``cardscript export --to cockatrice``: the set as a Cockatrice custom set (its card
database XML, version 4), and for a deck input a Cockatrice deck file (``.cod``) too.

Cockatrice knows Magic's card properties; a game of ours maps onto them generically, from
the facts (:mod:`cardscript.tools.facts`), with no code per game:

- ``maintype``: the card's type; ``type``: the type, then the values of the game's free
  lists (classes, tags) after a dash, as a type line ("Wonder — Construct");
- ``manacost`` and ``cmc``: the game's ``cost`` field, when it has one;
- ``colors``: the values of the game's first field of choices (a choice or a list of
  choices: Wonders' orbital, Riftbound's domains);
- ``pt``: the first of ``might``, ``level``, ``power`` the game has, when the card sets it;
  such a card goes on the creatures' table row (2), any other on row 1;
- every printed field, under its own name too, so Cockatrice shows all of a card's facts.

Cockatrice finds cards by name and so needs names unique in its database; our ids are
unique but names need not be: cards sharing a name are each named ``Name (id)``, in the set
and in the deck file alike. The files are checked in the tests against XML schemas we wrote
from Cockatrice's documentation of the two formats (``cockatrice_cards_v4.xsd``,
``cockatrice_deck_v1.xsd`` beside this module)."""
from __future__ import annotations

import os
import re
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from ..facts import CardFacts, SetFacts, Value
from .spreadsheet import LIST_SEP, file_stem, ordered

NAME = "cockatrice"
HELP = "a Cockatrice custom set (card database XML, v4); a deck also gets a .cod deck file"

#: fields that give a card its power/toughness line, in order of preference
PT_FIELDS = ("might", "level", "power")
#: the table rows Cockatrice puts a card on when it is played
ROW_CREATURES, ROW_OTHER = 2, 1
#: characters XML 1.0 cannot hold at all (a control character in a card's text)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(value: object) -> str:
    """Text safe in an XML 1.0 document (ElementTree escapes & < > and quotes itself)."""
    return _NOT_XML.sub("\ufffd", str(value))


def label(word: str) -> str:
    return word.replace("_", " ").title()


def unique_names(cards: list[CardFacts]) -> dict[str, str]:
    """Each card's name in Cockatrice, by id: its own, or ``Name (id)`` when shared."""
    count = Counter(c.name for c in cards)
    names = {c.id: c.name if count[c.name] == 1 else f"{c.name} ({c.id})" for c in cards}
    taken: set[str] = set()
    for cid, name in names.items():  # a card really named "Name (id)": number it on
        n, base = 2, name
        while name in taken:
            name, n = f"{base} [{n}]", n + 1
        taken.add(name)
        names[cid] = name
    return names


def set_code(facts: SetFacts) -> str:
    return file_stem(facts).upper()


def release_date() -> str:
    """Today (UTC), or the date of ``SOURCE_DATE_EPOCH`` for a reproducible build."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    when = int(epoch) if epoch.isdigit() else time.time()
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def _listed(value: Value) -> tuple[str, ...]:
    """The values of a list field as the facts hold them (none where it is unset)."""
    return value if isinstance(value, tuple) else ()


def _props(facts: SetFacts, card: CardFacts) -> tuple[dict[str, str], bool]:
    fields = {f.name: f for f in facts.fields}
    props: dict[str, str] = {}
    main = label(card.type)
    subtypes = [str(v) for f in facts.fields if f.kind == "list" and not f.choices
                for v in _listed(card.fields.get(f.name))]
    props["type"] = f"{main} — {' '.join(subtypes)}" if subtypes else main
    props["maintype"] = main
    cost = card.fields.get("cost") if "cost" in fields and fields["cost"].kind == "int" \
        else None
    if isinstance(cost, int):
        props["manacost"] = props["cmc"] = str(cost)
    colour = next((f for f in facts.fields if f.choices and f.kind in ("choice", "list")),
                  None)
    if colour is not None:
        value = card.fields.get(colour.name)
        values = [value] if isinstance(value, str) else list(_listed(value))
        if values:
            props["colors"] = LIST_SEP.join(label(str(v)) for v in values)
    pt_field = next((n for n in PT_FIELDS if n in fields and fields[n].kind == "int"), None)
    pt = card.fields.get(pt_field) if pt_field else None
    if isinstance(pt, int):
        props["pt"] = str(pt)
    for f in facts.fields:  # every fact under its own name (a standard one wins)
        value = card.fields.get(f.name)
        if value is None or f.name in props or f.name.lower().startswith("xml"):
            continue
        if isinstance(value, bool):
            text = "1" if value else "0"
        elif isinstance(value, tuple):
            text = LIST_SEP.join(value)
        else:
            text = str(value)
        if text:
            props[f.name] = text
    return props, isinstance(pt, int)


def _sub(parent: ET.Element, tag: str, text: object = None, **attrib: str) -> ET.Element:
    el = ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attrib.items()})
    if text is not None:
        el.text = xml_text(text)
    return el


def card_database(facts: SetFacts, names: dict[str, str]) -> ET.ElementTree:
    root = ET.Element("cockatrice_carddatabase", version="4")
    info = _sub(root, "info")
    _sub(info, "author", "cardscript")
    _sub(info, "createdAt", release_date())
    code = set_code(facts)
    s = _sub(_sub(root, "sets"), "set")
    _sub(s, "name", code)
    _sub(s, "longname", facts.title)
    _sub(s, "settype", "Custom")
    _sub(s, "releasedate", release_date())
    cards = _sub(root, "cards")
    for number, card in enumerate(ordered(facts), 1):
        el = _sub(cards, "card")
        _sub(el, "name", names[card.id])
        _sub(el, "text", card.text)
        props, fights = _props(facts, card)
        prop = _sub(el, "prop")
        for tag, value in props.items():
            _sub(prop, tag, value)
        _sub(el, "set", code, num=str(number))
        if card.token:
            _sub(el, "token", "1")
        _sub(el, "tablerow", ROW_CREATURES if fights else ROW_OTHER)
    return ET.ElementTree(root)


def deck_file(facts: SetFacts, names: dict[str, str]) -> ET.ElementTree:
    root = ET.Element("cockatrice_deck", version="1")
    _sub(root, "deckname", facts.deck or "")
    _sub(root, "comments", f"{facts.title} (exported by cardscript)")
    main = _sub(root, "zone", name="main")
    for cid, n in facts.copies.items():
        if cid in names:
            _sub(main, "card", number=str(n), name=names[cid])
    return ET.ElementTree(root)


def _save(tree: ET.ElementTree, path: Path) -> Path:
    ET.indent(tree, space="  ")
    with open(path, "wb") as fh:
        tree.write(fh, encoding="utf-8", xml_declaration=True)
        fh.write(b"\n")
    return path


def write(facts: SetFacts, out: Path) -> list[Path]:
    names = unique_names(ordered(facts))
    stem = file_stem(facts)
    written = [_save(card_database(facts, names), Path(out) / f"{stem}.xml")]
    if facts.deck:
        written.append(_save(deck_file(facts, names), Path(out) / f"{stem}.cod"))
    return written


#: the schemas the tests check the files against (ours, written from Cockatrice's docs)
CARDS_SCHEMA = Path(__file__).with_name("cockatrice_cards_v4.xsd")
DECK_SCHEMA = Path(__file__).with_name("cockatrice_deck_v1.xsd")

__all__ = ["CARDS_SCHEMA", "DECK_SCHEMA", "card_database", "deck_file", "unique_names",
           "write", "xml_text"]
