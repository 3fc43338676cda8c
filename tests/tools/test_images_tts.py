"""Card images (`cardscript images`), Tabletop Simulator decks (`cardscript export --to tts`)
and the card frame every game gets (tools/render/frame.py)."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from cardscript import plugins
from cardscript.cardpool import CardPool
from cardscript.tools.cli import main
from cardscript.tools.exports import tts
from cardscript.tools.facts import card_fields, load_facts
from cardscript.tools.render.frame import KEYS, derive, frame_spec

PIL = pytest.importorskip("PIL.Image")


def cards_dir(game: str) -> Path:
    return CardPool(game, cache=False).spec.cards_dir


def a_deck(game: str) -> Path:
    return sorted((cards_dir(game) / "decks").glob("*.deck.yaml"))[0]


def few(game: str, n: int) -> list[str]:
    return [str(p) for p in sorted(cards_dir(game).rglob("*.card.yaml"))[:n]]


# -- images ---------------------------------------------------------------------------------

def test_one_png_per_card_at_the_dpi(tmp_path):
    paths = few("wonders", 3)
    assert main(["images", *paths, "--out", str(tmp_path)]) == 0
    ids = {c.id for c in load_facts(paths).cards}
    assert {p.stem for p in tmp_path.glob("*.png")} == ids
    for png in tmp_path.glob("*.png"):
        with PIL.open(png) as image:
            assert image.size == (744, 1039)  # 63 × 88 mm at 300 dpi
            assert round(image.info["dpi"][0]) == 300


def test_a_deck_writes_each_card_once_with_its_bleed(tmp_path):
    deck = a_deck("riftbound")
    facts = load_facts([deck], "riftbound")
    assert main(["images", str(deck), "--game", "riftbound", "--out", str(tmp_path),
                 "--dpi", "72", "--bleed", "3"]) == 0
    pngs = sorted(tmp_path.glob("*.png"))
    assert [p.stem for p in pngs] == sorted(facts.copies)
    with PIL.open(pngs[0]) as image:
        assert image.size == (round(69 / 25.4 * 72), round(94 / 25.4 * 72))  # 196 × 266
        # the bleed is the frame's colour to the image's edge, not paper
        assert min(image.convert("RGB").getpixel((1, image.height // 2))) < 240


@pytest.mark.parametrize("dpi", ["71", "1201"])
def test_a_dpi_out_of_bounds_is_bad_usage(tmp_path, dpi, capsys):
    assert main(["images", *few("wonders", 1), "--out", str(tmp_path), "--dpi", dpi]) == 2
    assert "--dpi" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.png"))


# -- Tabletop Simulator ---------------------------------------------------------------------

def test_sheet_plans():
    assert tts.PER_SHEET == 69
    assert tts.plan(69) == [tts.SheetPlan(10, 7, 69)]
    assert [s.count for s in tts.plan(151)] == [69, 69, 13]
    assert tts.plan(151)[-1] == tts.SheetPlan(10, 2, 13)
    assert tts.plan(1) == [tts.SheetPlan(2, 2, 1)]  # the smallest grid TTS takes
    assert tts.plan(5) == [tts.SheetPlan(6, 2, 5)]
    for n in range(1, 300):
        sheets = tts.plan(n)
        assert sum(s.count for s in sheets) == n
        for s in sheets:
            assert 2 <= s.cols <= 10 and 2 <= s.rows <= 7
            assert s.count <= s.hidden  # the faces never reach the hidden cell


def _local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(url2pathname(parsed.path))


@pytest.fixture(scope="module")
def tts_deck(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    deck = a_deck("riftbound")
    assert main(["export", str(deck), "--game", "riftbound", "--to", "tts", "--out",
                 str(out)]) == 0
    saved = json.loads(next(out.glob("*.json")).read_text(encoding="utf-8"))
    return out, load_facts([deck], "riftbound"), saved


def test_the_saved_object_has_what_tts_reads(tts_deck):
    out, facts, saved = tts_deck
    # a saved object: the save's own fields and the objects in it
    for key in ("SaveName", "ObjectStates", "LuaScript", "XmlUI", "Note"):
        assert key in saved
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] in ("Deck", "DeckCustom")
    assert set(deck["Transform"]) >= {"posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                      "scaleX", "scaleY", "scaleZ"}
    cards = deck["ContainedObjects"]
    assert len(cards) == len(deck["DeckIDs"]) == len(facts.printed())
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    by_id = facts.by_id()
    names = [by_id[cid].name for cid, n in facts.copies.items() for _ in range(n)]
    assert [c["Nickname"] for c in cards] == names  # a deck of its copies, in its order
    texts = {by_id[cid].name: by_id[cid].text for cid in facts.copies}
    for card in cards:
        assert card["Name"] == "Card" and card["Description"] == texts[card["Nickname"]]
        key = str(card["CardID"] // 100)
        assert card["CustomDeck"] == {key: deck["CustomDeck"][key]}
    for entry in deck["CustomDeck"].values():
        assert set(entry) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
                              "UniqueBack"}
        assert _local(entry["FaceURL"]).is_file() and _local(entry["BackURL"]).is_file()
        assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
    assert len({c["GUID"] for c in cards}) == len(cards)


def test_the_sheet_grid_matches_and_card_ids_index_their_cells(tts_deck, tmp_path):
    out, facts, saved = tts_deck
    (deck,) = saved["ObjectStates"]
    entry = deck["CustomDeck"]["1"]
    w, h = round(63 / 25.4 * tts.DPI), round(88 / 25.4 * tts.DPI)
    sheet = PIL.open(_local(entry["FaceURL"])).convert("RGB")
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    unique = len(facts.copies)
    assert (cols, rows) == (min(10, unique + 1), -(-(unique + 1) // min(10, unique + 1)))
    assert sheet.size == (cols * w, rows * h)
    # each card's cell holds that card's own image (rendered alone by `cardscript images`)
    assert main(["images", str(a_deck("riftbound")), "--game", "riftbound",
                 "--out", str(tmp_path), "--dpi", str(tts.DPI)]) == 0
    seen = {}
    for card in deck["ContainedObjects"]:
        cid = card["CardID"]
        seen[cid] = card["Nickname"]
        row, col = divmod(cid % 100, cols)
        cell = sheet.crop((col * w, row * h, col * w + w, row * h + h))
        file_id = next(i for i in facts.copies if facts.by_id()[i].name == card["Nickname"])
        alone = PIL.open(tmp_path / f"{file_id}.png").convert("RGB")
        assert _difference(cell, alone) < 2, card["Nickname"]
    assert len(seen) == unique  # copies share a cell
    # the hidden card, last cell: the back
    row, col = divmod(cols * rows - 1, cols)
    hidden = sheet.crop((col * w, row * h, col * w + w, row * h + h))
    assert _difference(hidden, PIL.open(_local(entry["BackURL"])).convert("RGB")) < 1


def _difference(a, b) -> float:
    from PIL import ImageChops, ImageStat
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_a_set_exports_one_of_each_over_several_sheets(tmp_path, monkeypatch):
    """Past 69 cards a second sheet starts: CardIDs 2xx name its cells (a small sheet size
    stands in for 69 to keep the test fast)."""
    monkeypatch.setattr(tts, "PER_SHEET", 3)
    paths = few("spellfire", 5)
    assert main(["export", *paths, "--game", "spellfire", "--to", "tts", "--out",
                 str(tmp_path)]) == 0
    saved = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    assert sorted(deck["DeckIDs"]) == [100, 101, 102, 200, 201]
    assert len(deck["CustomDeck"]) == 2 and len(list(tmp_path.glob("*-sheet-*.png"))) == 2
    assert deck["CustomDeck"]["2"]["NumWidth"] == 3 and deck["CustomDeck"]["2"]["NumHeight"] == 2


# -- the frame of every game -----------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(plugins.games()))
def test_each_game_frame_names_its_own_fields(game):
    model = plugins.games()[game].card_model
    spec = frame_spec(model)
    names = {f.name for f in card_fields(model)} | {"type"}
    assert spec.colour and set(spec.colour) <= names
    assert spec.corner and set(spec.corner) <= names
    for name in (spec.bottom, spec.foot, spec.subtypes, *spec.badges):
        assert name is None or name in names


def test_frame_defaults_come_from_the_fields_and_a_bad_hint_is_caught():
    from cardscript.games.wonders.card import WondersCard
    fields = card_fields(WondersCard)
    spec = derive(fields)
    assert (spec.colour, spec.corner, spec.bottom, spec.foot, spec.subtypes, spec.badges) \
        == (("orbital",), ("cost",), "power", "tier", "classes", ("core",))
    with pytest.raises(ValueError, match="unknown key"):
        derive(fields, {"color": "orbital"})
    with pytest.raises(ValueError, match="does not have: might"):
        derive(fields, {"bottom": "might"})
    assert set(KEYS) == {"colour", "corner", "bottom", "foot", "subtypes", "badges", "copies",
                         "colours"}


@pytest.mark.parametrize("game", ["riftbound", "spellfire"])
def test_the_spoiler_frames_show_each_game_stats(tmp_path, game):
    from cardscript.tools.render import render_set
    result = render_set([str(cards_dir(game))], tmp_path, game)
    html = result.path.read_text(encoding="utf-8")
    spec = frame_spec(plugins.games()[game].card_model)
    views = {v.id: v for v in result.cards}
    shown = 0
    for card in load_facts([cards_dir(game)], game).cards:
        frame = views[card.id].frame
        for name in (*spec.corner, spec.bottom):
            value = card.value(name) if name else None
            if value is None or (value == 0 and name in spec.zero_is_none):
                continue
            stat = next(s for s in [*frame.corner, frame.bottom] if s and s.name == name)
            assert stat.value == value
            assert f'title="{stat.label} {value}">{value}</span>' in html
            shown += 1
    assert shown >= len(result.cards) // 3
    tones = {v.frame.tone for v in result.cards}
    assert len(tones) > 1 and "" not in tones  # coloured by the game's own fields
    assert spec.bottom and f"stat-{spec.bottom}" in html
