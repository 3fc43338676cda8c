"""Riftbound deck files (docs/games/riftbound.md, "Decks"): each part holds its kind of card,
the chosen champion is the legend's, every card is within the legend's domains, sizes and
copies are counted (one of a Unique card), and each problem is reported at its place."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled("riftbound", cache=False)


GOOD = """\
name: Test
game: riftbound
legend: ashen-warlord
champion: korrun-of-the-pyre
battlefields: [cinder-crossing, broken-spire, hollow-market]
runes: [{card: fury-rune, count: 6}, {card: body-rune, count: 6}]
cards:
  - {card: cinder-scout, count: 3}
  - {card: pyre-brawler, count: 3}
  - {card: ashfang-raider, count: 3}
  - {card: flamecaller-adept, count: 3}
  - {card: kindled-zealot, count: 3}
  - {card: emberheart-titan, count: 3}
  - {card: searing-bolt, count: 3}
  - {card: blazing-charge, count: 3}
  - {card: cinderfall, count: 3}
  - {card: whelp-clutch, count: 3}
  - {card: stoneskin-guard, count: 3}
  - {card: ironhide-bruiser, count: 3}
  - {card: mountain-warden, count: 3}
"""


def load(pool, tmp_path, text):
    f = tmp_path / "t.deck.yaml"
    f.write_text(text, encoding="utf-8")
    return pool.load_deck(f)


def test_a_legal_deck_gives_every_part_in_order(pool, tmp_path):
    name, cards = load(pool, tmp_path, GOOD)
    types = [c.type for c in cards]
    assert cards[0].id == "ashen-warlord" and cards[1].id == "korrun-of-the-pyre"
    assert types[2:5] == ["battlefield"] * 3 and types[5:17] == ["rune"] * 12
    assert len(cards) == 2 + 3 + 12 + 39


@pytest.mark.parametrize("old, new, code, words", [
    ("legend: ashen-warlord", "legend: cinder-scout", "CS405", "the legend slot holds"),
    ("champion: korrun-of-the-pyre", "champion: neyla-tidecaller", "CS405", "tag 'Korrun'"),
    ("broken-spire, hollow-market]", "broken-spire]", "CS404", "exactly 3"),
    ("{card: body-rune, count: 6}", "{card: body-rune, count: 5}", "CS404", "exactly 12"),
    ("{card: mountain-warden, count: 3}", "{card: reefguard-sentinel, count: 3}", "CS405",
     "outside the legend's domains"),
    ("{card: mountain-warden, count: 3}", "{card: mountain-warden, count: 2}", "CS404",
     "at least 40"),
    ("{card: cinder-scout, count: 3}", "{card: korrun-of-the-pyre, count: 3}", "CS403",
     "at most 3"),
    ("{card: cinder-scout, count: 3}", "{card: bedrock-colossus, count: 3}", "CS403",
     "it is Unique (rules notes 10: one per deck)"),
    ("{card: fury-rune, count: 6}", "{card: cinder-scout, count: 6}", "CS405",
     "the rune deck holds runes"),
])
def test_each_problem_is_reported(pool, tmp_path, old, new, code, words):
    assert old in GOOD
    with pytest.raises(CardError) as exc:
        load(pool, tmp_path, GOOD.replace(old, new))
    found = [(d.code, d.message) for d in exc.value.diagnostics]
    assert any(c == code and words in m for c, m in found), found


def test_lint_sees_the_games_printed_fields(tmp_path, capsys, monkeypatch):
    """`cardscript lint` validates a deck from its card facts: they carry the game's printed
    fields (domains, tags, champion), so the same problems are found as when loading."""
    import json

    from cardscript.tools.cli import main
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    f = tmp_path / "t.deck.yaml"
    f.write_text(GOOD.replace("{card: mountain-warden, count: 3}",
                              "{card: reefguard-sentinel, count: 3}")
                 .replace("champion: korrun-of-the-pyre", "champion: neyla-tidecaller"),
                 encoding="utf-8")
    capsys.readouterr()
    main(["lint", "--game", "riftbound", "--isolated", "--no-cache", "--format", "json",
          str(f)])
    found = {(d["code"], d["message"].split(";")[0])
             for d in json.loads(capsys.readouterr().out)}
    assert ("CS405", "'reefguard-sentinel' is calm, outside the legend's domains "
                     "(body/fury)") in found
    assert ("CS405", "'neyla-tidecaller' does not have the tag 'Korrun' of the legend "
                     "'ashen-warlord'") in found
