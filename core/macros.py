"""Keyword macros: keywords a designer writes in YAML, beside the cards, without Python.

A file ``<name>.keyword.yaml`` (by convention in a folder named ``keywords``) names a
keyword, its parameters with their defaults, its rules text (a template, like every
vocabulary entry's) and the abilities it expands into:

```yaml
keyword: surge
text: "Surge {{ amount }}"
reminder: When this card is played, draw N cards.
params: {amount: 1}
abilities:
  - trigger: on_play
    effect: {draw: $amount}
```

Each macro becomes a keyword entry of the game's registry, so cards write ``surge`` or
``{surge: 2}``, and the schema, the linter and the docs know it like any other keyword. Which
macro files a command uses is decided in :mod:`cardscript.cardset`; the registry built from
them by :func:`cardscript.plugins.load_game`.

Parameters in ``abilities`` (only there: ``text`` is a template with ``{{ amount }}``, and
mapping keys are never substituted) are written with ``$``:

- ``$name`` as a whole value is replaced by the parameter's value, of its own type: a
  number stays a number, ``true`` stays a boolean (``amount: $amount`` gives ``amount: 2``).
- ``-$name`` as a whole value is the negated value of a number parameter (``amount:
  -$amount`` gives ``-2``); negating a true/false or text parameter is an error.
- ``$name`` inside a longer string is replaced by the value's text (``"Surge $amount"``
  gives ``"Surge 2"``; true/false print as ``true``/``false``). A name runs as far as lower-case
  letters, digits and ``_`` go.
- ``$$`` is a literal ``$``.
- ``$`` followed by anything else, or a name the macro's ``params`` don't declare, is an
  error at the macro's file:line:col; the macro is then left out and a card using it is told
  so at its ``keywords`` entry.

A card's parameters are checked when it is compiled: if they make an ability invalid
(``{surge: 1000000}`` past what ``draw`` accepts), the error is at the card's ``keywords``
entry and names the field of the macro it reached (file:line:col).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    create_model,
)

from .errors import CardError, Diagnostic
from .loader import Document, load_bytes, load_file, read_source
from .registry import Params, Vocabulary

if TYPE_CHECKING:
    from typing import TypeAlias

    from .compiler import Compiler
    from .registry import Registry

    #: how the registry makes a macro's keyword, ``impl(params, compiler)`` (no compiler
    #: when no card is being compiled)
    MakeKeyword: TypeAlias = Callable[[Params | None, Compiler | None], "MacroKeyword"]

KEYWORD_SUFFIX = ".keyword.yaml"
#: the folder a set keeps its keyword macros in (see :func:`cardscript.cardset.find_macros`)
KEYWORDS_DIR = "keywords"
_NAME = r"[a-z][a-z0-9_]*"
_WHOLE = re.compile(rf"^(-?)\$({_NAME})$")
#: in a string: ``$$``, ``$name``, or a ``$`` followed by neither (an error)
_TOKEN = re.compile(rf"\$(?:(\$)|({_NAME}))?")


def _not_reserved(name: str) -> str:
    """A parameter becomes a field of a pydantic model (:func:`_params_model`): a name the
    model keeps for itself would break the game's build or shadow the model's own."""
    if name.startswith("model_") or hasattr(Params, name):
        raise ValueError(f"'{name}' is a name the parameter model keeps for itself; choose "
                         "another")
    return name


#: what ``$name`` can stand for in the abilities, and a card can set
ParamName = Annotated[str, StringConstraints(pattern=rf"^{_NAME}$"),
                      AfterValidator(_not_reserved)]


class KeywordMacro(BaseModel):
    """A keyword written in YAML: its parameters, rules text and the abilities it adds."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    keyword: str = Field(pattern=rf"^{_NAME}$", description="The keyword's name.")
    text: str = Field(description="Rules text template, e.g. 'Surge {{ amount }}'.")
    reminder: str = Field("", description="Reminder text: what the keyword does.")
    params: dict[ParamName, Union[bool, int, str]] = Field(
        default_factory=dict, description="Parameter names (lower case, as written after "
        "'$') and their default values.")
    abilities: list[dict[str, Any]] = Field(
        min_length=1, description="Abilities (trigger, target, effect) the keyword adds; "
        "'$name' stands for a parameter's value ('-$name' negated, '$$' a literal '$').")


# -- $name substitution -------------------------------------------------------------------

def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _string(s: str, values: dict[str, Any]) -> Any:
    m = _WHOLE.match(s)
    if m:
        value = values[m.group(2)]
        return -value if m.group(1) else value
    if "$" not in s:
        return s
    return _TOKEN.sub(lambda t: "$" if t.group(1) else _text(values[t.group(2)]), s)


def substitute(data: Any, values: dict[str, Any]) -> Any:
    """The abilities with every ``$name`` replaced by that parameter's value (the rules in
    the module's docstring; :func:`template_problems` has checked the macro first)."""
    if isinstance(data, str):
        return _string(data, values) if "$" in data else data
    if isinstance(data, list):
        return [substitute(x, values) for x in data]
    if isinstance(data, dict):
        return {k: substitute(v, values) for k, v in data.items()}
    return data


def _strings(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(path, string) of every string value under ``data``."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, list):
        for i, x in enumerate(data):
            yield from _strings(x, path + (i,))
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(v, path + (k,))


def template_problems(doc: Document, macro: KeywordMacro) -> list[Diagnostic]:
    """Every ``$`` in the macro's abilities that does not follow the substitution rules, at
    its file:line:col."""
    from .errors import did_you_mean
    declared = macro.params
    problems: list[Diagnostic] = []

    def bad(path: tuple, message: str) -> None:
        problems.append(Diagnostic(doc.pos(("abilities",) + path),
                                   f"keyword '{macro.keyword}': {message}", "CS102"))

    def unknown(name: str) -> str:
        names = ", ".join(f"${n}" for n in declared) or "none"
        return (f"unknown parameter '${name}'{did_you_mean(name, declared)}; the macro's "
                f"params declare: {names}")

    for path, s in _strings(macro.abilities):
        if "$" not in s:
            continue
        m = _WHOLE.match(s)
        if m:
            name = m.group(2)
            if name not in declared:
                bad(path, unknown(name))
            elif m.group(1) and (isinstance(declared[name], bool)
                                 or not isinstance(declared[name], int)):
                bad(path, f"'-${name}': only a number parameter can be negated; '{name}' is "
                    f"{'true/false' if isinstance(declared[name], bool) else 'text'}")
            continue
        for t in _TOKEN.finditer(s):
            if t.group(1):
                continue
            if t.group(2) is None:
                bad(path, f"a '$' must start a parameter name ($amount) or be doubled ($$ "
                    f"for a literal '$'); found {s!r}")
                break
            if t.group(2) not in declared:
                bad(path, unknown(t.group(2)))
    return problems


# -- the keyword entries ------------------------------------------------------------------

class MacroKeyword:
    """A card's use of a keyword macro: the macro's name, its abilities as written, and the
    parameter values. Plain data: compiled cards holding it are cached."""

    __slots__ = ("name", "values", "_template")

    def __init__(self, name: str, template: list, values: dict[str, Any]):
        self.name = name
        self.values = values
        self._template = template

    def abilities(self) -> list[dict]:
        return substitute(self._template, self.values)


class BrokenParams(Params):
    """Whatever a card gives a keyword whose macro is broken: the card is refused when it is
    compiled, with the reason, rather than told the keyword does not exist."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True)
    __shorthand__ = "value"
    value: Any = None


def _ability_diagnostics(registry: Registry, doc: Document, index: int, data: dict,
                         keyword: str) -> list[Diagnostic]:
    """What is wrong with one expanded ability, at the macro's file:line:col (the expansion
    has the shape of the macro's abilities, so the positions are the macro's)."""
    from .model.validate import diagnostics_from
    ability = registry.types["Ability"]
    try:
        ability.model_validate(data)
    except ValidationError as exc:
        part = doc.sub(("abilities", index))
        expanded = Document(part.path, data, part.positions, part.text)
        return [Diagnostic(d.pos, f"keyword '{keyword}': {d.message}", d.code, None)
                for d in diagnostics_from(exc, expanded, ability, None)]
    return []


class _Macro:
    """One loaded macro and what the registry entry needs of it."""

    def __init__(self, doc: Document, macro: KeywordMacro):
        self.doc = doc
        self.macro = macro
        #: the problems of the abilities its defaults give, once the game's types exist
        self.default_problems: list[Diagnostic] | None = None

    @property
    def name(self) -> str:
        return self.macro.keyword

    def make(self, params: Params | None, compiler: Compiler | None) -> MacroKeyword:
        macro = self.macro
        values = dict(macro.params)
        if params is not None:
            values.update(params.model_dump())
        if compiler is not None:
            problem = _text_problem(macro, values, compiler.registry)
            if problem:  # a designer's template: broken, it is this card's error
                raise compiler.error(f"the rules text of keyword '{macro.keyword}' can't be "
                                     f"generated: {problem}", "CS201")
            self.check_expansion(values, compiler)
        return MacroKeyword(macro.keyword, macro.abilities, values)

    def check_expansion(self, values: dict, compiler: Compiler) -> None:
        """Refuse the card if the abilities these values give are invalid: naming the
        macro's field, and saying whether the card's parameters or the macro are at fault."""
        for i, data in enumerate(substitute(self.macro.abilities, values)):
            problems = _ability_diagnostics(compiler.registry, self.doc, i, data, self.name)
            if not problems:
                continue
            first = problems[0]
            message = first.message.removeprefix(f"keyword '{self.name}': ")
            if values == dict(self.macro.params) or self.defaults_broken(compiler.registry):
                raise compiler.error(f"keyword '{self.name}' can't be used: its macro expands "
                                     f"into an invalid ability at {first.pos}: {message}",
                                     "CS200")
            given = {k: v for k, v in values.items() if self.macro.params.get(k) != v}
            raise compiler.error(f"keyword '{self.name}' with these parameters "
                                 f"({', '.join(f'{k}: {_text(v)}' for k, v in given.items())})"
                                 f" expands into an invalid ability at {first.pos}: {message}",
                                 "CS105")

    def defaults_broken(self, registry: Registry) -> bool:
        if self.default_problems is None:
            expansion_problems(registry, [self])  # sets it
        return bool(self.default_problems)


def _broken_entry(name: str, where: Diagnostic) \
        -> Callable[[Params | None, Compiler | None], NoReturn]:
    def make(params: Params | None, compiler: Compiler | None) -> NoReturn:
        if compiler is None:
            raise CardError([where])
        raise compiler.error(f"keyword '{name}' can't be used: its macro has errors "
                             f"({where.pos}: {where.message.removeprefix(prefix)})", "CS200")
    prefix = f"keyword '{name}': "
    make.__doc__ = f"The {name} keyword (a YAML macro with errors)."
    make.__module__ = __name__
    return make


def _params_model(macro: KeywordMacro) -> type[Params] | None:
    if not macro.params:
        return None
    fields: dict[str, Any] = {name: (type(default), default)
                              for name, default in macro.params.items()}
    model = create_model(f"{macro.keyword.title().replace('_', '')}Params", __base__=Params,
                         **fields)
    if len(fields) == 1:
        model.__shorthand__ = next(iter(fields))  # {surge: 2}
    return model


def load_macro(path: str | Path) -> tuple[Document, KeywordMacro]:
    """Load and validate one macro file (the abilities are checked when the game is built)."""
    from .model import validate_document
    doc = load_file(path)
    return doc, validate_document(doc, KeywordMacro, "keyword macro")


def _declared_name(doc: Document | None) -> str | None:
    """The keyword a broken macro file means to declare, if that much can be read."""
    data = doc.data if doc is not None else None
    name = data.get("keyword") if isinstance(data, dict) else None
    return name if isinstance(name, str) and re.fullmatch(_NAME, name) else None


def macro_vocabulary(game: str, sources: Iterable[tuple[str, bytes | CardError]],
                     reserved: Iterable[str] = ()) \
        -> tuple[Vocabulary, list[Diagnostic], list[_Macro]]:
    """Keyword entries for macro files given as (path, bytes or the error reading them), in
    order; every diagnostic met reading them; and the loaded macros.

    A macro that can't be read or validated, or whose ``$`` uses are wrong, is left out; if
    its ``keyword:`` can be read, an entry of that name remains which refuses any card using
    it with the reason. A keyword an earlier file (or the game, ``reserved``) already
    declares is an error at the later file's ``keyword:`` key (CS300)."""
    from .model import validate_document
    reserved = set(reserved)
    vocab = Vocabulary(game)
    problems: list[Diagnostic] = []
    loaded: list[_Macro] = []
    declared: dict[str, str] = {}  # keyword -> the file declaring it

    def claim(name: str, doc: Document) -> bool:
        if name in reserved:
            problems.append(Diagnostic(doc.key_pos(("keyword",)), f"keyword '{name}' is "
                                       "already declared by the game; a macro can't replace "
                                       "it", "CS300"))
            return False
        if name in declared:
            problems.append(Diagnostic(doc.key_pos(("keyword",)), f"keyword '{name}' is "
                                       f"already declared by the macro {declared[name]}",
                                       "CS300"))
            return False
        declared[name] = doc.path
        return True

    for path, raw in sources:
        doc = None
        try:
            if isinstance(raw, CardError):
                raise raw
            doc = load_bytes(raw, str(path))
            macro = validate_document(doc, KeywordMacro, "keyword macro")
        except CardError as exc:
            problems.extend(exc.diagnostics)
            name = _declared_name(doc)
            if name and doc is not None and claim(name, doc):
                vocab.keyword(name, BrokenParams, text=name, macro=str(path),
                              broken=True)(_broken_entry(name, exc.diagnostics[0]))
            continue
        if Path(path).name != f"{macro.keyword}{KEYWORD_SUFFIX}":
            problems.append(Diagnostic(doc.pos(("keyword",)), f"the macro of keyword "
                                       f"'{macro.keyword}' should be in "
                                       f"'{macro.keyword}{KEYWORD_SUFFIX}'", "CS121"))
        if not claim(macro.keyword, doc):
            continue
        wrong = template_problems(doc, macro)
        problems.extend(wrong)
        if wrong:
            vocab.keyword(macro.keyword, BrokenParams, text=macro.keyword, macro=str(path),
                          broken=True)(_broken_entry(macro.keyword, wrong[0]))
            continue
        m = _Macro(doc, macro)
        make = m.make
        vocab.keyword(macro.keyword, _params_model(macro), text=macro.text,
                      macro=str(path))(_entry_impl(macro, make))
        loaded.append(m)
    return vocab, problems, loaded


def _entry_impl(macro: KeywordMacro, make: MakeKeyword) -> MakeKeyword:
    def impl(params: Params | None, compiler: Compiler | None) -> MacroKeyword:
        return make(params, compiler)
    impl.__doc__ = macro.reminder or f"The {macro.keyword} keyword (a YAML macro)."
    impl.__module__ = __name__
    return impl


def _text_problem(macro: KeywordMacro, values: dict, registry: Registry) -> str | None:
    """Why the macro's rules-text template fails with these values (in the bounded
    sandbox: a loop that never ends, a huge string), or None."""
    from .text import template_error
    return template_error(macro.text, "keyword", macro.keyword, tuple(sorted(values.items())),
                          registry)


def expansion_problems(registry: Registry, loaded: Iterable[_Macro]) -> list[Diagnostic]:
    """Each macro's abilities, with its default parameters, must be valid abilities, and its
    rules text must be generated from them."""
    problems: list[Diagnostic] = []
    for m in loaded:
        macro, doc = m.macro, m.doc
        problem = _text_problem(macro, dict(macro.params), registry)
        if problem:
            problems.append(Diagnostic(doc.pos(("text",)), f"keyword '{macro.keyword}': its "
                                       f"rules text can't be generated with the default "
                                       f"parameters: {problem}", "CS201"))
        found: list[Diagnostic] = []
        for i, data in enumerate(substitute(macro.abilities, dict(macro.params))):
            found.extend(_ability_diagnostics(registry, doc, i, data, macro.keyword))
        m.default_problems = found
        problems.extend(found)
    return problems


def check_expansions(registry: Registry, loaded: Iterable[tuple[Document, KeywordMacro]]) \
        -> list[Diagnostic]:
    """:func:`expansion_problems` of macros loaded with :func:`load_macro`, plus the misuses
    of ``$`` in them."""
    out: list[Diagnostic] = []
    ok = []
    for doc, macro in loaded:
        wrong = template_problems(doc, macro)
        out.extend(wrong)
        if not wrong:
            ok.append(_Macro(doc, macro))
    return out + expansion_problems(registry, ok)


def read_macros(paths: Iterable[str | Path]) -> list[tuple[str, bytes | CardError]]:
    """The bytes of each macro file (or why it can't be read), read once: both what the
    game's registry is built from and what identifies it (:func:`cardscript.plugins.load_game`)."""
    out: list[tuple[str, bytes | CardError]] = []
    for p in paths:
        try:
            out.append((str(p), read_source(p)))
        except CardError as exc:
            out.append((str(p), exc))
    return out
