"""Wonders' game actions that effects and rules share: drawing, dying, counters, nullify,
durations, tokens, realms. Each returns whether it happened (for rule 508.4).

:class:`Primitives` is the base class of ``WondersGame``: the sequence of play (rules.py)
and the vocabulary call these actions on the game; the rules sections they need (replacement
effects, continuous effects, equipment, symbiosis) they call by name."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from ...bus import Event
from ...game import Game
from ...loadable import step
from ...state import Card, CardDef, Player
from ...zones import Zone
from .state import BLANK_TEXT, WondersCard, WondersCardDef, WondersPlayer
from .zones import ABYSS, BANISHMENT, HAND, WORLD, Realm

if TYPE_CHECKING:
    from ...entries import Selector
    from ...modifiers import Modifiers
    from ...replacements import Replacements
    from .actions import Turns
    from .batches import BatchResolver
    from .continuous import Continuous
    from .control import Control
    from .counting import Counting
    from .equipment import Equipment
    from .state import WondersTrigger
    from .symbiosis import Symbionts

#: rule 403: seven rounds, a realm for each
ROUNDS = 7

#: what a portaled card keeps of the object it was (rule 505.1)
_PORTAL_KEEPS = ("tapped", "plus", "minus", "shields", "mods", "base", "blank", "orbital")
#: zone changes and the events they are in Wonders' words (rulebook, Game Terms)
_ZONE_EVENTS = {(WORLD, ABYSS): "died", (HAND, ABYSS): "discarded"}
#: the events of a card entering a realm: from outside The World, or from another realm
ENTERING = frozenset({"arrived", "moved"})


class Primitives(Game[WondersPlayer]):
    """The base of :class:`~cardscript.games.wonders.rules.WondersGame`: the table (seven
    realms, the round), the game's actions that effects and rules share, and the fields of
    its rules sections (made from ``WondersGame.SECTIONS``), which these actions call by
    name."""

    resolver: BatchResolver
    # the rules sections (cardscript.section): each module's own state
    counting: Counting
    control: Control
    continuous: Continuous
    equipment: Equipment
    replacements: Replacements
    symbiosis: Symbionts
    turns: Turns
    modifiers: Modifiers

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, **kw: Any) -> None:
        super().__init__(decks, seed, **kw)
        self.realms = [Realm(n, self.players) for n in range(1, ROUNDS + 1)]
        self.round = 0
        #: (undo, args) of "this turn" and "this round" effects (rule 403.5)
        self.turn_effects: list[tuple[Callable[..., Any], tuple]] = []
        self.round_effects: list[tuple[Callable[..., Any], tuple]] = []
        #: (player, realm or None for every realm) that can't be attacked
        self.attack_bans: list[tuple[WondersPlayer, Realm | None]] = []
        #: where played cards wait until they resolve (rule 404.2)
        self.limbos: list[Zone] = []
        #: a Wonder may be below 0 power: the next state check looks (rulebook, Counters)
        self.power_dirty = False

    def effect_controller(self, card: Card) -> WondersPlayer:
        """Rule 505.2: an effect's controller is the card's; in The World that is the
        player whose side it is on. Rule 505.1: outside The World, and for a card in a
        realm's centre, which no one controls, its owner stands in for its controller."""
        zone = card.zone
        if zone is not None and zone.in_play and zone.player is not None:
            return zone.player
        return card.owner

    def zone_event(self, src: str, dst: str) -> str | None:
        if dst == WORLD:
            return "arrived"  # from a hand, deck, banishment, The Abyss (rulebook, On Arrival)
        if dst == BANISHMENT:
            return "banished"
        return _ZONE_EVENTS.get((src, dst))

    def new_card(self, proto: CardDef, owner: Player, zone: Zone | None,
                 top: bool = True) -> WondersCard:
        printed = cast(WondersCardDef, proto)
        if printed.recipe is not None:  # a new object is of the printed card (symbiosis.py)
            printed = printed.recipe[1]
        card = cast(WondersCard, super().new_card(printed, owner, zone, top))
        if zone is not None and zone.kind == WORLD:
            card.arrived_round = self.round
            if printed.is_wonder and (printed.power or 0) < 0:
                self.power_dirty = True  # it entered below 0 power: the state check kills it
            if printed.is_equipment:
                self.equipment.seen = True  # the state checks look after equipment from now
        self.continuous.changed(self)  # a card entered or left a zone: statics at once (508.1)
        return card

    def world_cards(self, every: bool = False) -> Iterator[WondersCard]:
        """Every card object in The World (realms in order, each side then the centre); in
        the active realms unless ``every``."""
        for realm in self.realms:
            if realm.active or every:
                for side in realm.sides:
                    yield from cast("list[WondersCard]", side.cards)
                yield from cast("list[WondersCard]", realm.centre.cards)

    def happen(self, event: Event) -> None:
        """``event`` happens: counted (rule 511), then seen by the abilities it triggers.
        A card arriving in a realm or moving there from another "enters" it (rulebook, Enter):
        that is an event too, counted and seen the same way, and an equipment on the side it
        entered may move to it (rulebook, Equip). ``WondersGame.publish`` decides first
        whether an event happens now."""
        self.counting.count(self, event)
        Game.publish(self, event)
        if event.kind in ENTERING and event.area is not None:
            if self.bus.handlers.get("entered"):  # its cause: how it entered
                entered = Event("entered", event.card, event.player, event.area,
                                event.source, event.kind)
                self.counting.count(self, entered)
                Game.publish(self, entered)
            self.equipment.wonder_entered(self, event)

    # -- cards between zones -----------------------------------------------------------
    def draw(self, player: WondersPlayer, n: int = 1) -> int:
        """Draw ``n`` cards one at a time; a draw replaced (rule 504: "if this would be
        drawn") is a draw that did not happen, and the next draw takes the card below, as
        the replaced card's own effect moves it when it is done."""
        drawn = 0
        kept = 0  # cards on top of the deck whose draw was replaced
        deck = player.deck
        for _ in range(n):
            if len(deck.cards) <= kept:
                break  # rule 405: an empty deck loses at the next state check
            card = self.top(deck, kept + 1)[kept]
            if self.replacements.replaced(self, "drawn", card):
                kept += 1
                continue
            self.move(card, player.hand)
            drawn += 1
        if drawn:
            self.log.append(("draw", player.name, drawn))
        return drawn

    def deny(self, player: WondersPlayer, n: int) -> int:
        """Rulebook, Deny: the top N cards go to The Abyss as a group (one batch); a card
        whose denial is replaced (rule 504) stays for its replacement's effect."""
        cards = [c for c in self.top(player.deck, n)
                 if not self.replacements.replaced(self, "denied", c)]
        with self.together():
            for c in cards:
                self.move(c, c.owner.abyss)
        if cards:
            self.log.append(("deny", player.name, len(cards)))
        return len(cards)

    def destroy(self, card: WondersCard) -> bool:
        if card.zone is None or card.zone.kind != WORLD or \
                self.replacements.replaced(self, "dies", card):
            return False
        self.log.append(("dies", card.proto.id, card.oid))
        self.move(card, card.owner.abyss)
        return True

    @step
    def destroy_all(self, cards: list[WondersCard], then: tuple,
                    dying: tuple[WondersCard, ...] = ()) -> None:
        """Destroy ``cards`` at once, so each sees the others die (docs/architecture.md,
        "Cards that move together"); first each shielded one's controller may remove a
        shield counter instead (rulebook, Shield: "If a card with a shield counter would
        die ..., you may remove the shield counter instead"). Then the step ``then`` runs
        with whether any died. (A sacrifice is not asked: "Sacrifice doesn't target and can't
        be prevented with a shield"; it calls :meth:`destroy`.)"""
        for i, card in enumerate(cards):
            if card.shields and card.zone is not None and card.zone.kind == WORLD:
                self.ask(card.controller, "shield", [True, False],
                         f"remove a shield counter from {card.proto.id} instead of it dying?",
                         then=(self.shielded, cards[i + 1:], dying, card, then))
                return
            dying = (*dying, card)
        died = False
        with self.together():
            for card in dying:
                died = self.destroy(card) or died
        self.then(then[0], *then[1:], died)

    @step
    def shielded(self, rest: list[WondersCard], dying: tuple[WondersCard, ...],
                 card: WondersCard, then: tuple, remove: bool) -> None:
        if remove:
            self.remove_shield(card, "death")
        else:
            dying = (*dying, card)
        self.destroy_all(rest, then, dying)

    def remove_shield(self, card: WondersCard, why: str) -> None:
        card.shields -= 1
        self.power_dirty = True  # a Wonder still below 0 power would die again
        self.log.append(("shield", card.proto.id, card.oid, why))

    def put_shields(self, card: WondersCard, n: int, by: WondersPlayer | None = None) -> bool:
        """Shield counters go only on cards in a realm (rulebook, Counters), and not where
        ``by`` can't put counters (rule 508.1)."""
        if card.zone is None or card.zone.kind != WORLD or n <= 0 or \
                self.continuous.forbidden(self, "put_counters_on", card, by):
            return False
        card.shields += n
        self.log.append(("shields", card.proto.id, card.oid, n))
        return True

    def banish(self, card: WondersCard) -> bool:
        if card.zone is None or self.replacements.replaced(self, "banished", card):
            return False
        self.log.append(("banish", card.proto.id, card.oid))
        self.move(card, card.owner.banishment)
        return True

    def to_abyss(self, card: WondersCard) -> bool:
        if card.zone is None or card.zone.kind == ABYSS or (
                card.zone.kind == WORLD and self.replacements.replaced(self, "dies", card)):
            return False
        self.move(card, card.owner.abyss)
        return True

    def to_hand(self, card: WondersCard) -> bool:
        if card.zone is None or card.zone.kind == HAND or \
                self.replacements.replaced(self, "put_into_hand", card):
            return False
        self.move(card, card.owner.hand)
        return True

    def bury(self, card: WondersCard) -> bool:
        if card.zone is None or self.replacements.replaced(self, "buried", card):
            return False
        self.move(card, card.owner.deck, top=False)
        return True

    def bury_all(self, cards: list[WondersCard], then: tuple) -> None:
        """Rulebook, Bury: "Put a card or group of cards on the bottom of its owner's deck in
        any order of owner's choice." Each owner (in turn order) chooses, one position at a
        time from the bottom up, which of their cards goes there; no question is asked when
        their cards left are all the same card. Then the step ``then`` runs with the number
        of cards buried."""
        order = self.turn_order()
        groups = [[c for c in cards if c.owner is p and c.zone is not None] for p in order]
        self.bury_next([grp for grp in groups if grp], [], 0, then)

    def bury_next(self, groups: list[list[WondersCard]], chosen: list[WondersCard], buried: int,
                  then: tuple) -> None:
        if not groups:
            self.then(then[0], *then[1:], buried)
            return
        left = [c for c in groups[0] if c not in chosen]
        if left:
            distinct = self.bottom_options(left)
            if len(distinct) > 1:
                where = "next up from the bottom" if chosen else "at the very bottom"
                self.ask(left[0].owner, "bury", distinct,
                         f"bury: choose the card to put {where} of your deck",
                         then=(self.bury_chosen, groups, chosen, buried, then))
                return
            chosen = [*chosen, *left]
        # bottom card first in ``chosen``: bury from the top of the pile down
        for c in reversed(chosen):
            buried += self.bury(c)
        self.bury_next(groups[1:], [], buried, then)

    @staticmethod
    def bottom_options(left: list[WondersCard]) -> list[WondersCard]:
        """The cards of ``left`` a player may put next on the bottom of their deck ("in any
        order"): one per card definition, as copies of one card are alike."""
        return list({c.proto: c for c in reversed(left)}.values())[::-1]

    @step
    def bury_chosen(self, groups: list[list[WondersCard]], chosen: list[WondersCard],
                    buried: int, then: tuple, pick: WondersCard) -> None:
        self.bury_next(groups, [*chosen, pick], buried, then)

    def discard(self, card: WondersCard) -> bool:
        if card.zone is None or card.zone.kind != HAND or \
                self.replacements.replaced(self, "discarded", card):
            return False
        self.log.append(("discard", card.proto.id, card.oid))
        self.move(card, card.owner.abyss)
        return True

    def put_into_realm(self, card: WondersCard, realm: Realm) -> bool:
        """Rule 505.1: a card entering The World enters under its owner's control."""
        if card.zone is None or not realm.active:
            return False
        if card.zone.kind == WORLD:
            return self.move_to_realm(card, realm)
        # rule 504: "if this would enter, ... instead"
        if self.replacements.replaced(self, "enters", card):
            return False
        self.log.append(("enter", card.proto.id, card.oid, realm.number))
        self.move(card, realm.sides[card.owner.index])
        return True

    def portal(self, card: WondersCard, realm: Realm) -> bool:
        """Rulebook, Portal: "banish this card and then return it to the world immediately"
        (it arrives from banishment, so On Arrival triggers). Rule 505.1: "Portaled cards
        remember their origin and keep their "end of round," controller, and other effects
        despite being banished and re-entering": the new object returns on its controller's
        side with the old one's counters, shield counters, tapped state, power changes, stun
        and nullification, and the "this turn"/"this round" effects that will end on it."""
        if card.zone is None or card.zone.kind != WORLD or not realm.active:
            return False
        # 504: its banishing replaced, it doesn't return
        if self.replacements.replaced(self, "banished", card):
            return False
        controller = card.controller
        self.log.append(("portal", card.proto.id, card.oid, realm.number))
        self.log.append(("banish", card.proto.id, card.oid))
        banished = self.move(card, card.owner.banishment)
        if banished is None:  # a token stops existing when it leaves The World
            return False
        new = self.move(banished, realm.sides[controller.index])
        if new is None:
            return False
        for name in _PORTAL_KEEPS:
            setattr(new, name, getattr(card, name))
        self.power_dirty = True
        for effects in (self.turn_effects, self.round_effects):
            for i, (undo, args) in enumerate(effects):
                if any(a is card for a in args):
                    effects[i] = (undo, tuple(new if a is card else a for a in args))
        return True

    def move_to_realm(self, card: WondersCard, realm: Realm) -> bool:
        """Move within The World to another realm: the same object, and it does not arrive
        (it enters that realm: rulebook, Enter)."""
        if card.zone is None or card.zone.kind != WORLD or not realm.active or \
                card.zone.area is realm:
            return False
        side = realm.sides[card.controller.index] if card.zone.player is not None \
            else realm.centre
        self.log.append(("move", card.proto.id, card.oid, realm.number))
        here = card.zone
        self.move(card, side)
        if self.equipment.seen:  # rulebook, Equip: "equipped cards move with it"
            for c in [c for c in here.cards if c.equipped_to is card]:
                self.move(c, side)
        return True

    def create_token(self, token_id: str, controller: WondersPlayer, realm: Realm,
                     source: WondersCard) -> None:
        proto = self.tokens[token_id]
        card = self.new_card(proto, controller, realm.sides[controller.index])
        card.token = True
        card.orbital = source.orbital  # rulebook, Tokens
        card.arrived_round = self.round
        self.log.append(("token", token_id, card.oid, realm.number))
        self.publish(Event("arrived", card, controller, realm, None, "token"))

    # -- stats ---------------------------------------------------------------------------
    def tap(self, card: WondersCard, by: WondersPlayer | None = None) -> bool:
        """``by``: the player tapping it (None: the rules), whom a "can't" may forbid it
        (rule 508.1, 505.1's Whisperleaf Cloak)."""
        if card.zone is None or card.tapped:  # rule 509: only an untapped card taps
            return False
        if self.continuous.forbidden(self, "tap", card, by):
            return False
        card.tapped = True
        return True

    def untap(self, card: WondersCard) -> bool:
        # rule 509: only a tapped card untaps; 508.1: "can't" overwrites "can" and "may"
        if card.zone is None or not card.tapped or self.continuous.forbidden(self, "untap", card):
            return False
        card.tapped = False
        return True

    def put_counters(self, card: WondersCard, amount: int,
                     by: WondersPlayer | None = None) -> bool:
        """+/- counters; when both are on a card, remove an equal number (rulebook, Counters).
        Counters go only on cards in a realm, and not where ``by`` (the player putting them)
        can't put counters (rule 508.1)."""
        if card.zone is None or card.zone.kind != WORLD or not amount or \
                self.continuous.forbidden(self, "put_counters_on", card, by):
            return False
        if amount > 0:
            card.plus += amount
        else:
            card.minus -= amount
        cancel = min(card.plus, card.minus)
        card.plus -= cancel
        card.minus -= cancel
        self.power_dirty = True
        self.log.append(("counters", card.proto.id, card.oid, amount))
        return True

    def modify_power(self, card: WondersCard, amount: int, duration: str) -> bool:
        if card.zone is None or card.zone.kind != WORLD or not card.proto.is_wonder:
            return False
        card.mods += (amount,)
        self.power_dirty = True
        if duration != "permanent":
            self.until(duration, self.unmodify_power, card, amount)
        return True

    @step
    def unmodify_power(self, card: WondersCard, amount: int) -> None:
        mods = card.mods
        if amount in mods:
            i = mods.index(amount)
            card.mods = mods[:i] + mods[i + 1:]
            self.power_dirty = True

    def stun(self, card: WondersCard, by: WondersPlayer | None = None) -> bool:
        """Rulebook, Stun: tap it, and its base power is 0 until the end of the round; a
        player who can't tap it (508.1) still sets its power (508.2: as much as possible)."""
        if card.zone is None or card.zone.kind != WORLD or not card.proto.is_wonder:
            return False
        if not self.continuous.forbidden(self, "tap", card, by):
            card.tapped = True
        card.base = 0
        # more recent than every card now in play (508.1): the next object's number
        card.stunned = self.objects_created + 1
        card.static_base = None
        self.power_dirty = True
        self.until("this_round", self.unstun, card)
        self.continuous.changed(self)
        return True

    @step
    def unstun(self, card: WondersCard) -> None:
        card.base = card.proto.power
        card.stunned = 0
        self.power_dirty = True
        self.continuous.changed(self)

    def nullify(self, card: WondersCard, duration: str) -> bool:
        # a copy with virtual card text is in no zone, and can be nullified (rule 507)
        if (card.zone is None and not card.virtual) or card.blank == 2 or (
                card.blank == 1 and duration == "this_round") \
                or self.continuous.forbidden(self, "be_nullified", card):  # 508.1: can't wins
            return False
        card.blank = 2 if duration == "permanent" else 1
        self.continuous.changed(self)
        if card.blank == 1:
            self.until("this_round", self.unnullify, card)
        self.log.append(("nullify", card.proto.id, card.oid, duration))
        self.publish(Event("nullified", card, card.controller, card.realm))
        self.symbiosis.nullified(self, card)  # a symbiosis Wonder stops copying
        return True

    def enter_nullified(self, card: WondersCard, side: Zone, source: str | None = None) -> None:
        """A nullified card enters The World still nullified (rulebook, Nullify: nullified
        after it's played but before it resolves, "it still resolves but is treated as if its
        rules text was blank"): the new object is blank before its arrival is published, so
        its own On Arrival and abilities don't trigger."""
        src = card.zone
        new = self.move(card, side, publish=False)
        if new is None:
            return
        new.blank = card.blank
        if new.blank == 1:
            self.until("this_round", self.unnullify, new)
        self.publish(Event("arrived", new, card.controller, src.area or side.area,
                           source or src.kind))

    @step
    def unnullify(self, card: WondersCard) -> None:
        if card.blank == 1:
            # a blank copy (507) and a face-down card (510) stay blank
            card.blank = BLANK_TEXT if card.copied == 2 or card.face_down else 0
            self.continuous.changed(self)

    def forbid_attack(self, player: WondersPlayer, realm: Realm | None, duration: str) -> None:
        ban = (player, realm)
        self.attack_bans.append(ban)
        if duration != "permanent":
            self.until(duration, self.allow_attack, ban)

    @step
    def allow_attack(self, ban: tuple[WondersPlayer, Realm | None]) -> None:
        self.attack_bans.remove(ban)

    def until(self, duration: str, undo: Callable[..., Any], *args: Any) -> None:
        """Register the end of a "this turn" or "this round" effect (rule 403.5): a step
        to run when it ends."""
        (self.turn_effects if duration == "this_turn" else self.round_effects).append(
            (undo, args))

    # -- what a player has ---------------------------------------------------------------
    def controlled(self, player: WondersPlayer) -> Iterator[WondersCard]:
        for realm in self.realms:
            if realm.active:
                yield from realm.sides[player.index].cards

    def stones_of(self, player: WondersPlayer) -> int:
        """The stones ``player`` controls: the realms' stones, and cards that are stones
        (rule 403.5's Formless Stones, :meth:`~.continuous.Continuous.stone_cards`)."""
        i = player.index
        return sum(1 for r in self.realms for s in r.stones if s == i) + \
            self.continuous.stone_cards(self, player)

    def lands_of(self, player: WondersPlayer) -> int:
        """How many lands the player controls, in any realms (rulebook, Kingdom)."""
        return sum(1 for c in self.controlled(player)
                   if c.proto.type == "land" and not c.face_down)  # 510: face down, no type

    def links(self, player: WondersPlayer) -> set[str]:
        """The orbitals the player has a link of: every land they control has the link of its
        own orbital (rule 404.2), and any card they control may have a ``link`` keyword
        (rulebook, Link: "three lands with Thalwind link and one card with Umbrathene
        link"); a nullified card's ability text is blank."""
        out = set()
        for c in self.controlled(player):
            if c.blank:
                continue
            proto = c.proto
            if proto.type == "land":
                out.add(c.orbital)
            link = proto.keywords.get("link")
            if link is not None:
                out.add(link.orbital)
        return out

    def cost_of(self, player: WondersPlayer, card: WondersCard,
                links: set[str] | None = None) -> int:
        """Rule 404.2: cards can't cost less than 0; a link makes its orbital cost 1 less,
        not stacking (rulebook, Link); a one-shot discount its next card. Tokens cost 0."""
        if card.token:
            return 0
        if links is None:
            links = self.links(player)
        cost = card.proto.cost - (1 if card.orbital in links else 0)
        if self.modifiers.waiting:  # a one-shot discount on the next card (next_costs_less)
            cost -= self.modifiers.discount(self, player, card.proto.type)[0]
        return cost if cost > 0 else 0

    def pick_realm(self, ctx: WondersTrigger, mode: str, card: WondersCard | None,
                   then: tuple) -> None:
        """The realm an effect sends a card to, given to the step ``then``: this one, a
        chosen active realm, or an adjacent active one (inactive realms can't be chosen,
        rulebook Active Realm); None if there is none."""
        options: list = []
        if mode == "this" and ctx.area is not None and ctx.area.active:
            options = [ctx.area]
        elif mode == "adjacent":
            here = card.realm if card is not None else ctx.area
            if here is not None:
                options = [r for r in self.realms
                           if r.active and abs(r.number - here.number) == 1]
        else:
            options = [r for r in self.realms if r.active]
        if options:
            self.ask(ctx.controller, "realm", options, "choose a realm", then=then)
        else:
            self.then(then[0], *then[1:], None)

    def seek(self, ctx: WondersTrigger, count: int, selector: Selector) -> None:
        """Rulebook, Seek: reveal the top N; you may play a match for no cost in this realm
        (core cards too); bury the others."""
        you = ctx.controller
        revealed = cast("list[WondersCard]", self.top(you.deck, count))  # the game's cards
        self.log.append(("seek", you.name, [c.proto.id for c in revealed]))
        matches = [c for c in revealed
                   if selector.matches(c, you, ctx.source, ctx.area, anywhere=True)]
        if matches:
            self.ask(you, "seek", matches + ["none"], "seek: play one?",
                     then=(self.seek_pick, ctx, revealed))
        else:
            self.seek_pick(ctx, revealed, "none")

    @step
    def seek_pick(self, ctx: WondersTrigger, revealed: list[WondersCard],
                  pick: WondersCard | str | None) -> None:
        if pick == "none":
            pick = None
        ctx.done = pick is not None
        self.bury_all([c for c in revealed if c is not pick],
                      then=(self.seek_buried, ctx, pick))

    @step
    def seek_buried(self, ctx: WondersTrigger, pick: WondersCard | None, buried: int) -> None:
        if pick is None:
            return
        if ctx.area is not None and ctx.area.active:
            self.turns.play_card(self, ctx.controller, pick, ctx.area, free=True)
        else:
            self.pick_realm(ctx, "choose", None, then=(self.seek_play, ctx, pick))

    @step
    def seek_play(self, ctx: WondersTrigger, pick: WondersCard, realm: Realm | None) -> None:
        self.turns.play_card(self, ctx.controller, pick, realm, free=True)
