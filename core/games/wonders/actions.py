"""The uses of a turn (rules 403.3 and 404): draw, play a card, attack, activate an ability,
harvest, pass; and battle in its six steps (rule 404.3.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...bus import Event
from ...clone import copy_value
from ...loadable import state, step
from ...resolve import Trigger
from ...zones import Zone
from .zones import HAND, LIMBO

if TYPE_CHECKING:  # what the mixin sees of the game (mixin_base.py)
    from .mixin_base import MixinBase
    from .state import WondersCard, WondersPlayer
    from .zones import Realm
else:
    MixinBase = object


@state
class TurnOption:
    """One legal use of a turn."""

    __slots__ = ("kind", "card", "realm", "ability", "text")

    def __init__(self, kind: str, card=None, realm=None, ability=None, text: str = ""):
        self.kind = kind
        self.card = card
        self.realm = realm
        self.ability = ability
        self.text = text  # made when first asked for: most options are never shown

    def _clone(self, memo: dict) -> "TurnOption":
        n = TurnOption(self.kind, copy_value(self.card, memo), copy_value(self.realm, memo),
                       self.ability, self.text)
        memo[id(self)] = n
        return n

    def label(self) -> str:
        if not self.text:
            kind, card = self.kind, self.card
            if kind == "play":
                zone = card.zone.kind
                self.text = f"play {card.proto.id}" if zone == HAND else \
                    f"play {card.proto.id} from {zone}"  # as though in hand (rule 404.2)
            elif kind == "attack":
                self.text = f"attack realm {self.realm.number}"
            else:
                acts = card.proto.program.activated
                suffix = f" #{self.ability.index}" if len(acts) > 1 else ""
                self.text = f"{kind} {card.proto.id}{suffix} @realm {self.realm.number}"
        return self.text

    def __repr__(self) -> str:
        return f"<{self.label()}>"


PASS = TurnOption("pass", text="pass")
DRAW = TurnOption("draw", text="draw")
DONE = "done"


@state
class StoneOption:
    """A stone to seize: from the centre, or one a player controls."""

    __slots__ = ("owner", "name")

    def __init__(self, owner, name: str):
        self.owner = owner
        self.name = name

    def label(self) -> str:
        return self.name


class Actions(MixinBase):
    """Mixin of :class:`~cardscript.games.wonders.rules.WondersGame`."""

    def turn_options(self, p) -> list:
        """Every legal use of ``p``'s turn; pass is always first (rule 404.5)."""
        opts = [PASS]
        has_action = p.actions > 0
        if has_action:
            opts.append(DRAW)
        hand = p.hand.cards
        if hand:
            links = self.links(p)
            energy = p.energy
            for c in hand:
                if (has_action or "attuned" in c.proto.keywords) and \
                        self.can_pay(p, c, links, energy):
                    opts.append(TurnOption("play", c))
        if self.bus.handlers.get("static"):  # cards played as though in hand (rule 404.2)
            for c in self.static_plays(p, has_action):
                opts.append(TurnOption("play", c))
        mine = p.index
        statics = self.bus.handlers.get("static")  # a "can't tap" may forbid a tap cost
        for realm in self.realms:
            if not realm.active:
                continue
            side = realm.sides[mine].cards
            if not side:
                continue
            if has_action and self.can_attack(p, realm):
                opts.append(TurnOption("attack", realm=realm))
            for c in side:
                acts = c.proto.program.activated
                if not acts or c.blank:
                    continue
                for ab in acts:
                    t = ab.trigger
                    if t.cost == "tap" and (c.tapped or statics and
                                            self.forbidden("tap", c, p)):
                        continue
                    if t.cost == "faith" and (p.faith < t.least()
                                              or p.faith_round == self.round):
                        continue  # rulebook, Faith: enough faith, once per round
                    if not (t.free or has_action):
                        continue
                    if t.gated and not t.active(self, c):  # hoard, kingdom
                        continue
                    kind = "harvest" if t.is_harvest else "activate"
                    opts.append(TurnOption(kind, c, realm, ab))
        return opts

    def can_pay(self, p, card, links: set[str], energy: int) -> bool:
        """Rule 404.2: ``p`` can pay ``card``'s energy cost as from hand, and it is not a
        core card without its orbital's link (Core Mechanic)."""
        return self.cost_of(p, card, links) <= energy and \
            (not card.proto.core or card.orbital in links)

    def can_attack(self, p, realm) -> bool:
        """Rule 404.3.1: only with a Wonder there, and never where players can't attack."""
        if not realm.active or (self.attack_bans and self.attack_banned(p, realm)):
            return False
        for c in realm.sides[p.index].cards:  # noqa: SIM110 (a plain loop: hot path, no genexpr)
            if c.proto.is_wonder and not c.face_down:  # face down: no card type (rule 510)
                return True
        return False

    def attack_banned(self, p, realm) -> bool:
        for who, where in self.attack_bans:
            if who is p and (where is None or where is realm):
                return True
        return False

    def take_action(self, p, option) -> None:
        """Rule 404: do the chosen use of the turn; free attacks its effects declared follow."""
        kind = option.kind
        self.log.append(("turn", p.name, option.label()))
        self.then(self.queued_battles)
        if kind == "draw":
            p.actions -= 1
            self.draw(p, 1)
            self.resolver.settle(self)
        elif kind == "play":
            card = option.card
            if "attuned" not in card.proto.keywords:
                p.actions -= 1
            self.play_as_from_hand(p, card)
        elif kind == "attack":
            p.actions -= 1
            self.battle(p, option.realm)
        elif kind == "activate":
            self.activate(p, option.card, option.ability)
        elif kind == "harvest":
            self.harvest(p, [(option.card, option.ability)])

    def play_as_from_hand(self, p, card) -> None:
        """Rule 404.2: choose an active realm (a spell goes to The Abyss: none), pay the
        card's energy cost and play it."""
        if card.proto.type == "spell":
            self.pay_and_play(p, card, None)
        else:
            self.ask(p, "realm", [r for r in self.realms if r.active],
                     f"choose a realm for {card.proto.id}", then=(self.pay_and_play, p, card))

    @step
    def pay_and_play(self, p, card, realm) -> None:
        p.energy -= self.cost_of(p, card)
        self.play_card(p, card, realm)

    @step
    def queued_battles(self) -> None:
        """Free attacks that effects declared (the ``attack`` effect): each battle starts once
        the effects that declared it have resolved, if it still can (rule 404.3.1)."""
        while self.queued_attacks:
            p, realm = self.queued_attacks.pop(0)
            if self.can_attack(p, realm):
                self.then(self.queued_battles)
                self.battle(p, realm)
                return
            self.log.append(("no_attack", p.name, realm.number))

    def play_card(self, p: WondersPlayer, card: WondersCard, realm: Realm | None,
                  free: bool = False) -> None:
        """Rule 404.2 and the rulebook's On Play and Triggered Effects: the card is played;
        the triggers its play caused resolve first, as a batch of their own (rule 502; "pause
        the resolution of that spell", Example 1), then its own On Play (a spell's effect),
        its targets chosen as it is played (501.1); then a spell goes to The Abyss and other
        cards enter ``realm``. A card an effect plays (seek) is played the same way, at once
        (:meth:`~.batches.BatchResolver.settle_now`)."""
        limbo = Zone(LIMBO, p, realm)
        self.limbos.append(limbo)
        source = card.zone.kind
        played = cast("WondersCard", self.move(card, limbo))  # it is in a zone: it moves
        self.log.append(("play", p.name, card.proto.id, played.oid,
                         realm.number if realm is not None else None))
        self.publish(Event("played", played, p, realm, source))
        pending = self.pending
        own = [Trigger(ab, c, p, ev) for ab, c, ev in pending if c is played]
        if own:
            self.pending = [x for x in pending if x[1] is not played]
        self.sequence((self.resolver.settle_now, self),
                      (self.resolve_on_play, own),
                      (self.enter_from_limbo, p, played, realm, limbo, source))
        self.resolver.choose_targets(self, own)

    @step
    def resolve_on_play(self, own: list) -> None:
        """The played card's own On Play, once the triggers of its play have resolved: a card
        nullified meanwhile resolves with blank text (rulebook, Nullify)."""
        if own:
            self.resolver.settle_now(self, own)

    @step
    def enter_from_limbo(self, p, played, realm, limbo, source: str) -> None:
        """The played card enters The World; its arrival names the zone it was played from
        (``source``), not limbo: a card played from hand arrives from a hand (rule 508.4's
        Eternitum: "arrives from anywhere other than from a hand")."""
        if played.zone is limbo:  # an effect may have moved it meanwhile
            if played.proto.type == "spell":
                self.move(played, played.owner.abyss)
            elif self.replaced_entering(played, limbo):
                return
            elif played.blank:
                self.enter_nullified(played, realm.sides[p.index], source)
            else:
                side = realm.sides[p.index]
                new = self.move(played, side, publish=False)
                if new is not None:
                    self.publish(Event("arrived", new, played.controller, realm, source))
        self.limbos.remove(limbo)
        self.resolver.settle(self)

    def replaced_entering(self, played, limbo) -> bool:
        """Rule 504: the played card's entering The World is replaced ("if this would
        enter, ... instead"); once the replacement's effect is done, a card it left in limbo
        goes to its owner's Abyss, as a spell does once it has resolved (it does not die: it
        never was in The World), and the card's play is over."""
        return self.replaced("enters", played, after=(self.limbo_done, played, limbo))

    @step
    def limbo_done(self, played, limbo) -> None:
        if played.zone is limbo:
            self.move(played, played.owner.abyss)
        self.limbos.remove(limbo)
        self.resolver.settle(self)

    def activate(self, p, card, ability) -> None:
        """Rule 404.4: pay the ability's cost (an action unless free; tap or sacrifice), then
        its effect resolves like a triggered one, targets chosen now."""
        if not ability.trigger.free:
            p.actions -= 1
        t = Trigger(ability, card, p)
        self.then(self.pay_activation, card, t)
        self.resolver.choose_targets(self, [t])

    @step
    def pay_activation(self, card, t) -> None:
        cost = t.ability.trigger.cost
        if cost == "tap":
            card.tapped = True
        elif cost == "sacrifice":
            self.destroy(card)
        elif cost == "faith":
            p, amount = t.controller, t.ability.trigger.amount
            if amount is None:  # spend X faith: any amount but 0 (rulebook, Faith)
                self.ask(p, "faith", list(range(1, p.faith + 1)), "spend how much faith?",
                         then=(self.faith_paid, t))
            else:
                self.faith_paid(t, amount)
            return
        self.resolver.add(self, [t])
        self.resolver.settle(self)

    @step
    def faith_paid(self, t, amount: int) -> None:
        p = t.controller
        p.faith -= amount
        p.faith_spent = amount
        p.faith_round = self.round
        self.log.append(("faith", p.name, amount))
        self.resolver.add(self, [t])
        self.resolver.settle(self)

    def harvest(self, p, chosen: list) -> None:
        """Rulebook, Harvest: a tap free action; any number of cards may be harvested together
        (tapped at once); actions it gains are usable from the next turn."""
        more = [o for o in self.turn_options(p) if o.kind == "harvest"
                and all(o.card is not c for c, _ in chosen)]
        if more:
            self.ask(p, "harvest", more + [DONE], "harvest another card too?",
                     then=(self.harvest_pick, p, chosen))
        else:
            self.harvest_together(p, chosen)

    @step
    def harvest_pick(self, p, chosen: list, pick) -> None:
        if pick == DONE:
            self.harvest_together(p, chosen)
        else:
            self.harvest(p, [*chosen, (pick.card, pick.ability)])

    def harvest_together(self, p, chosen: list) -> None:
        batch = []
        for card, ab in chosen:
            card.tapped = True
            batch.append(Trigger(ab, card, p))
        self.then(self.harvested, p, batch)
        self.resolver.choose_targets(self, batch)

    @step
    def harvested(self, p, batch: list) -> None:
        self.resolver.add(self, batch)
        self.harvesting = p
        self.then(self.harvest_over)
        self.resolver.settle(self)

    @step
    def harvest_over(self) -> None:
        self.harvesting = None

    # -- battle ----------------------------------------------------------------------------
    def battle(self, attacker, realm) -> None:
        """Rule 404.3.2: On Attack, On Defense, On Battle, check for victory, move a stone,
        end of battle. All the attacker's Wonders in the realm attack together (404.3.1)."""
        defender = self.opponents(attacker)[0]
        for c in realm.sides[attacker.index].cards:
            if c.proto.is_wonder and not c.face_down:
                c.attacked = True
        self.log.append(("attack", attacker.name, realm.number))
        self.sequence((self.attack_step, attacker, realm),
                      (self.battle_step, Event("defend", None, defender, realm)),
                      (self.battle_step, Event("battle", None, attacker, realm)),
                      (self.battle_victory, attacker, defender, realm),
                      (self.battle_end, attacker, realm))

    @step
    def attack_step(self, attacker, realm) -> None:
        """Step 1: On Attack effects, and "whenever (something) attacks" ones at the same
        time (404.3.2.1): an event for each attacking Wonder, so each can trigger."""
        self.publish(Event("attack", None, attacker, realm))
        for c in realm.sides[attacker.index].cards:
            if c.attacked:
                self.publish(Event("attacks", c, attacker, realm))
        self.resolver.settle(self)

    @step
    def battle_step(self, event) -> None:
        """Steps 2-3 of 404.3.2: On Defense, On Battle effects resolve."""
        self.publish(event)
        self.resolver.settle(self)

    @step
    def battle_victory(self, attacker, defender, realm) -> None:
        """Step 4, check for victory; step 5, the winner seizes a stone."""
        winner = self.battle_winner(attacker, defender, realm)
        self.log.append(("battle", realm.number, winner.name if winner else "tie"))
        self.publish(Event("battle_result", None, winner, realm, data=(attacker, defender,
                                                                        winner)))
        if winner is not None:
            loser = defender if winner is attacker else attacker
            self.then(self.seize, winner, loser, realm)
        self.resolver.settle(self)

    @step
    def battle_end(self, attacker, realm) -> None:
        """Step 6: end of battle."""
        self.publish(Event("battle_end", None, attacker, realm))
        self.then(self.battle_over, attacker, realm)
        self.resolver.settle(self)

    @step
    def battle_over(self, attacker, realm) -> None:
        for c in realm.sides[attacker.index].cards:
            c.attacked = False

    def battle_winner(self, attacker, defender, realm):
        """Rule 404.3.2 step 4: the higher total power wins; any Wonders beat no Wonders, even
        at 0 or less (404.3.1); equal totals, or no Wonders at all, tie."""
        # a face-down card is no Wonder and has no effect on the game (rule 510)
        a = [c for c in realm.sides[attacker.index].cards
             if c.proto.is_wonder and not c.face_down]
        d = [c for c in realm.sides[defender.index].cards
             if c.proto.is_wonder and not c.face_down]
        if a and not d:
            return attacker
        if d and not a:
            return defender
        if not a:
            return None
        pa = sum(c.power() for c in a)
        pd = sum(c.power() for c in d)
        return attacker if pa > pd else defender if pd > pa else None

    @step
    def seize(self, winner, loser, realm) -> None:
        """Rule 404.3.2 step 5: the winner seizes one stone, from the centre or the loser, if
        able; Guardian keeps the loser's stones here (rulebook, Guardian)."""
        guarded = any(c.has_keyword("guardian") for c in realm.sides[loser.index].cards)
        options = []
        if None in realm.stones:
            options.append(StoneOption(None, "centre stone"))
        if loser.index in realm.stones and not guarded:
            options.append(StoneOption(loser.index, f"{loser.name}'s stone"))
        if not options:
            self.log.append(("seize", winner.name, realm.number, None))
            return
        self.ask(winner, "stone", options, "choose a stone to seize",
                 then=(self.seized, winner, realm))

    @step
    def seized(self, winner, realm, pick) -> None:
        realm.stones[realm.stones.index(pick.owner)] = winner.index
        self.last_seizer = winner
        self.log.append(("seize", winner.name, realm.number, pick.name))
        self.publish(Event("seized", None, winner, realm))
