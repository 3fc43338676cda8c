"""Run-time state every card game has: compiled card definitions, card objects with an owner
and a controller, and players. A game subclasses each with its own printed fields, card
state and player resources (each game package under ``cardscript.games``).

A card object is one instance of a card in one zone: a card that changes zones becomes a new
object (a new ``oid``), except between zones in play, and keeps its last known information
(``last_zone``, ``moved_to``) for effects that refer to "it".
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from .clone import copy_slots, copy_value
from .loadable import state
from .slots import compact, per_class, slots_of

if TYPE_CHECKING:
    from .compiler import CardProgram
    from .errors import Position
    from .zones import Zone

class CardDef:
    """A compiled card: its printed data plus its :class:`~cardscript.compiler.CardProgram`.
    A game's card definitions add the fields its cards print (their names are the card
    model's field names)."""

    __slots__ = ("id", "name", "type", "cost", "token", "keywords", "program", "text",
                 "source", "references", "digest", "recipe")
    id: str
    name: str
    # what a game's cards may print (None when its cards don't)
    type: str | None
    cost: int | None
    token: bool | None
    #: the card's keywords by name: each a compiled keyword (:class:`~cardscript.entries.Keyword`)
    keywords: dict[str, Any]
    program: CardProgram
    text: str | None
    source: Position | None
    #: (kind, id) of the cards it names (tokens it creates, say)
    references: tuple[tuple[str, str], ...]
    digest: str
    #: a definition a game made during play from others (a card that took another's
    #: abilities): ``(function, printed, *others)``, the function (module level) making it
    #: again from those definitions, so a save names it by them; None for a compiled card.
    #: A new object (a card changing zones) is always of the printed definition.
    recipe: tuple | None

    def __init__(self, **kw: Any):
        for k in slots_of(type(self)):
            setattr(self, k, kw.get(k))

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        compact(cls)  # the compile cache is mostly card definitions

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


@state
class Card:
    """One object in one zone. ``blank`` is nonzero while its abilities are treated as blank
    text: they neither trigger nor resolve (how long it lasts is the game's)."""

    __slots__ = ("oid", "proto", "owner", "controller", "zone", "handlers", "token", "blank",
                 "last_zone", "moved_to", "boosts", "given")

    def __init__(self, oid: int, proto: CardDef, owner: Any, zone: Any = None):
        self.oid = oid
        self.proto = proto
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.handlers: tuple | list = ()  # the bus's handlers for it, while registered
        self.token = bool(proto.token)
        self.blank = 0
        self.last_zone = zone  # where it was when it left (last known information)
        self.moved_to: Self | None = None  # the object it became in its new zone (its class)
        #: the stat bonuses static abilities give it now, (stat, amount) each, oldest first
        #: (:class:`cardscript.continuous.Continuous`)
        self.boosts: tuple[tuple[str, int], ...] = ()
        #: the keywords static abilities give it now, (name, compiled keyword) each
        self.given: tuple[tuple[str, Any], ...] = ()

    #: a game's own card fields that hold state objects (a card, a player): copied through
    #: the memo; every other field a game adds is a plain value, copied as it is
    STATE: tuple[str, ...] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._clone = _card_copier(cls)  # type: ignore[method-assign]

    def _clone(self, memo: dict, zone: Any = None, player: Any = None,
               new_player: Any = None) -> Self:
        """The copy of this card (made for each class by :func:`_card_copier`)."""
        raise NotImplementedError  # pragma: no cover - replaced below

    def equipped(self) -> Card | None:
        """The card this one (an equipment) is attached to now, in a game with equipment;
        None otherwise (:class:`cardscript.continuous.EquippedRef`)."""
        return None

    @property
    def id(self) -> str:
        return self.proto.id

    def set_to(self, stat: str) -> int | None:
        """The value static abilities set ``stat`` to now (the newest), or None."""
        key, value = "=" + stat, None
        for s, amount in self.boosts:
            if s == key:
                value = amount
        return value

    def boost(self, stat: str) -> int:
        """The total of the bonuses to ``stat`` that static abilities give it now."""
        n = 0
        for s, amount in self.boosts:
            if s == stat:
                n += amount
        return n

    @property
    def area(self) -> Any:
        """The area of the table its zone belongs to, or the one it left (last known)."""
        z = self.zone or self.last_zone
        return z.area if z is not None else None

    @property
    def gone(self) -> bool:
        return self.zone is None

    def has_keyword(self, name: str) -> bool:
        """Whether it has the keyword now: printed, or given by a static ability (none while
        its text is blank)."""
        if self.blank:
            return False
        if name in self.proto.keywords:
            return True
        given = self.given
        return bool(given) and any(n == name for n, _ in given)

    def keywords_named(self, name: str) -> list[Any]:
        """Its compiled keywords of that name now, printed first, then given ones (each
        instance counts: "Assault 2" given to a unit with Assault 1); none while blank."""
        if self.blank:
            return []
        kw = self.proto.keywords.get(name)
        out = [] if kw is None else list(kw) if kw.__class__ is tuple else [kw]  # repeatable
        for n, given in self.given:
            if n == name:
                out.append(given)
        return out

    def __repr__(self) -> str:
        where = self.zone.label() if self.zone is not None else "gone"
        return f"<{self.proto.id}#{self.oid} {where}>"

    def label(self) -> str:
        where = self.zone.label() if self.zone is not None else "gone"
        return f"{self.proto.id} @{where}"


@state
class Player:
    """A player. A game's players add their zones (named in ``ZONES``, made by the game's
    ``__init__``) and resources."""

    __slots__ = ("index", "name", "lost", "deck_name", "turns")
    #: the slots that hold the player's own zones (copied as state, not as plain values)
    ZONES: tuple[str, ...] = ()

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.lost = False
        self.deck_name = ""
        self.turns = 0

    def _clone(self, memo: dict) -> "Player":
        cls = type(self)
        plain = _player_plain(cls)
        return copy_slots(self, cls.__new__(cls), plain, cls.ZONES, memo)

    def __repr__(self) -> str:
        return f"<player {self.name}>"

    def label(self) -> str:
        return self.name

    def zone(self, kind: str) -> Zone:
        """The player's own zone of that kind (one of ``ZONES``)."""
        return getattr(self, kind)


@per_class
def _player_plain(cls: type[Player]) -> tuple[str, ...]:
    return tuple(n for n in slots_of(cls) if n not in cls.ZONES)


#: the core's fields of a card that refer to other state objects, copied by hand below
_CARD_LINKS = ("owner", "controller", "zone", "handlers", "last_zone", "moved_to")

_COPIER = """
def _clone(self, memo, zone=None, player=None, new_player=None):
    n = new(cls)
    memo[id(self)] = n
    owner = self.owner
    n.owner = new_owner = new_player if owner is player and player is not None else \\
        memo.get(id(owner)) or copy_value(owner, memo)
    c = self.controller
    n.controller = new_owner if c is owner else copy_value(c, memo)
    z = self.zone
    if zone is None and z is not None:
        zone = copy_value(z, memo)
    n.zone = zone
    n.handlers = ()
    last = self.last_zone
    n.last_zone = zone if last is z else copy_value(last, memo)
    m = self.moved_to
    n.moved_to = m if m is None else copy_value(m, memo)
{fields}
    return n
"""


def _card_copier(cls: type[Card]) -> Any:
    """The ``_clone`` of a card class: the copy of a card, fast, since it runs for every card
    of a game. When its zone is copying its cards (the common case), ``zone`` is the zone's
    copy and ``player``, ``new_player`` the zone's player and its copy. The function is
    written out for the class's own fields, as ``dataclasses`` writes ``__init__``: one line
    per field, without a loop or a call per card; the names are the class's slot names."""
    lines = []
    for name in slots_of(cls):
        if name in _CARD_LINKS:
            continue
        if not name.isidentifier():  # pragma: no cover - slots are identifiers
            raise TypeError(f"bad slot name {name!r}")
        if name in cls.STATE:  # mostly None: no call then
            lines.append(f"    v = self.{name}")
            lines.append(f"    n.{name} = v if v is None else copy_value(v, memo)")
        else:
            lines.append(f"    n.{name} = self.{name}")
    namespace = {"copy_value": copy_value, "new": object.__new__, "cls": cls}
    exec(_COPIER.format(fields="\n".join(lines)), namespace)  # our own source, see above
    fn: Any = namespace["_clone"]
    fn.__qualname__ = f"{cls.__qualname__}._clone"
    fn.__doc__ = _card_copier.__doc__
    return fn


Card._clone = _card_copier(Card)  # type: ignore[method-assign]
compact(CardDef)
