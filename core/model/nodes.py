"""Discriminated unions of trigger, selector, effect, condition, value and keyword nodes.

A node is written as a bare name (``on_play``) or as a one-key mapping naming a vocabulary
entry (``{draw: 2}``); a list of effects is a sequence of stages (rule 508.3). The unions are
built from a game's :class:`~cardscript.registry.Registry`, so plugins extend the schema too.
"""
from __future__ import annotations

import types
import typing
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, Union, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)
from typing_extensions import TypeAliasType

from ..limits import COUNT_MAX
from ..registry import KINDS, Registry

if TYPE_CHECKING:
    from pydantic import GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import CoreSchema

    # the game's unions, which build_types resolves (model/names.py)
    from .names import Effect, Target, Trigger

FORBID = ConfigDict(extra="forbid", frozen=True, strict=True)

#: card references written by name inside effect parameters
CARD_REFS = ("target", "this", "it", "moved")
#: player references
PLAYER_REFS = ("you", "opponent", "each", "target", "owner", "controller")


class CardBase(BaseModel):
    """Fields every game's cards share; a game's card model extends it."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Stable kebab-case card id.")
    name: str = Field(min_length=1, description="The printed card name.")
    text: Optional[str] = Field(None, description="The printed rules text.")


class UpTo(BaseModel):
    """``{up_to: N}``: from none to N different targets."""

    model_config = FORBID
    up_to: int = Field(ge=1, le=COUNT_MAX, description="At most this many targets.")


#: how many targets an ability chooses: N (that many different ones, or as many as there
#: are), ``{up_to: N}``, or ``any_number``
HowMany = Union[Annotated[int, Field(ge=2, le=COUNT_MAX)], UpTo, Literal["any_number"]]


class AbilityFields(BaseModel):
    """An ability: a trigger, an optional target chosen when it triggers, and an effect."""

    model_config = FORBID
    trigger: "Trigger" = Field(description="When the ability happens, or what activating it costs.")
    target: "Optional[Target]" = Field(
        None, description="Chosen when the ability triggers and checked again when it "
        "resolves (rule 501.1).")
    targets: Optional[HowMany] = Field(
        None, description="How many targets ``target`` chooses, if not one: N different "
        "ones (as many as there are, if fewer), {up_to: N}, or any_number. Each is checked "
        "again when the ability resolves; the ability does nothing to those no longer valid.")
    effect: "Effect" = Field(description="What happens: one effect or a list of stages.")
    once_each: Optional[str] = Field(
        None, description="A triggered ability that triggers only the first time its event "
        "happens each period the game names (a turn; a game may name others), or an "
        "activated ability usable once each such period.")

    @field_validator("targets", mode="before")
    @classmethod
    def _not_one(cls, value: Any) -> Any:
        if type(value) is int and value < 2:
            raise ValueError("an ability chooses one target unless 'targets' says more: "
                             "leave it out, or give 2 or more, {up_to: N} or any_number")
        return value

    @field_validator("targets")
    @classmethod
    def _need_target(cls, value: Any, info: ValidationInfo) -> Any:
        if value is not None and "target" in info.data and info.data["target"] is None:
            raise ValueError("'targets' says how many targets 'target' chooses: give the "
                             "ability a 'target' too")
        return value


class _Node(BaseModel):
    """A one-key mapping naming a vocabulary entry. If every parameter has a default, the
    bare name is accepted too: ``name`` means ``{name: {}}``."""

    model_config = FORBID
    __entry_name__: str = ""

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, value: Any) -> Any:
        if isinstance(value, str) and value == cls.__entry_name__:
            return {value: {}}
        return value

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        js = handler(core_schema)
        # the node's one field holds the entry's parameter model (see _kind_type)
        params = cast("type[BaseModel]", cls.model_fields[cls.__entry_name__].annotation)
        if all(not f.is_required() for f in params.model_fields.values()):
            return {"anyOf": [js, {"const": cls.__entry_name__}]}
        return js


def _tag(kind: str) -> Callable[[Any], str | None]:
    def disc(v: Any) -> str | None:
        if isinstance(v, str):
            return v
        if isinstance(v, dict):
            return next(iter(v)) if len(v) == 1 else None
        if isinstance(v, bool):
            return None
        if isinstance(v, int) and kind == "value":
            return "<int>"
        if isinstance(v, list) and kind == "effect":
            return "<stages>"
        return None
    disc.__name__ = f"{kind}_name"
    return disc


def _kind_type(registry: Registry, kind: str) -> TypeAliasType:
    # the union is made at run time from the registry: its members are type forms built
    # here, which only pydantic reads
    members: list[Any] = []
    for name, entry in sorted(registry.entries[kind].items()):
        if entry.meta.get("internal"):
            continue
        if entry.params is None:
            members.append(Annotated[Literal[name], Tag(name)])
        else:
            field: dict[str, Any] = {name: (entry.params, Field(description=entry.doc))}
            with warnings.catch_warnings():  # an entry may be named like a BaseModel
                # method ("copy"): its field is the node's data, found by getattr as usual
                warnings.filterwarnings("ignore", "Field name .* shadows an attribute")
                node = create_model(f"{kind}.{name}", __base__=_Node, **field)
            node.__entry_name__ = name
            node.__doc__ = entry.doc or None
            registry.by_model[node] = entry
            members.append(Annotated[node, Tag(name)])
    title = kind.capitalize()
    if kind == "effect":
        members.append(Annotated[list[title], Tag("<stages>")])  # type: ignore[valid-type]
    if kind == "value":  # values count things (cards, resources, times): never negative
        members.append(Annotated[int, Field(ge=0, le=COUNT_MAX), Tag("<int>")])
    if len(members) == 1:
        members.append(Annotated[Literal["<none>"], Tag("<none>")])
    union = Union[tuple(members)]  # type: ignore[valid-type]
    return TypeAliasType(title, Annotated[union, Discriminator(_tag(kind))])


def build_types(registry: Registry, card_model: type[BaseModel]) -> dict[str, Any]:
    """Build the unions for every kind, resolve every forward reference, freeze the registry."""
    ns: dict[str, Any] = {}
    for kind in KINDS:
        ns[kind.capitalize()] = _kind_type(registry, kind)
    ns["Target"] = ns["Selector"]
    selector = ns["Selector"]
    all_node = create_model("all", __config__=FORBID, all=(selector, ...))
    all_node.__doc__ = "Every card the selector matches (untargeted)."
    ns["CardRef"] = Union[Literal[CARD_REFS], all_node]
    ns["PlayerRef"] = Literal[PLAYER_REFS]
    ns["Optional"] = Optional
    ability = create_model("Ability", __base__=AbilityFields)
    ns["Ability"] = ability
    for kind in KINDS:
        for entry in registry.entries[kind].values():
            if entry.params is not None:
                entry.params.model_rebuild(_types_namespace=ns, force=True)
    ability.model_rebuild(_types_namespace=ns, force=True)
    for node in list(registry.by_model):
        node.model_rebuild(_types_namespace=ns, force=True)
    card_model.model_rebuild(_types_namespace=ns, force=True)
    for model in (card_model, ability):  # so their errors can say "not implemented yet"
        type.__setattr__(model, "__reserved_names__", registry.planned)
    ns["Card"] = card_model
    registry.types = ns
    registry.all_node = all_node
    registry.frozen = True
    return ns


def _swap(tp: Any, old: Any, new: Any) -> Any:
    """``tp`` with the type ``old`` replaced by ``new`` wherever it occurs in it."""
    if tp is old:
        return new
    args = typing.get_args(tp)
    if not args:
        return tp
    swapped = tuple(_swap(a, old, new) for a in args)
    if all(a is b for a, b in zip(args, swapped, strict=True)):
        return tp
    origin = typing.get_origin(tp)
    if origin is Annotated:
        return Annotated[(swapped[0], *tp.__metadata__)]
    if origin in (Union, types.UnionType):
        return Union[swapped]
    return tp.copy_with(swapped) if hasattr(tp, "copy_with") else origin[swapped]


def with_keywords(registry: Registry, base: Registry) -> dict[str, Any]:
    """Types for ``registry``: ``base``'s vocabulary plus more keyword entries (keyword
    macros). Everything but the keyword union and the card model is ``base``'s own (the same
    classes, already built); the card model is a subclass whose fields that held ``base``'s
    keyword union hold the new one, so each set of macros has its own card model and any
    number of them coexist in one process. (A game's parameter models don't name the keyword
    union: one that did would keep accepting only ``base``'s keywords there.)"""
    ns = dict(base.types)
    registry.by_model.update(base.by_model)
    ns["Keyword"] = _kind_type(registry, "keyword")
    card = base.types["Card"]
    fields = {}
    for name, field in card.model_fields.items():
        annotation = _swap(field.annotation, base.types["Keyword"], ns["Keyword"])
        if annotation is not field.annotation:
            fields[name] = (annotation, field)
    if fields:
        card = create_model(card.__name__, __base__=card, __module__=card.__module__,
                            __doc__=card.__doc__, **cast(dict[str, Any], fields))
    ns["Card"] = card
    registry.types = ns
    registry.all_node = base.all_node
    registry.frozen = True
    return ns
