"""Across the set: ids and names that clash, references to cards that don't exist.

The messages are the card pool's own (:mod:`cardscript.cardpool`), at more precise positions: the
id, the name, the reference itself.
"""
from __future__ import annotations

from collections.abc import Iterator

from cardscript.errors import did_you_mean

from ..context import CardFacts, SetContext
from ..findings import Finding
from ..registry import Rule


class DuplicateId(Rule):
    """Two card files declare the same ``id``.

    Ids are how decks, scenarios and effects name cards, so each must be unique across the
    set (the bundled set, the folders in ``context``, and the files linted). The second file
    loaded is reported, naming the first.
    """

    code = "CS300"
    name = "duplicate-id"
    groups = ("set",)

    def check_set(self, ctx: SetContext) -> Iterator[Finding]:
        first: dict[str, str] = {}
        for path, f in ctx.cards:
            if f.id in first:
                yield Finding(self.code, f"duplicate card id '{f.id}' (also in {first[f.id]})",
                              path, *f.id_pos, card=f.id)
            else:
                first[f.id] = path


class UnknownReference(Rule):
    """A card names a card or token that the set doesn't have, or names as a token a card
    that isn't one.

    ``{create_token: skeleton}`` needs a card with id ``skeleton`` and ``token: true`` in the
    set. The closest id is suggested.
    """

    code = "CS301"
    name = "unknown-reference"
    groups = ("set",)

    def check_set(self, ctx: SetContext) -> Iterator[Finding]:
        by_id: dict[str, CardFacts] = {}
        for _, f in ctx.cards:
            by_id.setdefault(f.id, f)
        for path, f in ctx.cards:
            if path not in ctx.reported:
                continue
            for kind, ref, line, col in f.references:
                target = by_id.get(ref)
                if target is None:
                    yield Finding(self.code, f"{kind} '{ref}' does not exist in the set"
                                  f"{did_you_mean(ref, by_id)}", path, line, col, card=f.id)
                elif kind == "token" and not target.token:
                    yield Finding(self.code, f"'{ref}' is not a token (add `token: true` to "
                                  "it)", path, line, col, card=f.id)


class DuplicateName(Rule):
    """Two different cards of the set share a printed name.

    Players tell cards apart by name; two cards named alike with different rules are a trap
    (usually a copied file whose name wasn't changed). The later file is reported, naming the
    first.
    """

    code = "CS302"
    name = "duplicate-name"
    severity = "warning"
    groups = ("set",)

    def check_set(self, ctx: SetContext) -> Iterator[Finding]:
        first: dict[str, tuple[str, str]] = {}
        for path, f in ctx.cards:
            key = " ".join(f.name.split()).casefold()
            seen = first.get(key)
            if seen is None:
                first[key] = (path, f.id)
            elif seen[1] != f.id:
                yield Finding(self.code, f"card name '{f.name}' is also the name of "
                              f"'{seen[1]}' ({seen[0]})", path, *f.name_pos, card=f.id)
