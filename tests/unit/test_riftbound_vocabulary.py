"""Riftbound's vocabulary (issue 10, "Keywords"): the issue's keywords are implemented; later
sets' keywords not implemented yet are reserved,
so a card using one gets an error that says so, at its position; the card model refuses what
a Riftbound card can't print."""
from __future__ import annotations

import pytest
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from cardscript.text.render import card_text

SPEC = load_game("riftbound")
PLANNED = sorted(name for kind, name in SPEC.registry.planned if kind == "keyword")


def compile_card(text: str):
    from cardscript.compiler import Compiler
    doc = load_text(text, "<test card>")
    model = validate_document(doc, SPEC.card_model, "card")
    return Compiler(SPEC.registry).card(model, doc.pos(()))


def test_later_keywords_are_planned():
    assert {"level", "empower", "flow"} <= set(PLANNED)


@pytest.mark.parametrize("name", PLANNED)
def test_a_planned_keyword_is_a_clear_error(name):
    with pytest.raises(CardError) as exc:
        compile_card(f"id: t\nname: T\ntype: unit\ndomains: [fury]\ncost: 1\nmight: 1\n"
                     f"keywords: [{name}]\n")
    message = str(exc.value)
    assert "not implemented yet" in message and name.split("_")[0] in message.lower(), message


def test_implemented_keywords_compile():
    implemented = sorted(SPEC.registry.entries["keyword"])
    assert {"action", "reaction", "accelerate", "assault", "shield", "tank", "backline",
            "ganking", "temporary", "vision", "legion", "deflect", "hidden"} <= set(implemented)
    card = compile_card("id: t\nname: T\ntype: unit\ndomains: [fury]\ncost: 1\nmight: 1\n"
                        "keywords: [tank, {assault: 2}, vision]\n")
    assert card.keywords["assault"].amount == 2 and len(card.program.abilities) == 1


@pytest.mark.parametrize("text, why", [
    ("type: unit\ncost: 1\n", "needs a might"),
    ("type: spell\ncost: 1\nmight: 2\nabilities: [{trigger: on_play, effect: {draw: 1}}]\n",
     "only units have might"),
    ("type: spell\ncost: 1\n", "exactly one on_play"),
    ("type: rune\ndomains: [fury, calm]\n", "exactly one domain"),
    ("type: legend\ndomains: [fury]\ntags: [X]\n", "two domains"),
    ("type: battlefield\ncost: 2\n", "has no cost"),
    ("type: unit\ndomains: [calm]\ncost: 1\nmight: 1\nkeywords: [hidden]\nabilities: [\n"
     "  {trigger: when_played, target: {unit: {}}, effect: {stun: {}}}]\n",
     "not implemented yet"),
    # an effect on 'this' that could never act (this card is never where it reaches)
    ("type: gear\ndomains: [fury]\ncost: 1\nabilities:\n"
     "  - {trigger: start_of_turn, effect: {kill: this}}\n",
     "kill acts on a unit, and this card is a gear: it would do nothing"),
    ("type: legend\ndomains: [fury, mind]\ntags: [Korrun]\nabilities:\n"
     "  - {trigger: start_of_turn, effect: {return_to_hand: this}}\n",
     "this card (a legend) is never moved so"),
])
def test_the_card_model_refuses_what_a_card_cant_print(text, why):
    with pytest.raises(CardError) as exc:
        compile_card("id: t\nname: T\n" + text)
    assert why in str(exc.value)


def activated_text(cost: str) -> str:
    doc = load_text("id: t\nname: T\ntype: gear\ndomains: [fury]\ncost: 1\nabilities: [\n"
                    f"  {{trigger: {{activate: {cost}}}, effect: {{draw: 1}}}}]\n",
                    "<test card>")
    return card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry)


@pytest.mark.parametrize("cost, text", [
    ("{energy: 1}", "[E], pay 1 energy: Draw a card."),
    ("{power: 1}", "[E], pay 1 power of its domain: Draw a card."),
    ("{energy: 2, power: 1, domain: calm}", "[E], pay 2 energy and 1 calm power: Draw a card."),
    ("{exhaust: false, power: 2, domain: any, timing: reaction}",
     "Pay 2 power of any domain: [Reaction] draw a card."),
])
def test_activated_ability_costs_in_text(cost, text):
    """An activated ability's power cost (rules notes 2: [C] its own domain, [A] any) is
    printed with its energy."""
    assert activated_text(cost) == text


def test_a_domain_without_a_power_cost_is_refused():
    with pytest.raises(CardError) as exc:
        compile_card("id: t\nname: T\ntype: gear\ndomains: [fury]\ncost: 1\nabilities: [\n"
                     "  {trigger: {activate: {energy: 1, domain: calm}}, effect: {draw: 1}}]\n")
    message = str(exc.value)
    assert "power cost" in message and "<test card>:" in message, message


@pytest.mark.parametrize("unit, text", [
    ("{}", "Stun a unit."),
    ("{other: true}", "Stun another unit."),
    ("{damaged: true}", "Stun a damaged unit."),
    ("{damaged: false, controller: you}", "Stun an undamaged unit you control."),
    ("{exhausted: false, controller: opponent}", "Stun a ready enemy unit."),
    ("{exhausted: true}", "Stun an exhausted unit."),
])
def test_a_unit_selector_says_each_of_its_filters(unit, text):
    doc = load_text("id: t\nname: T\ntype: spell\ndomains: [fury]\ncost: 1\nabilities:\n"
                    f"  - {{trigger: on_play, target: {{unit: {unit}}}, effect: {{stun: {{}}}}}}\n",
                    "<test card>")
    assert card_text(validate_document(doc, SPEC.card_model, "card"), SPEC.registry) == text


def test_a_random_discard_has_no_chooser():
    with pytest.raises(CardError, match="a discard at random has no chooser"):
        compile_card("id: t\nname: T\ntype: spell\ndomains: [mind]\ncost: 1\nabilities:\n"
                     "  - {trigger: on_play, effect: {discard: {player: opponent, random: "
                     "true, chooser: you}}}\n")
