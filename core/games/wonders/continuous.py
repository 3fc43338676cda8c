"""Continuous effects (rule 508.1): static abilities that are on while their card is in The
World (and their ``while`` condition holds, if any), with no trigger.

A static ability's handler sits on the bus under the event ``static`` while its card is in
The World (:class:`~cardscript.games.wonders.triggers.Static`), so the game finds every static
ability in play without looking at any other card, in the order their cards entered The World
(their timestamps: a card's object number grows with each zone it enters). Two kinds of
continuous effect:

- ``cant``: a prohibition, read where the action happens ("can't" overwrites "can" and
  "may", 508.1): an effect that would untap or nullify a card does nothing to it, and is not
  done (508.4); what players do to a card (tap it, gain control of it, put counters on it)
  may be forbidden to everyone or to the opponents of the effect's controller (505.1's
  Whisperleaf Cloak), and a control that can't be had wins over control effects (505.1).
- ``is_stone``: the cards are stones their controller controls, counted by
  :meth:`Continuous.stone_cards` wherever stones are counted.
- ``grant``: abilities and keywords a card gets while the effect covers it (an equipment's
  "Equipped Wonder gets ..."): they are the card's own while given (they trigger for it,
  nullifying it stops them), and it loses them as soon as the effect stops covering it; they
  are not printed, so a copy does not copy them (507). Applied with the characteristics.
- ``power_bonus``: +N or -N power for the cards it covers (the core's stat bonus,
  :class:`cardscript.continuous.StatBonus`), applied after the characteristics.
- ``characteristics``: classes added and a base power set for the cards it covers, applied
  by :meth:`Continuous.refresh` when something it depends on may have changed (a card
  entering or leaving a zone, nullify, stun, after each resolution); never per decision. Where
  two contradict (two base powers), the most recent wins, and only that part is overwritten:
  classes add up (the Soldier/Vampire example of 508.1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Self, Union, cast

from pydantic import Field, model_validator

from ...bus import Handler
from ...continuous import Continuous as CoreContinuous
from ...continuous import EquippedRef, equipped_covers, in_static, prohibition, stat_bonus
from ...limits import STAT_MAX
from ...refs import AllRef, ThisRef
from ...registry import Params, Vocabulary
from ...resolve import Trigger
from ...section import section
from .effects import PlayAsThoughInHand
from .zones import HAND, WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...bus import Handler
    from ...compiler import Compiler
    from ...model.names import Ability, CardRef, Keyword
    from .primitives import Primitives
    from .rules import WondersGame
    from .state import WondersCard, WondersPlayer, WondersTrigger

vocab = Vocabulary("wonders")

#: what a ``cant`` effect can forbid, and where the game checks it: what the card does
#: (untap, be nullified), then what players do to it (tap it, gain control of it, put
#: counters on it), which ``by`` may forbid to opponents only
CARD_ACTIONS = ("untap", "be_nullified")
PLAYER_ACTIONS = ("tap", "control", "put_counters_on")
CANT_ACTIONS = CARD_ACTIONS + PLAYER_ACTIONS


#: an equipment's continuous effects name its Wonder (rulebook, Equip: "equipped Wonder")
covers = equipped_covers(frozenset({"item"}), "'equipped' is the Wonder an equipment is "
                         "equipped to: only an item of the Equipment class has one; this "
                         "card is a {kind}")


class _Continuous:
    """A continuous effect: only in a static ability, where the game reads it; it never runs."""

    __slots__ = ("card",)
    continuous = True
    card: EquippedRef | AllRef | ThisRef

    def __init__(self, p: CharacteristicsParams | GrantParams | IsStoneParams,
                 c: Compiler) -> None:
        in_static(c, type(self).entry_name)  # type: ignore[attr-defined]
        self.card = covers(c, p.card)

    def run(self, g: WondersGame,  # pragma: no cover - compiled only inside static abilities
            ctx: WondersTrigger) -> None:
        raise AssertionError("a continuous effect is read by the game, never run")

    def covers(self, g: Primitives, ctx: WondersTrigger, card: WondersCard) -> bool:
        """Does the effect of this static ability (``ctx``) apply to ``card``?"""
        ref = self.card
        if isinstance(ref, EquippedRef):
            return ctx.source.equipped_to is card
        if isinstance(ref, ThisRef):
            return card is ctx.source
        return card.zone is not None and card.zone.kind == WORLD and \
            ref.selector.matches(card, ctx.controller, ctx.source, ctx.area)

    def covered(self, g: Primitives, ctx: WondersTrigger) -> list[WondersCard]:
        """Every card the effect applies to now (its selection is not an effect step)."""
        ref = self.card
        if isinstance(ref, EquippedRef | ThisRef):
            return cast("list[WondersCard]", ref.cards(g, ctx))
        return [c for c in ref.selector.candidates(g, ctx)
                if c.zone is not None and c.zone.kind == WORLD]


#: a continuous effect's cards: a card reference, or the equipped Wonder
Covered = Union[Literal["equipped"], "CardRef"]


prohibition(vocab, "cant", CARD_ACTIONS, PLAYER_ACTIONS, card=Covered, covers=covers,
            cards="'this', 'equipped' (an equipment's Wonder), or {all: selector}.", text=(
    "{% set acts = (action if action is not string else [action]) | map('replace', '_', ' ') "
    "| list %}{% set said = acts | join(' or ') if acts | length < 3 else "
    "acts[:-1] | join(', ') ~ ' or ' ~ acts[-1] %}"
    "{% if acts[0] in ('untap', 'be nullified') %}"
    "{{ card | covered | does(\"can't\", plural=true) }} {{ said }}"
    "{% else %}{{ 'opponents' if by == 'opponents' else 'players' }} can't {{ said }} "
    "{{ card | covered }}{% endif %}"), doc="""The cards can't untap, or can't be nullified:
    effects that would do it don't, whatever they say ("can't" overwrites "can" and "may",
    rule 508.1). Or players (``by``: all, or the opponents of the effect's controller, rule
    505.2) can't tap them, gain control of them or put counters on them: effects and costs
    that would do it don't, and a control that can't be had wins over control effects, a
    "this round" control ending included (rule 505.1).""")


class CharacteristicsParams(Params):
    card: "CardRef" = Field("this", description="'this', or {all: selector}.")
    classes: list[str] = Field(default_factory=list, description="Classes they have too.")
    base_power: Optional[int] = Field(None, ge=-STAT_MAX, le=STAT_MAX,
                                      description="Their base power.")


@vocab.effect("characteristics", CharacteristicsParams, text=(
    "{% if classes %}{{ card | does('be') | replace(' be', ' are') }} "
    "{% if card | is_mass %}{{ classes | join(' ') }}s{% else %}a {{ classes | join(' ') }}"
    "{% endif %}"
    "{% if base_power is not none %} with{% endif %}"
    "{% else %}{{ card | does('have') }}{% endif %}"
    "{% if base_power is not none %} base power {{ base_power }}{% endif %}"))
class Characteristics(_Continuous):
    """The cards have these classes too and this base power; a later one overwrites an earlier
    one's base power only (rule 508.1)."""

    __slots__ = ("classes", "base_power")

    def __init__(self, p: CharacteristicsParams, c: Compiler) -> None:
        super().__init__(p, c)
        if not p.classes and p.base_power is None:
            raise c.error("characteristics needs classes, a base_power, or both")
        self.classes = tuple(p.classes)
        self.base_power = p.base_power


class IsStoneParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = Field("this", description="'this', or {all: selector}.")


@vocab.effect("is_stone", IsStoneParams, text="{{ card | does('be') | replace(' be', ' are') }}"
              " {{ 'stones' if card | is_mass else 'a stone' }}")
class IsStone(_Continuous):
    """The cards are stones their controller controls (rulebook, Stone; rule 403.5's Formless
    Stones): each counts as one stone wherever stones are counted (the victory check of 405,
    the energy of 403.1, hoard, the ``stones`` condition), while the card with this ability is
    in The World and not blank. A card in a realm's centre is no one's stone (505.1). It is
    not one of a realm's stones: a battle can't seize it (404.3.2 step 5)."""

    __slots__ = ()


class GrantParams(Params):
    card: Covered = Field("equipped", description="'equipped' (an equipment's Wonder), "
                          "'this', or {all: selector}.")
    abilities: "list[Ability]" = Field(default_factory=list, description="Triggered "
                                       "abilities they get.")
    keywords: "list[Keyword]" = Field(default_factory=list, description="Keywords they get.")

    @model_validator(mode="after")
    def _something(self) -> Self:
        if not self.abilities and not self.keywords:
            raise ValueError("grant needs abilities, keywords, or both")
        return self


@vocab.effect("grant", GrantParams, text=(
    "{{ card | covered | does('get') }} {{ abilities | granted | join(' and ') }}"))
class Grant(_Continuous):
    """The cards get these abilities and keywords while the effect covers them (508.1): an
    equipment's "Equipped Wonder gets "On Battle ..."". A given ability is the card's own:
    it triggers for it, its "this" is that card, and nullifying the card stops it; it is not
    printed, so copies don't copy it (507). Only abilities that work from The World through
    the game's handlers (On Battle, "whenever", ...) can be given yet."""

    __slots__ = ("abilities", "keywords")

    def __init__(self, p: GrantParams, c: Compiler) -> None:
        super().__init__(p, c)
        at = c.at  # errors point at the given ability or keyword, inside the static one
        given, where = [], []
        for i, model in enumerate(p.abilities):
            c.at = where_at = (*at, "effect", "grant", "abilities", i)
            given.append(c.ability(i, model))
            where.append(where_at)
        names = []
        for i, kw in enumerate(p.keywords):
            c.at = where_at = (*at, "effect", "grant", "keywords", i)
            name, impl, abilities = c.keyword(kw, len(given))
            if not getattr(impl, "giveable", True):
                raise c.error(f"keyword '{name}' can't be given to another card yet: the "
                              "game reads it from the printed card only")
            names.append((name, impl))
            given += abilities
            where += [where_at] * len(abilities)
        for ab, where_at in zip(given, where, strict=True):
            c.at = where_at
            t = ab.trigger
            if t.scope != WORLD or t.event == "static" or getattr(t, "time", None) or \
                    getattr(t, "gated", False):
                what = f"keyword '{ab.keyword}'" if ab.keyword else f"'{ab.name}'"
                raise c.error(f"{what} can't be given to another card yet: only triggered "
                              "abilities that work from The World (on_battle, whenever, "
                              "on_round_start, ...) without a count, hoard or kingdom can")
        c.at = at
        self.abilities = tuple(given)
        self.keywords = tuple(names)


stat_bonus(vocab, "power_bonus", "power",
           "{{ card | covered | does('get') }} {{ amount | signed }} power", card=Covered,
           covers=covers, cards="'this', 'equipped' (an equipment's Wonder), or "
           "{all: selector}.", types=frozenset({"wonder"}), doc="""The Wonders
    it covers get +N (or -N) power while it is in force (rule 508.1): "other Wonders you
    control get +1 power"; added after the base power characteristics set (the core's
    arithmetic layer), so a Wonder's power is its base, then its bonuses and counters.""")


def _context(h: Handler) -> Trigger:
    card = h.card
    return Trigger(h.ability, card, card.controller)


def _on(g: Primitives, h: Handler, ctx: WondersTrigger) -> bool:
    cond = h.ability.trigger.condition
    return cond is None or cond.test(g, ctx)


@section
class Continuous(CoreContinuous):
    """Rule 508.1, the static abilities in play, read where they matter: ``static_cards``
    are the cards characteristics effects changed at the last refresh, ``granted_cards``
    those grant effects gave abilities or keywords (each undone at the next); the power
    bonuses are the core's arithmetic layer."""

    __slots__ = ("static_cards", "granted_cards")

    def __init__(self, g: Primitives) -> None:
        super().__init__(g)
        self.static_cards: list[WondersCard] = []
        self.granted_cards: list[WondersCard] = []

    def applied(self) -> bool:
        return bool(self.static_cards or self.granted_cards)

    def refresh(self, g: Primitives) -> None:  # type: ignore[override]
        super().refresh(g)
        g.power_dirty = True  # a Wonder below 0 power dies at the state check

    def layers(self, g: Primitives, on: list) -> None:  # type: ignore[override]
        """Rule 508.1's layers before the power bonuses: the characteristics and grant
        effects in force, oldest first, to the cards they cover now; undone on the cards
        they covered before. A base power set by a stun after the static ability's card
        entered wins over it (the more recent)."""
        for c in self.static_cards:
            c.classes = c.proto.classes
            c.static_base = None
        touched: list = []
        given: dict[int, tuple] = {}  # card id -> (card, abilities, keywords)
        for h, ctx in on:
            eff = h.ability.effect
            if type(eff) is Grant:
                for c in eff.covered(g, ctx):
                    _, abilities, keywords = given.get(id(c), (c, (), ()))
                    given[id(c)] = (c, abilities + eff.abilities, keywords + eff.keywords)
                continue
            if type(eff) is not Characteristics:
                continue
            for c in eff.covered(g, ctx):
                if eff.classes:
                    c.classes = c.classes + tuple(x for x in eff.classes
                                                  if x not in c.classes)
                if eff.base_power is not None and c.proto.is_wonder and \
                        h.card.oid >= c.stunned:
                    c.static_base = eff.base_power
                touched.append(c)
        self.static_cards = touched
        if given or self.granted_cards:
            for c in self.granted_cards:
                if id(c) not in given:
                    _give(g, c, (), ())
            for c, abilities, keywords in given.values():
                _give(g, c, abilities, keywords)
            self.granted_cards = [c for c, _, _ in given.values()]

    def plays(self, g: Primitives, p: WondersPlayer, has_action: bool) -> list:
        """Rule 404.2: the cards static abilities of ``p``'s let ``p`` play as though in hand
        (Eye of the Maelstrom: the top card of their deck), each offered as a use of the turn
        as a card in hand is: an action (none if attuned), its cost with a link's reduction,
        and a core card only with its orbital's link. Only the cards the ability names are
        looked at (the top of a deck, not the rest)."""
        plays: list = []
        for h in g.bus.handlers.get("static", ()):
            eff = h.ability.effect
            if type(eff) is not PlayAsThoughInHand or h.card.blank or \
                    h.card.controller is not p:
                continue
            ctx = _context(h)
            if not _on(g, h, ctx):
                continue
            for c in cast(AllRef, eff.card).selector.candidates(g, ctx):
                if c.zone.kind != HAND and all(c is not x for x in plays) and \
                        eff.playable(g, p, c) and \
                        (has_action or "attuned" in c.proto.keywords):
                    plays.append(c)
        return plays

    def stone_cards(self, g: Primitives, player: WondersPlayer) -> int:
        """How many cards that are stones ``player`` controls (:class:`IsStone`): none unless
        a static ability in play says so, and none whose ability is blank (403.5: nullified
        Formless Stones "will not be stones, since their ability text is blank")."""
        hs = g.bus.handlers.get("static")
        if not hs:
            return 0
        stones: set[int] = set()
        for h in hs:
            eff = h.ability.effect
            if type(eff) is not IsStone or h.card.blank:
                continue
            ctx = _context(h)
            if not _on(g, h, ctx):
                continue
            for c in eff.covered(g, ctx):
                if c.zone is not None and c.zone.player is player:
                    stones.add(c.oid)
        return len(stones)


def _give(g: Primitives, card: WondersCard, abilities: tuple, keywords: tuple) -> None:
    """``card`` has these given abilities and keywords now (the keywords in the core's
    ``Card.given``, read by ``has_keyword``): the handlers of those it no
    longer has leave the bus, those of the new ones join it (as its own handlers, so they
    leave with it when it leaves The World)."""
    if card.grants == abilities and card.given == keywords:
        return
    bus = g.bus.handlers
    if card.grants:
        old = {id(a) for a in card.grants}
        keep = []
        for h in card.handlers:  # none left if it left The World: the core took them
            if id(h.ability) in old:
                bus[h.ability.trigger.event].remove(h)
            else:
                keep.append(h)
        card.handlers = keep
    if abilities:
        new = [Handler(card, a) for a in abilities]
        for h in new:
            bus.setdefault(h.ability.trigger.event, []).append(h)
        card.handlers = [*card.handlers, *new]
    card.grants = abilities
    card.given = keywords


__all__ = ["vocab", "Continuous", "CANT_ACTIONS", "IsStone"]
