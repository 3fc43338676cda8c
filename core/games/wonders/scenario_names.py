"""Naming one card object in a Wonders scenario: ``squire`` (the only copy, or the only one
in The World) or ``squire#9`` (object 9), the notation the log prints cards in
(``target halo-sentinel squire#9``). Used by ``expect.cards`` keys and by answers.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ...decisions import Decision
    from .primitives import Primitives
    from .state import WondersCard


def card_name(name: str) -> tuple[str, int | None]:
    """A card's id and object number from how a scenario names it: ``squire`` (any copy)
    or ``squire#9`` (object 9, as the log prints it)."""
    cid, sep, number = name.rpartition("#")
    if sep and cid and number.isascii() and number.isdigit():
        return cid, int(number)
    return name, None


def object_name(c: WondersCard) -> str:
    """How a scenario and the log name one card object: ``squire#9 @realm 1/A``."""
    where = c.zone.label() if c.zone is not None else "gone"
    return f"{c.proto.id}#{c.oid} @{where}"


def find_card(g: Any, name: str) -> tuple[WondersCard, None] | tuple[None, str]:
    """``(card, None)`` for the one card object ``name`` names (with several copies and no
    object number, the one in The World if there is exactly one), else ``(None, why)``."""
    cid, oid = card_name(name)
    copies = [c for c in _all_cards(g) if c.proto.id == cid]
    found = [c for c in copies if oid is None or c.oid == oid]
    if not found:
        if oid is None or not copies:
            return None, f"no card '{cid}' is in the game"
        return None, (f"no card '{name}' is in the game; the {cid} objects are: "
                      f"{', '.join(object_name(c) for c in copies)}")
    if len(found) > 1:
        world = [c for c in found if c.zone.kind == "world"]
        found = world if len(world) == 1 else found
    if len(found) > 1:
        return None, (f"card '{cid}' is ambiguous: name one by its object number, as the "
                      f"log prints it: {', '.join(object_name(c) for c in found)}")
    return found[0], None


def _all_cards(g: Primitives) -> Iterator[WondersCard]:
    for p in g.players:
        for z in (p.hand, p.deck, p.abyss, p.banishment):
            # cards unseen in a deck as the objects they would be (the game's own)
            yield from cast("list[WondersCard]", g.look(z))
    yield from g.world_cards()
    for z in g.limbos:
        yield from z.cards


def _object_of(option: Any) -> WondersCard | None:
    """The card object an option is about, if any: the card itself, a trigger's source, a
    turn option's card."""
    if hasattr(option, "oid"):
        return option
    for attr in ("source", "card"):
        c = getattr(option, attr, None)
        if hasattr(c, "oid"):
            return c
    return None


def object_labels(decision: Decision) -> list[str]:
    """The options' labels with their card's object number after its id, as the log
    prints it: ``squire#9 @realm 1/A``, ``play squire#9``, ``squire#9: on_arrival``."""
    out = []
    for option, label in zip(decision.options, decision.labels, strict=True):
        c = _object_of(option)
        cid: str = c.proto.id if c is not None else ""
        at = _word_at(label, cid) if cid else -1
        out.append(label if c is None or at < 0 else
                   f"{label[:at]}{cid}#{c.oid}{label[at + len(cid):]}")
    return out


def _word_at(label: str, cid: str) -> int:
    """Where ``cid`` stands as a word of ``label`` (before a space, ``:`` or the end)."""
    start = 0
    while (at := label.find(cid, start)) >= 0:
        end = at + len(cid)
        if (at == 0 or label[at - 1] == " ") and (end == len(label) or label[end] in " :"):
            return at
        start = at + 1
    return -1


def find_option(decision: Decision, answer: str) -> int:
    """The option an answer names: as :meth:`Decision.find` does, and, when the answer names
    a card object (``squire#9``, ``squire#9 @realm 1/A``, ``squire#9: on_arrival``), among
    the options' labels with their object numbers. Raises LookupError (the message lists
    the options, with object numbers when two labels are the same)."""
    labels = decision.labels
    if not any("#" in w and card_name(w)[1] is not None
               for w in answer.replace(":", " ").split()):
        try:
            return decision.find(answer)
        except LookupError as exc:
            if len(set(labels)) == len(labels):
                raise
            raise LookupError(f"{exc}; options that look alike can be named by their "
                              f"card's object number: {_listed(object_labels(decision))}") \
                from None
    named = object_labels(decision)
    if answer in named:  # the same full label twice: one object's two triggers alike
        return named.index(answer)
    hits = [i for i, lab in enumerate(named)
            if lab.split(" @")[0] == answer
            or lab.startswith(answer + " ") or lab.startswith(answer + ":")]
    if len(hits) == 1:
        return hits[0]
    why = "is ambiguous" if hits else "is not a legal option"
    raise LookupError(f"'{answer}' {why} for {decision.kind} decision of "
                      f"{decision.player.name}; options: {_listed(named)}")


def _listed(labels: list[str]) -> str:
    return ", ".join(repr(x) for x in labels)
