"""The quoted names of the card language's unions, as the type checker sees them.

Parameter models and card models name the game's unions in quotes (``effect: "Effect"``,
``cards: "CardRef"``): the unions depend on the game's registry, so they exist only once
:func:`~cardscript.model.nodes.build_types` has built them, and it resolves those names with
its own namespace then. These aliases say what such a field holds after validation, for mypy
only. Import them under ``TYPE_CHECKING`` and never at run time: a module-level name
``Effect`` would shadow the game's union when pydantic resolves the annotation. Everything
here is defined under ``TYPE_CHECKING`` so that a run-time import fails loudly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Protocol, TypeAlias

    from pydantic import BaseModel

    from .nodes import AbilityFields

    #: a vocabulary node: an entry's node model (``{draw: 2}``), or the bare name of an entry
    #: that takes no parameters (``on_play``)
    Node: TypeAlias = BaseModel | str
    Trigger: TypeAlias = Node
    Selector: TypeAlias = Node
    #: an ability's target: a selector
    Target: TypeAlias = Node
    Condition: TypeAlias = Node
    Keyword: TypeAlias = Node
    #: one effect, or a list of stages (rule 508.3)
    Effect: TypeAlias = "Node | list[Effect]"
    #: a number written as it is, or a value node that counts something
    Value: TypeAlias = Node | int
    class AllNode(Protocol):
        """The ``{all: selector}`` node (``Registry.all_node``)."""

        all: Selector

    #: ``target``, ``this``, ``it``, ``moved`` (:data:`~cardscript.model.nodes.CARD_REFS`), or an
    #: ``{all: selector}`` node
    CardRef: TypeAlias = str | AllNode
    #: one of :data:`~cardscript.model.nodes.PLAYER_REFS`
    PlayerRef: TypeAlias = str
    #: an ability: the game's model built on :class:`~cardscript.model.nodes.AbilityFields`
    Ability: TypeAlias = AbilityFields
