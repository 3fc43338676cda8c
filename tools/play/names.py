"""Cards by name in what ``cardscript play`` prints: the options of a decision, the
opponent's choices and the game's log, which the engine words with card ids.

An option's label is the engine's (:func:`cardscript.decisions.describe`); the cards it is
about are found in the option itself (a card, a tuple of parts, an object whose fields hold
cards) and their ids put back as names, with where each card is and, when its zone holds
copies of it, which copy ("Rockslide (your hand, 2nd)"). A card the viewer can't see
(:meth:`cardscript.game.Game.hidden_from`) is "a card". Whatever id is left in a label or a
log entry (a log holds ids, not objects) becomes the card's name.
"""
from __future__ import annotations

import re
from typing import Any

from cardscript.decisions import describe
from cardscript.game import Game
from cardscript.state import Card, Player
from cardscript.zones import Unseen, Zone

# a card id as cards spell them (a slug), with the object number a log may add (id#12)
_ID = re.compile(r"(?<![\w-])([a-z0-9]+(?:[-_][a-z0-9]+)*)(#\d+)?(?![\w-])")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def cards_in(option: Any, depth: int = 0) -> list[Any]:
    """The cards an option is about, in order: itself, its parts, or the cards its fields
    hold (``card``, ``source``, a target ...); one level into an object's fields."""
    if isinstance(option, (Card, Unseen)):
        return [option]
    if isinstance(option, (tuple, list)) and depth < 2:
        return [c for x in option for c in cards_in(x, depth + 1)]
    if depth > 1 or isinstance(option, (str, int, float, bool)) or option is None:
        return []
    fields = getattr(type(option), "__slots__", None) or list(getattr(option, "__dict__", ()))
    found: list[Any] = []
    for name in fields:
        value = getattr(option, name, None)
        if isinstance(value, (Card, Unseen)) and value not in found:
            found.append(value)
    return found


class Namer:
    """Card names for one viewer of one game (the game is looked at when asked, so the
    same namer follows a game that is taken back by ``undo``)."""

    def __init__(self, game: Game, viewer_index: int):
        self.game = game
        self.viewer_index = viewer_index
        self.names: dict[str, str] = {}
        for deck in game.decks:
            for d in deck:
                self.names[d.id] = d.name
        for d in game.tokens.values():
            self.names[d.id] = d.name

    @property
    def viewer(self) -> Player:
        return self.game.players[self.viewer_index]

    def name(self, card_id: str) -> str:
        return self.names.get(card_id, card_id)

    def words(self, text: str) -> str:
        """``text`` with every card id (and id#object) as the card's name."""
        def sub(m: re.Match) -> str:
            name = self.names.get(m.group(1))
            return m.group(0) if name is None else name
        return _ID.sub(sub, text)

    def where(self, zone: Zone) -> str:
        """A zone in words, from the viewer's side: "your hand", "Bot's pool", "realm 2"."""
        label = zone.label()
        place, slash, who = label.rpartition("/")
        if not slash:
            return self.words(label)
        place = self.words(place)
        if who == self.viewer.name:
            return f"your {place}" if not zone.in_play else f"{place}, your side"
        if zone.player is None:  # a part of an area that is no player's (its name after /)
            return f"{place}, {who}"
        if zone.player is not None and who == zone.player.name:
            return f"{who}'s {place}" if not zone.in_play else f"{place}, {who}'s side"
        return f"{place} {who}"

    def card(self, card: Any, placed: bool, seen: bool = False) -> str:
        """A card in words: its name (or "a card", when the viewer can't see it and it is
        not ``seen``), with where it is when ``placed`` or when its zone holds copies of it,
        and which copy."""
        zone = getattr(card, "zone", None)
        if not seen and (isinstance(card, Unseen) or self.game.hidden_from(card, self.viewer)):
            return f"a card ({self.where(zone)})" if zone is not None else "a card"
        if isinstance(card, Unseen):  # a card of a hidden pile the viewer is offered
            return self.name(card.proto.id)
        name = self.name(card.proto.id)
        if zone is None:
            return name
        same = [c for c in zone.cards if c.proto.id == card.proto.id]
        bits = [self.where(zone)] if placed or len(same) > 1 else []
        if len(same) > 1:
            bits.append(ordinal(next(i for i, c in enumerate(same, 1) if c is card)))
        return f"{name} ({', '.join(bits)})" if bits else name

    def option(self, option: Any, seen: bool = False) -> str:
        """An option in words, its cards by name and told apart; ``seen``: the option is
        the viewer's own to choose, so its cards are shown to them wherever they are."""
        text = describe(option)
        for c in cards_in(option):
            label = c.label() if isinstance(c, Card) else ""
            if label and label in text:
                text = text.replace(label, "\0" + self.card(c, True, seen) + "\0", 1)
                continue
            m = re.search(rf"(?<![\w-]){re.escape(c.proto.id)}(#\d+)?(?![\w-])", text)
            if m is not None:
                text = text[:m.start()] + "\0" + self.card(c, False, seen) + "\0" + \
                    text[m.end():]
        # what is left (names already put in are fenced off by \0) has its ids named
        parts = text.split("\0")
        return "".join(p if i % 2 else self.words(p) for i, p in enumerate(parts))

    def options(self, options: list[Any]) -> list[str]:
        """Every option of the viewer's decision in words; two that still read the same are
        numbered apart."""
        labels = [self.option(o, seen=True) for o in options]
        seen: dict[str, int] = {}
        total = {lab: labels.count(lab) for lab in labels}
        out = []
        for lab in labels:
            if total[lab] > 1:
                seen[lab] = seen.get(lab, 0) + 1
                lab = f"{lab} ({ordinal(seen[lab])} of {total[lab]})"
            out.append(lab)
        return out

    def entry(self, entry: tuple) -> str:
        """A log entry in words: its kind, then its parts, card ids as names; an entry about
        a player reads as theirs ("Bot: play Basalt Gate A/Bot", not "play Bot ...")."""
        parts = [str(entry[0]).replace("_", " ")] if entry else []
        for x in entry[1:]:
            if isinstance(x, (list, tuple)):
                parts.append(", ".join(str(y) for y in x) or "-")
            else:
                parts.append(str(x))
        who = ""
        if len(parts) > 1 and parts[1] in {p.name for p in self.game.players}:
            who = parts.pop(1) + ": "
        return who + self.words(" ".join(parts))
