"""Total costs and their payment (rules notes 2, "Total cost" and "Add abilities"; Core Rules
356): what a card costs in the rules' order, and its player choosing which runes pay it;
functions of the game, which :mod:`.play` calls. Kept apart from :mod:`.play`
(timing, playing, moving) because every way of paying (cards, abilities, Hide) goes
through it.

A basic rune has two Reaction Add abilities (rules notes 2): "[E]: Add 1 Energy" and
"Recycle this: Add 1 Power of its domain"; they resolve at once, without the chain, while a
cost is paid. Energy in the rune pool is spent first (notes 2: "mana must be Added before
spending"; pool mana is lost at expiration, a rune is not), then the player chooses, one
rune (or Reaction Add ability of a unit or gear) at a time, what gives each energy still
owed and each power. A choice is asked only where it matters: runes of one domain are one
option; recycling a ready rune while an exhausted one of the same domain could pay is not
offered (it would only throw away an energy); which rune is exhausted for energy is asked
only when the same payment also recycles (exhausting the rune that is then recycled keeps
another ready) or an Add ability could pay instead: otherwise every choice leaves the same
energy and power for later (a rune exhausted for energy can still be recycled).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias, cast

from ...loadable import step
from ...resolve import Trigger
from .card import DOMAINS
from .effects import AddEnergy, AddPower

if TYPE_CHECKING:
    from ...compiler import AbilityProgram
    from .play import Playing
    from .state import RiftCard, RiftPlayer
    from .triggers import Activate

#: the decision kind of a payment choice
PAY = "pay"
#: what a player could pay now (:func:`available`): energy, and power by domain
Budget: TypeAlias = tuple[int, dict[str, int]]
#: a cost change, or a cost: (energy, power of the card's domains, power of any domain)
Change: TypeAlias = tuple[int, int, int]
Cost: TypeAlias = Change
#: no change
NONE: Change = (0, 0, 0)
#: the cost increases and discounts by card type (:func:`cost_mods`)
CostMods: TypeAlias = tuple[dict[str, Change], dict[str, Change]]


def power_domains(card: RiftCard) -> tuple[str, ...]:
    """The domains whose power pays its power cost: its own; any, if it has none or two
    (rules notes 2: [C] is [A] for a domainless or multi-domain card)."""
    d = card.proto.domains
    return d if len(d) == 1 else DOMAINS


def ability_power_domains(g: Playing, card: RiftCard, trigger: Activate) -> tuple[str, ...]:
    """The domains whose power pays an activated ability's power cost (rules notes 2:
    a domain symbol; [A] any; [C], unset, the card's own as for its cost)."""
    d = trigger.domain
    if d is None:
        return power_domains(card)
    return DOMAINS if d == "any" else (d,)


def cost_mods(g: Playing, p: RiftPlayer) -> CostMods:
    """The cost increases and discounts on ``p``'s cards now, by card type, as (energy,
    power, power of any domain): ``cost_more`` of an opponent's units, gear and legend,
    ``cost_less`` of ``p``'s own (both static while the card is on the board, its legend
    zone included, not blanked, and while their condition holds; a card's several add
    up)."""
    more: dict[str, Change] = {}
    less: dict[str, Change] = {}
    for z in (*g.board_zones(), *(q.legend for q in g.players)):
        for c in z.cards:
            if not c.proto.cost_mod or c.blank:
                continue
            for kw in c.proto.cost_changes:
                if kw.cards == "this" or (kw.sign < 0) != (c.controller is p) or \
                        kw.condition is not None and not kw.applies(g, c, c.controller):
                    continue
                into = less if kw.sign < 0 else more
                e, pw, a = into.get(kw.cards, NONE)
                into[kw.cards] = (e + kw.amount, pw + kw.power, a + kw.any_power)
    return more, less


def summed(mods: dict[str, Change], kinds: tuple[str, ...]) -> Change:
    """The changes of ``mods`` (:func:`cost_mods`' increases or discounts) on these kinds,
    added up."""
    e = pw = a = 0
    for k in kinds:
        if k in mods:
            e, pw, a = e + mods[k][0], pw + mods[k][1], a + mods[k][2]
    return e, pw, a


def changed(energy: int, power: int, up: Change, down: Change) -> Cost:
    """A cost (energy, power of its own domains) after ``up`` and ``down`` (356 steps 3
    and 4: increases, then discounts, never below 0): an [A] increase is owed as power of
    any domain; an [A] discount takes off own-domain power first, then that."""
    energy = max(energy + up[0] - down[0], 0)
    power = max(power + up[1] - down[1], 0)
    anyp = up[2]
    if down[2]:
        take = min(power, down[2])
        power, anyp = power - take, max(anyp - (down[2] - take), 0)
    return energy, power, anyp


def total_cost(g: Playing, p: RiftPlayer, card: RiftCard, accelerate: bool = False,
               free: bool = False, mods: CostMods | None = None) -> Cost:
    """Total cost (356; rules notes 2), in the rules' order: 1. the base cost (ignored,
    ``free``, for a Hidden card played from its facedown zone: "ignoring its cost");
    2. additional costs (Accelerate's [1] and 1 power; Deflect's is added when the target
    is known, :meth:`deflect`); 3. increases (``cost_more``); 4. discounts
    (``cost_less``, and a one-shot ``next_costs_less``); never below 0. Each changes
    energy, power of the card's own domain and power of any domain ([A]); the board's
    changes of a card type and the card's own (``cards: this``, while its condition holds
    for ``p``) add up. Increases before discounts matters at the floor: a discount larger
    than the cost can't also swallow a later increase. A discount with a minimum applies
    after the others, its minimum only to itself (rules notes 2, 356 step 4: "a minimum
    applies only to its own discount"). Returns (energy, power of the card's domains,
    power of any domain)."""
    energy, power = (0, 0) if free else (card.proto.cost or 0, card.proto.power)
    if accelerate:
        energy, power = energy + 1, power + 1
    more, less = mods if mods is not None else cost_mods(g, p)
    own = card.proto.own_cost
    if g.modifiers.waiting:  # a one-shot discount on the next card (next_costs_less)
        e, pw = g.modifiers.discount(g, p, card.proto.type)
        energy, power = energy - e, power - pw
    if not (more or less or own):
        return max(energy, 0), max(power, 0), 0
    kinds = (card.proto.type, "any")
    up, down = list(summed(more, kinds)), list(summed(less, kinds))
    floors = []  # discounts with a minimum: each after the others, on its own (356.4)
    for kw in own:
        if kw.applies(g, card, p):
            if kw.minimum is not None:
                floors.append(kw)
                continue
            sums = up if kw.sign > 0 else down
            sums[0] += kw.amount
            sums[1] += kw.power
            sums[2] += kw.any_power
    energy, power, anyp = changed(energy, power, (up[0], up[1], up[2]),
                                  (down[0], down[1], down[2]))
    for kw in floors:  # "to a minimum of [N]": never below N, nor raising a lower cost
        energy = max(energy - kw.amount, min(energy, kw.minimum))
        energy, power, anyp = changed(energy, power, NONE, (0, kw.power, kw.any_power))
    return energy, power, anyp


def deflect(p: RiftPlayer, target: Any) -> int:
    """Deflect X (rules notes 10): an opponent's spell that chooses this unit costs X
    more power of any domain (mandatory: an additional cost, step 2 of 356); a printed and
    a given Deflect add up."""
    if not hasattr(target, "proto") or target.controller is p:
        return 0
    return sum(kw.amount for kw in target.keywords_named("deflect"))  # instances sum


# -- Add abilities of units and gear -----------------------------------------------------
def add_sources(g: Playing, p: RiftPlayer,
                without: RiftCard | None = None) -> list[tuple[RiftCard, AbilityProgram]]:
    """``p``'s Reaction Add abilities usable while paying (rules notes 2: "Reaction Add
    abilities are usable whenever a cost is being paid"): ``(card, ability)`` of a ready
    unit, gear or legend whose ability costs only exhausting it (one per card: exhausting it
    spends it). ``without``: a card whose other cost exhausts it."""
    out: list[tuple[RiftCard, AbilityProgram]] = []
    for z in (p.base, *(bf.units[p.index] for bf in g.battlefields), p.legend):
        for c in z.cards:
            if not c.proto.adds or c.exhausted or c.blank or c is without:
                continue
            acts = c.proto.program.activated
            for i in c.proto.adds:
                t = acts[i].trigger
                if t.timing == "reaction" and t.exhaust and not t.energy \
                        and not t.power and not (acts[i].once and g.used_up(c, acts[i])):
                    out.append((c, acts[i]))
                    break
    return out


def is_add(card: RiftCard, ability: AbilityProgram) -> bool:
    """Whether ``ability`` of ``card`` is an Add ability (resolves at once, no chain)."""
    acts = card.proto.program.activated
    return any(acts[i] is ability for i in card.proto.adds)


@step

def run_add(g: Playing, p: RiftPlayer, card: RiftCard, ability: AbilityProgram) -> None:
    """An Add ability resolves at once: no chain, no priority or focus passes (rules
    notes 2); its log line names the ability, as a resolution's does."""
    g.log.append(("add", p.name, card.proto.id, ability.name))
    g.use_once(card, ability)
    ability.effect.run(g, Trigger(ability, card, p))


# -- what can be paid --------------------------------------------------------------------
def available(g: Playing, p: RiftPlayer, without: RiftCard | None = None) -> Budget:
    """What ``p`` could pay now: energy (the pool and every ready rune) and power by
    domain (the pool and every rune, ready or not: a rune exhausted for energy can still
    be recycled for power), and what their Reaction Add abilities would add (but
    ``without``'s)."""
    energy = p.energy
    power = {d: p.power_of(d) for d in DOMAINS}
    for r in p.runes.cards:
        if not r.exhausted:
            energy += 1
        power[r.proto.domains[0]] += 1
    for _, ab in add_sources(g, p, without):
        eff = ab.effect
        if isinstance(eff, AddEnergy):
            energy += eff.amount
        else:  # an Add ability's effect adds energy or power (RiftCardDef.adds)
            add = cast(AddPower, eff)
            power[add.domain] += add.amount
    return energy, power


def can_pay(g: Playing, p: RiftPlayer, energy: int, power: int, domains: tuple[str, ...],
            extra: int = 0, budget: Budget | None = None) -> bool:
    """Whether ``p`` can pay ``energy``, ``power`` of ``domains`` and ``extra`` power of
    any domain (Deflect's, an [A] increase's), from ``budget`` (:func:`available`)."""
    have_energy, have_power = budget or available(g, p)
    if have_energy < energy:
        return False
    if power and sum(have_power[d] for d in domains) < power:
        return False
    return not extra or sum(have_power.values()) >= power + extra


# -- paying ------------------------------------------------------------------------------
def pay(g: Playing, p: RiftPlayer, energy: int, power: int, domains: tuple[str, ...],
        extra: int = 0) -> None:
    """Pay ``energy``, ``power`` of ``domains`` and ``extra`` power of any domain: the
    rune pool first, then the runes the player chooses (:meth:`pay_runes`, scheduled
    next: the caller's later steps wait for it)."""
    take = min(p.energy, energy)
    p.energy -= take
    energy -= take
    for d in domains:
        if power and p.power_of(d):
            take = min(p.power_of(d), power)
            p.add_power(d, -take)
            power -= take
    for d in DOMAINS:
        if extra and p.power_of(d):
            take = min(p.power_of(d), extra)
            p.add_power(d, -take)
            extra -= take
    if energy or power or extra:
        g.then(pay_runes, g, p, energy, power, tuple(domains), extra)


@step

def pay_runes(g: Playing, p: RiftPlayer, energy: int, power: int, domains: tuple,
              extra: int) -> None:
    """One step of paying with runes: exhaust one for energy while energy is owed, then
    recycle one for power of ``domains``, then for the ``extra`` power of any domain.
    The player chooses among runes that differ; otherwise the engine takes them."""
    if energy:
        runes = [r for r in p.runes.cards if not r.exhausted]
    else:
        want = domains if power else DOMAINS
        runes = [r for r in p.runes.cards if r.proto.domains[0] in want]
    sources = [c for c, ab in add_sources(g, p)
               if adds_what_is_owed(ab, energy, power, domains)]
    if not runes and not sources:
        return  # can_pay was checked: only an effect between could take runes away
    options: list = []
    kinds: set = set()
    for r in sorted(runes, key=lambda r: not r.exhausted):  # exhausted ones first
        d = r.proto.domains[0]
        if d in kinds:
            continue  # like one offered; or a ready one where an exhausted one pays
        kinds.add(d)
        options.append(r)
    options.extend(sources)
    need = energy or power or extra
    if len(options) == 1 or need >= len(runes) + len(sources) or \
            (energy and not power and not extra and not sources):
        # which rune gives energy matters only if this payment recycles one too (the
        # same rune can do both); otherwise each leaves as much to pay later with
        rune_paid(g, p, energy, power, domains, extra, options[0])
        return
    what = "exhaust for energy" if energy else "recycle for power"
    g.ask(p, PAY, options, f"which rune do you {what} (or which Add ability do you "
             f"use)? ({need} to pay)",
             then=(rune_paid, g, p, energy, power, domains, extra))


def adds_what_is_owed(ability: AbilityProgram, energy: int, power: int, domains: tuple) -> bool:
    eff = ability.effect
    if energy:
        return isinstance(eff, AddEnergy)
    return not isinstance(eff, AddEnergy) and \
        (not power or cast(AddPower, eff).domain in domains)


@step

def rune_paid(g: Playing, p: RiftPlayer, energy: int, power: int, domains: tuple, extra: int,
              rune: RiftCard) -> None:
    """Use ``rune``'s Add ability (or a unit's or gear's chosen instead) and spend what
    it adds at once."""
    if rune.proto.type != "rune":
        ab = next(ab for c, ab in add_sources(g, p) if c is rune
                  and adds_what_is_owed(ab, energy, power, domains))
        rune.exhausted = True
        run_add(g, p, rune, ab)
        pay(g, p, energy, power, domains, extra)  # from the pool it just filled
        return
    if energy:
        rune.exhausted = True  # [E]: Add 1 energy
        energy -= 1
        g.log.append(("pay", p.name, "exhaust", rune.proto.id))
    else:
        g.move(rune, p.rune_deck, top=False)  # recycle: Add 1 power of its domain
        if power:
            power -= 1
        else:
            extra -= 1
        g.log.append(("pay", p.name, "recycle", rune.proto.id))
    if energy or power or extra:
        g.then(pay_runes, g, p, energy, power, domains, extra)
