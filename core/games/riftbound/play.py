"""Playing cards, paying costs and the standard move (rules notes 2, 3 and 6; Core Rules
353-359): what a player may do in each state (seed, "Which cards are legal right now"), the
total cost of a card and its payment through the runes' Add abilities, a card's way onto
the chain and onto the board, and drawing with burn out.

Total costs and payment (the player choosing the runes) are :mod:`.cost`'s.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bus import Event
from ...game import Game
from ...loadable import step
from ...resolve import Trigger, ask_targets
from ...state import CardDef
from ...zones import Zone
from . import cost
from .card import DOMAINS
from .keywords import hidden_targets
from .state import RiftPlayer
from .zones import CHAIN, FACEDOWN, Battlefield

if TYPE_CHECKING:
    from ...compiler import AbilityProgram
    from ...modifiers import Modifiers
    from ...replacements import Replacements
    from .chain import RiftChain
    from .fight import Fights
    from .state import RiftCard, RiftTrigger
    from .traits import Continuous

DONE = "done"
END_TURN = "end turn"
#: the most times Repeat is offered at once (each payment costs something: what can be
#: paid bounds it first)
REPEATS_MAX = 20
BASE = "base"
#: an activated ability's cost: energy, power, the domains whose power pays it, and power
#: of any domain ([A], an increase's)
Price = tuple[int, int, tuple[str, ...], int]
#: the timing a card is played in (seed, "Which cards are legal right now")
OPEN, SHOWDOWN, CLOSED = "open", "showdown", "closed"


class Playing(Game[RiftPlayer]):
    """The base of :class:`~.rules.RiftboundGame`: the board (bases and battlefields, the
    chain's zone), and the game's actions that effects and rules share: drawing,
    channelling, playing cards (their costs are :mod:`.cost`'s), moving and killing units.
    The rules sections it calls by name (``fights``: showdowns and combat;
    ``continuous``: static abilities; ``modifiers``: one-shot discounts; ``replacements``:
    replacement effects) are declared here for the type checker."""

    resolver: RiftChain
    fights: Fights
    continuous: Continuous
    modifiers: Modifiers
    replacements: Replacements

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, **kw: Any) -> None:
        super().__init__(decks, seed, **kw)
        self.turn = 0  # the turns begun (317: the next player's is the next)
        self.battlefields: list[Battlefield] = []
        #: every zone where units stand (board_zones), grown as battlefields are added
        self.board: tuple[Zone, ...] = tuple(p.base for p in self.players)
        self.chain_zone = Zone(CHAIN, None)  # played spells while they wait on the chain

    # -- the board -----------------------------------------------------------------------
    def unit_zones(self, p: RiftPlayer) -> tuple[Zone, ...]:
        return (p.base, *(bf.units[p.index] for bf in self.battlefields))

    def units_of(self, p: RiftPlayer) -> list[RiftCard]:
        """The units ``p`` controls on the board (base first, then each battlefield)."""
        return [c for z in self.unit_zones(p) for c in z.cards if c.proto.is_unit]

    def board_zones(self) -> tuple[Zone, ...]:
        """Every zone where units stand: each base, each battlefield's zone per player."""
        return self.board

    def all_units(self) -> list[RiftCard]:
        return [c for z in self.board_zones() for c in z.cards if c.proto.is_unit]

    def battlefield_of(self, card: RiftCard) -> Battlefield | None:
        """The battlefield a card stands at, or None (at base, or off the board)."""
        area = card.zone.area if card.zone is not None else None
        return area if area is not None and hasattr(area, "units") else None

    # -- drawing, channelling -------------------------------------------------------------
    def draw(self, p: RiftPlayer, n: int) -> int:
        """Draw ``n``; taking a card from an empty main deck burns out first (315.4; rules
        notes 8, Burn Out). How many were drawn."""
        drawn = 0
        for _ in range(n):
            if not p.deck.cards:
                self.burn_out(p)
                if not p.deck.cards:
                    break
            self.move(self.top(p.deck, 1)[0], p.hand)
            drawn += 1
        if n:
            self.log.append(("draw", p.name, drawn))
        return drawn

    def burn_out(self, p: RiftPlayer) -> None:
        """Burn Out (rules notes 8): the trash is shuffled in as the deck and a chosen
        opponent (in a duel, the opponent) gains 1 point, bypassing the final-point rule."""
        with self.together():
            for c in list(p.trash.cards):
                self.move(c, p.deck)
        self.rng.shuffle(p.deck.cards)
        opp = self.opponents(p)[0]
        opp.points += 1
        self.log.append(("burn_out", p.name, opp.name, opp.points))

    def channel_runes(self, p: RiftPlayer, n: int) -> None:
        """315.3: the top runes of the rune deck into play, ready (as many as there are)."""
        runes = self.top(p.rune_deck, n)
        for c in runes:
            self.move(c, p.runes)
        self.log.append(("channel", p.name, len(runes)))

    # -- costs (the rest in .cost) ----------------------------------------------------------
    def spell_targets(self, p: RiftPlayer, card: RiftCard, accelerate: bool = False,
                      budget: cost.Budget | None = None, free: bool | None = None,
                      mods: cost.CostMods | None = None) -> list:
        """The targets a spell may choose as it is played: those whose Deflect ``p`` can pay
        as well (no choice may make the payment impossible, rules notes 2)."""
        ab = self.spell_ability(card)
        if ab.target is None:  # a spell that targets nothing (its callers don't ask)
            return []
        free = self.is_hidden(card) if free is None else free
        energy, power, anyp = cost.total_cost(self, p, card, accelerate, free, mods)
        domains = cost.power_domains(card)
        budget = budget or cost.available(self, p)
        return [t for t in self.targets(Trigger(ab, card, p))
                if cost.can_pay(self, p, energy, power, domains, anyp + cost.deflect(p, t),
                                budget)]

    def more_targets(self, ctx: RiftTrigger, options: list, chosen: tuple, extra: Any) -> list:
        """A spell choosing several targets: only those whose Deflect ``p`` can pay on top of
        the chosen ones' (rules notes 2: no choice may make the payment impossible);
        ``extra`` is (accelerated, free) as the spell is played, ("ability", energy, power,
        domains, power of any domain) for an activated ability, None otherwise."""
        if extra is None or not options:
            return options
        p, card = ctx.controller, ctx.source
        if extra[0] == "ability":  # an activated ability: its cost (activate)
            energy, power, domains, anyp = extra[1:]
        else:
            energy, power, anyp = cost.total_cost(self, p, card, extra[0], extra[1])
            domains = cost.power_domains(card)
        budget = cost.available(self, p)
        paid = anyp + sum(cost.deflect(p, t) for t in chosen)
        return [t for t in options if cost.can_pay(self, p, energy, power, domains,
                                                   paid + cost.deflect(p, t), budget)]

    # -- what may be played now ----------------------------------------------------------
    def may_play(self, p: RiftPlayer, card: RiftCard, timing: str) -> bool:
        """Timing (seed, "Which cards are legal right now"): in the neutral open state of
        your own turn, anything; in a showdown with focus, Action and Reaction; while a
        chain exists, only Reaction (Quick-Draw has it; Ambush, to its battlefields)."""
        t = card.proto.type
        if t not in ("unit", "gear", "spell"):
            return False
        if card.zone is not None and card.zone.kind == FACEDOWN:
            return True  # Hidden: from the turn after it was hidden it has Reaction
        if timing == CLOSED:
            return card.has_keyword("reaction") or card.has_keyword("quick_draw") or \
                self.ambushing(p, card, timing)
        if timing == SHOWDOWN:
            return card.has_keyword("action") or card.has_keyword("reaction") or \
                card.has_keyword("quick_draw") or self.ambushing(p, card, timing)
        return True

    def ambushing(self, p: RiftPlayer, card: RiftCard, timing: str) -> bool:
        """Ambush (rules notes 10: "play to a battlefield where you have units, with
        Reaction"; 5: a conditional Reaction "may start if it could qualify"): a unit that
        has no timing of its own for ``timing`` but Ambush, and a battlefield to go to."""
        return timing != OPEN and card.proto.is_unit and card.has_keyword("ambush") and \
            not card.has_keyword("reaction") and \
            not (timing == SHOWDOWN and card.has_keyword("action")) and \
            bool(self.ambush_sites(p))

    def ambush_sites(self, p: RiftPlayer) -> list[Battlefield]:
        """The battlefields where ``p`` has units: where an Ambush unit may enter."""
        return [bf for bf in self.battlefields if bf.units[p.index].cards]

    def playable(self, p: RiftPlayer, card: RiftCard, timing: str, accelerate: bool = False,
                 budget: cost.Budget | None = None, mods: cost.CostMods | None = None) -> bool:
        if not self.may_play(p, card, timing):
            return False
        energy, power, anyp = cost.total_cost(self, p, card, accelerate, self.is_hidden(card),
                                              mods)
        if not cost.can_pay(self, p, energy, power, cost.power_domains(card), anyp, budget):
            return False
        more = card.proto.keywords.get("additional_cost")
        if more is not None and not more.payable(self, p, card):
            return False
        ab = self.spell_ability(card) if card.proto.type == "spell" else None
        if ab is not None and ab.target is not None and ab.targets[0]:
            return bool(self.spell_targets(p, card, accelerate, budget, mods=mods))
        return True

    @staticmethod
    def spell_ability(card: RiftCard) -> AbilityProgram:
        """What a spell does: its ``on_play`` ability (the card model requires one)."""
        return card.proto.program.activated[0]

    def play_options(self, p: RiftPlayer, timing: str) -> list:
        out: list = []
        budget: cost.Budget | None = None  # what p can pay, and the board's cost changes:
        mods: cost.CostMods | None = None  # once a card's timing allows it (most don't)
        hidden = [bf.facedown for bf in self.battlefields
                  if any(c.owner is p and c.hidden_turn < self.turn for c in bf.facedown.cards)]
        for zone in (p.hand, p.champion, *hidden):
            seen = set()
            for c in zone.cards:
                if c.proto.id in seen:  # copies in one zone are one choice (one label)
                    continue
                seen.add(c.proto.id)
                if not self.may_play(p, c, timing):
                    continue
                if budget is None:
                    budget, mods = cost.available(self, p), cost.cost_mods(self, p)
                if self.playable(p, c, timing, budget=budget, mods=mods):
                    flag = ("ambush",) if self.ambushing(p, c, timing) else ()
                    out.append(("play", c, *flag))
                    if c.proto.is_unit and c.has_keyword("accelerate") and \
                            self.playable(p, c, timing, True, budget, mods):
                        out.append(("play", c, "accelerated", *flag))
        return out

    def main_options(self, p: RiftPlayer) -> list:
        """The neutral open state of the Main phase: play anything, activate an ability,
        hide a card, or a standard move."""
        return [*self.play_options(p, OPEN), *self.activate_options(p, OPEN),
                *self.hide_options(p), *self.move_options(p)]

    # -- activated abilities (rules notes 4 and 6) --------------------------------------
    #: which activation timings each state allows (seed, "Which cards are legal right now")
    ACTIVATE_IN = {OPEN: ("main", "action", "reaction"), SHOWDOWN: ("action", "reaction"),
                   CLOSED: ("reaction",)}

    def activate_options(self, p: RiftPlayer, timing: str) -> list:
        """The activated abilities of ``p``'s units and gear on the board, and of their
        legend, whose cost can be paid and whose timing fits."""
        allowed = self.ACTIVATE_IN[timing]
        out: list = []
        mods: cost.CostMods | None = None  # the board's cost changes, once one is priced
        for z in (*self.board_zones(), p.legend):
            if z.player is not p:
                continue
            for c in z.cards:
                acts = c.proto.program.activated
                if not acts or c.blank:
                    continue
                for i, ab in enumerate(acts):
                    t = ab.trigger
                    if t.timing not in allowed or (t.exhaust and c.exhausted) or \
                            ab.once and self.used_up(c, ab):
                        continue
                    # 356: payable only; an exhausting ability's [E] spends its own Add
                    if mods is None:
                        mods = cost.cost_mods(self, p)
                    price = self.ability_price(p, c, ab, mods)
                    if (price[0] or price[1] or price[3]) and not cost.can_pay(
                            self, p, *price,
                            budget=cost.available(self, p, c if t.exhaust else None)):
                        continue
                    if timing != OPEN and i in c.proto.adds:
                        continue  # an Add ability is for paying outside the open state
                    if ab.target is not None and ab.targets[0] and \
                            not self.ability_targets(p, Trigger(ab, c, p), price):
                        continue  # "up to N" may choose none; Deflect must be payable
                    out.append(("activate", c) if len(acts) == 1 else ("activate", c, i + 1))
        return out

    def activate(self, p: RiftPlayer, choice: tuple) -> None:
        """Pay the cost (exhaust it, energy, power: the player chooses the runes, 356),
        choose the target, and put the ability on the chain; a cleanup follows, and the
        chain runs."""
        card = choice[1]
        ab = card.proto.program.activated[choice[2] - 1 if len(choice) > 2 else 0]
        t = ab.trigger
        self.log.append(("activate", p.name, card.proto.id))
        self.use_once(card, ab)
        if t.exhaust:
            card.exhausted = True
        if cost.is_add(card, ab):  # resolves at once, no chain (rules notes 2)
            self.then(self.fights.cleanup, self)  # its exhausting is a status change
            self.then(cost.run_add, self, p, card, ab)
            cost.pay(self, p, t.energy, t.power, cost.ability_power_domains(self, card, t))
            return
        item = Trigger(ab, card, p)
        self.then(self.activated, item)
        price = self.ability_price(p, card, ab)
        if ab.target is None:
            cost.pay(self, p, *price)
            return
        # the targets first, then the cost with their Deflect (rules notes 10: "spells and
        # abilities that choose it cost X more Power")
        self.then(self.pay_ability, p, item, price)
        ask_targets(self, p, item, self.ability_targets(p, item, price), ("ability", *price))

    def ability_price(self, p: RiftPlayer, card: RiftCard, ab: AbilityProgram,
                      mods: cost.CostMods | None = None) -> Price:
        """What activating ``ab`` of ``card`` costs ``p`` (356): its energy and power,
        changed by the board's cost changes of abilities (``cards: ability``) and, an Equip
        ability's, of Equip abilities (``cards: equip``): increases, then discounts, never
        below 0; as (energy, power, its domains, power of any domain)."""
        t = ab.trigger
        energy, power, anyp = t.energy, t.power, 0
        more, less = mods if mods is not None else cost.cost_mods(self, p)
        if more or less:
            kinds = ("ability", "equip") if ab.keyword == "equip" else ("ability",)
            up = cost.summed(more, kinds)
            down = cost.summed(less, kinds)
            energy, power, anyp = cost.changed(energy, power, up, down)
        return energy, power, cost.ability_power_domains(self, card, t), anyp

    def ability_targets(self, p: RiftPlayer, item: RiftTrigger, price: Price) -> list:
        """The targets an activated ability may choose: those whose Deflect ``p`` can pay
        with its cost (no choice may make the payment impossible, rules notes 2)."""
        options = self.targets(item)
        extra = [cost.deflect(p, x) for x in options]
        if not any(extra):  # the usual case: nothing more to pay, no budget to count
            return options
        budget = cost.available(self, p)
        return [x for x, more in zip(options, extra, strict=True)
                if cost.can_pay(self, p, *price[:3], price[3] + more, budget)]

    @step
    def pay_ability(self, p: RiftPlayer, item: RiftTrigger, price: Price) -> None:
        energy, power, domains, anyp = price
        cost.pay(self, p, energy, power, domains,
                 anyp + sum(cost.deflect(p, x) for x in item.chosen()))

    @step
    def activated(self, item: RiftTrigger) -> None:
        self.resolver.add(self, [item])
        self.fights.cleanup(self)
        self.resolver.settle(self)

    @staticmethod
    def is_hidden(card: RiftCard) -> bool:
        return card.zone is not None and card.zone.kind == FACEDOWN

    # -- Hidden (rules notes 10) -----------------------------------------------------------
    def hide_options(self, p: RiftPlayer) -> list:
        """On your turn in an open state, pay [A] (1 power of any domain) to put a Hidden
        card from your hand facedown at a battlefield you control whose facedown zone is
        empty; no chain."""
        places = [bf for bf in self.battlefields if bf.controller is p and not bf.facedown.cards]
        if not places or not cost.can_pay(self, p, 0, 1, DOMAINS):
            return []
        out: list = []
        seen = set()
        for c in p.hand.cards:
            if c.has_keyword("hidden") and c.proto.id not in seen:
                seen.add(c.proto.id)
                out.extend(("hide", c, "at", bf) for bf in places)
        return out

    def hide(self, p: RiftPlayer, choice: tuple) -> None:
        _, card, _, bf = choice
        self.then(self.hidden_at, p, card, bf)
        cost.pay(self, p, 0, 1, DOMAINS)

    @step
    def hidden_at(self, p: RiftPlayer, card: RiftCard, bf: Battlefield) -> None:
        c: Any = self.move(card, bf.facedown)
        c.hidden_turn = self.turn
        c.controller = p
        self.log.append(("hide", p.name, bf.name))
        self.fights.cleanup(self)

    def responses(self, player: RiftPlayer) -> list:
        """While a chain exists: Reaction cards and abilities (seed, "Closed")."""
        return [*self.play_options(player, CLOSED), *self.activate_options(player, CLOSED)]

    def respond(self, player: RiftPlayer, option: Any) -> None:
        self.do_action(player, option)

    def do_action(self, p: RiftPlayer, choice: tuple) -> None:
        if choice[0] == "play":
            self.play_card(p, choice[1], "accelerated" in choice[2:], "ambush" in choice[2:])
        elif choice[0] == "hide":
            self.hide(p, choice)
        elif choice[0] == "activate":
            self.activate(p, choice)
        else:
            self.standard_move(p, choice)

    # -- playing a card (353-359; rules notes 6) -----------------------------------------
    def play_card(self, p: RiftPlayer, card: RiftCard, accelerate: bool = False,
                  ambush: bool = False, free: bool = False) -> None:
        """Step 1: the card goes on the chain, pending; step 2: its choices (a unit's
        location: base or a battlefield you control, and with Ambush a battlefield where
        you have units; played by Ambush's Reaction, only those; a spell's target).
        ``free``: played by an effect, ignoring its cost (``play_ignoring_cost``)."""
        self.log.append(("play", p.name, card.proto.id, "accelerated") if accelerate else
                        ("play", p.name, card.proto.id))
        if self.is_hidden(card):  # from its facedown zone: ignoring its cost, entering there
            bf = card.zone.area
            c: Any = self.move(card, self.chain_zone)
            self.play_located(p, c, accelerate, bf, True)  # a spell's targets: Hidden
            return
        c = self.move(card, self.chain_zone)
        if c.proto.is_unit:
            places: list = [BASE, *(bf for bf in self.battlefields if bf.controller is p)]
            if c.has_keyword("ambush"):
                sites = self.ambush_sites(p)
                places = sites if ambush else [*places, *(bf for bf in sites
                                                          if bf not in places)]
            self.ask(p, "location", places, f"where does {c.proto.id} enter?",
                     then=(self.play_free_located if free else self.play_located, p, c,
                           accelerate))
            return
        self.play_located(p, c, accelerate, BASE, free)

    @step
    def play_free_located(self, p: RiftPlayer, c: RiftCard, accelerate: bool,
                          where: Battlefield | str) -> None:
        """A unit played ignoring its cost, its location chosen."""
        self.play_located(p, c, accelerate, where, True)

    @step
    def play_located(self, p: RiftPlayer, c: RiftCard, accelerate: bool, where: Battlefield | str,
                     free: bool = False) -> None:
        item = None
        if c.proto.type == "spell":
            item = Trigger(self.spell_ability(c), c, p)
            if item.ability.target is not None:
                self.then(self.play_finalize, p, c, accelerate, where, item, free)
                targets = self.spell_targets(p, c, accelerate, free=free)
                if free and isinstance(where, Battlefield):  # played from hiding there
                    targets = hidden_targets(targets, where)
                ask_targets(self, p, item, targets, (accelerate, free))
                return
        self.play_finalize(p, c, accelerate, where, item, free)

    @step
    def play_finalize(self, p: RiftPlayer, c: RiftCard, accelerate: bool,
                      where: Battlefield | str, item: RiftTrigger | None,
                      free: bool = False, left: int = -1) -> None:
        """Steps 3-6: total cost, payment, finalize. A unit enters exhausted at its
        location (ready, accelerated); gear enters ready at base; a spell stays on the chain
        as a finalized item. Then a cleanup, and the chain runs. An additional cost is paid
        first, one choice at a time (``left`` of it still to pay); a spell with Repeat then
        asks how many times its cost is paid as well (step 2's optional costs)."""
        more = c.proto.keywords.get("additional_cost")
        if more is not None and left:
            left = (more.discard or 1) if left < 0 else left
            victims = more.victims(self, p, c)
            if victims:  # payable was checked: only an effect between could take them away
                self.ask(p, "pay", victims, f"pay {c.proto.id}'s additional cost",
                         then=(self.paid_additional, p, c, accelerate, where, item, free,
                               left))
                return
        energy, power, anyp = cost.total_cost(self, p, c, accelerate, free)
        self.modifiers.use(self, p, c.proto.type)  # a one-shot discount applied: it ends
        deflect = sum(cost.deflect(p, t) for t in item.chosen()) if item is not None else 0
        if deflect:
            self.log.append(("deflect", p.name, deflect))
        extra = anyp + deflect
        rep = c.proto.keywords.get("repeat") if item is not None else None
        if rep is None:
            self.then(self.play_paid, p, c, accelerate, where, item)
            cost.pay(self, p, energy, power, cost.power_domains(c), extra)
            return
        domains, budget = cost.power_domains(c), cost.available(self, p)
        most = 0
        while most < REPEATS_MAX and cost.can_pay(
                self, p, energy + (most + 1) * rep.energy, power + (most + 1) * rep.power,
                domains, extra, budget):
            most += 1
        self.ask(p, "repeat", list(range(most + 1)),
                 f"pay Repeat for {c.proto.id} how many times?",
                 then=(self.play_repeated, p, c, accelerate, where, item, energy, power, extra))

    @step
    def paid_additional(self, p: RiftPlayer, c: RiftCard, accelerate: bool,
                        where: Battlefield | str, item: RiftTrigger | None, free: bool,
                        left: int, victim: RiftCard) -> None:
        """One card of an additional cost paid: discarded to the trash, or a unit killed."""
        more = c.proto.keywords["additional_cost"]
        if more.kill is None:
            self.leave_pile(victim, victim.owner.trash, "discarded", p)
        else:
            self.kill([victim])
        self.log.append(("additional_cost", p.name, c.proto.id, victim.proto.id))
        self.play_finalize(p, c, accelerate, where, item, free, left - 1)

    @step
    def play_repeated(self, p: RiftPlayer, c: RiftCard, accelerate: bool,
                      where: Battlefield | str, item: RiftTrigger, energy: int, power: int,
                      extra: int, times: int) -> None:
        """Repeat paid ``times`` times as well: the spell's instructions run once more for
        each (``Trigger.times``)."""
        rep = c.proto.keywords["repeat"]
        item.times = 1 + times
        if times:
            self.log.append(("repeat", p.name, c.proto.id, times))
        self.then(self.play_paid, p, c, accelerate, where, item)
        cost.pay(self, p, energy + times * rep.energy, power + times * rep.power,
                 cost.power_domains(c), extra)

    @step
    def play_paid(self, p: RiftPlayer, c: RiftCard, accelerate: bool, where: Battlefield | str,
                  item: RiftTrigger | None) -> None:
        """Step 6, once the cost is paid: finalize."""
        entered: Any = c
        if item is not None:
            self.resolver.add(self, [item])
        else:
            zone = p.base if isinstance(where, str) or c.proto.type != "unit" else \
                where.units[p.index]
            entered = self.move(c, zone)
            entered.exhausted = c.proto.type == "unit" and not accelerate
        p.finalized += 1  # Legion counts the cards finalized this turn (rules notes 10)
        self.publish(Event("played", entered, p))
        self.fights.cleanup(self)
        self.resolver.settle(self)

    # -- the standard move (rules notes 3) -------------------------------------------------
    def move_options(self, p: RiftPlayer) -> list:
        """Exhaust ready units to move them together to one destination: base to a
        battlefield, a battlefield to base, battlefield to battlefield with Ganking; not a
        unit a static ability says can't move."""
        out: list = []
        forbidden = self.continuous.forbidden
        at_base = [c for c in p.base.cards if c.proto.is_unit and not c.exhausted and
                   not forbidden(self, "move", c)]
        for bf in self.battlefields:
            if any(z.cards for z in bf.units if z.player is not p) and \
                    sum(1 for z in bf.units if z.cards and z.player is not p) > 1:
                continue  # never into a battlefield holding units of two other players
            for c in at_base:
                out.append(("move", c, "to", bf))
            if len(at_base) > 1:
                out.append(("move", "all ready units at base", "to", bf))
        for bf in self.battlefields:
            ready = [c for c in bf.units[p.index].cards if c.proto.is_unit and not c.exhausted
                     and not forbidden(self, "move", c)]
            home = self.may_go_home(ready)
            if len(home) > 1:
                out.append(("move", f"all ready units at {bf.name}", "to", BASE))
            for c in ready:
                if c in home:
                    out.append(("move", c, "to", BASE))
                if c.has_keyword("ganking"):
                    out.extend(("move", c, "to", other) for other in self.battlefields
                               if other is not bf)
        return out

    def may_go_home(self, units: list[RiftCard]) -> list[RiftCard]:
        """Those of ``units`` a static ability doesn't forbid to move to base."""
        forbidden = self.continuous.forbidden
        return [c for c in units if not forbidden(self, "move_to_base", c)]

    def may_enter(self, bf: Battlefield, cards: list[RiftCard]) -> bool:
        """Whether an effect may move ``cards`` to ``bf`` (rules notes 3, 11): not where
        they all are already, and never into a battlefield holding units of two players
        other than theirs."""
        if all(c.zone is not None and c.zone.area is bf for c in cards):
            return False
        movers = {c.controller.index for c in cards}
        others = {z.player.index for z in bf.units if z.cards and z.player.index not in movers}
        return len(others) < 2

    def standard_move(self, p: RiftPlayer, choice: tuple) -> None:
        _, what, _, dest = choice
        if isinstance(what, str):  # "all ready units at <base or a battlefield's name>"
            src = p.base if what.endswith(" base") else next(
                bf.units[p.index] for bf in self.battlefields if what.endswith(" " + bf.name))
            forbidden = self.continuous.forbidden
            units = [c for c in src.cards if c.proto.is_unit and not c.exhausted
                     and not forbidden(self, "move", c)]
            if isinstance(dest, str):
                units = self.may_go_home(units)
        else:
            units = [what]
        zone = p.base if isinstance(dest, str) else dest.units[p.index]
        with self.together():
            for c in units:
                c.exhausted = True
                self.move(c, zone)
        self.log.append(("move", p.name, len(units), zone.label()))
        if not isinstance(dest, str) and dest.controller is not p and dest.contested_by is None:
            dest.contested_by = p  # rules notes 1: Contested is applied by the mover
        self.fights.cleanup(self)
        self.resolver.settle(self)

    # -- leaving the board ------------------------------------------------------------------
    def kill(self, cards: list[RiftCard]) -> None:
        """The units die together: to their owners' trash (a token ceases to exist); each
        one's Deathknell triggers (rules notes 10). One whose death a replacement effect
        replaces stays where it is (rules notes 5.3)."""
        with self.together():
            for c in cards:
                if c.zone is None or self.replacements.replaced(self, "dies", c):
                    continue
                self.move(c, c.owner.trash)
                self.publish(Event("died", c, c.controller, c.last_zone.area))
                self.log.append(("dies", c.proto.id, c.controller.name))

    def recall(self, card: RiftCard) -> None:
        """To its controller's base: not a move; it keeps its damage and status (rules
        notes 3)."""
        if card.zone is not None:
            self.move(card, card.controller.base, publish=False)

    def heal_all(self) -> None:
        """Every unit heals (rules notes 10, Healing: the expiration step and the combat
        cleanup)."""
        self.heal(self.all_units())

    def heal(self, units: list[RiftCard]) -> None:
        """The units heal (rules notes 10, Healing): their damage is removed; each that had
        some triggers "When I heal"."""
        healed = []
        for c in units:
            if c.damage:
                c.damage = 0
                healed.append(c)
        for c in healed:
            self.publish(Event("healed", c, c.controller))

    def finish(self, winner: RiftPlayer | None, how: str) -> None:
        self.winner = winner
        self.over = True
        self.log.append(("game_over", winner.name if winner else "draw", how))
