"""Equipment (rulebook, Game Terms, Equip): the rules section (:class:`Equipment`, the
game's ``equipment``) that equips, unequips and moves items of the Equipment class. Equipment
is a class, not ability text, so what the rules do with it works on a nullified equipment too
(rulebook, Nullify: "Nullify does not affect classes").

The rule's "automatically equips as a triggered effect" and "may move the equipment to the
new Wonder as a triggered effect" are triggered effects of the rules: abilities of no card's
text (:data:`EQUIP`, :data:`MOVE_EQUIPMENT`), filed with the other triggers (rule 502) and
resolved by the resolver like them. An equipped Wonder's equipment moving with it is in
:meth:`~.primitives.Primitives.move_to_realm`."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from pydantic import Field

from ...compiler import AbilityProgram
from ...loadable import constant, step
from ...registry import Params, Vocabulary
from ...section import Section, section
from .effects import _EachCard
from .zones import WORLD

if TYPE_CHECKING:
    from ...bus import Event
    from ...compiler import Compiler
    from ...model.names import CardRef
    from ...zones import Zone
    from .primitives import Primitives
    from .rules import WondersGame
    from .state import WondersCard, WondersTrigger

vocab = Vocabulary("wonders")


def is_wonder(card: WondersCard) -> bool:
    """A Wonder an equipment can equip to: a face-down card has no type (rule 510)."""
    return card.proto.is_wonder and not card.face_down


class EquipParams(Params):
    card: "CardRef" = Field("target", description="The equipment (an item of the Equipment "
                            "class in The World).")
    to: "CardRef" = Field("this", description="The Wonder it equips to: the first of these "
                          "that is an allied Wonder in its realm, not the one it is on.")


@vocab.effect("equip", EquipParams, text="equip {{ card }} to {{ to }}")
class Equip(_EachCard):
    """Equip an equipment to an allied Wonder in its realm, moving it from the Wonder it is
    equipped to if any: the effect that "explicitly allows it" (rulebook, Equip: "Players
    can't normally move equipment from one Wonder to another unless an effect explicitly
    allows it")."""

    __slots__ = ("card", "to")

    def __init__(self, p: EquipParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.to = c.card_ref(p.to)

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        side = card.zone
        if not card.proto.is_equipment or side is None or side.kind != WORLD:
            return False
        for w in self.to.cards(g, ctx):
            if w.zone is side and is_wonder(w) and w is not card.equipped_to:
                if card.equipped_to is not None:
                    g.log.append(("unequip", card.proto.id, card.oid))
                g.equipment.equipped(g, card, w)
                return True
        return False


class _RuleTrigger:
    """The trigger of an ability of the rules: filed by the game itself, never gated."""

    __slots__ = ()
    entry_name = "equip"
    scope = "rules"
    event = ""
    cost = None
    free = False
    is_harvest = False
    gated = False

    def matches(self, ev: Event, card: WondersCard) -> bool:
        return False


class _MoveEquipment:
    """Rulebook, Equip: "If an allied Wonder enters the same realm as an equipped Wonder you
    control, you may choose to move the equipment to the new Wonder as a triggered effect."
    The trigger's source is the equipment, ``it`` the Wonder that entered."""

    __slots__ = ()
    entry_name = "move_equipment"

    def run(self, g: WondersGame, t: WondersTrigger) -> None:
        equipment, new = t.source, cast("WondersCard", t.it)  # it: the Wonder that entered
        old = equipment.equipped_to
        if old is None or not g.equipment.can_move(equipment, new):
            t.done = False  # the Wonder left, or the equipment did (rule 508.2)
            return
        g.ask(t.controller, "may", [True, False],
              f"move {equipment.proto.id} from {old.proto.id} to "
              f"{new.proto.id}?", then=(g.equipment.moved, g, t))


class _AutoEquip:
    """Rulebook, Equip: "When an unequipped equipment is in the same realm with an allied
    Wonder, it automatically equips as a triggered effect. Its controller chooses which
    Wonder it equips to if necessary." The trigger's source is the equipment."""

    __slots__ = ()
    entry_name = "equip"

    def run(self, g: WondersGame, t: WondersTrigger) -> None:
        equipment = t.source
        t.done = equipment.zone is not None and equipment.equipped_to is None
        if t.done:
            g.equipment.equip_to(g, equipment, equipment.zone)


class _RuleAbility(AbilityProgram):
    __slots__ = ()
    from_rules = True


#: the rules' own triggered ability moving an equipment to an allied Wonder that entered
MOVE_EQUIPMENT = constant(__name__, "MOVE_EQUIPMENT", _RuleAbility(
    -1, _RuleTrigger(), None, _MoveEquipment(), "rules", "equip"))
#: the rules' own triggered ability equipping an unequipped equipment beside an allied Wonder
EQUIP = constant(__name__, "EQUIP", _RuleAbility(
    -2, _RuleTrigger(), None, _AutoEquip(), "rules", "equip"))


@section
class Equipment(Section):
    """The rulebook's Equip, the game's ``equipment``: ``seen`` once an equipment has been in
    The World, from when the state checks look after equipment (a game without any pays one
    test)."""

    __slots__ = ("seen",)
    name = "equipment"

    def __init__(self, g: Primitives) -> None:
        self.seen = False

    def check(self, g: Primitives) -> None:
        """Rulebook, Equip: equipment whose Wonder is no longer beside it (it died, left,
        changed sides) is unequipped and stays in its realm ("If the equipped Wonder is
        destroyed and there are no more allied Wonders in that realm, the equipment stays in
        the realm unequipped"); "When an unequipped equipment is in the same realm with an
        allied Wonder, it automatically equips ... Its controller chooses which Wonder it
        equips to if necessary." Run with the state checks once an equipment has been in
        The World."""
        if not self.seen:
            return
        for realm in g.realms:
            if not realm.active:
                continue
            for side in realm.sides:
                wonders = None
                for c in side.cards:
                    if not c.proto.is_equipment:
                        continue
                    w = c.equipped_to
                    if w is not None and w.zone is not side:
                        c.equipped_to = None
                        g.log.append(("unequip", c.proto.id, c.oid))
                        g.continuous.changed(g)  # what it gave its Wonder ends (508.1)
                    if c.equipped_to is None:  # a class, not ability text: nullify can't stop it
                        if wonders is None:
                            wonders = [x for x in side.cards if is_wonder(x)]
                        if wonders and not self.waiting(g, c):
                            g.pending.append((EQUIP, c, None))  # filed and resolved (502)

    def waiting(self, g: Primitives, equipment: WondersCard) -> bool:
        """Is the equipment's :data:`EQUIP` already triggered and waiting to resolve?"""
        return any(a is EQUIP and c is equipment for a, c, _ in g.pending) or \
            any(t.ability is EQUIP and t.source is equipment for t in g.resolver.waiting(g))

    def equip_to(self, g: Primitives, equipment: WondersCard, side: Zone) -> None:
        if equipment.zone is not side or equipment.equipped_to is not None:
            return
        wonders = [x for x in side.cards if is_wonder(x)]
        if wonders:
            g.ask(equipment.controller, "equip", wonders,
                  f"equip {equipment.proto.id} to which Wonder?",
                  then=(self.equipped, g, equipment))

    @step
    def equipped(self, g: Primitives, equipment: WondersCard, wonder: WondersCard) -> None:
        equipment.equipped_to = wonder
        g.log.append(("equip", equipment.proto.id, equipment.oid, wonder.proto.id,
                      wonder.oid))
        g.continuous.changed(g)  # what it gives its equipped Wonder starts (508.1)

    def wonder_entered(self, g: Primitives, event: Event) -> None:
        """A Wonder entered a realm (arrived, or moved from another realm: "enters the same
        realm"): each equipment equipped to another Wonder on its side triggers the rules'
        :data:`MOVE_EQUIPMENT`; "allied" and "you control" are the same side (rule 505.1)."""
        if not self.seen:
            return
        new = cast("WondersCard", event.card)
        side = new.zone
        if side is None or side.player is None or not is_wonder(new):
            return
        for c in side.cards:
            if c.proto.is_equipment and c.equipped_to is not None and \
                    c.equipped_to is not new:
                g.pending.append((MOVE_EQUIPMENT, c, event))

    def can_move(self, equipment: WondersCard, new: WondersCard) -> bool:
        side = equipment.zone
        return side is not None and new.zone is side and is_wonder(new) and \
            equipment.equipped_to is not None and equipment.equipped_to is not new

    @step
    def moved(self, g: Primitives, t: WondersTrigger, move: bool) -> None:
        t.done = move
        equipment, new = t.source, cast("WondersCard", t.it)
        if move and self.can_move(equipment, new):
            g.log.append(("unequip", equipment.proto.id, equipment.oid))
            self.equipped(g, equipment, new)
