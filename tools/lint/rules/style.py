"""The shape of a card file: keys in canonical order, the file named after the card."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator

from cardscript.plugins import GameSpec

from ..context import CardContext
from ..findings import Finding, Fix, Reorder
from ..registry import Rule

ABILITY_KEY_ORDER = ("trigger", "target", "effect")


def card_key_order(spec: GameSpec) -> tuple[str, ...]:
    """The order the game's cards are written in: its ``key_order``, else its card model's
    field order."""
    return spec.key_order or tuple((f.alias or n) for n, f in
                                   spec.card_model.model_fields.items())


def out_of_order(keys: list, order: tuple) -> tuple | None:
    """The canonical order of the known ``keys`` if they are not in it, else None."""
    rank = {k: i for i, k in enumerate(order)}
    known = [k for k in keys if k in rank]
    want = sorted(known, key=rank.__getitem__)
    return tuple(want) if known != want else None


_VALID_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")  # the card model's id pattern
_SUPPRESSION = re.compile(r"#\s*cardscript:")


def _comments_among(text: str, first_line: int) -> bool:
    """Does a full-line comment or a suppression comment stand on or after ``first_line``
    (1-based)? Reordering keys would attach the first to the wrong key (ruamel keeps it with
    the key before it) and could drop or displace the second; a plain end-of-line comment
    travels with its key."""
    lines = text.splitlines()[first_line - 1:]
    return any(line.lstrip().startswith("#") or _SUPPRESSION.search(line) for line in lines)


class KeyOrder(Rule):
    """Keys of a card, or of an ability, are not in the canonical order.

    Cards read alike when their keys come in one order: for Wonders ``id, name, type, orbital,
    tier, cost, power, classes, lineage, faction, core, token, keywords, text, abilities``; in
    an ability ``trigger, target, effect`` (when it happens, what it chooses, what it does).
    Unknown keys are left where they are (CS101 reports them).

    Fix (safe): the keys are sorted into that order; end-of-line comments travel with their
    keys. Not offered when a full-line comment or a suppression comment stands among the keys:
    it would not reliably stay with the key it describes.
    """

    code = "CS120"
    name = "key-order"
    severity = "warning"
    groups = ("style",)
    fixable = True
    requires = "document"

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        data = ctx.data
        if not isinstance(data, dict):
            return
        places: list[tuple[tuple, list, tuple[str, ...]]] = [
            ((), list(data), card_key_order(ctx.spec))]
        abilities = data.get("abilities")
        # anything but a list (a number, a mapping) is the schema's to report (CS105)
        for i, ab in enumerate(abilities if isinstance(abilities, list) else ()):
            if isinstance(ab, dict):
                places.append((("abilities", i), list(ab), ABILITY_KEY_ORDER))
        for path, keys, order in places:
            want = out_of_order(keys, order)
            if want is None:
                continue
            rank = {k: n for n, k in enumerate(want)}
            known = [k for k in keys if k in rank]
            a, b = next((a, b) for a, b in zip(known, known[1:], strict=False)
                        if rank[a] > rank[b])
            what = f"ability {path[1] + 1}" if path else "the card"
            first = min(ctx.doc.key_pos(path + (k,)).line for k in keys)
            fixable = not _comments_among(ctx.doc.text, first)
            yield ctx.finding(
                self.code, f"keys of {what} are not in canonical order: '{b}' should come "
                f"before '{a}' (expected {', '.join(want)})"
                + ("" if fixable else "; not fixed automatically: full-line or suppression "
                   "comments stand among them"),
                path + (b,), key=True,
                fix=Fix("sort the keys into canonical order", (Reorder(path, want),))
                if fixable else None)


class FileNameMismatch(Rule):
    """A card file is not named after the card's id.

    A card lives in ``<id>.card.yaml`` (``cardscripts/wonders/core/cairnvox-soulforger
    .card.yaml``), so a card is found by its id and two files can't silently hold one card.

    Not fixed automatically: renaming a file is for you to do (and to tell version control).
    """

    code = "CS121"
    name = "file-name-mismatch"
    severity = "warning"
    groups = ("style",)
    requires = "document"

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        cid = ctx.card_id
        if cid is None or not _VALID_ID.match(cid):
            return  # an invalid id is CS105's to report; its file name can't follow it
        want = f"{cid}.card.yaml"
        have = os.path.basename(ctx.path)
        if have != want:
            yield ctx.finding(self.code, f"the file of card '{cid}' should be named '{want}', "
                              f"not '{have}'", ("id",))
