"""Riftbound effects: damage, buffs, Might this turn, stun, kill, recall, ready and exhaust,
draw, adding to the rune pool, paying, channelling, tokens and points (rules notes 9, 10). Each
changes the board as one event; the cleanup that follows (after the item resolves) kills
what is lethally damaged."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional, Self, Union, cast

from pydantic import Field, model_validator

from ...continuous import equipped_covers, in_static, keyword_grant, prohibition, stat_bonus
from ...limits import COUNT_MAX, STAT_MAX
from ...loadable import step
from ...modifiers import next_cost
from ...piles import hand_discard, look_at_top, pile_move
from ...registry import Params, Vocabulary
from .card import DOMAINS, Domain

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import CardRef, PlayerRef, Value
    from .rules import RiftboundGame
    from .state import RiftCard, RiftPlayer, RiftTrigger
    from .zones import Battlefield

vocab = Vocabulary("riftbound")


class DamageParams(Params):
    amount: "Value" = Field(1, description="How much: a number, or a value ({count: ...}: "
                            "\"1 damage for each ...\").")
    card: "CardRef" = "target"


class CardParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"


class _OnCards:
    __slots__ = ("card",)

    def __init__(self, p: MightParams | CardParams | DamageParams | MoveParams,
                 c: Compiler) -> None:
        c.this_can_be(p.card, getattr(self, "entry_name", "this effect"), ("unit",))
        self.card = c.card_ref(p.card)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx) if x.proto.is_unit and x.zone.in_play]
        ctx.done = bool(cards)
        for x in cards:
            self.each(g, ctx, x)

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:  # pragma: no cover
        raise NotImplementedError  # each effect's own


@vocab.effect("deal_damage", DamageParams,
              text="deal {{ amount | quantity('damage') }} to {{ card | describe }}")
class DealDamage(_OnCards):
    """Deal damage to units; a cleanup kills a unit whose damage reaches its Might. The
    amount is counted as the effect happens (a value: the same for every unit)."""

    __slots__ = ("amount",)

    def __init__(self, p: DamageParams, c: Compiler) -> None:
        super().__init__(p, c)
        self.amount = c.count(p.amount)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        n = self.amount.get(g, ctx)
        cards = [x for x in self.card.cards(g, ctx) if x.proto.is_unit and x.zone.in_play]
        ctx.done = bool(cards) and n > 0
        for card in cards if n > 0 else ():
            card.damage += n
            g.log.append(("damage", card.proto.id, n))


class MightParams(Params):
    amount: int = Field(1, ge=-STAT_MAX, le=STAT_MAX, description="+N or -N Might (not 0).")
    card: "CardRef" = "target"

    @model_validator(mode="after")
    def _not_zero(self) -> Self:
        if not self.amount:
            raise ValueError("+0 Might changes nothing: give `amount`, +N or -N")
        return self


@vocab.effect("give_might", MightParams,
              text="give {{ card | describe }} {{ amount | signed }} Might this turn")
class GiveMight(_OnCards):
    """+N or -N Might until the end of the turn (317: "this turn" effects expire); Might
    below 0 counts as 0, and a unit dies only from non-zero damage at least its Might
    (rules notes 9)."""

    __slots__ = ("amount",)

    def __init__(self, p: MightParams, c: Compiler) -> None:
        super().__init__(p, c)
        self.amount = p.amount

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        card.mods = (*card.mods, self.amount)


#: an equipment's continuous effects name the unit it is attached to (rules notes 9)
covers = equipped_covers(frozenset({"gear"}), "'equipped' is the unit an equipment is "
                         "attached to: only gear is attached; this card is a {kind}")


#: a continuous effect's cards: a card reference, or the equipped unit
Covered = Union[Literal["equipped"], "CardRef"]
_COVERED = "'this', 'equipped' (the unit an equipment is attached to), or {all: selector}."


stat_bonus(vocab, "might_bonus", "might",
           "{{ card | covered | does('have') }} {{ amount | signed }} Might",
           types=frozenset({"unit"}), card=Covered, covers=covers, cards=_COVERED,
           doc="""The units it covers
    have +N (or -N) Might while it is in force: "I have +2 Might", "other friendly units here
    have +1 Might" (the arithmetic layer of rules notes 5.3, after traits and abilities;
    Might below 0 counts as 0, notes 9).""")


stat_bonus(vocab, "set_might", "might",
           "{{ card | covered | does('have') }} Might {{ amount }}",
           types=frozenset({"unit"}), card=Covered, covers=covers, cards=_COVERED, sets=True,
           doc="""The units it
    covers have Might N while it is in force, instead of their printed Might: "my Might is
    5", "the Might of enemy units here is 1" (the traits layer of rules notes 5.3, before
    abilities and arithmetic: a buff, this turn's changes, Assault and Shield and
    `might_bonus` add to it; the newest setting wins).""")


keyword_grant(vocab, "grant",
              "{{ card | covered | does('have') }} {{ keywords | given_keywords }}",
              card=Covered, covers=covers, cards=_COVERED, doc="""The units (or gear) it
    covers have these keywords while it is in force: "your other units here have Tank"
    (the abilities layer of rules notes 5.3, before arithmetic: a given Assault adds its
    Might as a printed one does, instances summing; an equipment's ``equipped`` unit).
    Keywords read as a card is played (Action, Accelerate, Hidden), cost changes and those
    that add abilities (Vision, Legion) can't be given.""")


prohibition(vocab, "cant", ("move", "move_to_base", "deal_combat_damage"), ("choose",), text=(
    "{% set acts = action if action is not string else [action] %}"
    "{% if acts[0] == 'move' %}{{ card | does(\"can't\", plural=true) }} move"
    "{% elif acts[0] == 'move_to_base' %}{{ card | does(\"can't\", plural=true) }} move "
    "to base"
    "{% elif acts[0] == 'deal_combat_damage' %}{{ card | does(\"don't\", plural=true) }} "
    "deal combat damage"
    "{% else %}{{ 'opponents' if by == 'opponents' else 'players' }} can't choose "
    "{{ card | describe('plural') }}{% endif %}"), doc="""A prohibition while it is in
    force ("can't" beats "can"): the units it covers can't ``move`` (no standard move, rules
    notes 3; a recall is not a move) or ``move_to_base`` (no standard move to base; to
    another battlefield with Ganking they may), don't ``deal_combat_damage`` (their Might
    adds nothing to their side's combat damage, as a stunned unit's, notes 7), or players (``by:
    opponents``: the opponents of its controller) can't ``choose`` them as the target of a
    spell or an ability ("I can't be chosen by enemy spells and abilities"). A target is
    judged as it is chosen.""")


class ChannelLimitParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(ge=0, le=STAT_MAX, description="The most runes a Channel phase "
                        "channels.")
    player: Literal["each", "you", "opponents"] = Field(
        "each", description="Whose Channel phases: every player's, its controller's, or its "
        "controller's opponents'.")


@vocab.effect("channel_limit", ChannelLimitParams, text=(
    "{{ {'each': 'players', 'you': 'you', 'opponents': 'your opponents'}[player] }} channel "
    "only {{ amount }} {{ 'rune' if amount == 1 else 'runes' }} in "
    "{{ 'your' if player == 'you' else 'their' }} "
    "Channel phase"))
class ChannelLimit:
    """A rule change while it is in force (a continuous effect, rules notes 5.3): a Channel
    phase (315.3) channels at most ``amount`` runes for the players it names; the lowest
    limit in force wins. Read by the Channel phase, never run."""

    __slots__ = ("amount", "player")
    continuous = True

    def __init__(self, p: ChannelLimitParams, c: Compiler) -> None:
        in_static(c, "channel_limit")
        self.amount = p.amount
        self.player = p.player

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:  # pragma: no cover - static
        raise AssertionError("a continuous effect is read by the game, never run")

    def covers(self, ctx: RiftTrigger, p: RiftPlayer) -> bool:
        """Does it limit ``p``'s Channel phase?"""
        return self.player == "each" or (ctx.controller is p) == (self.player == "you")


@vocab.effect("attach", CardParams, text="attach this to {{ card | describe }}")
class Attach:
    """Equipment (rules notes 9): this gear attaches to a unit its controller controls on
    the board (Equip, Quick-Draw); an attached equipment's statics with ``card: equipped``
    apply to that unit, and it detaches when the unit leaves the board."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        if c.card_type != "gear":
            raise c.error(f"attach attaches an equipment (gear) to a unit; this card is a "
                          f"{c.card_type}: it would do nothing")
        self.card = c.card_ref(p.card)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        gear = ctx.source
        units = [x for x in self.card.cards(g, ctx) if x.proto.is_unit and x.zone.in_play
                 and x.controller is ctx.controller]
        ctx.done = bool(units) and gear.zone is not None and gear.zone.in_play
        if ctx.done:
            attach(g, gear, units[0])


def attach(g: RiftboundGame, gear: RiftCard, unit: RiftCard) -> None:
    """``gear`` attaches to ``unit`` (moving from the unit it was on, if any), and the
    statics it gives its unit apply again (rules notes 9)."""
    gear.host = unit
    g.log.append(("attach", gear.proto.id, unit.proto.id))
    g.continuous.changed(g)


@vocab.effect("buff", CardParams, text="buff {{ card | describe }}")
class Buff(_OnCards):
    """A buff: +1 Might, one per unit, gone when it leaves the board (rules notes 9)."""

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        card.buffed = True


@vocab.effect("heal", CardParams, text="heal {{ card | describe }}")
class Heal(_OnCards):
    """Healing (rules notes 10): the units' damage is removed; each that had some triggers
    "When I heal"."""

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        g.heal([card])


@vocab.effect("stun", CardParams, text="stun {{ card | describe }}")
class Stun(_OnCards):
    """Stunned: deals no combat damage; ends as "this turn" effects expire (rules notes 9)."""

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        card.stunned = True


@vocab.effect("kill", CardParams, text="kill {{ card | describe }}")
class Kill(_OnCards):
    """The units die (to their owners' trash; Deathknell triggers)."""

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx) if x.proto.is_unit and x.zone.in_play]
        ctx.done = bool(cards)
        if cards:
            g.kill(cards)


@vocab.effect("recall", CardParams, text="recall {{ card | describe }}")
class Recall(_OnCards):
    """To its controller's base: not a move; keeps its damage and status (rules notes 3)."""

    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        g.recall(card)


# the core's zone moves in Riftbound's words: a unit or gear to its owner's hand or
# banishment (a token ceases to exist; legends, battlefields and runes never leave the board
# so: zones.PLACES.fixed)
pile_move(vocab, "return_to_hand", "hand", "return {{ card | describe }} to {{ 'their owners\\' "
          "hands' if card | is_mass else 'its owner\\'s hand' }}", logged="returned",
          doc="""A unit or gear on the board back to its owner's hand: a new object (its
    damage, buffs and statuses are gone); a token ceases to exist.""")
pile_move(vocab, "banish", "banishment", "banish {{ card | describe }}", logged="banished",
          doc="""A unit or gear on the board to its owner's banishment (not the trash: it does
    not die, so no Deathknell).""")
pile_move(vocab, "recycle", "deck", "recycle {{ card | describe }}", logged="recycled",
          position="bottom",
          doc="""A card to the bottom of its owner's deck (Vision's recycle): a unit or gear
    on the board (a new object; a token ceases to exist), or a card in a trash or a hand.""")
# the core's look at the top of a deck: what is not taken is recycled (to the bottom)
look_at_top(vocab, "look_at_top",
            "look at the top {% if count == 1 %}card{% else %}{{ count }} cards{% endif %} of "
            "your deck. {% if take > 1 %}Put up to {{ take }} {% if filter %}"
            "{{ filter | describe('plural') }}{% else %}cards{% endif %}{% else %}You may put "
            "{% if filter %}{{ filter | describe }}{% else %}one{% endif %}{% endif %} from "
            "among them into your hand and recycle the rest",
            doc="""Look at the top cards of your deck, put up to ``take`` of them (a unit the
    filter accepts, if given) into your hand, and recycle the rest.""")


class MoveParams(Params):
    card: "CardRef" = "target"
    to: Literal["base", "battlefield"] = Field(
        "battlefield", description="Its controller's base, or a battlefield its controller "
        "chooses (of those it may go to).")


@vocab.effect("move_unit", MoveParams, text=(
    "move {{ card | describe }} to {{ 'its base' if to == 'base' else 'a battlefield' }}"))
class MoveUnit(_OnCards):
    """A move by an effect (rules notes 3: not a standard move: no exhausting, no Ganking
    needed), which "When I move" sees (a recall is not a move): to base, or to a battlefield
    the ability's controller chooses — not the one it is at, never one holding units of two
    other players, and a non-controller's unit makes it contested (notes 1). Several units
    go to one battlefield."""

    __slots__ = ("to",)

    def __init__(self, p: MoveParams, c: Compiler) -> None:
        super().__init__(p, c)
        self.to = p.to

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx) if x.proto.is_unit and x.zone.in_play]
        ctx.done = False
        if not cards:
            return
        if self.to == "base":
            self.moved(g, ctx, cards, "base")
            return
        places = [bf for bf in g.battlefields if g.may_enter(bf, cards)]
        if places:
            g.ask(ctx.controller, "location", places, "move to which battlefield?",
                  then=(self.moved, g, ctx, cards))

    @step
    def moved(self, g: RiftboundGame, ctx: RiftTrigger, cards: list[RiftCard],
              where: Battlefield | str) -> None:
        moved = []
        with g.together():
            for c in cards:
                dest = c.controller.base if isinstance(where, str) else \
                    where.units[c.controller.index]
                if c.zone is not dest and c.zone is not None:
                    g.move(c, dest, cause="effect")
                    moved.append(dest)
                    if not isinstance(where, str) and where.controller is not c.controller \
                            and where.contested_by is None:
                        where.contested_by = c.controller  # notes 1: applied by the mover
        ctx.done = bool(moved)
        if moved:
            g.log.append(("move", ctx.controller.name, len(moved), moved[-1].label()))


@vocab.effect("ready", CardParams, text="ready {{ card | describe }}")
class Ready(_OnCards):
    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        card.exhausted = False


@vocab.effect("exhaust", CardParams, text="exhaust {{ card | describe }}")
class Exhaust(_OnCards):
    def each(self, g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        card.exhausted = True


class AmountParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX)


@vocab.effect("add_energy", AmountParams, text="add {{ amount }} energy")
class AddEnergy:
    """Add energy to your rune pool (it empties at the Main phase and at expiration)."""

    __slots__ = ("amount",)

    def __init__(self, p: AmountParams, c: Compiler) -> None:
        self.amount = p.amount

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        ctx.controller.energy += self.amount
        ctx.done = True


class PowerParams(Params):
    domain: Domain
    amount: int = Field(1, ge=1, le=STAT_MAX)


@vocab.effect("add_power", PowerParams, text="add {{ amount }} {{ domain }} power")
class AddPower:
    """Add power of a domain to your rune pool."""

    __slots__ = ("domain", "amount")

    def __init__(self, p: PowerParams, c: Compiler) -> None:
        self.domain = p.domain
        self.amount = p.amount

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        ctx.controller.add_power(self.domain, self.amount)
        ctx.done = True


class PayParams(Params):
    energy: int = Field(0, ge=0, le=STAT_MAX, description="Energy to pay.")
    power: int = Field(0, ge=0, le=STAT_MAX, description="Power to pay, of ``domain``.")
    domain: Optional[Domain | Literal["any"]] = Field(
        None, description="The domain of the power: a domain; any ([A]); unset, the card's "
        "own ([C]: any, if it has none or two).")

    @model_validator(mode="after")
    def _something(self) -> Self:
        if not self.energy and not self.power:
            raise ValueError("pay what? give `energy`, `power` or both")
        if self.domain is not None and not self.power:
            raise ValueError(f"domain {self.domain!r} is the domain of a power cost, but "
                             f"there is none: give `power` (how many power to pay)")
        return self


@vocab.effect("pay", PayParams, text=(
    "pay {% if energy %}{{ energy }} energy{% endif %}{% if energy and power %} and "
    "{% endif %}{% if power %}{{ power }} {% if domain == 'any' %}power of any domain"
    "{% elif domain %}{{ domain }} power{% else %}power of its domain{% endif %}{% endif %}"))
class Pay:
    """Pay energy and power as the ability resolves, as a cost is paid (356; rules notes 2:
    the rune pool first, then runes the player chooses, Reaction Add abilities usable):
    an optional cost inside a triggered ability, ``[{may: {pay: ...}}, {if_done: ...}]``
    ("you may pay 1 energy. If you do, ..."). What can't be paid in full is not paid at
    all, and is not done."""

    __slots__ = ("energy", "power", "domain")

    def __init__(self, p: PayParams, c: Compiler) -> None:
        self.energy = p.energy
        self.power = p.power
        self.domain = p.domain

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        from . import cost  # (cost reads this module's Add effects)
        p, d = ctx.controller, self.domain
        domains = cost.power_domains(ctx.source) if d is None else \
            DOMAINS if d == "any" else (d,)
        ctx.done = cost.can_pay(g, p, self.energy, self.power, domains)
        if ctx.done:
            cost.pay(g, p, self.energy, self.power, domains)


@vocab.effect("play_ignoring_cost", CardParams,
              text="play {{ card | describe }}, ignoring its cost")
class PlayIgnoringCost:
    """Its controller plays the card from where it is (a hand, a trash: a pile selector's
    card), ignoring its cost (356, step 1: the base cost; additional costs such as Deflect
    are still paid): it goes on the chain as any played card, its choices made (a unit's
    location, a spell's target), whatever the timing."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx) if x.zone is not None and
                 not x.zone.in_play and x.proto.type in ("unit", "gear", "spell")]
        ctx.done = bool(cards)
        for x in reversed(cards):  # the first played first (steps run last-in first)
            g.then(self.play, g, ctx, x)

    @staticmethod
    @step
    def play(g: RiftboundGame, ctx: RiftTrigger, card: RiftCard) -> None:
        if card.zone is None or card.zone.in_play:
            return
        if card.proto.type == "spell":  # rules notes 6, step 5: it needs its legal targets
            ab = g.spell_ability(card)
            if ab.target is not None and ab.targets[0] and \
                    not g.spell_targets(ctx.controller, card, free=True):
                return
        g.play_card(ctx.controller, card, free=True)


# the core's discarding from a hand in Riftbound's words: to the trash
hand_discard(vocab, "discard", "trash", text=(
    "{{ player | does('discard') }} {{ count | quantity('card') }}"
    "{% if random %} at random{% elif chooser == 'you' and player.name != 'you' %} of your choice"
    "{% endif %}"), doc="""Players discard cards from their hands to their trash, each
    choosing which, one at a time (``random``: at random; ``chooser: you``: the ability's
    controller looks at that hand and chooses); all they hold if fewer. A later stage's
    ``moved`` names what was discarded.""")


# the core's one-shot discount in Riftbound's words (356, step 4: a discount)
next_cost(vocab, "next_costs_less", (
    "the next {{ 'card' if cards == 'any' else cards }} you play this {{ during }} costs "
    "{% if amount %}[{{ amount }}]{% endif %}{% if amount and power %} and {% endif %}"
    "{% if power %}{{ power }} power{% endif %} less"),
    doc="""A discount on your next card of a type this turn (356, step 4: discounts, never
    below 0): it applies to the next one you play, once, and ends; unused by the end of
    the turn, it ends then.""", types=("unit", "gear", "spell"), default="spell",
    power="Power less (of the card's domain).")


class ChannelParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX, description="How many runes.")
    exhausted: bool = Field(False, description="They enter exhausted (\"channel 1 rune "
                            "exhausted\").")


@vocab.effect("channel", ChannelParams, text="channel {{ amount | quantity('rune') }}"
              "{% if exhausted %} exhausted{% endif %}")
class Channel:
    """Channel runes: the top of your rune deck into play, ready (or ``exhausted``)."""

    __slots__ = ("amount", "exhausted")

    def __init__(self, p: ChannelParams, c: Compiler) -> None:
        self.amount = p.amount
        self.exhausted = p.exhausted

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        p = ctx.controller
        before = len(p.runes.cards)
        g.channel_runes(p, self.amount)
        if self.exhausted:
            for r in p.runes.cards[before:]:  # the runes this channelled
                r.exhausted = True
        ctx.done = len(p.runes.cards) > before


class EquipToMeParams(Params):
    __shorthand__ = "less_power"
    less_power: int = Field(0, ge=0, le=STAT_MAX, description="Power of any domain ([A]) "
                            "less than the Equip cost.")


@vocab.effect("equip_to_me", EquipToMeParams, text=(
    "you may equip one of your Equipment to me, paying its Equip cost"
    "{% if less_power %} {{ less_power }} power less{% endif %}"))
class EquipToMe:
    """The unit's controller may attach one of their Equipment on the board (gear with
    Equip, not already on this unit) to it, paying that Equip cost, ``less_power`` power
    less (Weaponmaster's [A]): the decision ``equip``, among those whose cost can be paid,
    or none. Done when one was attached."""

    __slots__ = ("less_power",)

    def __init__(self, p: EquipToMeParams, c: Compiler) -> None:
        c.this_can_be("this", "equip_to_me", ("unit",))
        self.less_power = p.less_power

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        from . import cost  # (cost reads this module's Add effects)
        me, p = ctx.source, ctx.controller
        ctx.done = False
        if me.zone is None or not me.zone.in_play:
            return
        options: list = [c for z in g.unit_zones(p) for c in z.cards
                         if "equip" in c.proto.keywords and not c.blank and c.host is not me
                         and cost.can_pay(g, p, *self.price(g, p, c))]
        less = f" {self.less_power} power less" if self.less_power else ""
        if options:
            g.ask(p, "equip", [*options, NONE], f"equip one of your Equipment to "
                  f"{me.proto.id}, paying its Equip cost{less}, or none",
                  then=(equip_chosen, g, ctx, self))

    def price(self, g: RiftboundGame, p: RiftPlayer,
              gear: RiftCard) -> tuple[int, int, tuple, int]:
        """The gear's Equip cost as ``p`` would activate it (cost changes of abilities and
        of Equip abilities included), ``less_power`` power of any domain less."""
        from . import cost
        ab = next(a for a in gear.proto.program.activated if a.keyword == "equip")
        energy, power, domains, anyp = g.ability_price(p, gear, ab)
        energy, power, anyp = cost.changed(energy, power, (0, 0, anyp),
                                           (0, 0, self.less_power))
        return energy, power, domains, anyp


#: the answer that equips nothing
NONE = "none"


@step
def equip_chosen(g: RiftboundGame, ctx: RiftTrigger, eff: EquipToMe, gear: Any) -> None:
    from . import cost
    if gear == NONE:
        return
    g.then(equipped_to, g, ctx, gear)  # once paid (pay schedules the runes it needs)
    cost.pay(g, ctx.controller, *eff.price(g, ctx.controller, gear))


@step
def equipped_to(g: RiftboundGame, ctx: RiftTrigger, gear: RiftCard) -> None:
    me = ctx.source
    if me.zone is None or not me.zone.in_play or gear.zone is None or not gear.zone.in_play:
        return
    ctx.done = True
    attach(g, gear, me)


class RecycleRuneParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX, description="How many runes.")
    player: "PlayerRef" = Field("you", description="Whose runes: who recycles them.")


@vocab.effect("recycle_rune", RecycleRuneParams, text=(
    "{{ player | does('recycle') }} {% if player.name == 'you' %}"
    "{{ 'one' if amount == 1 else amount }} of your runes{% else %}"
    "{{ amount | quantity('rune') }}{% endif %}"))
class RecycleRune:
    """Recycle runes (rules notes 2: a rune recycled goes to the bottom of its rune deck): the
    player chooses which of their runes on the board, one at a time (the decision
    ``recycle``; runes alike, of one card and both ready or both exhausted, are one choice),
    in the order chosen; all they have if fewer. Done when one was recycled."""

    __slots__ = ("amount", "player")

    def __init__(self, p: RecycleRuneParams, c: Compiler) -> None:
        self.amount = p.amount
        self.player = c.player_ref(p.player)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        players = self.player.players(g, ctx)
        ctx.done = any(q.runes.cards for q in players)
        for q in reversed(players):  # the first asked first (the steps are a stack)
            recycle_runes(g, q, self.amount)


@step
def recycle_runes(g: RiftboundGame, p: RiftPlayer, left: int) -> None:
    seen: set = set()
    alike = []  # one rune of each kind: which of two alike goes makes no difference
    for r in p.runes.cards:
        kind = (r.proto, r.exhausted)
        if kind not in seen:
            seen.add(kind)
            alike.append(r)
    if left and alike:
        g.ask(p, "recycle", alike, f"choose a rune to recycle ({left} left)",
              then=(rune_recycled, g, p, left))


@step
def rune_recycled(g: RiftboundGame, p: RiftPlayer, left: int, rune: RiftCard) -> None:
    g.move(rune, p.rune_deck, top=False)
    g.log.append(("recycle_rune", p.name, rune.proto.id))
    g.then(recycle_runes, g, p, left - 1)


class CreateParams(Params):
    __shorthand__ = "token"
    token: str = Field(description="The id of a token unit of the set.")
    count: int = Field(1, ge=1, le=COUNT_MAX)
    at: Literal["base", "here"] = "base"


@vocab.effect("create", CreateParams,
              text="create {{ count | quantity(token) }}{% if at == 'here' %} here"
                   "{% else %} at your base{% endif %}")
class Create:
    """Create token units (rules notes 1: owned and controlled by the effect's controller;
    "Create" bypasses the chain); at your base, or at the source's battlefield."""

    __slots__ = ("token", "count", "at")

    def __init__(self, p: CreateParams, c: Compiler) -> None:
        self.token = p.token
        self.count = p.count
        self.at = p.at
        c.references.append(("token", p.token))

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        proto = g.tokens.get(self.token)
        ctx.done = proto is not None
        if proto is None:
            return
        p = ctx.controller
        bf = g.battlefield_of(ctx.source) if self.at == "here" else None
        zone = bf.units[p.index] if bf is not None and bf.controller is p else p.base
        for _ in range(self.count):
            c = cast("RiftCard", g.new_card(proto, p, zone))  # the game's own card class
            c.exhausted = True
        g.log.append(("create", p.name, self.token, self.count))


class PointsParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(1, ge=1, le=STAT_MAX)
    player: "PlayerRef" = "you"


class _Gain:
    """Each player named gains ``amount`` of their counter ``field`` (logged by its name)."""

    __slots__ = ("amount", "player")
    field = ""

    def __init__(self, p: PointsParams, c: Compiler) -> None:
        self.amount = p.amount
        self.player = c.player_ref(p.player)

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        for pl in self.player.players(g, ctx):
            n = getattr(pl, self.field) + self.amount
            setattr(pl, self.field, n)
            g.log.append((self.field, pl.name, n))
        ctx.done = True


@vocab.effect("gain_points", PointsParams,
              text="{{ player | does('gain') }} {{ amount | quantity('point') }}")
class GainPoints(_Gain):
    """Points from a card: not a Score, so the final-point rule does not apply (rules notes
    8: card effects bypass it)."""

    __slots__ = ()
    field = "points"


@vocab.effect("gain_xp", PointsParams,
              text="{{ player | does('gain') }} {{ amount }} XP")
class GainXP(_Gain):
    """XP (rules notes 9, "XP (Unleashed): public, unlimited per-player counter"): what
    Hunt gives and Level reads."""

    __slots__ = ()
    field = "xp"


@vocab.effect("predict", text="look at the top card of your deck; you may recycle it")
class Predict:
    """Vision's action (Unleashed: Predict): look at your top card; you may recycle it to
    the bottom of your deck."""

    __slots__ = ()

    def __init__(self, p: None, c: Compiler) -> None:
        pass

    def run(self, g: RiftboundGame, ctx: RiftTrigger) -> None:
        p = ctx.controller
        ctx.done = bool(p.deck.cards)
        if ctx.done:
            top = g.top(p.deck, 1)[0]
            g.ask(p, "may", [False, True], f"recycle {top.proto.id} to the bottom of your "
                  "deck?", then=(self.answered, g, p, top))

    @step
    def answered(self, g: RiftboundGame, p: RiftPlayer, top: RiftCard, yes: bool) -> None:
        if yes and top.zone is p.deck:
            g.move(top, p.deck, top=False)
            g.log.append(("recycle", p.name, "top card"))
