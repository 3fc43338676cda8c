"""The bounded sandbox every rules-text template runs in (:func:`cardscript.text.environment`).

Jinja2's immutable sandbox keeps a template away from Python's internals. Templates are also
designer data (a keyword macro's ``text:``), so this sandbox keeps them from running away:
one text generation (an ability's or a keyword's text, with every template it renders
inside) has a :class:`Budget` of

- ``MAX_STEPS`` loop iterations and calls (``for`` loops are counted item by item: the parser
  wraps each loop's iterable; ``range`` is bounded; every call goes through :meth:`call`),
- ``MAX_OUTPUT`` characters printed (``{{ }}`` through ``finalize``, loop bodies' literal text
  per iteration, what each template macro call returns),
- ``MAX_SECONDS`` of wall time, checked at every step and output,

and no value it makes may exceed ``MAX_SIZE`` characters or items (``*``, ``+``, ``%``,
``~``, ``**`` and method and filter results; checked *before* the allocation where an
operation multiplies: repetition, ``replace``, ``join``, widths). Exceeding a bound raises
:class:`TemplateLimitError`, which the renderer reports as a :class:`~cardscript.text.TextError`
naming the vocabulary entry. Filters that can't be bounded cheaply and that rules text has
no use for (``indent``, ``wordwrap``, ``tojson``...) and the ``lipsum`` global are removed.
"""
from __future__ import annotations

import contextvars
import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, cast

from jinja2 import nodes
from jinja2.environment import Template
from jinja2.exceptions import SecurityError
from jinja2.runtime import Context, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

#: loop iterations and calls in one text generation
MAX_STEPS = 100_000
#: characters printed in one text generation
MAX_OUTPUT = 1_000_000
#: characters or items of any one value a template makes
MAX_SIZE = 100_000
#: bits of any whole number a template makes (about 3,000 digits)
MAX_INT_BITS = 10_000
#: wall time of one text generation, in seconds
MAX_SECONDS = 1.0

#: filter names a template can't write (they have a space): what the parser inserts
_LOOP = "bounded loop"
_SIZED = "bounded value"
#: built-in filters rules text has no use for and whose output can outgrow their input
_REMOVED_FILTERS = ("indent", "wordwrap", "tojson", "urlize", "xmlattr", "pprint")
_PERCENT_SPEC = re.compile(r"%[-#0 +]*(\d*|\*)(?:\.(\d*|\*))?")
_BRACE_SPEC = re.compile(r"\{[^{}]*\}")
_DIGITS = re.compile(r"\d+")


class TemplateLimitError(SecurityError):
    """A template went beyond one of the sandbox's bounds."""


class Budget:
    """What one text generation may still spend."""

    __slots__ = ("steps", "output", "deadline")

    def __init__(self) -> None:
        self.steps = MAX_STEPS
        self.output = MAX_OUTPUT
        self.deadline = time.monotonic() + MAX_SECONDS


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "cardscript_template_budget", default=None)


def _clock(b: Budget) -> None:
    if time.monotonic() > b.deadline:
        raise TemplateLimitError(f"the template ran for more than {MAX_SECONDS:g} s")


def _step(n: int = 1) -> None:
    b = _BUDGET.get()
    if b is None:
        return
    b.steps -= n
    if b.steps < 0:
        raise TemplateLimitError(f"the template ran more than {MAX_STEPS:,} loop iterations "
                                 "and calls")
    _clock(b)


def _print(n: int) -> None:
    b = _BUDGET.get()
    if b is None:
        return
    b.output -= n
    if b.output < 0:
        raise TemplateLimitError(f"the template printed more than {MAX_OUTPUT:,} characters")
    _clock(b)


def _too_big(what: str) -> TemplateLimitError:
    return TemplateLimitError(f"{what} would be larger than {MAX_SIZE:,} characters or items")


def checked(value: Any) -> Any:
    """``value``, if it is within the size bounds."""
    if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)):
        if len(value) > MAX_SIZE:
            raise _too_big("a value")
    elif _is_int(value) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimitError(f"a number would have more than {MAX_INT_BITS:,} bits")
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _sized(v: Any) -> bool:
    return isinstance(v, (str, list, tuple))


def _widths(fmt: str, spec: re.Pattern) -> None:
    """Widths and precisions written in a format string: ``%99999999d``, ``{:>99999999}``."""
    for m in spec.finditer(fmt):
        for digits in _DIGITS.findall(m.group(0)):
            if len(digits) > 6 or int(digits) > MAX_SIZE:
                raise _too_big(f"a formatted value of width {digits}")


def _ints(args: Iterable[Any], kwargs: Mapping[str, Any]) -> None:
    for v in (*args, *kwargs.values()):
        if _is_int(v) and abs(v) > MAX_SIZE:
            raise _too_big(f"a result sized by {v:,}")


def _replaced(s: Any, old: Any, new: Any, count: Any = -1) -> None:
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str):
        n = s.count(old) if old else len(s) + 1
        if _is_int(count) and count >= 0:
            n = min(n, count)
        if len(s) + n * (len(new) - len(old)) > MAX_SIZE:
            raise _too_big("the replaced text")


def _joined(sep: Any, items: list) -> None:
    size = len(str(sep)) * max(len(items) - 1, 0)
    for x in items:
        size += len(x) if isinstance(x, str) else len(str(x))
        if size > MAX_SIZE:
            raise _too_big("the joined text")


def _bounded_range(*args: int) -> range:
    r = range(*args)
    try:
        n = len(r)
    except OverflowError:
        n = MAX_SIZE + 1
    if n > MAX_SIZE:
        raise _too_big(f"range{args}")
    return r


def _loop(iterable: Any, literal: int = 0) -> Iterator[Any]:
    """A ``for`` loop's items, each one a step (and its body's literal text printed)."""
    for item in iterable:
        _step()
        if literal:
            _print(literal)
        yield item


def _finalize(value: Any) -> Any:
    _print(len(value) if isinstance(value, str) else len(str(value)))
    return value


def _guarded_filter(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """A built-in filter whose size arguments and result are bounded."""
    value_at = 1 if getattr(f, "jinja_pass_arg", None) is not None else 0

    @functools.wraps(f)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        rest = args[value_at + 1:]
        _ints(rest, kwargs)
        value = args[value_at] if len(args) > value_at else None
        if name == "replace" and len(rest) >= 2:
            _replaced(value, *rest[:3])
        elif name == "join" and value is not None and kwargs.get("attribute") is None \
                and (len(rest) < 2 or rest[1] is None):
            items = list(value)
            _joined(rest[0] if rest else kwargs.get("d", ""), items)
            args = (*args[:value_at], items, *args[value_at + 1:])
        elif name == "format" and isinstance(value, str):
            _widths(value, _PERCENT_SPEC)
        elif name == "sum":
            start = rest[1] if len(rest) > 1 else kwargs.get("start", 0)
            if not isinstance(start, (int, float)):  # summing lists copies them over and over
                raise SecurityError("sum adds numbers only in templates")
        return checked(f(*args, **kwargs))
    return guarded


class _Bounder(NodeTransformer):
    """Counts every loop's items (and its body's literal text), and bounds every ``~``."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        node = cast(nodes.For, self.generic_visit(node))
        literal = sum(len(d.data) for d in node.find_all(nodes.TemplateData))
        node.iter = nodes.Filter(node.iter, _LOOP, [nodes.Const(literal)], [], None, None,
                                 lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        node = cast(nodes.Concat, self.generic_visit(node))
        return nodes.Filter(node, _SIZED, [], [], None, None, lineno=node.lineno)


class BoundedTemplate(Template):
    def render(self, *args: Any, **kwargs: Any) -> str:
        """Render within the current text generation's budget, or a new one."""
        if _BUDGET.get() is not None:
            return super().render(*args, **kwargs)
        token = _BUDGET.set(Budget())
        try:
            return super().render(*args, **kwargs)
        finally:
            _BUDGET.reset(token)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with the bounds above."""

    template_class = BoundedTemplate
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("finalize", _finalize)
        super().__init__(*args, **kwargs)
        self.globals["range"] = _bounded_range
        self.globals.pop("lipsum", None)
        for name in _REMOVED_FILTERS:
            self.filters.pop(name, None)
        for name, f in list(self.filters.items()):
            self.filters[name] = _guarded_filter(name, f)
        self.filters[_LOOP] = _loop
        self.filters[_SIZED] = checked
        #: callables of the sandbox itself, whose arguments are not size checked
        self.trusted: set[int] = set()

    def trust(self, *functions: Callable[..., Any]) -> None:
        """Globals the application provides (their int arguments may be large numbers)."""
        self.trusted.update(id(f) for f in functions)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        return _Bounder().visit(super()._parse(source, name, filename))

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _step()
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if _sized(seq) and _is_int(n) and len(seq) * n > MAX_SIZE:
                    raise _too_big("a repeated value")
            if _is_int(left) and _is_int(right) and \
                    left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise TemplateLimitError(f"a number would have more than {MAX_INT_BITS:,} "
                                         "bits")
        elif operator == "**" and _is_int(left) and _is_int(right) and right > 0 and \
                abs(left) > 1 and left.bit_length() * right > MAX_INT_BITS:
            raise TemplateLimitError(f"a number would have more than {MAX_INT_BITS:,} bits")
        elif operator == "%" and isinstance(left, str):
            _widths(left, _PERCENT_SPEC)
            _ints(right if isinstance(right, tuple) else (right,), {})
        return checked(self.binop_table[operator](left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapper = super().wrap_str_format(value)
        if wrapper is not None:
            _widths(value.__self__, _BRACE_SPEC)
        return wrapper

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        _step()
        if isinstance(__obj, Macro):  # what a macro makes is output (a call block prints it)
            result = checked(super().call(__context, __obj, *args, **kwargs))
            _print(len(result) if isinstance(result, str) else 0)
            return result
        if id(__obj) not in __self.trusted:
            _ints(args, kwargs)
            owner = getattr(__obj, "__self__", None)
            name = getattr(__obj, "__name__", "")
            if isinstance(owner, str):
                if name == "replace":
                    _replaced(owner, *args[:3])
                elif name == "join" and args:
                    items = list(args[0])
                    _joined(owner, items)
                    args = (items, *args[1:])
                elif name == "expandtabs" and \
                        owner.count("\t") * (args[0] if args and _is_int(args[0]) else 8) \
                        > MAX_SIZE:
                    raise _too_big("the expanded text")
                elif name in ("translate", "maketrans"):
                    raise SecurityError(f"str.{name} is not available in templates")
        return checked(super().call(__context, __obj, *args, **kwargs))
