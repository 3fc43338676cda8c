"""What a rule sees: one card file (its document, model and compiled card), or the whole set
as the facts gathered from each card file (which the cache keeps, so set-wide rules never
need to reload an unchanged file)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardscript.errors import Position
from cardscript.loader import Document
from cardscript.plugins import GameSpec
from cardscript.registry import Registry
from cardscript.state import CardDef

from ..common import registry_of
from .findings import Finding


@dataclass
class CardFacts:
    """What set-wide rules need to know about one card file."""

    id: str
    name: str
    type: str | None
    token: bool
    id_pos: tuple[int, int]
    name_pos: tuple[int, int]
    #: (kind, id, line, col) of every card the card names
    references: list[tuple[str, str, int, int]] = field(default_factory=list)
    #: the game's own printed fields (plain values), read as attributes too, so a game's
    #: deck validation sees them as it sees a compiled card's (Riftbound: domains, tags)
    printed: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        printed = self.__dict__.get("printed")
        if printed is not None and name in printed:
            return printed[name]
        raise AttributeError(name)


@dataclass
class CardContext:
    """One card file: ``doc`` always; ``model`` and ``card`` when it validated and compiled."""

    path: str
    doc: Document
    spec: GameSpec
    #: the game's card model (a pydantic model of the game's own class)
    model: Any = None
    card: CardDef | None = None
    #: the other cards of the set by id (their facts), for rules with ``needs_set``
    cards: CardsView | None = None

    @property
    def registry(self) -> Registry:
        return registry_of(self.spec)

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def data(self) -> Any:
        return self.doc.data

    @property
    def card_id(self) -> str | None:
        d = self.doc.data
        cid = d.get("id") if isinstance(d, dict) else None
        return cid if isinstance(cid, str) else None

    def finding(self, code: str, message: str, path: tuple = (), *, key: bool = False,
                **kw: Any) -> Finding:
        """A finding at the node ``path`` of this file (at its key if ``key``)."""
        pos: Position = self.doc.key_pos(path) if key else self.doc.pos(path)
        return Finding(code, message, self.path, pos.line, pos.col, card=self.card_id, **kw)


class CardsView(Mapping[str, CardFacts]):
    """The set's cards by id, as a rule that reads other cards sees them; remembers what it
    was asked for (the file's dependencies, checked when its cached result is reused)."""

    def __init__(self, by_id: dict[str, CardFacts]):
        self._by_id = by_id
        self.read: dict[str, tuple | None] = {}

    def __getitem__(self, key: str) -> CardFacts:
        f = self._by_id.get(key)
        self.read[key] = snapshot(f)
        if f is None:
            raise KeyError(key)
        return f

    def __contains__(self, key: object) -> bool:
        try:
            self[key]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        self.read["*"] = tuple(sorted(self._by_id))
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)


def snapshot(f: CardFacts | None) -> tuple | None:
    # the printed fields too: a card's text may name another's stats (a token's power)
    return None if f is None else (f.id, f.name, f.type, f.token,
                                   tuple(sorted(f.printed.items())))


def stale(deps: dict[str, tuple | None], by_id: dict[str, CardFacts]) -> bool:
    for key, seen in deps.items():
        now = tuple(sorted(by_id)) if key == "*" else snapshot(by_id.get(key))
        if now != seen:
            return True
    return False


@dataclass
class SetContext:
    """Every card file of the set that loaded, in load order: (path, facts)."""

    spec: GameSpec
    cards: list[tuple[str, CardFacts]]
    #: the files whose findings are reported (the rest are context)
    reported: set[str]

    @property
    def game(self) -> str:
        return self.spec.name
