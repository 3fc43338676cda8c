"""Saving a game in progress as a versioned JSON document, and loading it to continue.

The document holds the whole state object graph: every state object (the game, players,
zones, cards, triggers, events, the resolver, the pending decision) once, in a table, with
references between them by index; the steps still to do as steps by name; compiled
abilities and effects by their card and their place in its program; the RNG's state.

A save is untrusted input, safe to open by construction: it is read through the one reader
(:mod:`cardscript.jsonfile`: a regular file, bounded in size and depth, strict JSON), its
shape is checked, and every class, value, step and recipe it names is looked up in the table
of what the engine declares loadable (:mod:`cardscript.loadable`) before a single object is
built — anything else is "not part of the engine". Objects are made without calling their
constructors and get only the fields their class has; card definitions come from the card
pool the game is loaded with, which must hold the same cards as when the game was saved
(each card's digest is checked). A document from another format or engine version, or whose
contents don't match its checksum (damage, not tampering: the checksum is not a signature),
is refused with a :class:`SaveError` that says why.

:func:`verified` then checks that the state is one the rules reach: the game is played again
from its own record (seed, decks, choices) and must come out exactly as saved; resuming
continues that replayed game. So an edited save — a round of -5, a card moved by hand — is
refused, whoever resealed its checksum.
"""
from __future__ import annotations

import functools
import hashlib
import json
import operator
import re
from collections import deque
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from types import FunctionType, MethodType
from typing import TYPE_CHECKING, Any

from . import loadable
from .atomic import write_atomic
from .clone import GameRandom
from .errors import CardError
from .jsonfile import parse
from .loader import read_source
from .slots import per_class, slots_of
from .state import CardDef
from .zones import Unseen

if TYPE_CHECKING:
    from .game import Game

FORMAT = "cardscript-save"
VERSION = 3
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
_HEAD = re.compile(rb'\{"format":"([^"]{0,64})","version":(\d{1,9}),"checksum":"([0-9a-f]{32})",'
                   rb'"body":')


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
        #: objects that are neither state nor values, met before it was known whether they
        #: belong to a card met later (outside the decks and tokens): placed at the end
        self.unplaced: list[tuple[Any, dict]] = []

    def run(self) -> dict:
        root = self.value(self.game)
        while self.queue:
            n, obj = self.queue.popleft()
            self.objects[n] = self.fields(obj)
        if self.unplaced:
            others = _Addresses()
            for card in self.other_cards.values():
                others.add(card)
            for x, placeholder in self.unplaced:
                address = others.by_id.get(id(x))
                if address is None:
                    t = type(x)
                    raise SaveError(f"can't save a {t.__module__}.{t.__qualname__} in the game "
                                    "state: it is not declared game state "
                                    "(cardscript.loadable.state)")
                placeholder["node"] = list(address)
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
            self.classes.append([loadable.name_of(cls), names])
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
            owner, step = x.__self__, x.__func__.__name__
            if loadable.steps_of(type(owner)).get(step) is not x.__func__:
                raise SaveError(f"can't save {type(owner).__qualname__}.{step} in the game "
                                "state: it is not declared a step (cardscript.loadable.step)")
            return {"method": [self.value(owner), step]}
        if t is FunctionType:
            name = loadable.name_of(x)
            if loadable.STEPS.get(name) is not x and loadable.RECIPES.get(name) is not x:
                raise SaveError(f"can't save the function {name} in the game state: it is "
                                "not declared a step or a recipe (cardscript.loadable)")
            return {"function": name}
        n = self.index.get(id(x))
        if n is not None:  # a state object met before
            return {"@": n}
        address = self.addresses.by_id.get(id(x))
        if address is not None:
            return {"node": list(address)}
        constant = loadable.CONSTANT_NAMES.get(id(x))
        if constant is not None:
            return {"constant": constant}
        name = loadable.name_of(t)
        if loadable.VALUES.get(name) is t:  # a value, like a game's limits
            return {"value": [name, {f.name: self.value(getattr(x, f.name))
                                     for f in fields(x)}]}
        if loadable.STATE.get(name) is t:
            return self.ref(x)
        placeholder: dict = {"node": None}  # a compiled object of a card met later, or an error
        self.unplaced.append((x, placeholder))
        return placeholder


# -- loading -------------------------------------------------------------------------------
#: the tags of a value that is not a JSON atom, a list or a reference, by their arity check
_TAGS = frozenset({"log", "tuple", "dict", "set", "frozenset", "deque", "card", "unseen",
                   "derived", "node", "random", "method", "value", "function", "constant"})


def loads(text: str | bytes, cards: Mapping[str, CardDef], game: str | None = None, *,
          path: str = "<save>") -> Game:
    """The game a save document holds, its card definitions taken from ``cards`` (by id; a
    :class:`~cardscript.cardpool.CardPool`'s ``cards``); ``game`` names the game it must be.
    Safe on any input: a document that is not a save of this engine is a :class:`SaveError`
    and nothing it names outside :mod:`cardscript.loadable`'s table is ever touched."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    head = _HEAD.match(raw)
    if head is None or head.group(1) != FORMAT.encode():
        raise SaveError(f"not a save document (expected a {FORMAT} file written by "
                        "`cardscript play --save`)")
    if int(head.group(2)) != VERSION:
        raise SaveError(f"save format version {head.group(2).decode()}; this cardscript reads "
                        f"version {VERSION}")
    body_raw = raw[head.end():-1]
    if not raw.endswith(b"}") or hashlib.blake2b(
            body_raw, digest_size=16).hexdigest().encode() != head.group(3):
        raise SaveError("the save is corrupt: its contents don't match its checksum")
    try:
        body = parse(body_raw, path, "a save", unique_keys=False)
    except CardError as exc:
        raise SaveError(_reason(exc)) from None
    _check_body(body)
    if game is not None and body["game"] != game:
        raise SaveError(f"the save is a game of {body['game']!r}, not {game!r}")
    if body["engine"] != engine_version():
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
    decoder = _Decoder(body["state"], addresses)
    try:
        decoder.check()
        root = decoder.build()
    except SaveError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError,
            RecursionError, CardError) as exc:
        raise SaveError(f"the save is malformed: {type(exc).__name__}: {exc}") from None
    from .game import Game
    if not isinstance(root, Game) or root.game_name != body["game"]:
        raise SaveError(f"the save does not hold a game of {body['game']!r}")
    return root


def _reason(exc: CardError) -> str:
    """What the one reader said of a save, without its position (the save's path is said
    once, by whoever reports the error)."""
    return "; ".join(d.message for d in exc.diagnostics)


def _is(value: Any, kind: type) -> bool:
    return type(value) is kind


def _check_body(body: Any) -> None:
    """The shape of a save's body, checked before anything in it is used."""
    if not _is(body, dict) or set(body) != {"game", "engine", "cards", "state"}:
        raise SaveError("the save is malformed: its body must hold exactly game, engine, "
                        "cards and state")
    if not (_is(body["game"], str) and _is(body["engine"], str) and _is(body["cards"], dict)
            and all(_is(v, str) for v in body["cards"].values())):
        raise SaveError("the save is malformed: game and engine are strings, cards maps card "
                        "ids to digests")
    state = body["state"]
    if not _is(state, dict) or set(state) != {"root", "classes", "objects"} or not (
            _is(state["classes"], list) and _is(state["objects"], list)):
        raise SaveError("the save is malformed: its state must hold root, classes and objects")
    for entry in state["classes"]:
        if not (_is(entry, list) and len(entry) == 2 and _is(entry[0], str)
                and _is(entry[1], list) and all(_is(n, str) for n in entry[1])):
            raise SaveError("the save is malformed: a class entry is [name, [field, ...]]")
    n = len(state["classes"])
    for spec in state["objects"]:
        if not (_is(spec, list) and len(spec) == 2 and _is(spec[0], int)
                and 0 <= spec[0] < n and _is(spec[1], list)
                and len(spec[1]) == len(state["classes"][spec[0]][1])):
            raise SaveError("the save is malformed: an object is [class index, [value of "
                            "each field]]")


def _not_engine(name: object) -> SaveError:
    return SaveError(f"the save names {name!r}, which is not part of the engine")


def _settable(cls: type, name: str) -> bool:
    """A field a loaded object of ``cls`` may get: one of its slots, or, for a class with
    instance dictionaries, a plain name that hides nothing of the class (no method,
    property or class attribute)."""
    slots = slots_of(cls)
    if name in slots:
        return True
    return bool(getattr(cls, "__dictoffset__", 0)) and name.isidentifier() and \
        not name.startswith("__") and not hasattr(cls, name)


class _Decoder:
    """Checks a save's state against the table of loadable names (:meth:`check`), then
    builds it (:meth:`build`): nothing is made before everything it names is known."""

    def __init__(self, state: dict, addresses: _Addresses) -> None:
        self.specs = state["objects"]
        self.root = state["root"]
        self.addresses = addresses
        self.shapes = [self._shape(name, names) for name, names in state["classes"]]
        self.objects: list = []

    @staticmethod
    def _shape(name: str, names: list[str]) -> tuple[type, list[str]]:
        cls = loadable.STATE.get(name)
        if cls is None:
            raise _not_engine(name)
        wrong = [k for k in names if not _settable(cls, k)]
        if wrong:
            raise SaveError(f"the save gives {cls.__name__} fields it doesn't have: "
                            f"{', '.join(map(repr, wrong))}")
        if len(set(names)) != len(names):
            raise SaveError(f"the save gives {cls.__name__} a field twice")
        return cls, names

    # -- checking ------------------------------------------------------------------------
    def check(self) -> None:
        """Every value of the state is well formed and names only what the engine declares
        loadable; raises :class:`SaveError` at the first that is not. References, cards and
        tuples, most of a save, are checked inline; the rest by :meth:`_check_tagged`."""
        stack: list = [self.root]
        for spec in self.specs:
            stack.extend(spec[1])
        n, cards, slow = len(self.specs), self.addresses.cards, self._check_tagged
        pop, push = stack.pop, stack.extend
        while stack:
            x = pop()
            t = type(x)
            if t is list:
                push(x)
            elif t is dict:
                if len(x) == 1:
                    if "@" in x:
                        r = x["@"]
                        if type(r) is int and 0 <= r < n:
                            continue
                    elif "card" in x:
                        if type(x["card"]) is str and x["card"] in cards:
                            continue
                    elif "tuple" in x and type(x["tuple"]) is list:
                        push(x["tuple"])
                        continue
                slow(x, stack)
        if not (_is(self.root, dict) and list(self.root) == ["@"]):
            raise SaveError("the save is malformed: its root is not a reference to its game")

    def _class_of(self, ref: Any) -> type:
        """The class of the object a method's owner refers to (a state object or a compiled
        node)."""
        if _is(ref, dict) and len(ref) == 1:
            if "@" in ref:
                return self.shapes[self.specs[self._index(ref["@"])][0]][0]
            if "node" in ref:
                return type(self._node(ref["node"]))
            if "constant" in ref and ref["constant"] in loadable.CONSTANTS:
                return type(loadable.CONSTANTS[ref["constant"]])
        raise SaveError("the save is malformed: a step's owner is not a state object or a "
                        "compiled ability")

    def _index(self, n: Any) -> int:
        if not _is(n, int) or not 0 <= n < len(self.specs):
            raise SaveError(f"the save is malformed: a reference to object {n!r}, of "
                            f"{len(self.specs)}")
        return n

    def _node(self, v: Any) -> Any:
        if not (_is(v, list) and len(v) == 2 and _is(v[0], str) and _is(v[1], int)):
            raise SaveError("the save is malformed: a compiled ability is [card id, position]")
        node = self.addresses.by_address.get((v[0], v[1]))
        if node is None:
            raise SaveError(f"the save names a compiled ability {v!r} its cards don't have")
        return node

    def _card(self, cid: Any) -> CardDef:
        card = self.addresses.cards.get(cid) if _is(cid, str) else None
        if card is None:
            raise SaveError(f"the save holds card {cid!r}, which its card list does not name")
        return card

    def _check_tagged(self, x: Any, stack: list) -> None:
        if not _is(x, dict) or len(x) != 1:
            raise SaveError("the save is malformed: a value that is neither data nor a "
                            "tagged value")
        (tag, v), = x.items()
        if tag == "@":
            self._index(v)
        elif tag not in _TAGS:
            raise SaveError(f"the save holds an unknown value {tag!r}")
        elif tag == "card":
            self._card(v)
        elif tag == "node":
            self._node(v)
        elif tag == "function":
            if not _is(v, str) or v not in loadable.STEPS:
                raise _not_engine(v)
        elif tag == "constant":
            if not _is(v, str) or v not in loadable.CONSTANTS:
                raise _not_engine(v)
        elif tag == "method":
            if not (_is(v, list) and len(v) == 2 and _is(v[1], str)):
                raise SaveError("the save is malformed: a step is [owner, name]")
            cls = self._class_of(v[0])
            if v[1] not in loadable.steps_of(cls):
                raise SaveError(f"the save names a step {v[1]!r} that {cls.__name__} does "
                                "not have")
        elif tag == "value":
            if not (_is(v, list) and len(v) == 2 and _is(v[0], str) and _is(v[1], dict)):
                raise SaveError("the save is malformed: a value is [class, {field: value}]")
            if v[0] not in loadable.VALUES:
                raise _not_engine(v[0])
            stack.extend(v[1].values())
        elif tag == "derived":
            if not (_is(v, list) and v and _is(v[0], dict) and list(v[0]) == ["function"]
                    and v[0]["function"] in loadable.RECIPES):
                raise SaveError("the save holds a derived card definition that is not one")
            for a in v[1:]:
                if not (a is None or (_is(a, dict) and ("card" in a or "derived" in a))):
                    raise SaveError("the save holds a derived card definition that is not "
                                    "one")
                stack.append(a)
        elif tag == "unseen":
            if not (_is(v, list) and len(v) == 2 and _is(v[0], int)):
                raise SaveError("the save holds an unseen card that is not [object, card]")
            self._card(v[1])
        elif tag == "random":
            if not (_is(v, list) and len(v) == 3 and _is(v[1], list)
                    and all(_is(i, int) for i in v[1])):
                raise SaveError("the save holds a random state that is not one")
        elif tag == "log":  # plain data: entries of atoms (lists of atoms at most)
            if not (_is(v, list) and all(_is(e, list) and all(
                    type(i) in _ATOM_TYPES or (_is(i, list) and all(
                        type(j) in _ATOM_TYPES for j in i)) for i in e) for e in v)):
                raise SaveError("the save holds a log that is not a list of entries")
        elif tag == "dict":
            if not (_is(v, list) and all(_is(kv, list) and len(kv) == 2 for kv in v)):
                raise SaveError("the save holds a mapping that is not [[key, value], ...]")
            for kv in v:
                stack.extend(kv)
        elif not _is(v, list):  # tuple, set, frozenset, deque
            raise SaveError(f"the save holds a {tag} that is not a list")
        else:
            stack.extend(v)

    # -- building ------------------------------------------------------------------------
    def build(self) -> Any:
        self.objects = [self.shapes[spec[0]][0].__new__(self.shapes[spec[0]][0])
                        for spec in self.specs]
        value = self.value
        for obj, (shape, values) in zip(self.objects, self.specs, strict=True):
            for k, v in zip(self.shapes[shape][1], values, strict=True):
                setattr(obj, k, v if type(v) in _ATOM_TYPES else value(v))
        return value(self.root)

    def value(self, x: Any) -> Any:
        """A checked value (:meth:`check`) as the object it stands for."""
        t = type(x)
        if t in _ATOM_TYPES:
            return x
        if t is list:
            return [self.value(v) for v in x]
        (tag, v), = x.items()
        if tag == "@":
            return self.objects[v]
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
            return Unseen(v[0], self.addresses.cards[v[1]])
        if tag == "derived":  # a definition made during play (CardDef.recipe)
            make = loadable.RECIPES[v[0]["function"]]
            return make(*(self.value(i) for i in v[1:]))
        if tag == "node":
            return self.addresses.by_address[(v[0], v[1])]
        if tag == "random":
            r = GameRandom.__new__(GameRandom)
            r.setstate((v[0], tuple(v[1]), v[2]))
            return r
        if tag == "method":
            owner = self.value(v[0])
            return MethodType(loadable.steps_of(type(owner))[v[1]], owner)
        if tag == "value":
            return loadable.VALUES[v[0]](**{k: self.value(i) for k, i in v[1].items()})
        if tag == "constant":
            return loadable.CONSTANTS[v]
        return loadable.STEPS[v]  # "function"


# -- a legal state -------------------------------------------------------------------------
def verified(game: Game) -> Game:
    """The game ``game``'s record reaches — its seed, decks, names, variants, limits and
    choices played again by the engine — if that is exactly the state ``game`` holds (as its
    save documents compare); else a :class:`SaveError` naming the first difference. A loaded
    save is resumed from the game this returns: one the rules made, not one a file made."""
    from .replay import replayed
    try:
        again = replayed(game)
    except Exception as exc:  # the record is the save's: whatever it holds, say so
        raise SaveError(f"the save does not hold a game the rules reach: its record can't be "
                        f"played again ({type(exc).__name__}: {exc})") from None
    try:
        saved = dumps(game)
    except (SaveError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveError(f"the save does not hold a game the rules reach ({exc})") from None
    if saved != dumps(again):
        raise SaveError("the save does not hold a game the rules reach: "
                        f"{_difference(saved, dumps(again))}; it was edited or damaged")
    return again


def _difference(saved: str, replayed: str) -> str:
    """Where two save documents of one game first differ, in words."""
    def state(text: str) -> dict:
        return json.loads(text[_HEAD.match(text.encode()).end():-1])["state"]  # type: ignore[union-attr]
    a, b = state(saved), state(replayed)
    for n, (x, y) in enumerate(zip(a["objects"], b["objects"], strict=False)):
        if x == y:
            continue
        (cx, nx), (cy, ny) = a["classes"][x[0]], b["classes"][y[0]]
        name = cx.rpartition(":")[2]
        if (cx, nx) != (cy, ny):
            return f"object {n} is a {name} with other fields than the replayed game's"
        for field, u, w in zip(nx, x[1], y[1], strict=True):
            if u != w:
                return (f"{name}.{field} is {_short(u)} in the save, {_short(w)} in the game "
                        "its record reaches")
    return "its objects differ from the replayed game's"


def _short(v: Any) -> str:
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


def save(game: Game, path: str | Path) -> None:
    """Write the game's save document to ``path`` in one step (:mod:`cardscript.atomic`)."""
    write_atomic(path, dumps(game).encode("utf-8"))


def load(path: str | Path, cards: Mapping[str, CardDef], game: str | None = None) -> Game:
    """:func:`loads` of the file ``path``, read through the one reader (a regular file of at
    most the loader's ``MAX_BYTES``)."""
    p = str(path)
    try:
        raw = read_source(p)
    except CardError as exc:
        raise SaveError(_reason(exc)) from None
    return loads(raw, cards, game, path=p)
