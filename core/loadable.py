"""What a save may name (:mod:`cardscript.save`): a table of the engine's state classes, value
classes, steps and card recipes, each declared where it is defined.

A save refers to code only by name — the class of each state object, the step a procedure
frame will call, the function that makes a derived card definition again — and loading looks
each name up in this table, never through a module's attributes, so a save can name nothing
that was not declared here:

- :func:`state` — a class whose objects are part of a game in progress (the game, players,
  zones, cards, events, resolvers, decisions). Loading makes its objects without calling a
  constructor and sets only the fields the class has.
- :func:`value` — a frozen dataclass saved by its fields and made again by calling the class
  (its ``__post_init__`` checks them): a game's limits, a format.
- :func:`step` — a function or method the procedure may hold as work still to do
  (:mod:`cardscript.procedure`), or a game keeps to undo when a duration ends. A bound method
  loads only as a step of its object's class.
- :func:`recipe` — a module-level function that makes a card definition during play
  (``CardDef.recipe``).
- :func:`constant` — a compiled object of the rules themselves, not of any card (an
  ability the rules give every equipment, say), saved by its name so that it stays the one
  object it is.

A game declares its own when its package is imported, which its registration does
(:mod:`cardscript.plugins`); a third-party game does the same with these decorators.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import is_dataclass
from types import FunctionType
from typing import Any, TypeVar

from .slots import per_class

_C = TypeVar("_C", bound=type)
_F = TypeVar("_F", bound=Callable[..., Any])

#: the declared names, each "module:qualname"
STATE: dict[str, type] = {}
VALUES: dict[str, type] = {}
STEPS: dict[str, FunctionType] = {}
RECIPES: dict[str, FunctionType] = {}
CONSTANTS: dict[str, object] = {}
#: the name of each constant, by the object's identity
CONSTANT_NAMES: dict[int, str] = {}
_STEP_FUNCTIONS: set[FunctionType] = set()


def name_of(obj: Any) -> str:
    """How a save names a class or a function: ``module:qualname``."""
    return f"{obj.__module__}:{obj.__qualname__}"


def state(cls: _C) -> _C:
    """Declare ``cls`` a class of game state objects, which a save may hold."""
    STATE[name_of(cls)] = cls
    return cls


def value(cls: _C) -> _C:
    """Declare ``cls``, a frozen dataclass, a value a save may hold by its fields."""
    if not (is_dataclass(cls) and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__}: a saved value must be a frozen dataclass")
    VALUES[name_of(cls)] = cls
    return cls


def step(fn: _F) -> _F:
    """Declare ``fn`` a step: work the rules procedure may hold to do later."""
    if not isinstance(fn, FunctionType):
        raise TypeError(f"{fn!r}: a step is a function (put @step below @staticmethod)")
    STEPS[name_of(fn)] = fn
    _STEP_FUNCTIONS.add(fn)
    return fn


def recipe(fn: _F) -> _F:
    """Declare ``fn`` a function that makes a card definition again from others."""
    if not isinstance(fn, FunctionType) or "." in fn.__qualname__:
        raise TypeError(f"{fn!r}: a recipe is a module-level function")
    RECIPES[name_of(fn)] = fn
    return fn


_O = TypeVar("_O")


def constant(module: str, name: str, obj: _O) -> _O:
    """Declare ``obj``, the module-level ``name`` of ``module``, a constant a save may name."""
    key = f"{module}:{name}"
    CONSTANTS[key] = obj
    CONSTANT_NAMES[id(obj)] = key
    return obj


@per_class
def steps_of(cls: type) -> dict[str, FunctionType]:
    """The steps of ``cls`` by attribute name: its methods declared with :func:`step`,
    inherited ones too (an override that is not declared is not a step; a static step is
    saved as the function it is)."""
    found: dict[str, FunctionType] = {}
    for k in reversed(cls.__mro__):
        for name, attr in vars(k).items():
            if type(attr) is FunctionType and attr in _STEP_FUNCTIONS:
                found[name] = attr
            else:
                found.pop(name, None)
    return found


def is_step(fn: object) -> bool:
    """Whether the function ``fn`` is declared a step."""
    return type(fn) is FunctionType and fn in _STEP_FUNCTIONS
