"""Printed rules text against the text generated from the card's abilities and keywords."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from types import ModuleType

from ..context import CardContext
from ..findings import Finding, Fix, SetValue
from ..registry import Rule

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


def _text_module() -> ModuleType | None:
    """``cardscript.text`` (card_text, normalize), or None where this engine doesn't have it."""
    try:
        from cardscript import text
    except ImportError:
        return None
    if not (hasattr(text, "card_text") and hasattr(text, "normalize")):
        return None
    return text


def sentences(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines() or [""]:
        out.extend(s for s in _SENTENCE.split(line.strip()) if s)
    return out


def text_diff(printed: str, generated: str) -> str:
    lines = difflib.unified_diff(sentences(printed), sentences(generated), "printed text",
                                 "generated text", n=1, lineterm="")
    return "\n".join(lines)


class TextDrift(Rule):
    """The card's printed ``text:`` says something other than its abilities do.

    The rules text of every card is generated from its keywords and abilities by the
    vocabulary's templates, so what a player reads is what the engine runs. A card may still
    carry its printed ``text:`` (for reading the file, for rendering); when it differs from the
    generated text, after normalising spaces and typography, one of the two is wrong. The
    finding shows a sentence-by-sentence diff of printed against generated text.

    Fix (safe): ``text:`` is rewritten to the generated text, keeping the file's comments and
    layout. Check the diff first: if the abilities are what is wrong, fix them instead.
    Active where the engine provides ``cardscript.text``.
    """

    code = "CS130"
    name = "text-drift"
    severity = "warning"
    groups = ("text",)
    fixable = True
    #: a card's text names the tokens it creates by their name, power and type
    needs_set = True

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        printed = getattr(ctx.model, "text", None)
        if not isinstance(printed, str):
            return
        mod = _text_module()
        if mod is None:
            return
        try:
            generated = mod.card_text(ctx.model, ctx.registry, cards=ctx.cards)
        except getattr(mod, "TextError", ValueError) as exc:
            yield ctx.finding(self.code, f"the rules text can't be generated from the card's "
                              f"abilities, so the printed text can't be checked: {exc}",
                              ("text",))
            return
        if not isinstance(generated, str):
            return
        if mod.normalize(printed) == mod.normalize(generated):
            return
        diff = text_diff(mod.normalize(printed), mod.normalize(generated))
        if "\n" not in printed.strip():  # a one-line text stays on one line
            generated = " ".join(line.strip() for line in generated.splitlines() if line.strip())
        yield ctx.finding(self.code, "printed text differs from the text generated from the "
                          "card's abilities", ("text",), detail=diff,
                          fix=Fix("regenerate the printed text", (SetValue(("text",),
                                                                          generated),)))


class TextTemplateError(Rule):
    """A keyword macro's rules-text template fails: it raises an error, or goes beyond the
    bounds of the sandbox templates run in.

    A keyword macro's ``text:`` is a Jinja2 template that runs in a sandbox (no Python
    internals) with bounds on loop iterations and calls, on the size of any value it makes,
    on the characters it prints and on its time (the figures are in
    ``core/text/sandbox.py``). A template that fails — a sandbox security error, an undefined
    name, a type error, a loop that would never end, a string repeated a billion times — is
    reported at the macro's ``text:`` (with its default parameters) and at every card whose
    parameters make it fail, never when the text is printed.

    Example::

        keyword: storm
        text: "Storm {% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}..."
        #     ^ CS201 keyword 'storm': its rules text can't be generated with the default
        #       parameters: ... the template ran more than 100,000 loop iterations and calls
    """

    code = "CS201"
    name = "text-template-error"
    groups = ("text", "schema")
