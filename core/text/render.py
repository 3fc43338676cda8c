"""Rendering rules text: the card model walked as views that sandboxed Jinja2 templates print.
The public API and the house style are in :mod:`cardscript.text`."""
from __future__ import annotations

import contextvars
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from jinja2 import StrictUndefined, pass_context
from pydantic import BaseModel

from ..registry import Entry, Registry
from .english import (
    _MODALS,
    _NOUNS,
    _RESOURCES,
    _sentences,
    _tidy,
    article,
    counted,
    join_words,
    normalize,
    number_word,
    plural,
    signed,
    third_person,
    upper_first,
)
from .sandbox import BoundedSandbox


class TextError(Exception):
    """A rules-text template could not be rendered (names the vocabulary entry)."""


# -- the model seen from a template ---------------------------------------------------------
class NodeView:
    """A node of the card model as a template sees it: print it, test ``.name``, read
    ``.params``, or pass it to a filter. Its renderer is private (the sandbox hides ``_``)."""

    __slots__ = ("_r", "_raw", "_entry", "_text", "kind", "name", "params")

    def __init__(self, r, kind: str, name: str, raw: Any = None, entry: Entry | None = None,
                 params: Mapping | None = None):
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

    def __init__(self, view):
        self.view, self.subject, self.ref, self.verb = view, None, None, None


_CURRENT: contextvars.ContextVar = contextvars.ContextVar("cardscript_text_renderer")
_DEFAULTS = {"selector": {"form": "a", "implied": {}, "with_realm": True, "how_many": 1},
             "condition": {"negated": False}, "value": {"per": False}}
_STRUCTURAL = {"effect": {"stages", "may", "if", "if_done", "choose", "for_each", "repeat"},
               "condition": {"not", "all_of", "any_of"}}
_DURATION_END = re.compile(r" (this round|this turn|permanently)$")
_LEADING_VERB = re.compile(r"^([a-z][a-z']*) ")


def _kind_of(registry: Registry, annotation: Any) -> str | None:
    t = registry.types
    for kind, name in (("effect", "Effect"), ("condition", "Condition"), ("value", "Value"),
                       ("selector", "Selector"), ("trigger", "Trigger"), ("card", "CardRef"),
                       ("player", "PlayerRef")):
        if name in t and annotation == t[name]:
            return kind
    return None


@cache
def _field_kinds(registry: Registry, params: type) -> dict[str, tuple[str | None, bool]]:
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


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {k: _plain(getattr(value, k)) for k in type(value).model_fields}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class _Renderer:
    """Renders the nodes of one ability (or keyword): it remembers what the text has named."""

    def __init__(self, registry: Registry, card_type: str | None = None, target: Any = None,
                 cards: Mapping | None = None):
        self.registry = registry
        self.card_type = card_type
        self.cards = cards
        self.stack: list[_Frame] = []
        self.mentioned: set[str] = set()
        self.target = self.view("selector", target) if target is not None else None

    # -- model -> views
    def view(self, kind: str, node: Any) -> Any:
        reg = self.registry
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
                fields[fname] = _plain(value)
            elif many:
                fields[fname] = [self.view(sub, v) for v in value]
            else:
                fields[fname] = self.view(sub, value)
        return NodeView(self, kind, entry.name, params, entry, fields)

    # -- rendering
    def render(self, view: Any, **opts) -> Clause:
        if isinstance(view, int):
            return Clause(str(view))
        if view.kind == "card":
            return self.card_ref(view, **opts)
        if view.kind == "player":
            return Clause(self.player(view, plural=opts.get("plural", False)))
        entry = view._entry
        if not entry.text:
            raise TextError(f"{entry.kind} '{entry.name}' declares no text template")
        ctx = {"card_type": self.card_type, **_DEFAULTS.get(view.kind, {}), **opts}
        clash = set(ctx) & set(view.params)
        if clash:
            raise TextError(f"{entry.kind} '{entry.name}': parameters {sorted(clash)} "
                            "shadow template options")
        ctx.update(view.params)
        frame = _Frame(view)
        self.stack.append(frame)
        token = _CURRENT.set(self)
        try:
            text = _template(entry.text).render(ctx)
        except TextError:
            raise
        except Exception as exc:
            raise TextError(f"{entry.kind} '{entry.name}': {type(exc).__name__}: {exc}") \
                from exc
        finally:
            _CURRENT.reset(token)
            self.stack.pop()
        return self.clause(view, frame, _tidy(text), opts)

    def clause(self, view, frame: _Frame, text: str, opts: dict) -> Clause:
        c = Clause(text)
        c.leaf = view.kind in _STRUCTURAL and view.name not in _STRUCTURAL[view.kind]
        c.subject, c.ref, c.verb = frame.subject or "", frame.ref, frame.verb
        if c.leaf and c.ref is None:
            if view.kind == "effect":  # an imperative: "destroy target Wonder"
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

    def card_ref(self, view: NodeView, form: str | None = None, implied=None, **_) -> Clause:
        if view.name == "all":
            return self.render(view.params["selector"], form=form or "all",
                               implied=implied or {})
        if view.name == "target":
            if "target" in self.mentioned:
                return Clause("it")
            self.mentioned.add("target")
            if self.target is None:
                return Clause("target card")
            return self.render(self.target, form="target", implied=implied or {})
        return Clause(view.name)  # this, it

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

    def selection(self, view: NodeView) -> Any:
        """The selector view a card reference stands for (None for this/it)."""
        if view.kind == "selector":
            return view
        if view.kind == "card" and view.name == "all":
            return view.params["selector"]
        if view.kind == "card" and view.name == "target":
            return self.target
        return None


def _current() -> _Renderer:
    return _CURRENT.get()


# -- selections ---------------------------------------------------------------------------
def _range(r: Mapping | None) -> str:
    if not r:
        return ""
    lo, hi = r.get("min"), r.get("max")
    if lo is not None and lo == hi:
        return str(lo)
    if hi is None:
        return f"{lo} or more"
    if lo is None:
        return f"{hi} or less"
    return f"{lo} to {hi}"


def _phrase(nouns: list[str], p: Mapping, form: str, implied: Mapping, with_realm: bool,
            how_many: int) -> str:
    """Describe a selection of cards or players (see the house style above)."""
    def given(key, default=None):
        value = p.get(key, default)
        return default if key in implied and implied[key] == value else value

    many = form in ("all", "plural", "no") or how_many > 1
    nouns = [_NOUNS.get(n, n) for n in nouns]
    zone, owner, controller = given("zone", "world"), given("owner", "any"), \
        given("controller", "any")
    enemy = controller == "opponent" and zone == "world" and nouns == ["Wonder"]
    adjectives = []
    for key, yes, no in (("tapped", "tapped", "untapped"),
                         ("nullified", "nullified", "non-nullified"),
                         ("token", "token", "non-token")):
        value = given(key)
        if value is not None:
            adjectives.append(yes if value else no)
    if enemy:
        adjectives.append("enemy")
    if given("orbital"):
        adjectives.append(given("orbital").title())
    cls = given("class_")
    if cls and nouns == ["Wonder"]:
        nouns = [cls]
    elif cls:
        adjectives.append(cls)
    if many:
        core = join_words([plural(n) for n in nouns], "or" if form == "no" else "and")
    else:
        core = join_words(nouns, "or")
    core = " ".join([*adjectives, core])
    post = []
    hidden_owner = zone in ("hand", "deck")
    if owner == "you" and not hidden_owner:
        post.append("you own")
    elif owner == "opponent" and not hidden_owner:
        post.append("opponents own" if many else "an opponent owns")
    if zone == "world" and controller == "you":
        post.append("you control")
    elif zone == "world" and controller == "opponent" and not enemy:
        post.append("opponents control" if many else "an opponent controls")
    post = [" and ".join(post)] if post else []
    stats = [f"{k} {_range(given(k))}" for k in ("cost", "power") if given(k)]
    if stats:
        post.append("with " + " and ".join(stats))
    if zone != "world":
        prep = "from" if form in ("target", "all", "each") else "in"
        if zone in ("hand", "deck"):
            whose = {"you": "your", "opponent": "an opponent's"}.get(p.get("owner", "any"),
                                                                     "a player's")
            post.append(f"{prep} {whose} {zone}")
        else:
            post.append(f"{prep} {'The Abyss' if zone == 'abyss' else zone}")
    realm = given("realm", "any")
    if with_realm and zone == "world" and realm != "any":
        post.append(_realm_phrase(realm, many))
    text = " ".join([core, *post])
    other = bool(given("other", False))
    if how_many > 1:
        return f"{how_many} {'other ' if other else ''}{text}"
    if form == "a":
        return f"another {text}" if other else article(text)
    if form == "target":
        return f"{'another ' if other else ''}target {text}"
    lead = {"each": "each", "all": "all", "no": "no", "plural": "", "bare": ""}[form]
    return " ".join(w for w in (lead, "other" if other else "", text) if w)


def _realm_phrase(realm: str, many: bool = False) -> str:
    return {"this": "in this realm", "other": "in other realms" if many else
            "in another realm"}.get(realm, "")


# -- template functions and filters ---------------------------------------------------------
@pass_context
def _f_phrase(ctx, nouns) -> str:
    view = _current().stack[-1].view
    nouns = [nouns] if isinstance(nouns, str) else list(nouns)
    return _phrase(nouns, view.params, ctx["form"], ctx["implied"], ctx["with_realm"],
                   ctx["how_many"])


def _f_describe(node, form=None, implied=None, with_realm=True, how_many=1) -> str:
    """A selection in a given form: ``describe('each')``, ``describe(implied={...})``."""
    r = _current()
    if isinstance(node, NodeView) and node.kind == "card":
        return r.card_ref(node, form=form, implied=implied)
    return r.render(node, form=form or "a", implied=implied or {}, with_realm=with_realm,
                    how_many=how_many)


def _f_realm_phrase(node) -> str:
    sel = _current().selection(node)
    return _realm_phrase(sel.params.get("realm", "any")) if sel is not None else ""


def _f_does(node, verb: str, plural: bool = False) -> str:
    """Subject and agreeing verb: "draw" (you, an imperative), "target opponent discards",
    "all enemy Wonders get", "opponents can't attack"."""
    r = _current()
    frame = r.stack[-1]
    if isinstance(node, str):
        node = NodeView(r, "player", node)
    modal = verb.split(" ", 1)[0] in _MODALS
    if node.kind == "player":
        ref = node.name
        if node.name == "you":
            subject = "" if frame.view.kind == "effect" and not modal else "you"
            many = True
        else:
            subject = r.player(node, plural=plural)
            many = plural
    else:
        c = r.card_ref(node)
        subject, many, ref = str(c), c.plural, f"card:{node.name}"
    conj = verb if many else third_person(verb)
    if frame.ref is None:
        frame.subject, frame.ref, frame.verb = subject, ref, conj.split(" ", 1)[0]
    return f"{subject} {conj}".strip()


def _f_whose(node) -> str:
    """Possessive: "your", "each opponent's", "its owner's" (for a card: "your" if you own
    every card it can be, else "its owner's")."""
    r = _current()
    if node.kind == "player":
        return "your" if node.name == "you" else f"{r.player(node)}'s"
    sel = r.selection(node)
    owner = sel.params.get("owner", "any") if sel is not None else "any"
    return "your" if owner == "you" else "its owner's"


def _f_zone(node) -> str:
    sel = _current().selection(node)
    return sel.params.get("zone", "world") if sel is not None else "world"


def _f_is_mass(node) -> bool:
    return isinstance(node, NodeView) and node.kind == "card" and node.name == "all"


def _f_quantity(count, noun: str) -> str:
    """"a card", "2 cards", "1 energy"; a value: "a card for each item you control", "energy
    equal to the round number"."""
    if isinstance(count, int):
        return counted(count, noun)
    r = _current()
    per = str(r.render(count, per=True))
    one = f"1 {noun}" if noun in _RESOURCES else article(noun)
    return f"{one} {per}" if per else f"{plural(noun)} equal to {r.render(count)}"


def _f_repetitions(times) -> str:
    if isinstance(times, int):
        return {0: "no times", 1: "once", 2: "twice"}.get(times, f"{times} times")
    r = _current()
    per = str(r.render(times, per=True))
    return per or f"a number of times equal to {r.render(times)}"


def _f_counters(n: int) -> str:
    return article(f"{signed(n)} counter") if abs(n) == 1 else f"{signed(n)} counters"


def _f_tokens(count: int, token: str) -> str:
    r = _current()
    cards = r.cards if r.cards is not None else _bundled_cards(r.registry.game)
    card = cards.get(token) if cards else None
    if card is None:
        noun = f"{token.replace('-', ' ').title()} token"
    else:
        power = getattr(card, "power", None)
        kind = _NOUNS.get(card.type, card.type)
        noun = f"{'' if power is None else f'{power}-power '}{card.name} token {kind}"
    if count == 1:
        return article(noun)
    lead = number_word(count) if noun[:1].isdigit() else str(count)
    return f"{lead} {plural(noun)}"


def _f_duration(d: str) -> str:
    return {"this_round": "this round", "this_turn": "this turn",
            "permanent": "permanently"}.get(d, d.replace("_", " "))


def _f_realm(r: str) -> str:
    return {"this": "this realm", "choose": "a realm of your choice",
            "adjacent": "an adjacent realm"}.get(r, f"{r} realm")


def _f_in_realm(r: str) -> str:
    return "" if r == "any" else f"in {_f_realm(r)}"


def _f_negate(node) -> Clause:
    """A condition's negative form, if its template has one (it reads ``negated``)."""
    r = _current()
    if _supports(node._entry.text, "negated"):
        return r.render(node, negated=True)
    return Clause(f"it is not true that {r.render(node)}")


def _f_count_range(lo, hi, noun: str, negated: bool = False) -> str:
    """Range conditions: "2 or more stones", "3 or fewer cards", negated "fewer than 2"."""
    many = plural(noun)
    if negated:
        if lo is not None and hi is not None and lo != hi:
            return f"fewer than {lo} or more than {hi} {many}"
        if lo is not None and hi is not None:
            return f"a number of {many} other than {lo}"
        if lo is not None:
            return f"fewer than {lo} {many}"
        return f"more than {hi} {many}" if hi is not None else f"no {many}"
    if lo is not None and lo == hi:
        return f"no {many}" if lo == 0 else f"exactly {lo} {noun if lo == 1 else many}"
    if lo is not None and hi is not None:
        return f"between {lo} and {hi} {many}"
    if lo is not None:
        return f"{lo} or more {many}"
    return f"no {many}" if hi == 0 else (f"{hi} or fewer {many}" if hi is not None
                                          else f"any number of {many}")


def _f_join_stages(stages) -> str:
    """Stages as sentences (see the house style): "X and Y", "X. If you do, Y"."""
    r = _current()
    clauses = [c for c in (r.render(s) for s in stages) if c]
    sentences: list[list[Clause]] = []
    for c in clauses:
        prev = sentences[-1][-1] if sentences else None
        if prev is not None and prev.leaf and c.leaf and not _DURATION_END.search(prev) \
                and not (prev.subject and not c.subject):
            sentences[-1].append(c)
        else:
            sentences.append([c])
    return ". ".join(join_words(_share(group), "and") for group in sentences)


def _f_join_clauses(items, conj: str = "and", negated: bool = False) -> str:
    r = _current()
    return join_words(_share([_f_negate(i) if negated else r.render(i) for i in items]), conj)


def _share(group: list[Clause]) -> list[str]:
    """Drop a subject, then a verb, that a joined clause repeats from the one before. A verb
    is shared only by the whole list ("gain 1 action and 1 energy"), never by part of it."""
    verbs = {c.verb for c in group}
    share_verb = len(verbs) == 1 and None not in verbs and len({c.ref for c in group}) == 1
    out: list[str] = []
    prev = None
    for c in group:
        text = str(c)
        if prev is not None and c.leaf and prev.leaf and c.ref is not None and \
                c.ref == prev.ref:
            if c.subject and text.startswith(c.subject + " "):
                text = text[len(c.subject) + 1:]
            if share_verb and c.verb and text.startswith(c.verb + " "):
                text = text[len(c.verb) + 1:]
        out.append(text)
        prev = c
    return out


@cache
def _supports(template_text: str, name: str) -> bool:
    from jinja2 import meta
    return name in meta.find_undeclared_variables(environment().parse(template_text))


@cache
def environment() -> BoundedSandbox:
    """The sandboxed Jinja2 environment every rules-text template runs in, with bounded
    loops, values, output and time (:mod:`cardscript.text.sandbox`)."""
    env = BoundedSandbox(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                         lstrip_blocks=True)
    env.globals.update(phrase=_f_phrase, count_range=_f_count_range)
    env.trust(_f_phrase, _f_count_range)
    env.filters.update(
        describe=_f_describe, realm_phrase=_f_realm_phrase, does=_f_does, whose=_f_whose,
        zone_of=_f_zone, is_mass=_f_is_mass, quantity=_f_quantity, repetitions=_f_repetitions,
        counters=_f_counters, tokens=_f_tokens, duration=_f_duration, realm=_f_realm,
        in_realm=_f_in_realm, negate=_f_negate, join_stages=_f_join_stages,
        join_clauses=_f_join_clauses, signed=signed, plural=plural, article=article,
        counted=counted, number_word=number_word, upper_first=upper_first)
    return env


@cache
def _template(text: str):
    return environment().from_string(text)


@cache
def _bundled_cards(game: str) -> Mapping:
    """Token definitions when the caller gives no card set: the game's bundled cards."""
    from ..cardpool import CardPool
    return CardPool.bundled(game).cards


# -- public API ---------------------------------------------------------------------------
def ability_text(ability: Any, registry: Registry, *, card_type: str | None = None,
                 cards: Mapping | None = None) -> str:
    """The rules text of one ability model: "ON ARRIVAL: Draw a card.". ``card_type`` drops
    a spell's ON PLAY label; ``cards`` (id -> card) describes the tokens it creates (default:
    the game's bundled set)."""
    r = _Renderer(registry, card_type, ability.target, cards)
    trigger = r.render(r.view("trigger", ability.trigger))
    effect = r.render(r.view("effect", ability.effect))
    return _sentences(f"{trigger} {effect}")


def keyword_text(keyword: Any, registry: Registry, *, cards: Mapping | None = None) -> str:
    """The rules text of one keyword node: "Flying.", "Seek 3 a Wonder with cost 2 or less."."""
    r = _Renderer(registry, cards=cards)
    return _sentences(r.render(r.view("keyword", keyword)))


def card_text(model: Any, registry: Registry, *, cards: Mapping | None = None) -> str:
    """The full rules text of a card model: a line of traits and keywords, then a line per
    ability. A card model may declare ``__text__``, a template of its traits ("Core.")."""
    card_type = getattr(model, "type", None)
    head = []
    traits = getattr(type(model), "__text__", None)
    if traits:
        fields = {k: _plain(getattr(model, k)) for k in type(model).model_fields}
        try:
            head.append(_sentences(_template(traits).render(fields)))
        except Exception as exc:
            raise TextError(f"card traits template: {type(exc).__name__}: {exc}") from exc
    head += [keyword_text(k, registry, cards=cards) for k in getattr(model, "keywords", ())]
    lines = [" ".join(h for h in head if h)]
    lines += [ability_text(a, registry, card_type=card_type, cards=cards)
              for a in getattr(model, "abilities", ())]
    return "\n".join(line for line in lines if line)


__all__ = ["card_text", "ability_text", "keyword_text", "normalize", "environment",
           "TextError", "plural", "article", "counted", "number_word", "join_words",
           "third_person"]
