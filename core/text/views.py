"""The card model as a template sees it: views over its nodes, and the renderer that prints
them with one game's templates (:class:`~cardscript.text.vocabulary.GameText`).

A filter — the core's (:mod:`cardscript.text.filters`) or a game's — reaches the renderer at
work through :func:`current`: the node being rendered (:attr:`Renderer.node`), what a card
reference selects (:meth:`Renderer.selection`), rendering a node in a form
(:meth:`Renderer.render`), the game's word tables (:attr:`Renderer.text`) and card
definitions (:meth:`Renderer.card`). Templates can't: the sandbox hides ``_`` attributes.
The public API and the house style are in :mod:`cardscript.text`."""
from __future__ import annotations

import contextvars
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel

from ..registry import Entry, Registry
from ..slots import per_class
from .english import _tidy, number_word
from .vocabulary import GameText


class TextError(Exception):
    """A rules-text template could not be rendered (names the vocabulary entry)."""


# -- the model seen from a template ---------------------------------------------------------
class NodeView:
    """A node of the card model as a template sees it: print it, test ``.name``, read
    ``.params``, or pass it to a filter. Its renderer is private (the sandbox hides ``_``)."""

    __slots__ = ("_r", "_raw", "_entry", "_text", "kind", "name", "params")
    _text: str | None

    def __init__(self, r: Renderer, kind: str, name: str, raw: Any = None,
                 entry: Entry | None = None, params: Mapping | None = None):
        self._r, self._raw, self._entry, self._text = r, raw, entry, None
        self.kind, self.name, self.params = kind, name, dict(params or {})

    def __str__(self) -> str:
        if self._text is None:  # once: printing the target twice must not say "it"
            self._text = self._r.render(self)
        return self._text

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name}>"


class Clause(str):
    """Rendered text plus what joining needs: its subject, referent and verb."""

    subject: str = ""
    ref: str | None = None
    verb: str | None = None
    leaf: bool = False
    plural: bool = False


class _Frame:
    __slots__ = ("view", "subject", "ref", "verb")

    def __init__(self, view: NodeView) -> None:
        self.view = view
        self.subject: str | None = None
        self.ref: str | None = None
        self.verb: str | None = None


_CURRENT: contextvars.ContextVar = contextvars.ContextVar("cardscript_text_renderer")
_STRUCTURAL = {"effect": {"stages", "may", "if", "if_done", "choose", "for_each", "repeat",
                          "later"},
               "condition": {"not", "all_of", "any_of"}}
_LEADING_VERB = re.compile(r"^([a-z][a-z']*) ")


def _kind_of(registry: Registry, annotation: Any) -> str | None:
    t = registry.types
    for kind, name in (("effect", "Effect"), ("condition", "Condition"), ("value", "Value"),
                       ("selector", "Selector"), ("trigger", "Trigger"), ("card", "CardRef"),
                       ("player", "PlayerRef")):
        if name in t and annotation == t[name]:
            return kind
    return None


@per_class
def _field_kinds(registry: Registry, params: type[BaseModel]) \
        -> dict[str, tuple[str | None, bool]]:
    """For each parameter: the kind of node it holds (None: plain data), and whether it is
    a list of them (``modes: list[Effect]``; an ``Effect`` may itself be a list of stages)."""
    import typing
    out = {}
    for fname, info in params.model_fields.items():
        ann = info.annotation
        kind, many = _kind_of(registry, ann), False
        if kind is None:
            for arg in typing.get_args(ann):  # Optional[X], list[X]
                kind = kind or _kind_of(registry, arg)
            many = kind is not None and typing.get_origin(ann) is list
        out[fname] = (kind, many)
    return out


def plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {k: plain(getattr(value, k)) for k in type(value).model_fields}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


class Renderer:
    """Renders the nodes of one ability (or keyword) with one game's templates and filters
    (``text``): it remembers what the text has named."""

    def __init__(self, registry: Registry, text: GameText, card_type: str | None = None,
                 target: Any = None, cards: Mapping | None = None, targets: Any = None):
        self.registry = registry
        self.text = text
        self.card_type = card_type
        self.cards = cards
        self.stack: list[_Frame] = []
        self.mentioned: set[str] = set()
        self.target = self.view("selector", target) if target is not None else None
        #: how many targets, if not one (the ability's ``targets``)
        self.targets = targets
        #: what the latest effect rendered that moves cards did to them, and whether it
        #: may be several ("drawn", True): how ``moved`` reads
        self.moved: tuple[str, bool] = ("moved", True)

    # -- model -> views
    def view(self, kind: str, node: Any) -> Any:
        reg = self.registry
        entry: Entry | None
        if node is None:
            return None
        if kind == "card":
            if isinstance(node, str):
                return NodeView(self, "card", node)
            return NodeView(self, "card", "all", params={"selector": self.view("selector",
                                                                               node.all)})
        if kind == "player":
            return NodeView(self, "player", node)
        if kind == "effect" and isinstance(node, list):
            entry = reg.get("effect", "stages")
            return NodeView(self, kind, "stages", node, entry,
                            {"stages": [self.view("effect", n) for n in node]})
        if kind == "value" and isinstance(node, int):
            return node
        if isinstance(node, str):
            return NodeView(self, kind, node, node, reg.get(kind, node))
        entry = reg.by_model.get(type(node))
        if entry is None or entry.kind != kind:
            raise TextError(f"not a {kind} node: {node!r}")
        params = getattr(node, entry.name)
        kinds = _field_kinds(reg, type(params)) if entry.params else {}
        fields = {}
        for fname, (sub, many) in kinds.items():
            value = getattr(params, fname)
            if sub is None:
                fields[fname] = plain(value)
            elif many:
                fields[fname] = [self.view(sub, v) for v in value]
            else:
                fields[fname] = self.view(sub, value)
        return NodeView(self, kind, entry.name, params, entry, fields)

    # -- rendering
    def render(self, view: Any, **opts: Any) -> Clause:
        if isinstance(view, int):
            return Clause(str(view))
        if view.kind == "card":
            return self.card_ref(view, **opts)
        if view.kind == "player":
            return Clause(self.player(view, plural=opts.get("plural", False)))
        entry = view._entry
        if not entry.text:
            raise TextError(f"{entry.kind} '{entry.name}' declares no text template")
        ctx = {"card_type": self.card_type, **self.text.options.get(view.kind, {}), **opts}
        clash = set(ctx) & set(view.params)
        if clash:
            raise TextError(f"{entry.kind} '{entry.name}': parameters {sorted(clash)} "
                            "shadow template options")
        ctx.update(view.params)
        frame = _Frame(view)
        self.stack.append(frame)
        token = _CURRENT.set(self)
        try:
            text = self.text.template(entry.text).render(ctx)
        except TextError:
            raise
        except Exception as exc:
            raise TextError(f"{entry.kind} '{entry.name}': {type(exc).__name__}: {exc}") \
                from exc
        finally:
            _CURRENT.reset(token)
            self.stack.pop()
        if view.kind == "effect" and "moves" in entry.meta:  # what a later stage's moved reads
            self.moved = (entry.meta["moves"], self.several_moved(view.params))
        return self.clause(view, frame, _tidy(text), opts)

    def clause(self, view: Any, frame: _Frame, text: str, opts: dict) -> Clause:
        """``text`` rendered from ``view``'s template, as a clause (``view`` as in
        :meth:`render`, whose template it has)."""
        c = Clause(text)
        c.leaf = view.kind in _STRUCTURAL and view.name not in _STRUCTURAL[view.kind]
        c.subject, c.ref, c.verb = frame.subject or "", frame.ref, frame.verb
        if c.leaf and c.ref is None:
            if view.kind == "effect":  # an imperative: "destroy target card"
                c.ref = "you"
                m = _LEADING_VERB.match(view._entry.text)
                c.verb = m.group(1) if m and text.startswith(m.group(1) + " ") else None
            elif text.startswith("you "):
                c.subject, c.ref = "you", "you"
                c.verb = text.split(" ", 2)[1]
        if view.kind == "selector":
            c.plural = opts.get("form", "a") in ("all", "plural", "no") or \
                opts.get("how_many", 1) > 1
        return c

    def card_ref(self, view: NodeView, form: str | None = None, implied: dict | None = None,
                 **_: Any) -> Clause:
        if view.name == "all":
            return self.render(view.params["selector"], form=form or "all",
                               implied=implied or {})
        if view.name == "target":
            many = self.targets is not None
            if "target" in self.mentioned:
                c = Clause("them" if many else "it")
                c.plural = many
                return c
            self.mentioned.add("target")
            if self.target is None:
                return Clause("target card")
            if many:
                return self.several(implied or {})
            return self.render(self.target, form="target", implied=implied or {})
        if view.name == "moved":
            word, many = self.moved
            c = Clause(f"the {'cards' if many else 'card'} {word} this way")
            c.plural = many
            return c
        return Clause(view.name)  # this, it

    def several_moved(self, params: Mapping) -> bool:
        """Whether an effect that moves cards, with these parameters, may move several: a
        count other than 1, every card a selector matches, several targets."""
        for name in ("count", "take"):
            n = params.get(name)
            if n is not None:
                return n != 1
        card = params.get("card")
        return not isinstance(card, NodeView) or card.name == "all" or \
            (card.name == "target" and self.targets is not None)

    def several(self, implied: dict) -> Clause:
        """The targets of an ability that chooses more than one: "up to two target
        cards", "any number of cards" (the game's word for a target, if it prints one,
        is its ``targets`` text option ``word``)."""
        n = self.targets
        lead = "any number of" if n == "any_number" else \
            number_word(n) if isinstance(n, int) else f"up to {number_word(n.up_to)}"
        word = self.text.options.get("targets", {}).get("word", "")
        phrase = self.render(self.target, form="plural", implied=implied)
        c = Clause(" ".join(w for w in (lead, word, str(phrase)) if w))
        c.plural = True
        return c

    def player(self, view: NodeView, plural: bool = False) -> str:
        name = view.name
        if name == "target":
            if "target" in self.mentioned:
                return "that player"
            self.mentioned.add("target")
            if self.target is not None and self.target.name == "player":
                return str(self.render(self.target, form="target"))
            return "target player"
        fixed = {"you": ("you", "you"), "opponent": ("each opponent", "opponents"),
                 "each": ("each player", "players"), "owner": ("its owner", "its owners"),
                 "controller": ("its controller", "its controllers")}
        return fixed[name][1 if plural else 0]

    @property
    def node(self) -> NodeView:
        """The node whose template is being rendered (a selector's, for a phrase builder)."""
        return self.stack[-1].view

    def card(self, card_id: str) -> Any:
        """The card definition with this id (a token a card creates): from the card set the
        caller gave, else the game's bundled cards; None if there is none."""
        cards = self.cards if self.cards is not None else _bundled_cards(self.registry.game)
        return cards.get(card_id) if cards else None

    def selection(self, view: NodeView) -> Any:
        """The selector view a card reference stands for (None for this/it)."""
        if view.kind == "selector":
            return view
        if view.kind == "card" and view.name == "all":
            return view.params["selector"]
        if view.kind == "card" and view.name == "target":
            return self.target
        return None


def current() -> Renderer:
    """The renderer at work: what a filter uses to reach the node it prints."""
    return _CURRENT.get()


@cache
def _bundled_cards(game: str) -> Mapping:
    """Token definitions when the caller gives no card set: the game's bundled cards."""
    from ..cardpool import CardPool
    return CardPool.bundled(game).cards


__all__ = ["Clause", "NodeView", "Renderer", "TextError", "current"]
