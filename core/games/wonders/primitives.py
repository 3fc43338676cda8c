"""Wonders' game actions that effects and rules share: drawing, dying, counters, nullify,
durations, tokens, realms. Each returns whether it happened (for rule 508.4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...bus import Event
from ...resolve import Trigger, resolve
from .zones import ABYSS, BANISHMENT, HAND, WORLD

if TYPE_CHECKING:  # what the mixin sees of the game (mixin_base.py)
    from .mixin_base import MixinBase
    from .state import WondersCard, WondersPlayer
else:
    MixinBase = object

#: zone changes and the events they are in Wonders' words (rulebook, Game Terms)
_ZONE_EVENTS = {(WORLD, ABYSS): "died", (HAND, ABYSS): "discarded"}


class Primitives(MixinBase):
    """Mixin of :class:`~cardscript.games.wonders.rules.WondersGame`."""

    def zone_event(self, src: str, dst: str):
        if dst == WORLD:
            return "arrived"  # from a hand, deck, banishment, The Abyss (rulebook, On Arrival)
        if dst == BANISHMENT:
            return "banished"
        return _ZONE_EVENTS.get((src, dst))

    def new_card(self, proto, owner, zone, top: bool = True) -> WondersCard:
        card = super().new_card(proto, owner, zone, top)
        if zone is not None and zone.kind == WORLD:
            card.arrived_round = self.round
            if proto.is_wonder and (proto.power or 0) < 0:
                self.power_dirty = True  # it entered below 0 power: the state check kills it
        if self.static_cards or self.bus.handlers.get("static"):
            self.refresh_statics()  # a card entered or left a zone: statics at once (508.1)
        return card

    # -- cards between zones -----------------------------------------------------------
    def draw(self, player: WondersPlayer, n: int = 1) -> int:
        drawn = 0
        for _ in range(n):
            if not player.deck.cards:
                break  # rule 405: an empty deck loses at the next state check
            self.move(self.top(player.deck)[0], player.hand)
            drawn += 1
        if drawn:
            self.log.append(("draw", player.name, drawn))
        return drawn

    def deny(self, player, n: int) -> int:
        """Rulebook, Deny: the top N cards go to The Abyss as a group (one batch)."""
        cards = self.top(player.deck, n)
        for c in cards:
            self.move(c, c.owner.abyss)
        if cards:
            self.log.append(("deny", player.name, len(cards)))
        return len(cards)

    # -- rule 504: replacement effects ------------------------------------------------
    def replaced(self, kind: str, card) -> bool:
        """Rule 504: is the event ``kind`` (``dies``, ``banished``, ...: ``REPLACEABLE`` in
        triggers.py) about to happen to ``card`` replaced? If so the replacement's effect is
        scheduled (targets first), the event does not happen, and the caller reports it not
        done (rule 508.4). The card's own replacements work from any zone (504: "work from
        any area"), first; then those of cards in The World, oldest first. A replacement
        applies at most once while its own effect is being done: competing replacements
        that would replace each other for ever end there (504, 503)."""
        ev = "instead:" + kind
        own = card.proto.program.self_triggers.get(ev)
        others = self.bus.handlers.get(ev)
        if not own and not others:
            return False
        event = Event(ev, card, card.controller, card.area)
        candidates = [(a, card) for a in own or ()] + [(h.ability, h.card) for h in others or ()]
        for ability, source in candidates:
            key = (ability, source.oid)
            if source.blank or key in self.replacing or \
                    not ability.trigger.matches(event, source):
                continue
            t = Trigger(ability, source, self.effect_controller(source), event)
            self.log.append(("instead", source.proto.id, ability.name, card.proto.id, card.oid,
                             kind))
            self.then(self.replacement_done, key)
            self.then(self.replace, t, key)
            if ability.target is not None:
                self.resolver.choose_targets(self, [t])
            return True
        return False

    def replace(self, t: Trigger, key: tuple) -> None:
        self.replacing.append(key)
        resolve(self, t)

    def replacement_done(self, key: tuple) -> None:
        self.replacing.remove(key)

    def destroy(self, card: WondersCard) -> bool:
        if card.zone is None or card.zone.kind != WORLD or self.replaced("dies", card):
            return False
        self.log.append(("dies", card.proto.id, card.oid))
        self.move(card, card.owner.abyss)
        return True

    def banish(self, card) -> bool:
        if card.zone is None or self.replaced("banished", card):
            return False
        self.log.append(("banish", card.proto.id, card.oid))
        self.move(card, card.owner.banishment)
        return True

    def to_abyss(self, card) -> bool:
        if card.zone is None or card.zone.kind == ABYSS or (
                card.zone.kind == WORLD and self.replaced("dies", card)):
            return False
        self.move(card, card.owner.abyss)
        return True

    def to_hand(self, card) -> bool:
        if card.zone is None or card.zone.kind == HAND or self.replaced("put_into_hand", card):
            return False
        self.move(card, card.owner.hand)
        return True

    def bury(self, card) -> bool:
        if card.zone is None or self.replaced("buried", card):
            return False
        self.move(card, card.owner.deck, top=False)
        return True

    def discard(self, card) -> bool:
        if card.zone is None or card.zone.kind != HAND or self.replaced("discarded", card):
            return False
        self.log.append(("discard", card.proto.id, card.oid))
        self.move(card, card.owner.abyss)
        return True

    def put_into_realm(self, card, realm) -> bool:
        """Rule 505.1: a card entering The World enters under its owner's control."""
        if card.zone is None or not realm.active:
            return False
        if card.zone.kind == WORLD:
            return self.move_to_realm(card, realm)
        self.log.append(("enter", card.proto.id, card.oid, realm.number))
        self.move(card, realm.sides[card.owner.index])
        return True

    def move_to_realm(self, card, realm) -> bool:
        """Move within The World: the same object, and it does not arrive."""
        if card.zone is None or card.zone.kind != WORLD or not realm.active:
            return False
        side = realm.sides[card.controller.index] if card.zone.player is not None \
            else realm.centre
        self.log.append(("move", card.proto.id, card.oid, realm.number))
        self.move(card, side)
        return True

    def create_token(self, token_id: str, controller, realm, source) -> None:
        proto = self.tokens[token_id]
        card = self.new_card(proto, controller, realm.sides[controller.index])
        card.token = True
        card.orbital = source.orbital  # rulebook, Tokens
        card.arrived_round = self.round
        self.log.append(("token", token_id, card.oid, realm.number))
        self.publish(Event("arrived", card, controller, realm, None, "token"))

    # -- stats ---------------------------------------------------------------------------
    def tap(self, card) -> bool:
        if card.zone is None or card.tapped:  # rule 509: only an untapped card taps
            return False
        card.tapped = True
        return True

    def untap(self, card) -> bool:
        # rule 509: only a tapped card untaps; 508.1: "can't" overwrites "can" and "may"
        if card.zone is None or not card.tapped or self.forbidden("untap", card):
            return False
        card.tapped = False
        return True

    def put_counters(self, card, amount: int) -> bool:
        """+/- counters; when both are on a card, remove an equal number (rulebook, Counters).
        Counters go only on cards in a realm."""
        if card.zone is None or card.zone.kind != WORLD or not amount:
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

    def modify_power(self, card, amount: int, duration: str) -> bool:
        if card.zone is None or card.zone.kind != WORLD or not card.proto.is_wonder:
            return False
        card.mods += (amount,)
        self.power_dirty = True
        if duration != "permanent":
            self.until(duration, self.unmodify_power, card, amount)
        return True

    def unmodify_power(self, card, amount: int) -> None:
        mods = card.mods
        if amount in mods:
            i = mods.index(amount)
            card.mods = mods[:i] + mods[i + 1:]
            self.power_dirty = True

    def stun(self, card) -> bool:
        """Rulebook, Stun: tap it, and its base power is 0 until the end of the round."""
        if card.zone is None or card.zone.kind != WORLD or not card.proto.is_wonder:
            return False
        card.tapped = True
        card.base = 0
        # more recent than every card now in play (508.1): the next object's number
        card.stunned = self.objects_created + 1
        card.static_base = None
        self.power_dirty = True
        self.until("this_round", self.unstun, card)
        self.statics_changed()
        return True

    def unstun(self, card) -> None:
        card.base = card.proto.power
        card.stunned = 0
        self.power_dirty = True
        self.statics_changed()

    def nullify(self, card, duration: str) -> bool:
        if card.zone is None or card.blank == 2 or (
                card.blank == 1 and duration == "this_round") \
                or self.forbidden("be_nullified", card):  # 508.1: "can't" overwrites
            return False
        card.blank = 2 if duration == "permanent" else 1
        self.statics_changed()
        if card.blank == 1:
            self.until("this_round", self.unnullify, card)
        self.log.append(("nullify", card.proto.id, card.oid, duration))
        self.publish(Event("nullified", card, card.controller, card.realm))
        return True

    def unnullify(self, card) -> None:
        if card.blank == 1:
            card.blank = 3 if card.copied == 2 else 0  # a blank copy stays blank (507)
            self.statics_changed()

    def forbid_attack(self, player, realm, duration: str) -> None:
        ban = (player, realm)
        self.attack_bans.append(ban)
        if duration != "permanent":
            self.until(duration, self.allow_attack, ban)

    def allow_attack(self, ban: tuple) -> None:
        self.attack_bans.remove(ban)

    def until(self, duration: str, undo, *args) -> None:
        """Register the end of a "this turn" or "this round" effect (rule 403.5): a step
        to run when it ends."""
        (self.turn_effects if duration == "this_turn" else self.round_effects).append(
            (undo, args))

    # -- what a player has ---------------------------------------------------------------
    def controlled(self, player):
        for realm in self.realms:
            if realm.active:
                yield from realm.sides[player.index].cards

    def stones_of(self, player) -> int:
        i = player.index
        return sum(1 for r in self.realms for s in r.stones if s == i)

    def links(self, player: WondersPlayer) -> set[str]:
        """Orbitals of the lands the player controls: each land has orbital link (rulebook,
        Link); a nullified land's ability text is blank."""
        return {c.orbital for c in self.controlled(player)
                if c.proto.type == "land" and not c.blank}

    def cost_of(self, player: WondersPlayer, card: WondersCard,
                links: set[str] | None = None) -> int:
        """Rule 404.2: cards can't cost less than 0; a link makes its orbital cost 1 less,
        not stacking (rulebook, Link). Tokens cost 0."""
        if card.token:
            return 0
        if links is None:
            links = self.links(player)
        cost = card.proto.cost - (1 if card.orbital in links else 0)
        return cost if cost > 0 else 0

    def pick_realm(self, ctx, mode: str, card, then: tuple) -> None:
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

    def seek(self, ctx, count: int, selector) -> None:
        """Rulebook, Seek: reveal the top N; you may play a match for no cost in this realm
        (core cards too); bury the others."""
        you = ctx.controller
        revealed = self.top(you.deck, count)
        self.log.append(("seek", you.name, [c.proto.id for c in revealed]))
        matches = [c for c in revealed
                   if selector.matches(c, you, ctx.source, ctx.area, anywhere=True)]
        if matches:
            self.ask(you, "seek", matches + ["none"], "seek: play one?",
                     then=(self.seek_pick, ctx, revealed))
        else:
            self.seek_pick(ctx, revealed, "none")

    def seek_pick(self, ctx, revealed: list, pick) -> None:
        if pick == "none":
            pick = None
        for c in revealed:
            if c is not pick:
                self.bury(c)
        ctx.done = pick is not None
        if pick is None:
            return
        if ctx.area is not None and ctx.area.active:
            self.play_card(ctx.controller, pick, ctx.area, free=True)
        else:
            self.pick_realm(ctx, "choose", None, then=(self.seek_play, ctx, pick))

    def seek_play(self, ctx, pick, realm) -> None:
        self.play_card(ctx.controller, pick, realm, free=True)
