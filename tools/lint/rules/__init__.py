"""The built-in lint rules, one module per family:

- :mod:`.syntax` (CS0xx): reading the file, YAML syntax, duplicate keys;
- :mod:`.schema` (CS10x, CS200): the card, deck and scenario schemas and the vocabulary;
- :mod:`.abilities` (CS11x): targets declared and used, triggers that can fire;
- :mod:`.stats` (CS113): printed numbers out of range;
- :mod:`.style` (CS12x): canonical key order, file names;
- :mod:`.text` (CS130): printed text against the text generated from the abilities;
- :mod:`.cardset` (CS30x): ids, names and references across the set;
- :mod:`.decks` (CS40x), :mod:`.scenarios` (CS50x);
- :mod:`.suppression` (CS90x): the ``# cardscript: disable=...`` comments themselves.
"""
from __future__ import annotations

from . import abilities, cardset, decks, scenarios, schema, stats, style, suppression, syntax, text

MODULES = (syntax, schema, abilities, stats, style, text, cardset, decks, scenarios, suppression)


def builtin_rules() -> list[type]:
    from ..registry import Rule
    out: list[type] = []
    for mod in MODULES:
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, Rule) and obj.code \
                    and obj.__module__ == mod.__name__:
                out.append(obj)
    return out
