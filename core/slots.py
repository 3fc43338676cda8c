"""Helpers over classes with ``__slots__``, which every compiled and run-time object of the
engine is: a class's slots (:func:`slots_of`), functions cached per class
(:func:`per_class`), and compact pickles (:func:`compact`) for what the compile cache stores.
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from functools import cache
from typing import Any, ParamSpec, TypeVar, cast

_P = ParamSpec("_P")
_T = TypeVar("_T")


def per_class(f: Callable[_P, _T]) -> Callable[_P, _T]:
    """:func:`functools.cache` for a function of classes (the same wrapper at run time). Only
    the type checker needs it: mypy does not see that a class object such as ``type(self)``
    is hashable, so calling a plain ``@cache`` function with one is an error to it
    (python/mypy#11470)."""
    return cast("Callable[_P, _T]", cache(f))


@per_class
def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, bases first."""
    names: list[str] = []
    for k in reversed(cls.__mro__):
        for s in k.__dict__.get("__slots__", ()):
            if s not in names:
                names.append(s)
    return tuple(names)


#: methods by which a class says how it pickles: :func:`compact` leaves such a class alone
_OWN_PICKLING = ("__reduce__", "__reduce_ex__", "__getstate__", "__setstate__")

_RESTORE = """
def _unpickle({args}):
    o = new(cls)
{fields}
    return o
"""


def compact(cls: type[_T]) -> type[_T]:
    """Make ``cls``'s objects pickle as a call of its own ``_unpickle`` with their slot
    values, in slot order: loading one is a single call that sets each slot, about twice as
    fast as pickle's default for a slotted class (a dict of slot names per object, applied
    one by one), and the pickle is a third smaller. The compile cache is mostly such objects.

    A class that pickles its own way, or whose objects have a ``__dict__``, is left as it is;
    an object with a slot not set pickles the default way. The function is written out for
    the class's slots, as :mod:`dataclasses` writes ``__init__``; a subclass needs its own
    call (its slots differ)."""
    if any(k in cls.__dict__ for k in _OWN_PICKLING) or cls.__dictoffset__:
        return cls
    names = slots_of(cls)
    if not names or "__weakref__" in names:
        return cls
    for name in names:
        if not name.isidentifier() or name.startswith("__"):
            return cls  # a private (mangled) slot: the default way is the right one
    lines = "\n".join(f"    o.{n} = {n}" for n in names)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(_RESTORE.format(args=", ".join(names), fields=lines), namespace)  # our own source
    restore = namespace["_unpickle"]
    restore.__module__ = cls.__module__
    restore.__qualname__ = f"{cls.__qualname__}._unpickle"
    get = operator.attrgetter(*names)
    single = len(names) == 1

    def __reduce_ex__(self: Any, protocol: Any) -> Any:
        if type(self) is not cls:  # a subclass that was not made compact itself
            return object.__reduce_ex__(self, protocol)
        try:
            values = get(self)
        except AttributeError:  # a slot not set
            return object.__reduce_ex__(self, protocol)
        return restore, (values,) if single else values

    cls._unpickle = staticmethod(restore)  # type: ignore[attr-defined]
    cls.__reduce_ex__ = __reduce_ex__  # type: ignore[method-assign]
    return cls
