"""A game's own rules-text words (core/text/vocabulary.py): a plugin's ``cardscript_text``
hook gives its game filters, resources and durations, which that game's templates use and no
other game's see; Wonders registers its words the same way (core/games/wonders/text.py)."""
from __future__ import annotations

from typing import Literal

import pytest
from cardscript.loader import load_text
from cardscript.model import CardBase, build_types, validate_document
from cardscript.plugins import hookimpl, load_game, plugin_manager
from cardscript.registry import DuplicateEntry, Entry, Params, Registry, Vocabulary
from cardscript.text import (
    TextError,
    TextVocabulary,
    card_text,
    environment,
    game_text,
    template_text,
)
from cardscript.text.filters import CORE
from cardscript.text.render import renderer
from cardscript.text.vocabulary import GameText
from cardscript.vocabulary import core_vocabulary
from pydantic import Field

# -- Tidepool: a game of a few lines, with words of its own ----------------------------------
tide = Vocabulary("tidepool")


@tide.trigger("when_played", text="WHEN PLAYED:")
class WhenPlayed:
    scope = "activated"
    event = ""

    def __init__(self, p, c):
        pass


@tide.selector("shell", text="a shell")
class Shell:
    def __init__(self, p, c):
        pass


@tide.keyword("calm", text="Calm")
class Calm:
    pass


class PayParams(Params):
    __shorthand__ = "amount"
    amount: int
    duration: Literal["now", "until_dusk"] = "now"


@tide.effect("pay", PayParams, text="pay {{ amount | quantity('pearl') }}"
             "{% if duration != 'now' %} {{ duration | duration }}{% endif %}")
class Pay:
    def __init__(self, p, c):
        pass


@tide.effect("wave", text="{{ 'tide' | roar }}")
class Wave:
    def __init__(self, p, c):
        pass


class TideCard(CardBase):
    type: Literal["reef"]
    abilities: "list[Ability]" = Field(default_factory=list)  # noqa: F821


TIDE_TEXT = TextVocabulary("tidepool", resources={"pearl": "pearls"},
                           durations={"until_dusk": "until dusk"})


@TIDE_TEXT.filter("roar")
def roar(word: str) -> str:
    return f"{word.upper()}!"


class TidepoolPlugin:
    @hookimpl
    def cardscript_text(self, game):
        return [TIDE_TEXT] if game == "tidepool" else []


def _registry() -> Registry:
    registry = Registry("tidepool")
    registry.extend(core_vocabulary("tidepool"))
    registry.extend(tide)
    build_types(registry, TideCard)
    return registry


REGISTRY = _registry()


@pytest.fixture
def registry():
    """Tidepool's vocabulary, without its text plugin."""
    game_text.cache_clear()
    yield REGISTRY
    game_text.cache_clear()


@pytest.fixture
def tidepool(registry):
    """Tidepool with its text plugin registered, as its entry point would."""
    plugin = TidepoolPlugin()
    plugin_manager().register(plugin)
    game_text.cache_clear()
    try:
        yield registry
    finally:
        plugin_manager().unregister(plugin)


def _card(abilities: str) -> TideCard:
    return validate_document(load_text(f"id: r\nname: R\ntype: reef\nabilities: {abilities}\n"),
                             TideCard)


def _probe(registry: Registry, template: str) -> str:
    return template_text(template, "effect", "probe", {}, registry)


STAGES = "[{trigger: when_played, effect: [{pay: {amount: 1, duration: until_dusk}}, {pay: 2}]}]"


def test_a_game_prints_its_resources_and_durations(tidepool):
    # a resource keeps its numeral; a stage ending in a duration ends its sentence
    assert card_text(_card(STAGES), tidepool) == \
        "WHEN PLAYED: Pay 1 pearl until dusk. Pay 2 pearls."
    card = _card("[{trigger: when_played, effect: [{pay: 1}, {pay: 2}]}]")
    assert card_text(card, tidepool) == "WHEN PLAYED: Pay 1 pearl and 2 pearls."


def test_without_its_plugin_a_game_has_the_core_words_only(registry):
    assert card_text(_card(STAGES), registry) == \
        "WHEN PLAYED: Pay a pearl until dusk and 2 pearls."
    with pytest.raises(TextError, match="No filter named 'roar'"):
        card_text(_card("[{trigger: when_played, effect: wave}]"), registry)


def test_a_game_template_uses_its_own_filter(tidepool):
    assert card_text(_card("[{trigger: when_played, effect: wave}]"), tidepool) == \
        "WHEN PLAYED: TIDE!"


def test_each_game_sees_its_own_filters_only(tidepool):
    wonders = load_game("wonders").registry
    assert "in_realm" in environment("wonders").filters
    assert {"roar", "in_realm", "tokens", "phrase"}.isdisjoint(
        {*environment().filters, *environment().globals})  # the core's own: no game's
    with pytest.raises(TextError, match="No filter named 'roar'"):
        _probe(wonders, "{{ 'tide' | roar }}")
    with pytest.raises(TextError, match="No filter named 'in_realm'"):
        _probe(tidepool, "{{ 'this' | in_realm }}")
    assert _probe(tidepool, "{{ 'tide' | roar }}") == "TIDE!"


def test_a_word_two_parts_declare_is_an_error_naming_both():
    a, b = TextVocabulary("gulls", resources={"pearl": "pearls"}), TextVocabulary("crabs")
    b.filter("roar")(roar)
    merged = GameText("tidepool", [CORE, a, b])  # distinct words merge
    assert merged.resources == {"pearl": "pearls"} and "roar" in merged.env.filters
    with pytest.raises(DuplicateEntry, match="resource 'pearl' is declared by both 'gulls' "
                                             "and 'tidepool' for game 'tidepool'"):
        GameText("tidepool", [CORE, a, TIDE_TEXT])
    with pytest.raises(DuplicateEntry, match="filter 'roar' is declared by both 'crabs' and "
                                             "'tidepool'"):
        GameText("tidepool", [CORE, b, TIDE_TEXT])
    c = TextVocabulary("eels")
    c.filter("describe")(roar)  # a game can't replace the core's filters
    with pytest.raises(DuplicateEntry, match="filter 'describe' is declared by both 'core' "
                                             "and 'eels'"):
        GameText("tidepool", [CORE, c])
    d = TextVocabulary("eels", options={"selector": {"form": "each"}})
    with pytest.raises(DuplicateEntry, match="selector option 'form'"):
        GameText("tidepool", [CORE, d])


def test_describe_passes_the_game_options_on_and_refuses_others():
    spec = load_game("wonders")
    card = validate_document(load_text(
        "id: s\nname: S\ntype: spell\norbital: solfera\ntier: primary\ncost: 1\n"
        "abilities:\n  - {trigger: on_play, effect: {destroy: {all: {wonder: {realm: this}}}}}"
        "\n"), spec.card_model)
    r = renderer(spec.registry, "spell")
    view = r.view("effect", card.abilities[0].effect)

    def describe(args: str) -> str:
        view._entry = Entry("effect", "destroy", None,
                            text=f"{{{{ card.params.selector | describe({args}) }}}}")
        return str(r.render(view))

    assert describe("'each'") == "each Wonder in this realm"  # Wonders' option's default
    assert describe("'each', with_realm=false") == "each Wonder"
    with pytest.raises(TextError, match=r"effect 'destroy': TypeError: describe\(\) got an "
                                        r"unknown option 'wth_realm'; expected: form, "
                                        r"how_many, implied, with_realm"):
        describe("'each', wth_realm=false")
