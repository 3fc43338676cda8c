"""Keyword macros: keywords a designer writes in YAML, beside the cards, without Python.

A file ``<game cards>/keywords/<name>.keyword.yaml`` names a keyword, its parameters with
their defaults, its rules text (a template, like every vocabulary entry's) and the abilities
it expands into; in those abilities a string ``$name`` stands for a parameter's value.

```yaml
keyword: rally
text: "Rally {{ amount }}"
reminder: When this arrives, your other Wonders in this realm get +N power this round.
params: {amount: 1}
abilities:
  - trigger: on_arrival
    effect: {power: {card: {all: {wonder: {controller: you, realm: this, other: true}}},
                     amount: $amount}}
```

Each macro becomes a keyword entry of the game's registry, so cards write ``rally`` or
``{rally: 2}``, and the schema, the linter and the docs know it like any other keyword.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, create_model

from .errors import CardError, Diagnostic
from .loader import Document, load_file  # noqa: F401 (Document: the type of loaded)
from .registry import Params, Vocabulary

KEYWORD_SUFFIX = ".keyword.yaml"
_NAME = r"^[a-z][a-z0-9_]*$"
_PARAM = re.compile(r"^\$([a-z][a-z0-9_]*)$")


def _not_reserved(name: str) -> str:
    """A parameter becomes a field of a pydantic model (:func:`_params_model`): a name the
    model keeps for itself would break the game's build or shadow the model's own."""
    if name.startswith("model_") or hasattr(Params, name):
        raise ValueError(f"'{name}' is a name the parameter model keeps for itself; choose "
                         "another")
    return name


#: what ``$name`` can stand for in the abilities, and a card can set
ParamName = Annotated[str, Field(pattern=_NAME), AfterValidator(_not_reserved)]


class KeywordMacro(BaseModel):
    """A keyword written in YAML: its parameters, rules text and the abilities it adds."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    keyword: str = Field(pattern=_NAME, description="The keyword's name.")
    text: str = Field(description="Rules text template, e.g. 'Rally {{ amount }}'.")
    reminder: str = Field("", description="Reminder text: what the keyword does.")
    params: dict[ParamName, Union[bool, int, str]] = Field(
        default_factory=dict, description="Parameter names and their default values.")
    abilities: list[dict[str, Any]] = Field(
        min_length=1, description="Abilities (trigger, target, effect) the keyword adds; "
        "'$name' stands for a parameter's value.")


#: macros by (game, keyword), read by :class:`MacroKeyword` when a card expands one
MACROS: dict[tuple[str, str], KeywordMacro] = {}


def substitute(data: Any, values: dict[str, Any]) -> Any:
    """The abilities with every ``$name`` string replaced by that parameter's value."""
    if isinstance(data, str):
        m = _PARAM.match(data)
        return values[m.group(1)] if m and m.group(1) in values else data
    if isinstance(data, list):
        return [substitute(x, values) for x in data]
    if isinstance(data, dict):
        return {k: substitute(v, values) for k, v in data.items()}
    return data


class MacroKeyword:
    """A card's use of a keyword macro: the macro's name and the parameter values."""

    __slots__ = ("game", "name", "values")

    def __init__(self, game: str, name: str, values: dict[str, Any]):
        self.game = game
        self.name = name
        self.values = values

    def abilities(self) -> list[dict]:
        return substitute(MACROS[(self.game, self.name)].abilities, self.values)


def _entry_impl(game: str, macro: KeywordMacro):
    def make(params, compiler):
        values = dict(macro.params)
        if params is not None:
            values.update(params.model_dump())
        if compiler is not None:
            problem = _text_problem(macro, values, compiler.registry)
            if problem:  # a designer's template: broken, it is this card's error
                raise compiler.error(f"the rules text of keyword '{macro.keyword}' can't be "
                                     f"generated: {problem}", "CS201")
        return MacroKeyword(game, macro.keyword, values)
    make.__doc__ = macro.reminder or f"The {macro.keyword} keyword (a YAML macro)."
    make.__module__ = __name__
    return make


def _params_model(macro: KeywordMacro) -> type[Params] | None:
    if not macro.params:
        return None
    fields = {name: (type(default), default) for name, default in macro.params.items()}
    model = create_model(f"{macro.keyword.title().replace('_', '')}Params", __base__=Params,
                         **fields)
    if len(fields) == 1:
        model.__shorthand__ = next(iter(fields))  # {rally: 2}
    return model


def find_macros(cards_dir: Path) -> list[Path]:
    folder = Path(cards_dir) / "keywords"
    return sorted(folder.glob(f"*{KEYWORD_SUFFIX}")) if folder.is_dir() else []


def load_macro(path: str | Path) -> tuple[Document, KeywordMacro]:
    """Load and validate one macro file (the abilities are checked when the game is built)."""
    from .model import validate_document
    doc = load_file(path)
    return doc, validate_document(doc, KeywordMacro, "keyword macro")


def macro_vocabulary(game: str, cards_dir: Path) -> tuple[Vocabulary, list]:
    """Keyword entries for the game's macro files, every diagnostic met reading them (a
    broken macro is left out, not fatal), and the loaded macros (document, model)."""
    vocab = Vocabulary(game)
    problems: list[Diagnostic] = []
    loaded = []
    for path in find_macros(cards_dir):
        try:
            doc, macro = load_macro(path)
        except CardError as exc:
            problems.extend(exc.diagnostics)
            continue
        if Path(path).name != f"{macro.keyword}{KEYWORD_SUFFIX}":
            problems.append(Diagnostic(doc.pos(("keyword",)), f"the macro of keyword "
                                       f"'{macro.keyword}' should be in "
                                       f"'{macro.keyword}{KEYWORD_SUFFIX}'", "CS121"))
        MACROS[(game, macro.keyword)] = macro
        vocab.keyword(macro.keyword, _params_model(macro), text=macro.text,
                      macro=str(path))(_entry_impl(game, macro))
        loaded.append((doc, macro))
    return vocab, problems, loaded


def _text_problem(macro: KeywordMacro, values: dict, registry) -> str | None:
    """Why the macro's rules-text template fails with these values (in the bounded
    sandbox: a loop that never ends, a huge string), or None."""
    from .text import template_error
    return template_error(macro.text, "keyword", macro.keyword, tuple(sorted(values.items())),
                          registry)


def check_expansions(registry, loaded) -> list[Diagnostic]:
    """Each macro's abilities, with its default parameters, must be valid abilities, and its
    rules text must be generated from them."""
    from pydantic import ValidationError

    from .model.validate import diagnostics_from
    ability = registry.types["Ability"]
    problems: list[Diagnostic] = []
    for doc, macro in loaded:
        problem = _text_problem(macro, dict(macro.params), registry)
        if problem:
            problems.append(Diagnostic(doc.pos(("text",)), f"keyword '{macro.keyword}': its "
                                       f"rules text can't be generated with the default "
                                       f"parameters: {problem}", "CS201"))
        data = substitute(macro.abilities, dict(macro.params))
        for i, ab in enumerate(data):
            try:
                ability.model_validate(ab)
            except ValidationError as exc:
                part = doc.sub(("abilities", i))
                for d in diagnostics_from(exc, part, ability, None):
                    problems.append(Diagnostic(d.pos, f"keyword '{macro.keyword}': "
                                               f"{d.message}", d.code, None))
    return problems
