"""Templates run in Jinja2's sandbox (DESIGN.md: "templates run in Jinja2's sandbox"): a
template reaches neither Python internals nor the renderer behind the nodes it prints."""
from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from core.loader import load_text
from core.model import validate_document
from core.plugins import load_game
from core.registry import Entry
from core.text import TextError, environment
from core.text.render import _Renderer

SPEC = load_game("wonders")


def test_environment_is_sandboxed():
    assert isinstance(environment(), SandboxedEnvironment)


@pytest.mark.parametrize("source", [
    "{{ ''.__class__.__mro__ }}",
    "{{ x.__class__ }}",
    "{{ x.__init__.__globals__ }}",
    "{{ cycler.__init__.__globals__.os }}",
    "{{ f.__globals__ }}",
    "{{ [].append(1) }}",
])
def test_templates_cannot_reach_python_internals(source):
    with pytest.raises(SecurityError):
        environment().from_string(source).render(x=object(), f=test_environment_is_sandboxed,
                                                 cycler=object())


def test_a_vocabulary_template_cannot_reach_the_renderer():
    card = validate_document(load_text(
        "id: s\nname: S\ntype: spell\norbital: solfera\ntier: primary\ncost: 1\n"
        "abilities:\n  - {trigger: on_play, effect: [{draw: 1}, {draw: 2}]}\n"),
        SPEC.card_model)
    r = _Renderer(SPEC.registry, "spell")
    view = r.view("effect", card.abilities[0].effect)
    evil = Entry("effect", "stages", None, text="{{ stages[0]._r.registry }}")
    view._entry = evil
    with pytest.raises(TextError) as exc:
        r.render(view)
    assert "SecurityError" in str(exc.value)
    evil.text = "{{ stages[0].__class__.__init__.__globals__ }}"
    with pytest.raises(TextError):
        r.render(view)
