"""Text that says what the script does: every parameter of a vocabulary entry that is a
number, a yes/no or a choice of words (``other``, counts, "up to", whose, durations) changes
the card's rules text when its value changes. Derived from each game's registry: for every
such parameter, a card that uses its entry (a bundled card, or a snippet here for an entry no
bundled card uses) is written again with another value that still checks, and the two texts
must differ. A parameter with no card to try it on fails by name.
"""
from __future__ import annotations

import copy
import json
import types
from collections.abc import Iterator
from typing import Any, Literal, Union, get_args, get_origin

import pytest
from cardscript.cardpool import CARD_SUFFIX, find_files
from cardscript.compiler import Compiler
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text import card_text
from cardscript.tools.usage import UsageWalker, card_uses
from pydantic import BaseModel
from typing_extensions import TypeAliasType

#: cards using an entry whose simple parameters no bundled card tries (by game)
SNIPPETS = {
    "riftbound": [
        "type: spell\ndomains: [fury]\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {gain_points: {amount: 1, player: you}}}\n",
        "type: spell\ndomains: [fury]\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {repeat: {times: 2, effect: {draw: 1}}}}\n",
        "type: unit\ndomains: [fury]\ncost: 1\nmight: 1\nabilities:\n"
        "  - {trigger: {end_of_turn: yours}, effect: {draw: 1}}\n",
        "type: spell\ndomains: [fury]\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {draw: {count: {count: {selector: {unit: {}},"
        " max: 2}}}}}\n",
        "type: unit\ndomains: [fury]\ncost: 1\nmight: 1\nabilities:\n"
        "  - {trigger: when_played, effect: [{may: {pay: {power: 1, domain: calm}}},"
        " {if_done: {draw: 1}}]}\n",
        "type: spell\ndomains: [fury]\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {gain_xp: {amount: 2, player: you}}}\n",
        "type: unit\ndomains: [fury]\ncost: 1\nmight: 1\nabilities:\n"
        "  - {trigger: when_played, effect: {equip_to_me: {less_power: 2}}}\n",
    ],
    "spellfire": [
        "type: event\nnumber: 9\nabilities:\n"
        "  - {trigger: on_play, effect: {repeat: {times: 2, effect: {draw: 1}}}}\n",
        "type: event\nnumber: 10\nabilities:\n"
        "  - {trigger: on_play, effect: {choose: {modes: [{draw: 1}, {draw: 2}],"
        " chooser: opponent}}}\n",
        "type: event\nnumber: 11\nabilities:\n"
        "  - {trigger: on_play, effect: {draw: {count: {count: {selector: {champion: {}},"
        " max: 2}}}}}\n",
    ],
    "wonders": [
        "type: spell\norbital: boundless\ntier: primary\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {choose: {modes: [{draw: 1}, {gain_energy: 2}],"
        " chooser: opponent}}}\n",
        "type: spell\norbital: boundless\ntier: primary\ncost: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {draw: {count: {count: {selector: {wonder: {}},"
        " max: 2}}}}}\n",
        "type: wonder\norbital: boundless\ntier: primary\ncost: 1\npower: 1\nabilities:\n"
        "  - {trigger: on_play, effect: {control_turn: {player: opponent}}}\n"
        "  - {trigger: {on_turn_end: {player: you}}, effect: {draw: 1}}\n"
        "  - {trigger: on_play, effect: {sacrifice: {selector: {wonder: {controller: you}},"
        " count: 1}}}\n"
        "  - {trigger: {whenever: {played: {spell: {controller: you, realm: any}}}},\n"
        "     effect: {draw: 1}}\n"
        "  - {trigger: on_play, effect: {put_into_hand: {all: {wonder: {zone: deck, owner: you,"
        " top: 1}}}}}\n"
        "  - {trigger: on_play, effect: {put_into_hand: {all: {item: {zone: deck, owner: you,"
        " top: 1}}}}}\n"
        "  - {trigger: on_play, effect: {put_into_hand: {all: {land: {zone: deck, owner: you,"
        " top: 1}}}}}\n"
        "  - {trigger: on_play, effect: {put_into_hand: {all: {spell: {zone: deck, owner: you,"
        " top: 1}}}}}\n"
        "  - {trigger: on_play, target: {land: {zone: abyss, owner: you}},"
        " effect: {put_into_hand: target}}\n",
    ],
}


def _alias(ann: Any) -> Any:
    while isinstance(ann, TypeAliasType):
        ann = ann.__value__
    return ann


def simple(ann: Any, optional: bool = False) -> bool:
    """A number, a yes/no, a choice of words (of two or more), or one of them or nothing."""
    ann = _alias(ann)
    if get_origin(ann) in (Union, types.UnionType):
        args = [a for a in get_args(ann) if a is not type(None)]
        return bool(args) and all(simple(a, len(args) < len(get_args(ann))) for a in args)
    if get_origin(ann) is Literal:
        return optional or len(get_args(ann)) > 1
    return ann in (bool, int)


def others(ann: Any, value: Any, meta: list) -> list:
    """Other values of a simple annotation than ``value`` (a few: the first that checks is
    tried)."""
    ann = _alias(ann)
    if get_origin(ann) in (Union, types.UnionType):
        out = [None] if value is not None and type(None) in get_args(ann) else []
        for a in get_args(ann):
            if a is not type(None):
                out += others(a, value, meta)
        return out
    if get_origin(ann) is Literal:
        return [c for c in get_args(ann) if c != value]
    if ann is bool:
        return [not value] if isinstance(value, bool) else [True, False]
    low = next((m.ge for m in meta if getattr(m, "ge", None) is not None), 0)
    v = value if isinstance(value, int) and not isinstance(value, bool) else low
    return [x for x in (v + 1, v + 2, low, low + 1) if x != value]


def _at(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def rewritten(data: dict, path: tuple, name: str, params: type[BaseModel], key: str,
              value: Any) -> dict:
    """The card data with the entry node at ``path`` given ``key: value``, in whichever
    form the node was written (bare name, shorthand, or mapping)."""
    out = copy.deepcopy(data)
    node = _at(out, path)
    shorthand = getattr(params, "__shorthand__", None)
    if isinstance(node, str):  # the bare name
        new: Any = {name: {key: value}}
    elif isinstance(node, dict) and name in node:
        inner = node[name]
        if not isinstance(inner, dict):
            inner = {shorthand: inner} if shorthand else {}
        new = {**node, name: {**inner, key: value}}
    else:  # the node itself is the parameters (a selector in a mapping)
        new = {**node, key: value}
    _at(out, path[:-1])[path[-1]] = new
    return out


def current(data: dict, path: tuple, name: str, params: type[BaseModel], key: str,
            default: Any) -> Any:
    node = _at(data, path)
    inner = node.get(name, node) if isinstance(node, dict) else None
    if isinstance(inner, dict):
        return inner.get(key, default)
    if inner is not None and getattr(params, "__shorthand__", None) == key:
        return inner
    return default


def text_of(game: str, data: dict) -> str | None:
    """The rules text of the card ``data``, or None if ``check`` refuses it."""
    spec = load_game(game)
    doc = load_text(json.dumps(data), "<rewritten>")
    try:
        model = validate_document(doc, spec.card_model, "card")
        Compiler(spec.registry).card(model, doc.pos(()))
        return card_text(model, spec.registry)
    except CardError:
        return None


def uses(game: str) -> Iterator[tuple[dict, Any]]:
    """(card data, use) for every entry used by a bundled card or a snippet."""
    spec = load_game(game)
    walker = UsageWalker(spec.registry, spec.card_model)
    for _path, doc, use in card_uses(find_files([spec.cards_dir], CARD_SUFFIX), walker):
        yield doc.data, use
    for i, text in enumerate(SNIPPETS[game]):
        data = load_text(f"id: snippet-{i}\nname: Snippet {i}\n{text}", "<snippet>").data
        assert text_of(game, data) is not None, f"snippet {i} does not check"
        for use in walker.card(data):
            yield data, use


@pytest.mark.parametrize("game", sorted(SNIPPETS))
def test_every_simple_parameter_changes_the_text(game):
    spec = load_game(game)
    registry = spec.registry
    wanted = {(kind, name, info.alias or field)
              for kind, table in registry.entries.items() for name, entry in table.items()
              if isinstance(entry.params, type) and issubclass(entry.params, BaseModel)
              for field, info in entry.params.model_fields.items() if simple(info.annotation)}
    changed: set[tuple] = set()
    same: dict[tuple, str] = {}
    texts: dict[int, str | None] = {}
    for data, use in uses(game):
        entry = registry.entries[use.kind][use.name]
        params = entry.params
        if not (isinstance(params, type) and issubclass(params, BaseModel)):
            continue
        base = texts.get(id(data))
        if id(data) not in texts:
            base = texts[id(data)] = text_of(game, data)
        if base is None:
            continue
        for field, info in params.model_fields.items():
            key = (use.kind, use.name, info.alias or field)
            if key not in wanted or key in changed:
                continue
            default = None if info.is_required() else info.default
            value = current(data, use.path, use.name, params, info.alias or field, default)
            for other in others(info.annotation, value, info.metadata):
                new = text_of(game, rewritten(data, use.path, use.name, params,
                                              info.alias or field, other))
                if new is None:
                    continue  # a value that does not check: try the next
                if new != base:  # two values, two texts
                    changed.add(key)
                    same.pop(key, None)
                    break
                same[key] = f"{data.get('id')}: {value!r} and {other!r} both print {base!r}"
    assert not same, "parameters that do not change the text:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(same.items()))
    untried = sorted(wanted - changed)
    assert not untried, f"no card to try these on (use them in a bundled card or add a " \
                        f"snippet here): {untried}"


#: a card of each game that can say "for each", and the parameters a selector needs
FOR_EACH = {
    "riftbound": "type: spell\ndomains: [fury]\ncost: 1\n",
    "spellfire": "type: event\nnumber: 3\n",
    "wonders": "type: spell\norbital: boundless\ntier: primary\ncost: 1\n",
}
NEEDS = {("spellfire", "card_in_play"): {"types": ["ally"]},
         ("riftbound", "card"): {"zone": "trash"},
         ("spellfire", "card_in_pile"): {"zone": "discard"}}


@pytest.mark.parametrize("game, selector", [
    (g, s) for g in sorted(FOR_EACH) for s in load_game(g).registry.entries["selector"]])
def test_for_each_names_every_selection_without_an_article(game, selector):
    """The house style's "for each X": never "for each a champion" (each selector's bare
    form)."""
    params = load_game(game).registry.entries["selector"][selector].params
    node = json.dumps({selector: NEEDS.get((game, selector), {})} if params else selector)
    data = load_text(f"id: t\nname: T\n{FOR_EACH[game]}abilities:\n  - {{trigger: on_play, "
                     f"effect: {{for_each: {{cards: {{all: {node}}}, effect: {{draw: 1}}}}}}}}\n",
                     "<for each>").data
    text = text_of(game, data)
    assert text is not None and " for each " in text, text
    after = text.split(" for each ", 1)[1]
    assert not after.startswith(("a ", "an ", "the ", "one ")), text
