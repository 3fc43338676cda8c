"""Continuous effects (rule 508.1): static abilities that are on while their card is in The
World (and their ``while`` condition holds, if any), with no trigger.

A static ability's handler sits on the bus under the event ``static`` while its card is in
The World (:class:`~cardscript.games.wonders.triggers.Static`), so the game finds every static
ability in play without looking at any other card, in the order their cards entered The World
(their timestamps: a card's object number grows with each zone it enters). Two kinds of
continuous effect:

- ``cant``: a prohibition, read where the action happens ("can't" overwrites "can" and
  "may", 508.1): an effect that would untap or nullify a card does nothing to it, and is not
  done (508.4).
- ``is_stone``: the cards are stones their controller controls, counted by
  :meth:`Continuous.stone_cards` wherever stones are counted.
- ``characteristics``: classes added and a base power set for the cards it covers, applied
  by :meth:`Continuous.refresh_statics` when something it depends on may have changed (a card
  entering or leaving a zone, nullify, stun, after each resolution); never per decision. Where
  two contradict (two base powers), the most recent wins, and only that part is overwritten:
  classes add up (the Soldier/Vampire example of 508.1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, cast

from pydantic import Field

from ...limits import STAT_MAX
from ...refs import AllRef, ThisRef
from ...registry import Params, Vocabulary
from ...resolve import Trigger
from .effects import PlayAsThoughInHand
from .zones import HAND, WORLD

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...model.names import CardRef
    from .mixin_base import MixinBase
else:
    MixinBase = object

vocab = Vocabulary("wonders")

#: what a ``cant`` effect can forbid, and where the game checks it
CANT_ACTIONS = ("untap", "be_nullified")


class _Continuous:
    """A continuous effect: only in a static ability, where the game reads it; it never runs."""

    __slots__ = ("card",)
    continuous = True

    def __init__(self, p, c):
        if getattr(c.ability_trigger, "entry_name", None) != "static":
            raise c.error(f"'{type(self).entry_name}' is a continuous effect: it belongs "  # type: ignore[attr-defined]
                          "alone in a static ability (trigger: static), rule 508.1")
        self.card = c.card_ref(p.card)
        if not isinstance(self.card, AllRef | ThisRef):
            raise c.error("a continuous effect applies to 'this' or to {all: ...} cards; "
                          f"found '{p.card}'")

    def run(self, g, ctx):  # pragma: no cover - compiled only inside static abilities
        raise AssertionError("a continuous effect is read by the game, never run")

    def covers(self, g, ctx, card) -> bool:
        """Does the effect of this static ability (``ctx``) apply to ``card``?"""
        ref = self.card
        if isinstance(ref, ThisRef):
            return card is ctx.source
        return card.zone is not None and card.zone.kind == WORLD and \
            ref.selector.matches(card, ctx.controller, ctx.source, ctx.area)

    def covered(self, g, ctx) -> list:
        """Every card the effect applies to now (its selection is not an effect step)."""
        ref = self.card
        if isinstance(ref, ThisRef):
            return ref.cards(g, ctx)
        return [c for c in ref.selector.candidates(g, ctx)
                if c.zone is not None and c.zone.kind == WORLD]


class CantParams(Params):
    action: Literal["untap", "be_nullified"] = Field(description="What they can't do.")
    card: "CardRef" = Field("this", description="'this', or {all: selector}.")


@vocab.effect("cant", CantParams, text="{{ card | does(\"can't\", plural=true) }} "
              "{{ action | replace('_', ' ') }}")
class Cant(_Continuous):
    """The cards can't untap, or can't be nullified: effects that would do it don't, whatever
    they say ("can't" overwrites "can" and "may", rule 508.1)."""

    __slots__ = ("action",)

    def __init__(self, p, c):
        super().__init__(p, c)
        self.action = p.action


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

    def __init__(self, p, c):
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


def _context(h) -> Trigger:
    card = h.card
    return Trigger(h.ability, card, card.controller)


def _on(g, h, ctx) -> bool:
    cond = h.ability.trigger.condition
    return cond is None or cond.test(g, ctx)


class Continuous(MixinBase):
    """Mixin of :class:`~cardscript.games.wonders.rules.WondersGame`: the static abilities in
    play, read where they matter."""

    def forbidden(self, action: str, card) -> bool:
        """Rule 508.1: can ``card`` not do ``action`` (``CANT_ACTIONS``)? A static ability in
        play that says so (its card not nullified, its condition holding) forbids it."""
        hs = self.bus.handlers.get("static")
        if not hs:
            return False
        for h in hs:
            eff = h.ability.effect
            if h.card.blank or type(eff) is not Cant or eff.action != action:
                continue
            ctx = _context(h)
            if eff.covers(self, ctx, card) and _on(self, h, ctx):
                return True
        return False

    def refresh_statics(self) -> None:
        """Apply the characteristics effects of the static abilities in play, oldest first,
        to the cards they cover now; undo them on the cards they covered before. A base power
        set by a stun after the static ability's card entered wins over it (the more recent)."""
        hs = self.bus.handlers.get("static")
        for c in self.static_cards:
            c.classes = c.proto.classes
            c.static_base = None
        touched: list = []
        if hs:
            setters = sorted((h for h in hs if not h.card.blank
                              and type(h.ability.effect) is Characteristics),
                             key=lambda h: h.card.oid)
            for h in setters:
                ctx = _context(h)
                if not _on(self, h, ctx):
                    continue
                eff = cast(Characteristics, h.ability.effect)
                for c in eff.covered(self, ctx):
                    if eff.classes:
                        c.classes = c.classes + tuple(x for x in eff.classes
                                                      if x not in c.classes)
                    if eff.base_power is not None and c.proto.is_wonder and \
                            h.card.oid >= c.stunned:
                        c.static_base = eff.base_power
                    touched.append(c)
        self.static_cards = touched
        self.power_dirty = True

    def static_plays(self, p, has_action: bool) -> list:
        """Rule 404.2: the cards static abilities of ``p``'s let ``p`` play as though in hand
        (Eye of the Maelstrom: the top card of their deck), each offered as a use of the turn
        as a card in hand is: an action (none if attuned), its cost with a link's reduction,
        and a core card only with its orbital's link. Only the cards the ability names are
        looked at (the top of a deck, not the rest)."""
        plays: list = []
        for h in self.bus.handlers.get("static", ()):
            eff = h.ability.effect
            if type(eff) is not PlayAsThoughInHand or h.card.blank or \
                    h.card.controller is not p:
                continue
            ctx = _context(h)
            if not _on(self, h, ctx):
                continue
            for c in cast(AllRef, eff.card).selector.candidates(self, ctx):
                if c.zone.kind != HAND and all(c is not x for x in plays) and \
                        eff.playable(self, p, c) and \
                        (has_action or "attuned" in c.proto.keywords):
                    plays.append(c)
        return plays

    def stone_cards(self, player) -> int:
        """How many cards that are stones ``player`` controls (:class:`IsStone`): none unless
        a static ability in play says so, and none whose ability is blank (403.5: nullified
        Formless Stones "will not be stones, since their ability text is blank")."""
        hs = self.bus.handlers.get("static")
        if not hs:
            return 0
        stones: set[int] = set()
        for h in hs:
            eff = h.ability.effect
            if type(eff) is not IsStone or h.card.blank:
                continue
            ctx = _context(h)
            if not _on(self, h, ctx):
                continue
            for c in eff.covered(self, ctx):
                if c.zone is not None and c.zone.player is player:
                    stones.add(c.oid)
        return len(stones)

    def statics_changed(self) -> None:
        """Something static abilities depend on changed: apply them again, if any are in play
        or were (the one way in: most games have none, and pay only this test)."""
        if self.static_cards or self.bus.handlers.get("static"):
            self.refresh_statics()


__all__ = ["vocab", "Continuous", "CANT_ACTIONS", "IsStone"]
