"""A designer's template checked before it is printed: a keyword macro's ``text:`` rendered
with plain parameter values, through the same renderer and bounded sandbox as card text
(:mod:`cardscript.text.render`, :mod:`cardscript.text.sandbox`). ``cardscript check`` and
``lint`` report a failure as CS201 (:mod:`cardscript.macros`)."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..registry import Entry, Registry
from .english import _sentences
from .render import renderer
from .views import NodeView, TextError


def template_text(text: str, kind: str, name: str, params: Mapping, registry: Registry, *,
                  cards: Mapping | None = None) -> str:
    """The text an entry's template gives with plain parameter values (``{amount: 2}``): how
    a keyword macro's ``text:`` is checked, with the values a card gives it, or its defaults
    before any card uses it."""
    r = renderer(registry, cards=cards if cards is not None else {})
    view = NodeView(r, kind, name, None, Entry(kind, name, None, text=text), params)
    return _sentences(r.render(view))


@lru_cache(maxsize=1024)
def template_error(text: str, kind: str, name: str, params: tuple, registry: Registry) \
        -> str | None:
    """Why :func:`template_text` fails for these ``(name, value)`` parameters, or None.
    Remembered: every card giving a macro the same values gets the same answer at once."""
    try:
        template_text(text, kind, name, dict(params), registry)
    except TextError as exc:
        return str(exc).removeprefix(f"{kind} '{name}': ")
    return None
