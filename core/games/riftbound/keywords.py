"""Riftbound keywords (rules notes 10). Most are read by the rules where they apply: Action
and Reaction (timing, :mod:`.play`), Accelerate (a second way to play the unit), Assault and
Shield (Might while attacking or defending, :class:`.state.RiftCard`), Tank and Backline
(combat damage assignment, :mod:`.fight`), Ganking (the standard move), Temporary (dies at
its controller's Beginning phase, :mod:`.rules`). Vision and Legion expand into abilities.
Deathknell is a trigger (:mod:`.triggers`). Mighty and Legion's "another card" are
conditions."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, Optional, Self, cast

from pydantic import BaseModel, Field, model_validator

from ...blocks import KeywordBase
from ...limits import STAT_MAX
from ...places import PLAYED
from ...registry import Params, Vocabulary

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import CardRef, Condition, Effect, Selector
    from ...resolve import Trigger
    from .rules import RiftboundGame
    from .state import RiftCard, RiftPlayer, RiftTrigger
    from .zones import Battlefield

vocab = Vocabulary("riftbound")

#: the cards a player plays (play.py's ``may_play``): what a timing keyword is read on
PLAYABLE = frozenset({"unit", "gear", "spell"})
UNIT = frozenset({"unit"})
#: later sets' keywords (rules notes 10, "Later keywords") not in this model yet, and why
_NO_TEXT = "is not implemented yet: the rules notes name it (CR-2607) but give no rule text"
PLANNED = {
    "empower": f"Empower {_NO_TEXT}", "flow": f"Flow {_NO_TEXT}",
    "level": "Level as a keyword is not implemented yet: write its condition in the "
             "ability, trigger: {static: {level: 3}} (\"while you are at Level 3\") or {if: "
             "{condition: {level: 3}, then: ...}}"}
for _name, _why in PLANNED.items():
    vocab.planned("keyword", _name, f"{_why} (rules notes 10)")


@vocab.keyword("action", text="Action")
class Action(KeywordBase):
    """May be played in a showdown, on any turn (with focus)."""

    types = PLAYABLE
    place = PLAYED


@vocab.keyword("reaction", text="Reaction")
class Reaction(KeywordBase):
    """Action's permissions, and may be played while a chain exists."""

    types = PLAYABLE
    place = PLAYED


@vocab.keyword("ambush", text="Ambush")
class Ambush(KeywordBase):
    """May be played to a battlefield where you have units, and has Reaction when it is
    (rules notes 10; a conditional Reaction, rules notes 5)."""

    types = UNIT
    place = PLAYED


class EnergyPowerParams(Params):
    """An amount of energy and power ([N] and power of the card's domain): ``amount`` unset
    is 1 energy, or none beside a power; all zero is refused (``NOTHING`` says why)."""

    __shorthand__ = "amount"
    NOTHING: ClassVar[str] = ""
    amount: Optional[int] = Field(
        None, ge=0, le=STAT_MAX,
        description="Energy ([N]) (unset: 1, or 0 when `power` is given).")
    power: int = Field(0, ge=0, le=STAT_MAX, description="Power, of the card's domain ([C]).")

    @property
    def energy(self) -> int:
        """The energy: ``amount``, or by default 1 (0 beside a power)."""
        return self.amount if self.amount is not None else 0 if self.powers else 1

    @property
    def powers(self) -> int:
        """All the power it names."""
        return self.power

    @model_validator(mode="after")
    def _something(self) -> Self:
        if not self.energy and not self.powers:
            raise ValueError(f"{self.NOTHING}: give `amount` (energy) or `power`")
        return self


class RepeatParams(EnergyPowerParams):
    """What each repeat costs."""

    NOTHING: ClassVar[str] = "a Repeat cost of [0] and 0 power would repeat for ever"


@vocab.keyword("repeat", RepeatParams, text=(
    "{% set amount = amount if amount is not none else 0 if power else 1 %}Repeat "
    "{% if amount %}[{{ amount }}]{% endif %}{% if amount and power %} and {% endif %}"
    "{% if power %}{{ power }} power{% endif %}"))
class Repeat(KeywordBase):
    """Repeat [cost] (rules notes 10: "run instructions again per payment"; 6, step 2: an
    optional cost chosen as the card is played): as the spell is played its player chooses
    how many times to pay the cost as well (as many as can be paid with the rest), and its
    instructions run once more for each."""

    types = frozenset({"spell"})
    place = PLAYED

    __slots__ = ("energy", "power")

    def __init__(self, p: RepeatParams | None, c: Compiler) -> None:
        self.energy = p.energy if p is not None else 1
        self.power = p.power if p is not None else 0


class EquipParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=0, le=STAT_MAX, description="Energy ([N]) it costs to equip.")
    power: int = Field(0, ge=0, le=STAT_MAX, description="Power it costs as well, of the "
                       "card's domain.")


@vocab.keyword("equip", EquipParams, text=(
    "Equip {% if amount or not power %}[{{ amount }}]{% endif %}{% if amount and power %} "
    "and {% endif %}{% if power %}{{ power }} power{% endif %}"))
class Equip(KeywordBase):
    """Equip [cost] (rules notes 10: "attach to your unit, a target"): an activated ability
    of this equipment on the board, on its controller's turn in the neutral open state
    (main timing): pay the cost, choose a unit you control; it attaches to it (moving from
    another unit if it was attached)."""

    types = frozenset({"gear"})

    __slots__ = ("amount", "power")

    def __init__(self, p: EquipParams | None, c: Compiler) -> None:
        _equipment(c, "equip")
        self.amount = p.amount if p is not None else 1
        self.power = p.power if p is not None else 0

    def abilities(self) -> list[dict]:
        return [{"trigger": {"activate": {"exhaust": False, "energy": self.amount,
                                          "power": self.power}},
                 "target": {"unit": {"controller": "you"}}, "effect": "attach"}]


@vocab.keyword("quick_draw", text="Quick-Draw")
class QuickDraw(KeywordBase):
    """Quick-Draw (rules notes 10: "Reaction, attaches on play"): this equipment has
    Reaction, and when you play it, it attaches to a unit you control."""

    types = frozenset({"gear"})

    def __init__(self, p: None, c: Compiler) -> None:
        _equipment(c, "quick_draw")

    def abilities(self) -> list[dict]:
        return [{"trigger": "when_played", "target": {"unit": {"controller": "you"}},
                 "effect": "attach"}]


@vocab.keyword("weaponmaster", text="Weaponmaster")
class Weaponmaster(KeywordBase):
    """Weaponmaster (rules notes 10: "equip your Equipment at [A] less"), read as: when you
    play me, you may equip one of your Equipment to me, paying its Equip cost less one power
    of any domain ([A]); an Equip cost of energy only is paid in full (``equip_to_me``; the
    notes don't say which Equip or when: the game page gives this reading)."""

    types = UNIT

    def __init__(self, p: None, c: Compiler) -> None:
        if c.card_type != "unit":
            raise c.error(f"weaponmaster equips to the unit that has it, and this card is a "
                          f"{c.card_type}: it would do nothing")

    def abilities(self) -> list[dict]:
        return [{"trigger": "when_played", "effect": {"equip_to_me": {"less_power": 1}}}]


def _equipment(c: Compiler, name: str) -> None:
    """An equipment keyword is on gear: refused elsewhere, by name."""
    if c.card_type != "gear":
        raise c.error(f"{name} makes an equipment, and only gear is equipment; this card "
                      f"is a {c.card_type}: it would do nothing")


class AdditionalCostParams(Params):
    discard: Optional[int] = Field(None, ge=1, le=STAT_MAX,
                                   description="Discard this many cards from your hand.")
    kill: "Optional[Selector]" = Field(None, description="Kill a unit this selector matches "
                                       "(one you control, say).")

    @model_validator(mode="after")
    def _one_cost(self) -> Self:
        if (self.discard is None) == (self.kill is None):
            raise ValueError("an additional cost is one of: discard (how many cards) or kill "
                             "(a selector of the unit)")
        return self


@vocab.keyword("additional_cost", AdditionalCostParams, text=(
    "As an additional cost to play this, {% if discard %}discard "
    "{{ discard | quantity('card') }}{% else %}kill {{ kill | describe }}{% endif %}"))
class AdditionalCost(KeywordBase):
    """An additional cost (356, step 2's costs, paid in step 4 with the rest; rules notes 6):
    as the card is played its player discards cards from their hand, or kills a unit the
    selector matches, chosen then; a card whose additional cost can't be paid can't be
    played."""

    types = PLAYABLE
    place = PLAYED

    __slots__ = ("discard", "kill")

    def __init__(self, p: AdditionalCostParams, c: Compiler) -> None:
        self.discard = p.discard or 0
        self.kill = c.selector(p.kill) if p.kill is not None else None

    def victims(self, g: RiftboundGame, p: RiftPlayer, card: RiftCard) -> list:
        """What ``p`` may pay it with now: cards in hand (but ``card``), or units to kill."""
        if self.kill is None:
            return [c for c in p.hand.cards if c is not card]
        return [u for u in g.all_units() if self.kill.matches(u, p, card, None)]

    def payable(self, g: RiftboundGame, p: RiftPlayer, card: RiftCard) -> bool:
        return len(self.victims(g, p, card)) >= (self.discard or 1)


@vocab.keyword("accelerate", text="Accelerate")
class Accelerate(KeywordBase):
    """An optional additional cost of 1 energy and 1 power of its domain: the unit enters
    ready."""

    types = UNIT
    place = PLAYED


class AmountParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX)


@vocab.keyword("assault", AmountParams, text="Assault {{ amount }}")
class Assault(KeywordBase):
    """+N Might while it is an attacker."""

    types = UNIT

    __slots__ = ("amount",)

    def __init__(self, p: AmountParams, c: Compiler) -> None:
        self.amount = p.amount if p is not None else 1


@vocab.keyword("shield", AmountParams, text="Shield {{ amount }}")
class Shield(KeywordBase):
    """+N Might while it is a defender."""

    types = UNIT

    __slots__ = ("amount",)

    def __init__(self, p: AmountParams, c: Compiler) -> None:
        self.amount = p.amount if p is not None else 1


@vocab.keyword("deflect", AmountParams, text="Deflect {{ amount }}")
class Deflect(KeywordBase):
    """An opponent's spell that chooses it costs N more power, of any domain."""

    types = frozenset({"unit", "gear"})  # what a spell chooses

    __slots__ = ("amount",)

    def __init__(self, p: AmountParams, c: Compiler) -> None:
        self.amount = p.amount if p is not None else 1


class CostChangeParams(EnergyPowerParams):
    """How much more or less, on which cards, while what holds."""

    NOTHING: ClassVar[str] = "a cost change of [0] and 0 power changes nothing"
    any_power: int = Field(
        0, ge=0, le=STAT_MAX, description="Power of any domain ([A]): an increase adds it, "
        "paid with any domain's power; a discount takes it off the power still owed, after "
        "the changes of the card's own domain (356 step 4: component-specific first).")
    cards: Literal["spell", "unit", "gear", "any", "this", "equip", "ability"] = Field(
        "spell", description="The type of card whose cost changes (`any`: every card; "
        "`this`: the card itself, wherever it is played from; `equip`: the Equip abilities "
        "of the player's Equipment; `ability`: every activated ability of the player's "
        "units, gear and legend, Equip's included).")

    @property
    def powers(self) -> int:
        return self.power + self.any_power
    if_: "Optional[Condition]" = Field(
        None, alias="if", description="Only while this holds (for its controller).")


class DiscountParams(CostChangeParams):
    """A cost change that takes a minimum."""

    minimum: Optional[int] = Field(
        None, ge=0, le=STAT_MAX, description="A discount's minimum energy: it never takes the "
        "card's energy cost below this (\"to a minimum of [1]\"); only on a discount of the "
        "card's own cost (`cards: this`).")


#: the rules text of a cost change: what changes, by how much, and when
_COST_TEXT = ("{% set amount = amount if amount is not none else 0 if power or any_power else 1 %}"
              "{% if cards == 'this' %}This card costs{% else %}{{ whose }} "
              "{% if cards == 'any' %}cards{% elif cards == 'equip' %}Equip abilities"
              "{% elif cards == 'ability' %}abilities{% else %}"
              "{{ cards }}s{% endif %} cost{% endif %} "
              "{% if amount %}[{{ amount }}]{% endif %}{% if amount and power %} and "
              "{% endif %}{% if power %}{{ power }} power{% endif %}"
              "{% if any_power %}{% if amount or power %} and {% endif %}{{ any_power }} "
              "power of any domain{% endif %} {{ way }}"
              "{% if if_ is not none %} if {{ if_ }}{% endif %}"
              "{% if minimum is defined and minimum is not none %}, to a minimum of "
              "[{{ minimum }}]{% endif %}")


class _CostChange(KeywordBase):
    """A cost change (356) of its card's keyword: ``amount`` energy, ``power`` power of
    the card's own domain and ``any_power`` of any domain, for cards of type ``cards``
    (``this``: the card itself, from its hand or wherever it is played from; otherwise a
    static while it is on the board), while ``condition`` (if any) holds for its
    controller. A card may print several."""

    __slots__ = ("amount", "power", "any_power", "cards", "condition", "minimum")
    #: +1 for an increase, -1 for a discount
    sign = 0
    #: read from the printed cards on the board (cost.py): a static ability can't give it
    giveable = False
    #: "This card costs [2] less ... Your spells cost [1] less": each applies
    repeatable = True

    def __init__(self, p: CostChangeParams, c: Compiler) -> None:
        self.amount = p.energy if p is not None else 1
        self.power = p.power if p is not None else 0
        self.any_power = p.any_power if p is not None else 0
        self.cards = p.cards if p is not None else "spell"
        self.condition = c.condition(p.if_) if p is not None and p.if_ is not None else None
        self.minimum = getattr(p, "minimum", None)
        if self.minimum is not None and self.cards != "this":
            raise c.error("a minimum is not implemented yet on a discount of other cards: "
                          "give it on a discount of the card's own cost (cost_less with "
                          "cards: this)")

    def applies(self, g: RiftboundGame, card: RiftCard, controller: RiftPlayer) -> bool:
        """Whether the condition holds now for ``controller``, ``card`` the source."""
        # a condition reads a trigger's fields: the holder has those a condition reads
        return self.condition is None or \
            self.condition.test(g, cast("Trigger", _Holder(card, controller)))


class _Holder:
    """The context a cost change's condition is tested in: no ability resolves, but "you"
    is its card's controller and "this" its card."""

    __slots__ = ("source", "controller", "area", "event", "it", "target")

    def __init__(self, card: RiftCard, controller: RiftPlayer):
        self.source = card
        self.controller = controller
        self.area = card.area
        self.event = self.it = self.target = None


@vocab.keyword("cost_less", DiscountParams,
               text=_COST_TEXT.replace("{{ whose }}", "Your").replace("{{ way }}", "less"))
class CostLess(_CostChange):
    """A discount (356, step 4): its controller's cards of that type cost N energy and P
    power less while it is on the board, or the card itself costs less (``cards: this``);
    never below 0."""

    __slots__ = ()
    sign = -1


@vocab.keyword("cost_more", CostChangeParams,
               text=_COST_TEXT.replace("{{ whose }}", "Your opponents'")
               .replace("{{ way }}", "more"))
class CostMore(_CostChange):
    """An increase (356, step 3): its controller's opponents' cards of that type cost N
    energy and P power more while it is on the board, or the card itself costs more
    (``cards: this``)."""

    __slots__ = ()
    sign = 1


@vocab.keyword("hidden", text="Hidden")
class Hidden(KeywordBase):
    """On your turn, pay 1 power of any domain to put it facedown at a battlefield you
    control; from your next turn it has Reaction and is played from there ignoring its
    cost; a unit enters at that battlefield. Lost if you lose the battlefield."""

    types = PLAYABLE
    place = PLAYED


def hidden_targets(candidates: list, bf: Battlefield) -> list:
    """Hidden (rules notes 10): a card played from its facedown zone at ``bf`` chooses
    "targets ... there if possible": the legal targets at that battlefield when there is
    one, otherwise any legal target."""
    here = [t for t in candidates if getattr(getattr(t, "zone", None), "area", None) is bf]
    return here or candidates


@vocab.keyword("tank", text="Tank")
class Tank(KeywordBase):
    """Must be assigned lethal combat damage before its controller's other units."""

    types = UNIT


@vocab.keyword("backline", text="Backline")
class Backline(KeywordBase):
    """Must be assigned lethal combat damage after its controller's other units."""

    types = UNIT


@vocab.keyword("ganking", text="Ganking")
class Ganking(KeywordBase):
    """May make a standard move from a battlefield to another battlefield."""

    types = UNIT


@vocab.keyword("temporary", text="Temporary")
class Temporary(KeywordBase):
    """Dies at the start of its controller's Beginning phase, before scoring."""

    types = UNIT


@vocab.keyword("vision", text="Vision")
class Vision(KeywordBase):
    """When you play me, look at the top card of your deck; you may recycle it."""

    def abilities(self) -> list[dict]:
        return [{"trigger": "when_played", "effect": "predict"}]


class LegionParams(Params):
    __shorthand__ = "effect"
    effect: "Effect"


def _data(node: Any) -> Any:
    """A validated node as plain card-language data (compiled cards are pickled: no models)."""
    if isinstance(node, BaseModel):
        return node.model_dump(by_alias=True, exclude_unset=True, mode="json")
    if isinstance(node, list):
        return [_data(n) for n in node]
    return node


@vocab.keyword("legion", LegionParams, text="Legion — {{ effect }}")
class Legion(KeywordBase):
    """Legion (rules notes 10): "active once you've finalized another card this turn". On a
    unit or gear: when you play me, if you have finalized another card this turn, the effect.
    (A spell writes ``{if: {condition: legion, then: ...}}`` in its on_play ability.)"""

    __slots__ = ("data",)

    def __init__(self, p: LegionParams, c: Compiler) -> None:
        self.data = _data(p.effect)

    def abilities(self) -> list[dict]:
        return [{"trigger": "when_played",
                 "effect": {"if": {"condition": "legion", "then": self.data}}}]


@vocab.condition("legion", text="you have played another card this turn")
class LegionActive:
    """Its controller has finalized another card this turn (this one counts itself: two)."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def test(self, g: RiftboundGame, ctx: RiftTrigger) -> bool:
        return ctx.controller.finalized >= 2


class ThisParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "this"


@vocab.keyword("hunt", AmountParams, text="Hunt {{ amount }}")
class Hunt(KeywordBase):
    """Hunt X (rules notes 10: "X XP on Conquer/Hold"): when you conquer or hold at my
    battlefield, you gain X XP."""

    types = UNIT

    __slots__ = ("amount",)

    def __init__(self, p: AmountParams, c: Compiler) -> None:
        self.amount = p.amount if p is not None else 1

    def abilities(self) -> list[dict]:
        return [{"trigger": t, "effect": {"gain_xp": self.amount}}
                for t in ("on_conquer", "on_hold")]


class LevelParams(Params):
    __shorthand__ = "xp"
    xp: int = Field(ge=1, le=STAT_MAX, description="The XP from which it is on.")


@vocab.condition("level", LevelParams, text="you are at Level {{ xp }}")
class LevelReached:
    """Level N (rules notes 10: "text active at N+ XP"): its controller has N XP or more.
    A Level ability is written with it: ``trigger: {static: {level: 3}}`` ("while you are
    at Level 3, ..."), ``{if: {condition: {level: 3}, then: ...}}`` in a triggered one."""

    __slots__ = ("xp",)

    def __init__(self, p: LevelParams, c: Compiler) -> None:
        self.xp = p.xp

    def test(self, g: RiftboundGame, ctx: RiftTrigger) -> bool:
        return ctx.controller.xp >= self.xp


@vocab.condition("mighty", ThisParams, text="{{ card | describe }} is Mighty")
class Mighty:
    """Might 5 or more (rules notes 9)."""

    __slots__ = ("card",)

    def __init__(self, p: ThisParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def test(self, g: RiftboundGame, ctx: RiftTrigger) -> bool:
        cards = self.card.cards(g, ctx)
        return bool(cards) and all(x.proto.is_unit and x.might() >= 5 for x in cards)
