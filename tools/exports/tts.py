"""``cardscript export --to tts``: a deck for Tabletop Simulator — deck sheets (card images in a
grid, at most 10 × 7), a back image, and the saved-object JSON that TTS loads as one deck.

TTS's Custom Deck reads a sheet as ``NumWidth`` × ``NumHeight`` equal cells, numbered row
by row from the top left; a card is ``CardID = deck key × 100 + cell``, the deck key naming
an entry of ``CustomDeck`` (its sheet, back and grid). The last cell of a sheet (bottom
right) is TTS's "hidden" card, shown for a card another player may not see: it holds the
back. So a full sheet has 69 faces; more cards take more sheets. A smaller set gets a
smaller sheet: as many columns as it needs up to 10, as many rows as that takes, at least
2 × 2 (the smallest grid TTS's Custom Deck dialog accepts), the hidden cell still last.

The faces are the spoiler's card frames at :data:`DPI` (a poker card is 372 × 520 px, a full
sheet 3720 × 3640 px: under the 4096 px TTS loads at full resolution). The JSON names the
images by ``file://`` URI, which TTS opens on this computer; to share the deck, upload the
PNGs (TTS: Modding > Cloud Manager, or any web host) and replace the URIs
(docs/print.md)."""
from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..facts import CardFacts, SetFacts

NAME = "tts"
HELP = "Tabletop Simulator: deck sheets (10 × 7 cards), a back, and the saved-object JSON"

COLS, ROWS = 10, 7
#: faces a sheet holds: every cell but the hidden card's
PER_SHEET = COLS * ROWS - 1
DPI = 150
CARD_MM = (63.0, 88.0)


@dataclass(frozen=True)
class SheetPlan:
    """One deck sheet: its grid and how many faces it holds (cells 0 .. count - 1); the
    hidden card (the back) is in the last cell, ``cols × rows - 1``."""

    cols: int
    rows: int
    count: int

    @property
    def hidden(self) -> int:
        return self.cols * self.rows - 1


def plan(faces: int) -> list[SheetPlan]:
    """The sheets for ``faces`` different cards (see the module docstring)."""
    out = []
    for start in range(0, faces, PER_SHEET):
        count = min(PER_SHEET, faces - start)
        cols = max(2, min(COLS, count + 1))
        rows = max(2, math.ceil((count + 1) / cols))
        out.append(SheetPlan(cols, rows, count))
    return out


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "cards"


def _guid(*parts: object) -> str:
    """A stable six-hex-digit object id (TTS's form), so an export is reproducible."""
    return hashlib.blake2b("/".join(map(str, parts)).encode(), digest_size=3).hexdigest()


def _transform(y: float = 1.0) -> dict[str, float]:
    # face down (turned over on z), as a deck is dealt from
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card_object(card: CardFacts, card_id: int, deck: dict[str, Any], copy: int) -> dict:
    return {"GUID": _guid(card.id, copy), "Name": "Card", "Transform": _transform(),
            "Nickname": card.name, "Description": card.text, "CardID": card_id,
            "CustomDeck": deck, "Hands": True, "SidewaysCard": False}


def saved_object(facts: SetFacts, order: list[CardFacts], sheets: list[SheetPlan],
                 faces: list[str], back: str) -> dict[str, Any]:
    """The TTS saved object: a deck of every copy to play (a set: one of each)."""
    custom: dict[str, dict[str, Any]] = {}
    ids: dict[str, int] = {}
    i = 0
    for key, (sheet, url) in enumerate(zip(sheets, faces, strict=True), start=1):
        custom[str(key)] = {"FaceURL": url, "BackURL": back, "NumWidth": sheet.cols,
                            "NumHeight": sheet.rows, "BackIsHidden": True,
                            "UniqueBack": False, "Type": 0}
        for cell in range(sheet.count):
            ids[order[i].id] = key * 100 + cell
            i += 1
    by_id = facts.by_id()
    copies = [(by_id[cid], n) for cid, n in facts.copies.items() if cid in ids]
    cards = [_card_object(card, ids[card.id], {str(ids[card.id] // 100):
                                               custom[str(ids[card.id] // 100)]}, k)
             for card, n in copies for k in range(n)]
    if len(cards) == 1:  # TTS holds a single card as a card, not a deck of one
        objects = cards
    else:
        objects = [{"GUID": _guid(facts.title, "deck"), "Name": "Deck",
                    "Transform": _transform(), "Nickname": facts.title, "Description": "",
                    "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
                    "ContainedObjects": cards, "Hands": False, "SidewaysCard": False}]
    return {"SaveName": facts.title, "GameMode": "", "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}


def write(facts: SetFacts, out: Path) -> list[Path]:
    from PIL import Image

    from ..render import paper
    from ..render.cards import set_views
    by_id = facts.by_id()
    order = [by_id[v.id] for v in set_views(facts)]  # each card once
    name = slug(facts.deck or facts.title)
    images = paper.card_images(facts, order, CARD_MM, DPI, back=paper.Back(
        facts.pool.spec.title))
    w, h = (paper.pixels(side, DPI) for side in CARD_MM)
    sheets = plan(len(order))
    written: list[Path] = []
    sheet_images = []
    for sheet in sheets:
        image = Image.new("RGB", (sheet.cols * w, sheet.rows * h), "white")
        for cell in range(sheet.count):
            row, col = divmod(cell, sheet.cols)
            image.paste(next(images), (col * w, row * h))
        sheet_images.append(image)
    back_image = next(images)  # the last page rendered
    for sheet, image in zip(sheets, sheet_images, strict=True):
        row, col = divmod(sheet.hidden, sheet.cols)
        image.paste(back_image, (col * w, row * h))
    faces = []
    for k, image in enumerate(sheet_images, start=1):
        path = out / f"{name}-sheet-{k}.png"
        image.save(path)
        written.append(path)
        faces.append(path.resolve().as_uri())
    back_path = out / f"{name}-back.png"
    back_image.save(back_path)
    written.append(back_path)
    saved = saved_object(facts, order, sheets, faces, back_path.resolve().as_uri())
    json_path = out / f"{name}.json"
    json_path.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n",
                         encoding="utf-8")
    written.append(json_path)
    return written


__all__ = ["COLS", "DPI", "HELP", "NAME", "PER_SHEET", "ROWS", "SheetPlan", "plan",
           "saved_object", "slug", "write"]
