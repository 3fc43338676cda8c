"""The core's template filters: what every game's rules text writes the same way — subjects
and agreeing verbs, selections in a form, quantities, repetitions, negation and the joining
of stages and clauses into sentences (the generic house style, :mod:`cardscript.text`).

They are :data:`CORE`, the first part of every game's
:class:`~cardscript.text.vocabulary.GameText`; a game's own filters (its nouns, zones,
phrase builder) live in its package and are added through the ``cardscript_text`` hook.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from .english import (
    _MODALS,
    article,
    join_words,
    number_word,
    signed,
    third_person,
    upper_first,
)
from .views import Clause, NodeView, current
from .vocabulary import TextVocabulary

if TYPE_CHECKING:
    from ..registry import Entry

#: template options every game has, with their defaults: a selection's form, the filters its
#: verb implies and how many it selects; a condition's negative form; a value's "for each X"
CORE = TextVocabulary("core", options={
    "selector": {"form": "a", "implied": {}, "how_many": 1},
    "condition": {"negated": False},
    "value": {"per": False}})

_DESCRIBE_ARGS = ("form", "implied", "how_many")


@CORE.filter("describe")
def describe(node: Any, form: str | None = None, implied: dict | None = None,
             how_many: int = 1, **options: Any) -> str:
    """A selection in a given form: ``describe('each')``, ``describe(implied={...})``; the
    game's selector options pass on by name (``describe(with_range=false)``)."""
    r = current()
    known = set(r.text.options.get("selector", {})) - set(_DESCRIBE_ARGS)
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(f"describe() got an unknown option {', '.join(map(repr, unknown))}; "
                        f"expected: {', '.join(sorted(known | set(_DESCRIBE_ARGS)))}")
    if isinstance(node, NodeView) and node.kind == "card":
        return r.card_ref(node, form=form, implied=implied)
    return r.render(node, form=form or "a", implied=implied or {}, how_many=how_many,
                    **options)


@CORE.filter("does")
def does(node: NodeView | str, verb: str, plural: bool = False) -> str:
    """Subject and agreeing verb: "draw" (you, an imperative), "target opponent discards",
    "all tapped units get", "opponents can't attack"."""
    r = current()
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


@CORE.filter("is_mass")
def is_mass(node: Any) -> bool:
    """Whether a card reference means several cards: every card a selector matches
    (``{all: ...}``), or the targets of an ability that chooses several."""
    if not isinstance(node, NodeView) or node.kind != "card":
        return False
    return node.name == "all" or (node.name == "target" and current().targets is not None)


@CORE.filter("covered")
def covered(value: Any) -> Any:
    """A continuous effect's cards as a card reference: the card reference written there
    ("this", "all units"), or the equipment's card in the game's words (its ``covered`` text
    option, by word: ``equipped``, "the equipped unit")."""
    r = current()
    words = r.text.options.get("covered", {})
    if value == "equipped" or isinstance(value, str) and value in words:
        return NodeView(r, "card", words.get(value, "the equipped card"))
    if isinstance(value, str):
        return NodeView(r, "card", value)
    return r.view("card", r.node._raw.card)  # {all: ...}: its selector, from the model


@CORE.filter("quantity")
def quantity(count: int | NodeView, noun: str) -> str:
    """"a card", "2 cards", "1 gold" (a resource); a value: "a card for each item you
    control", "gold equal to the turn number"."""
    r = current()
    if isinstance(count, int):
        return r.text.counted(count, noun)
    per = str(r.render(count, per=True))
    one = f"1 {noun}" if noun in r.text.resources else article(noun)
    return f"{one} {per}" if per else f"{r.text.plural(noun)} equal to {r.render(count)}"


@CORE.filter("moved_word")
def moved_word(_noun: str) -> str:
    """What an earlier stage did to the cards ``moved`` names: "discarded", "drawn"."""
    return current().moved[0]


@CORE.filter("repetitions")
def repetitions(times: int | NodeView) -> str:
    """"once", "twice", "3 times"; a value: "for each X" or "a number of times equal to X"."""
    if isinstance(times, int):
        return {0: "no times", 1: "once", 2: "twice"}.get(times, f"{times} times")
    r = current()
    per = str(r.render(times, per=True))
    return per or f"a number of times equal to {r.render(times)}"


@CORE.filter("moment")
def moment(name: str) -> str:
    """A delayed ability's moment as the game's rules text says it (``Game.MOMENTS``): "at
    the start of your next turn"."""
    known = current().registry.moments.get(name)
    return known.text if known is not None else f"at {name.replace('_', ' ')}"


@CORE.filter("stat_of")
def stat_of(card: NodeView, name: str) -> str:
    """A card's stat in the game's words (``Game.STATS``): "its Might", "this card's power",
    "the Might of a unit you control", "the total level of champions you control"."""
    r = current()
    word = r.registry.stats.get(name, name)
    if card.name == "all":
        return f"the total {word} of {r.card_ref(card, form='plural')}"
    if card.name == "this":
        return f"this card's {word}"
    named = str(r.card_ref(card))
    return f"its {word}" if named == "it" else f"the {word} of {named}"


@CORE.filter("given_keywords")
def given_keywords(_keywords: list) -> str:
    """The keywords a static ability gives, as the game prints them: "Tank", "Tank and
    Assault 2" (read from the effect's model, as a card's own keywords are printed)."""
    from .render import keyword_text
    r = current()
    said = [keyword_text(k, r.registry).rstrip(".") for k in r.node._raw.keywords]
    return " and ".join(said) if len(said) < 3 else ", ".join(said[:-1]) + " and " + said[-1]


@CORE.filter("negate")
def negate(node: NodeView) -> Clause:
    """A condition's negative form, if its template has one (it reads ``negated``)."""
    r = current()
    entry = cast("Entry", node._entry)  # a condition's view has its entry
    if r.text.supports(entry.text, "negated"):
        return r.render(node, negated=True)
    return Clause(f"it is not true that {r.render(node)}")


@CORE.function("count_range")
def count_range(lo: int | None, hi: int | None, noun: str, negated: bool = False) -> str:
    """Range conditions: "2 or more items", "3 or fewer cards", negated "fewer than 2"."""
    many = current().text.plural(noun)
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


@CORE.filter("join_stages")
def join_stages(stages: Iterable[NodeView]) -> str:
    """Stages as sentences (see the house style): "X and Y", "X. If you do, Y"."""
    r = current()
    clauses = [c for c in (r.render(s) for s in stages) if c]
    sentences: list[list[Clause]] = []
    for c in clauses:
        prev = sentences[-1][-1] if sentences else None
        if prev is not None and prev.leaf and c.leaf and not r.text.ends_in_duration(prev) \
                and not (prev.subject and not c.subject):
            sentences[-1].append(c)
        else:
            sentences.append([c])
    return ". ".join(join_words(_share(group), "and") for group in sentences)


@CORE.filter("join_clauses")
def join_clauses(items: Iterable[NodeView], conj: str = "and", negated: bool = False) -> str:
    """Conditions (or clauses) as one list: "A, B and C", sharing a repeated subject."""
    r = current()
    return join_words(_share([negate(i) if negated else r.render(i) for i in items]), conj)


def _share(group: list[Clause]) -> list[str]:
    """Drop a subject, then a verb, that a joined clause repeats from the one before. A verb
    is shared only by the whole list ("gain 1 gold and 2 cards"), never by part of it."""
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


# plain English, no renderer needed
CORE.filters.update(signed=signed, article=article, number_word=number_word,
                    upper_first=upper_first)

__all__ = ["CORE", "count_range", "describe", "does", "is_mass", "join_clauses",
           "join_stages", "negate", "quantity", "repetitions"]
