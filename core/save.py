"""Saving a game in progress as a versioned JSON document, and loading it to continue.

The document holds the whole state object graph: every state object (the game, players,
zones, cards, triggers, events, the resolver, the pending decision) once, in a table, with
references between them by index; the steps still to do as methods by name; compiled
abilities and effects by their card and their place in its program; the RNG's state.

Loading never runs code from the file: classes are taken only from the engine's own modules
and made without calling their constructors, steps only resolve to methods of those classes,
and card definitions come from the card pool the game is loaded with, which must hold the same
cards as when the game was saved (each card's digest is checked). A game defined outside the
engine (in a plugin's package) loads only when the caller names that package as trusted. A
document from another format or engine version, or one whose contents don't match its
checksum, is refused with a :class:`SaveError` that says why.
"""
from __future__ import annotations

import functools
import hashlib
import importlib
import json
import operator
import re
import sys
from collections import deque
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path
from types import FunctionType, MethodType
from typing import TYPE_CHECKING, Any

from .clone import GameRandom
from .errors import CardError
from .slots import per_class, slots_of
from .state import CardDef
from .zones import Unseen

if TYPE_CHECKING:
    from .game import Game

FORMAT = "cardscript-save"
VERSION = 1
#: modules whose classes and functions a save may name: the engine's own
_TRUSTED = (__name__.rpartition(".")[0] + ".",)
_ATOMS = (str, int, float, bool, type(None))


class SaveError(Exception):
    """A save document that can't be loaded: what is wrong and what was expected."""


def engine_version() -> str:
    """Changes whenever the engine's or a game's code changes: a digest of their sources."""
    global _ENGINE
    if _ENGINE is None:
        from . import __file__ as core_init
        root = Path(core_init).parent
        h = hashlib.blake2b(digest_size=12)
        for f in sorted(root.rglob("*.py")):
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
        _ENGINE = h.hexdigest()
    return _ENGINE


_ENGINE: str | None = None


# -- compiled objects by address -----------------------------------------------------------
def _nodes(card: CardDef) -> list:
    """Every compiled object of ``card``'s program, in a fixed order (its abilities, then
    what each holds, depth first), so that an object is addressed by (card id, position)."""
    out: list = []
    seen: set[int] = set()
    stack = list(reversed(card.program.abilities)) + list(reversed(list(card.keywords.values())))
    while stack:
        x = stack.pop()
        if isinstance(x, _ATOMS) or id(x) in seen or isinstance(x, type):
            continue
        if isinstance(x, (list, tuple)):
            stack.extend(reversed(x))
            continue
        if isinstance(x, dict):
            stack.extend(reversed(list(x.values())))
            continue
        seen.add(id(x))
        out.append(x)
        for name in slots_of(type(x)):
            if hasattr(x, name):
                stack.append(getattr(x, name))
    return out


_ATOM_TYPES = frozenset(_ATOMS)


@per_class
def _getter(cls: type) -> Any:
    """Reads every slot of a ``cls`` object at once (a tuple, in slot order)."""
    names = slots_of(cls)
    if len(names) < 2:
        return lambda obj: tuple(getattr(obj, n) for n in names)
    return operator.attrgetter(*names)


class _Addresses:
    """Compiled objects of the cards in play, by identity and by address."""

    def __init__(self) -> None:
        self.by_id: dict[int, tuple[str, int]] = {}
        self.by_address: dict[tuple[str, int], Any] = {}
        self.cards: dict[str, CardDef] = {}

    def add(self, card: CardDef) -> None:
        if card.id in self.cards:
            return
        self.cards[card.id] = card
        nodes = _NODES.get(id(card))
        if nodes is None or nodes[0] is not card:
            nodes = _NODES[id(card)] = (card, _nodes(card))
        for i, node in enumerate(nodes[1]):
            self.by_id.setdefault(id(node), (card.id, i))
            self.by_address[(card.id, i)] = node


@functools.lru_cache(maxsize=64)
def _addresses_of(cards: tuple[CardDef, ...]) -> "_Addresses":
    """The addresses of a game's cards (its decks and tokens), made once per set of cards."""
    out = _Addresses()
    for card in cards:
        out.add(card)
    return out


#: compiled objects by card definition (kept with the definition, which they belong to)
_NODES: dict[int, tuple[CardDef, list]] = {}


# -- saving --------------------------------------------------------------------------------
def dumps(game: Game) -> str:
    """The game as a save document (a JSON string)."""
    enc = _Encoder(game)
    state = enc.run()
    body = {"game": game.game_name, "engine": engine_version(),
            "cards": {cid: c.digest for cid, c in
                      sorted({**enc.addresses.cards, **enc.other_cards}.items())},
            "state": state}
    text = json.dumps(body, separators=(",", ":"))
    checksum = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    return f'{{"format":"{FORMAT}","version":{VERSION},"checksum":"{checksum}","body":{text}}}'


#: the head of a save document, before its body (written as :func:`dumps` writes it)
_HEAD = re.compile(r'\{"format":"([^"]*)","version":(\d+),"checksum":"([0-9a-f]{32})","body":')


class _Encoder:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.addresses = _addresses_of(
            tuple(c for deck in game.decks for c in deck) +
            tuple(getattr(game, "tokens", {}).values()))
        self.other_cards: dict[str, CardDef] = {}  # cards met outside the decks and tokens
        self.index: dict[int, int] = {}
        self.objects: list = []
        self.classes: list = []
        self.shapes: dict = {}
        self.queue: deque = deque()

    def run(self) -> dict:
        root = self.ref(self.game)
        while self.queue:
            n, obj = self.queue.popleft()
            self.objects[n] = self.fields(obj)
        return {"root": root, "classes": self.classes, "objects": self.objects}

    def ref(self, obj: Any) -> dict:
        n = self.index.get(id(obj))
        if n is None:
            n = self.index[id(obj)] = len(self.objects)
            self.objects.append(None)
            self.queue.append((n, obj))
        return {"@": n}

    def shape(self, cls: type, names: list[str]) -> int:
        """The index of the class and field names in the document's class table."""
        key = (cls, tuple(names))
        n = self.shapes.get(key)
        if n is None:
            n = self.shapes[key] = len(self.classes)
            self.classes.append([f"{cls.__module__}:{cls.__qualname__}", names])
        return n

    def fields(self, obj: Any) -> list:
        """An object as its shape and its field values, in the shape's order."""
        cls = type(obj)
        value = self.value
        d = getattr(obj, "__dict__", None)
        if d is None:
            got = _getter(cls)
            try:  # every slot set: the common case, read in one call
                return [self.shape(cls, list(slots_of(cls))),
                        [v if type(v) in _ATOM_TYPES else value(v) for v in got(obj)]]
            except AttributeError:
                names = [s for s in slots_of(cls) if hasattr(obj, s)]
                return [self.shape(cls, names), [value(getattr(obj, s)) for s in names]]
        names = list(d)
        values = [{"log": v} if obj is self.game and k == "log" else value(v)
                  for k, v in d.items()]  # the log is plain data, the bulk of a save
        return [self.shape(cls, names), values]

    def value(self, x: Any) -> Any:
        t = type(x)
        if t in _ATOM_TYPES:
            return x
        if t is list:
            return [self.value(v) for v in x]
        if t is tuple:
            return {"tuple": [self.value(v) for v in x]}
        if t is dict:
            return {"dict": [[self.value(k), self.value(v)] for k, v in x.items()]}
        if t is set or t is frozenset:
            items = sorted((self.value(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
            return {t.__name__: items}
        if t is deque:
            return {"deque": [self.value(v) for v in x]}
        if isinstance(x, CardDef):
            if x.recipe is not None:  # made during play: saved as how to make it again
                return {"derived": [self.value(v) for v in x.recipe]}
            if x.id not in self.addresses.cards:
                self.other_cards[x.id] = x
            return {"card": x.id}
        if t is Unseen:
            return {"unseen": [x.oid, self.value(x.proto)["card"]]}
        if t is GameRandom:
            version, internal, gauss = x.getstate()
            return {"random": [version, list(internal), gauss]}
        if t is MethodType:
            return {"method": [self.value(x.__self__), x.__func__.__name__]}
        if t is FunctionType:
            return {"function": f"{x.__module__}:{x.__qualname__}"}
        n = self.index.get(id(x))
        if n is not None:  # a state object met before
            return {"@": n}
        address = self.addresses.by_id.get(id(x))
        if address is not None:
            return {"node": list(address)}
        if is_dataclass(x) and t.__dataclass_params__.frozen and \
                t.__module__.startswith(_TRUSTED):  # a value, like a game's limits
            return {"value": [f"{t.__module__}:{t.__qualname__}",
                              {f.name: self.value(getattr(x, f.name)) for f in fields(x)}]}
        if hasattr(x, "_clone") or t.__module__.startswith(_TRUSTED):
            return self.ref(x)
        raise SaveError(f"can't save a {t.__module__}.{t.__qualname__} in the game state")


# -- loading -------------------------------------------------------------------------------
def loads(text: str, cards: Mapping[str, CardDef], game: str | None = None, *,
          modules: tuple[str, ...] = ()) -> Game:
    """The game a save document holds, its card definitions taken from ``cards`` (by id; a
    :class:`~cardscript.cardpool.CardPool`'s ``cards``); ``game`` names the game it must be.

    ``modules`` names packages outside the engine whose classes and methods the save may
    name too: those of a game defined in a plugin package. The caller vouches for their code,
    which the engine version does not cover."""
    head = _HEAD.match(text)
    if head is None or head.group(1) != FORMAT:
        raise SaveError(f"not a save document (expected a {FORMAT} file written by "
                        "`cardscript play --save`)")
    if int(head.group(2)) != VERSION:
        raise SaveError(f"save format version {head.group(2)}; this cardscript reads "
                        f"version {VERSION}")
    body_text = text[head.end():-1]
    if not text.endswith("}") or hashlib.blake2b(
            body_text.encode(), digest_size=16).hexdigest() != head.group(3):
        raise SaveError("the save is corrupt: its contents don't match its checksum")
    try:
        body = json.loads(body_text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the save is malformed: {exc}") from None
    if game is not None and body.get("game") != game:
        raise SaveError(f"the save is a game of {body.get('game')!r}, not {game!r}")
    if body.get("engine") != engine_version():
        raise SaveError("the save was made by another version of the cardscript engine; "
                        "it can only be resumed with the version that saved it")
    used = []
    for cid, digest in body["cards"].items():
        card = cards.get(cid)
        if card is None:
            raise SaveError(f"the save uses card '{cid}', which is not in the card set")
        if card.digest != digest:
            raise SaveError(f"card '{cid}' has changed since the game was saved")
        used.append(card)
    addresses = _addresses_of(tuple(used))  # made once per set of cards, as for saving
    try:
        return _Decoder(body["state"], addresses, _prefixes(modules)).run()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, CardError) as exc:
        raise SaveError(f"the save is malformed: {type(exc).__name__}: {exc}") from None


def _prefixes(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The module-name prefixes a save may name: the engine's modules and the modules of the
    given packages (as for the engine, not a package's ``__init__`` itself)."""
    return _TRUSTED + tuple(m.rstrip(".") + "." for m in modules)


class _Decoder:
    def __init__(self, state: dict, addresses: _Addresses,
                 trusted: tuple[str, ...] = _TRUSTED) -> None:
        self.trusted = trusted
        self.specs = state["objects"]
        self.root = state["root"]
        self.addresses = addresses
        self.shapes = [self.shape(name, names) for name, names in state["classes"]]
        self.objects = [self.shapes[spec[0]][0].__new__(self.shapes[spec[0]][0])
                        for spec in self.specs]

    def _trusted(self, name: str) -> tuple[Any, str]:
        module, _, qualname = name.partition(":")
        if not module.startswith(self.trusted) or not qualname:
            raise SaveError(f"the save names {name!r}, which is not part of the engine")
        obj: Any = sys.modules.get(module) or importlib.import_module(module)
        for part in qualname.split("."):
            if part.startswith("__"):
                raise SaveError(f"the save names {name!r}, which is not part of the engine")
            obj = getattr(obj, part)
        return obj, qualname

    def shape(self, name: str, names: list) -> tuple[type, list[str]]:
        cls, _ = self._trusted(name)
        if not isinstance(cls, type):
            raise SaveError(f"the save names {name!r}, which is not a class")
        slots = slots_of(cls)
        if slots:
            wrong = [k for k in names if k not in slots]
            if wrong:
                raise SaveError(f"the save gives {cls.__name__} fields it doesn't have: "
                                f"{', '.join(map(str, wrong))}")
        return cls, names

    def run(self) -> Any:
        value = self.value
        for obj, (shape, values) in zip(self.objects, self.specs, strict=True):
            names = self.shapes[shape][1]
            if len(names) != len(values):
                raise SaveError("the save is malformed: an object with the wrong number of "
                                "fields")
            for k, v in zip(names, values):  # noqa: B905 (lengths checked above)
                setattr(obj, k, v if type(v) in _ATOM_TYPES else value(v))
        return value(self.root)

    def value(self, x: Any) -> Any:
        t = type(x)
        if t in _ATOM_TYPES:
            return x
        if t is list:
            return [self.value(v) for v in x]
        ref = x.get("@")
        if ref is not None and len(x) == 1:
            return self.objects[ref]
        (tag, v), = x.items()
        if tag == "log":
            return [tuple(e) for e in v]
        if tag == "tuple":
            return tuple(self.value(i) for i in v)
        if tag == "dict":
            return {self.value(k): self.value(i) for k, i in v}
        if tag == "set":
            return {self.value(i) for i in v}
        if tag == "frozenset":
            return frozenset(self.value(i) for i in v)
        if tag == "deque":
            return deque(self.value(i) for i in v)
        if tag == "card":
            return self.addresses.cards[v]
        if tag == "unseen":
            oid, card = v
            if type(oid) is not int:
                raise SaveError(f"the save holds an unseen card with object number {oid!r}")
            return Unseen(oid, self.addresses.cards[card])
        if tag == "derived":  # a definition made during play (CardDef.recipe)
            make, *args = (self.value(i) for i in v)
            if not isinstance(make, FunctionType) or \
                    not all(isinstance(a, CardDef) or a is None for a in args):
                raise SaveError("the save holds a derived card definition that is not one")
            return make(*args)
        if tag == "node":
            return self.addresses.by_address[(v[0], v[1])]
        if tag == "random":
            r = GameRandom.__new__(GameRandom)
            r.setstate((v[0], tuple(v[1]), v[2]))
            return r
        if tag == "method":
            owner = self.value(v[0])
            name = v[1]
            fn = getattr(type(owner), name, None) if not name.startswith("_") else None
            if not callable(fn) or not getattr(fn, "__module__", "").startswith(self.trusted):
                raise SaveError(f"the save names a step {name!r} that "
                                f"{type(owner).__name__} does not have")
            return getattr(owner, name)
        if tag == "value":
            cls, _ = self._trusted(v[0])
            if not (isinstance(cls, type) and is_dataclass(cls)
                    # every dataclass has it; typeshed's DataclassInstance leaves it out
                    and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
                raise SaveError(f"the save names {v[0]!r}, which is not a value class")
            return cls(**{k: self.value(i) for k, i in v[1].items()})
        if tag == "function":
            fn, _ = self._trusted(v)
            if not isinstance(fn, FunctionType):
                raise SaveError(f"the save names {v!r}, which is not a function")
            return fn
        raise SaveError(f"the save holds an unknown value {tag!r}")


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps(game), encoding="utf-8")


def load(path: str | Path, cards: Mapping[str, CardDef], game: str | None = None, *,
         modules: tuple[str, ...] = ()) -> Game:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read {path}: {exc}") from None
    return loads(text, cards, game, modules=modules)
