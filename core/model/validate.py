"""Turn pydantic's validation errors into designer diagnostics at file:line:col.

pydantic reports a location path that also contains union tags; it is walked against the
loaded data to find the YAML node, and against the model to list what was expected.
A card's or keyword macro's text is printed (terminals, card frames, tables), so a control
or invisible formatting character in any of its strings is an error at that string
(:func:`printed_problems`).
"""
from __future__ import annotations

import re
import typing
import unicodedata
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import CardError, Diagnostic, did_you_mean, printable, unprintable_char
from ..loader import Document


def data_path(data: Any, loc: tuple) -> tuple:
    """The path in ``data`` of a pydantic error location (which also holds union tags)."""
    path: list = []
    cur = data
    for elem in loc:
        in_dict = isinstance(cur, dict) and isinstance(elem, str) and elem in cur
        in_list = isinstance(cur, list) and isinstance(elem, int) and 0 <= elem < len(cur)
        if in_dict or in_list:
            cur = cur[elem]
            path.append(elem)
    return tuple(path)


def _unwrap(tp: Any) -> Any:
    while True:
        if hasattr(tp, "__value__"):  # TypeAliasType
            tp = tp.__value__
        elif typing.get_origin(tp) is typing.Annotated:
            tp = typing.get_args(tp)[0]
        else:
            return tp


def _is_union(tp: Any) -> bool:
    import types
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _members(tp: Any) -> list:
    """The members of a (possibly aliased, nested, optional) union, tags kept."""
    base = _unwrap(tp)
    if not _is_union(base):
        return [tp]
    out: list = []
    for arg in typing.get_args(base):
        if _tag_of(arg) is None and _is_union(_unwrap(arg)):
            out.extend(_members(arg))
        else:
            out.append(arg)
    return out


def _tag_of(member: Any) -> str | None:
    if typing.get_origin(member) is typing.Annotated:
        for meta in typing.get_args(member)[1:]:
            if type(meta).__name__ == "Tag":
                return meta.tag
    return None


def _model_at(root: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model class whose fields the element at ``loc`` belongs to (best effort)."""
    cur: Any = root
    for elem in loc:
        base = _unwrap(cur)
        if isinstance(base, type) and issubclass(base, BaseModel):
            field = base.model_fields.get(elem) if isinstance(elem, str) else None
            if field is None:
                return None
            cur = field.annotation
            continue
        found = None
        for m in _members(cur):
            if _tag_of(m) == elem:
                found = m
                break
            um = _unwrap(m)
            if isinstance(elem, int) and typing.get_origin(um) is list:
                found = typing.get_args(um)[0]
                break
            if typing.get_origin(um) is dict:  # a mapping's value, whatever its key
                found = typing.get_args(um)[1]
                break
        if found is None:
            for m in _members(cur):  # optional values: descend into the non-None member
                um = _unwrap(m)
                if isinstance(um, type) and issubclass(um, BaseModel) and elem in um.model_fields:
                    found = um.model_fields[elem].annotation
                    break
            else:
                return None
        cur = found
    base = _unwrap(cur)
    for m in [base, *_members(cur)]:
        m = _unwrap(m)
        if isinstance(m, type) and issubclass(m, BaseModel):
            return m
    return None


_KIND_RE = re.compile(r"(\w+)_name\(\)")
_KIND_NAMES = {str: "a string", int: "a number", float: "a number", bool: "true or false",
               list: "a list"}


def _an(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def reserved_names(model: type[BaseModel]) -> dict[tuple[str, str], str]:
    """The names a game reserves for rules not implemented yet (its registry's ``planned``),
    for a model built from that game's registry (see :func:`cardscript.model.build_types`)."""
    return getattr(model, "__reserved_names__", {})


#: what a renamed parameter's message ends with (the linter's fix finds it by it)
RENAMED_HINT = "rename the key (`cardscript lint --fix` does)"


def diagnostics_from(exc: ValidationError, doc: Document, model: type[BaseModel],
                     card: str | None) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: set = set()
    errors = exc.errors(include_url=False)
    # a value that matches no member of a union of names and mappings (a card reference,
    # say) gets one error, about the names, not one per member
    named = {data_path(doc.data, tuple(e["loc"])) for e in errors
             if e["type"] == "literal_error"}
    errors = [e for e in errors if not (e["type"].endswith("_type") and
                                        data_path(doc.data, tuple(e["loc"])) in named)]
    # a value that one member of a union takes apart (a mapping read by a model) gets the
    # errors found inside it, not one more for each member whose shape it does not have
    paths = [data_path(doc.data, tuple(e["loc"])) for e in errors]
    inner = {p[:k] for p in paths for k in range(len(p))}
    errors = [e for e, p in zip(errors, paths, strict=True)
              if not (p in inner and (e["type"].endswith("_type") or
                                      e["type"] == "literal_error"))]
    for err in errors:
        loc = tuple(err["loc"])
        kind = err["type"]
        path = data_path(doc.data, loc)
        ctx = err.get("ctx") or {}
        inp = err.get("input")
        code = "CS100"
        if kind == "extra_forbidden":
            key = loc[-1]
            owner = _model_at(model, loc[:-1])
            allowed = sorted((f.alias or n) for n, f in owner.model_fields.items()) if owner else []
            renamed = getattr(owner, "__renamed__", {}).get(key)
            if key in allowed and len(errors) > 1:
                # a union member whose shape the mapping has not (``{unit: ...}`` where
                # ``{all: {unit: ...}}`` is wanted): another member's error says what is
                continue
            hint = did_you_mean(key, allowed)
            exp = f"; expected one of: {', '.join(allowed)}" if allowed else ""
            msg = f"'{key}' is now called '{renamed}': {RENAMED_HINT}" if renamed else \
                f"unknown key '{key}'{hint}{exp}"
            pos = doc.key_pos(path)
            code = "CS101"
        elif kind == "union_tag_invalid":
            m = _KIND_RE.search(str(ctx.get("discriminator", "")))
            what = m.group(1) if m else "node"
            tag = ctx.get("tag")
            if isinstance(tag, str) and len(tag) > 40:
                tag = tag[:37] + "..."
            expected = [t.strip(" '") for t in str(ctx.get("expected_tags", "")).split(",")]
            expected = [t for t in expected if not t.startswith("<")]
            planned = reserved_names(model).get((what, tag)) if isinstance(tag, str) else None
            if planned:
                msg = f"{what} '{tag}': {planned}"
            else:
                msg = (f"unknown {what} '{tag}'{did_you_mean(tag, expected)}; "
                       f"expected one of: {', '.join(expected)}")
            pos = doc.key_pos(path + (tag,)) if isinstance(inp, dict) else doc.pos(path)
            code = "CS102"
        elif kind == "union_tag_not_found":
            m = _KIND_RE.search(str(ctx.get("discriminator", "")))
            what = m.group(1) if m else "node"
            shape = "a list of stages, " if what == "effect" else ""
            shape += "a number, " if what == "value" else ""
            msg = (f"expected {_an(what)}: {shape}a name or a mapping with exactly one key naming "
                   f"the {what}; found {_describe(inp)}")
            pos = doc.pos(path)
            code = "CS103"
        elif kind == "missing":
            msg = f"missing required field '{loc[-1]}'"
            pos = doc.pos(path)
            code = "CS104"
        elif kind == "literal_error":
            expected = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
            msg = (f"found {_describe(inp)}, expected one of: {', '.join(expected)}"
                   f"{did_you_mean(inp, expected)}")
            pos = doc.pos(path)
            code = "CS105"
        else:
            msg = f"{err['msg'][0].lower()}{err['msg'][1:]}; found {_describe(inp)}"
            pos = doc.pos(path)
            code = "CS105"
        if loc[-1:] == ("[key]",):  # a bad mapping key (a number out of range): point at the key
            pos = doc.key_pos(path)
        where = ".".join(str(p) for p in path)
        if where:
            msg = f"{msg} (at {where})"
        sig = (pos, msg)
        if sig not in seen:
            seen.add(sig)
            out.append(Diagnostic(pos, msg, code, card))
    return out


#: the documents whose strings are printed, and the fields of each that may break lines
#: (a rules text of several paragraphs: the one control character a field may hold)
PRINTED: dict[str, tuple[str, ...]] = {"card": ("text",), "keyword macro": ("text", "reminder")}
#: how a message names a character :func:`cardscript.errors.unprintable_char` finds
_KIND_OF = {"Cc": "control character", "Zl": "line separator", "Zp": "paragraph separator"}


def printed_problems(doc: Document, what: str, card: str | None) -> list[Diagnostic]:
    """A CS105 error at each string of a printed document (:data:`PRINTED`: its fields and
    their lists, a card's keywords with their parameters, a macro's parameters; not the
    abilities) that holds a character no printed field may: a control character (an escape
    sequence would drive the terminal that shows the card; a line break or carriage return
    would break the line it is on) or an invisible formatting one (a bidirectional override
    reorders what is shown). The message names the field and shows the character escaped
    (``'\\x1b'``)."""
    multiline = PRINTED.get(what)
    if multiline is None:
        return []
    out: list[Diagnostic] = []
    stack: list[tuple[tuple, Any]] = [((), doc.data)]
    while stack:  # iterative, as the loader builds: a deep document costs no call stack
        path, value = stack.pop()
        if isinstance(value, dict):
            # abilities are names of the vocabulary, refused when unknown (escaped, CS102)
            stack.extend((path + (k,), v) for k, v in value.items()
                         if path or k != "abilities")
        elif isinstance(value, list):
            stack.extend((path + (i,), v) for i, v in enumerate(value))
        elif isinstance(value, str):
            lines = len(path) == 1 and path[0] in multiline
            ch = unprintable_char(value, "\n" if lines else "")
            if ch is None:
                continue
            kind = _KIND_OF.get(unicodedata.category(ch), "formatting character")
            where = ".".join(map(str, path))
            note = " (rules text may break lines with '\\n', and no other way)" if lines \
                else ""
            out.append(Diagnostic(
                doc.pos(path), f"the {kind} {printable(repr(ch))} can't be printed: remove "
                f"it{note} (at {where})", "CS105", card))
    return sorted(out, key=lambda d: (d.pos.line, d.pos.col))


def validate_document(doc: Document, model: type[BaseModel], what: str = "card") -> Any:
    """Validate loaded data against ``model``; raise :class:`CardError` with positions.
    A printed document's strings are checked too (:func:`printed_problems`)."""
    data = doc.data
    card = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
    if not isinstance(data, dict):
        if data is None:
            content = [ln for ln in doc.text.splitlines()
                       if ln.strip() and not ln.strip().startswith(("#", "---", "..."))]
            found = "null" if content else "an empty file"
        else:
            found = _KIND_NAMES.get(type(data), type(data).__name__)
        raise CardError([Diagnostic(doc.pos(()), f"expected {_an(what)} mapping; found {found}",
                                    "CS100", card)])
    printed = printed_problems(doc, what, card)
    try:
        validated = model.model_validate(data)
    except ValidationError as exc:
        raise CardError(printed + diagnostics_from(exc, doc, model, card)) from None
    if printed:
        raise CardError(printed)
    return validated
