"""The uses of a turn (rules 403.3 and 404): draw, play a card, attack, activate an ability,
harvest, pass; and battle in its six steps (rule 404.3.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, cast

from ...bus import Event
from ...clone import copy_value
from ...loadable import state, step
from ...resolve import Trigger
from ...section import Section, section
from ...zones import Zone
from .zones import HAND, LIMBO

if TYPE_CHECKING:
    from ...compiler import AbilityProgram
    from .primitives import Primitives
    from .state import WondersCard, WondersPlayer, WondersTrigger
    from .zones import Realm


@state
class TurnOption:
    """One legal use of a turn."""

    __slots__ = ("kind", "card", "realm", "ability", "text")

    def __init__(self, kind: str, card: WondersCard | None = None, realm: Realm | None = None,
                 ability: AbilityProgram | None = None, text: str = ""):
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
            kind, card, realm, ability = self.kind, self.card, self.realm, self.ability
            if kind == "play":
                assert card is not None  # what each kind names: turn_options
                zone = card.zone.kind
                self.text = f"play {card.proto.id}" if zone == HAND else \
                    f"play {card.proto.id} from {zone}"  # as though in hand (rule 404.2)
            elif kind == "attack":
                assert realm is not None
                self.text = f"attack realm {realm.number}"
            else:
                assert card is not None and ability is not None and realm is not None
                acts = card.proto.program.activated
                suffix = f" #{ability.index}" if len(acts) > 1 else ""
                self.text = f"{kind} {card.proto.id}{suffix} @realm {realm.number}"
        return self.text

    def __repr__(self) -> str:
        return f"<{self.label()}>"


PASS = TurnOption("pass", text="pass")
DRAW = TurnOption("draw", text="draw")
DONE: Final = "done"


@state
class StoneOption:
    """A stone to seize: from the centre, or one a player controls."""

    __slots__ = ("owner", "name")

    def __init__(self, owner: int | None, name: str):
        self.owner = owner
        self.name = name

    def label(self) -> str:
        return self.name


@section
class Turns(Section):
    """The uses of a turn and battle (rules 403.3, 404), the game's ``turns``:
    ``queued_attacks`` are the free attacks effects declared, (player, realm), fought once
    the effects that declared them have resolved; ``harvesting`` the player whose harvest
    is resolving (its actions are usable from the next turn); ``last_seizer`` the last
    player to seize a stone, who takes the first turn of the next round (403.2)."""

    __slots__ = ("queued_attacks", "harvesting", "last_seizer")
    name = "turns"

    def __init__(self, g: Primitives) -> None:
        self.queued_attacks: list[tuple[WondersPlayer, Realm]] = []
        self.harvesting: WondersPlayer | None = None
        self.last_seizer: WondersPlayer | None = None

    def turn_options(self, g: Primitives, p: WondersPlayer) -> list[TurnOption]:
        """Every legal use of ``p``'s turn; pass is always first (rule 404.5)."""
        opts = [PASS]
        has_action = p.actions > 0
        if has_action:
            opts.append(DRAW)
        hand = p.hand.cards
        if hand:
            links = g.links(p)
            energy = p.energy
            for c in hand:
                if (has_action or "attuned" in c.proto.keywords) and \
                        self.can_pay(g, p, c, links, energy):
                    opts.append(TurnOption("play", c))
        if g.bus.handlers.get("static"):  # cards played as though in hand (rule 404.2)
            for c in g.continuous.plays(g, p, has_action):
                opts.append(TurnOption("play", c))
        mine = p.index
        statics = g.bus.handlers.get("static")  # a "can't tap" may forbid a tap cost
        for realm in g.realms:
            if not realm.active:
                continue
            side = realm.sides[mine].cards
            if not side:
                continue
            if has_action and self.can_attack(g, p, realm):
                opts.append(TurnOption("attack", realm=realm))
            for c in side:
                acts = c.proto.program.activated
                if not acts or c.blank:
                    continue
                for ab in acts:
                    t = ab.trigger
                    if t.cost == "tap" and (c.tapped or statics and
                                            g.continuous.forbidden(g, "tap", c, p)):
                        continue
                    if t.cost == "faith" and (p.faith < t.least()
                                              or p.faith_round == g.round):
                        continue  # rulebook, Faith: enough faith, once per round
                    if not (t.free or has_action):
                        continue
                    if t.gated and not t.active(g, c):  # hoard, kingdom
                        continue
                    if ab.once and g.used_up(c, ab):  # once_each
                        continue
                    kind = "harvest" if t.is_harvest else "activate"
                    opts.append(TurnOption(kind, c, realm, ab))
        return opts

    def can_pay(self, g: Primitives, p: WondersPlayer, card: WondersCard, links: set[str],
                energy: int) -> bool:
        """Rule 404.2: ``p`` can pay ``card``'s energy cost as from hand, and it is not a
        core card without its orbital's link (Core Mechanic)."""
        return g.cost_of(p, card, links) <= energy and \
            (not card.proto.core or card.orbital in links)

    def can_attack(self, g: Primitives, p: WondersPlayer, realm: Realm) -> bool:
        """Rule 404.3.1: only with a Wonder there, and never where players can't attack."""
        if not realm.active or (g.attack_bans and self.attack_banned(g, p, realm)):
            return False
        for c in realm.sides[p.index].cards:  # noqa: SIM110 (a plain loop: hot path, no genexpr)
            if c.proto.is_wonder and not c.face_down:  # face down: no card type (rule 510)
                return True
        return False

    def attack_banned(self, g: Primitives, p: WondersPlayer, realm: Realm) -> bool:
        return any(who is p and (where is None or where is realm)
                   for who, where in g.attack_bans)

    def take_action(self, g: Primitives, p: WondersPlayer, option: TurnOption) -> None:
        """Rule 404: do the chosen use of the turn; free attacks its effects declared follow."""
        kind = option.kind
        g.log.append(("turn", p.name, option.label()))
        g.then(self.queued_battles, g)
        if kind == "draw":
            p.actions -= 1
            g.draw(p, 1)
            g.resolver.settle(g)
        elif kind == "play":
            card = option.card
            assert card is not None  # what each kind names: turn_options
            if "attuned" not in card.proto.keywords:
                p.actions -= 1
            self.play_as_from_hand(g, p, card)
        elif kind == "attack":
            assert option.realm is not None
            p.actions -= 1
            self.battle(g, p, option.realm)
        elif kind == "activate":
            assert option.card is not None and option.ability is not None
            self.activate(g, p, option.card, option.ability)
        elif kind == "harvest":
            assert option.card is not None and option.ability is not None
            self.harvest(g, p, [(option.card, option.ability)])

    def play_as_from_hand(self, g: Primitives, p: WondersPlayer, card: WondersCard) -> None:
        """Rule 404.2: choose an active realm (a spell goes to The Abyss: none), pay the
        card's energy cost and play it."""
        if card.proto.type == "spell":
            self.pay_and_play(g, p, card, None)
        else:
            g.ask(p, "realm", [r for r in g.realms if r.active],
                     f"choose a realm for {card.proto.id}", then=(self.pay_and_play, g, p, card))

    @step
    def pay_and_play(self, g: Primitives, p: WondersPlayer, card: WondersCard,
                     realm: Realm | None) -> None:
        p.energy -= g.cost_of(p, card)
        g.modifiers.use(g, p, card.proto.type)  # a one-shot discount applied: it ends
        self.play_card(g, p, card, realm)

    @step
    def queued_battles(self, g: Primitives) -> None:
        """Free attacks that effects declared (the ``attack`` effect): each battle starts once
        the effects that declared it have resolved, if it still can (rule 404.3.1)."""
        while self.queued_attacks:
            p, realm = self.queued_attacks.pop(0)
            if self.can_attack(g, p, realm):
                g.then(self.queued_battles, g)
                self.battle(g, p, realm)
                return
            g.log.append(("no_attack", p.name, realm.number))

    def play_card(self, g: Primitives, p: WondersPlayer, card: WondersCard, realm: Realm | None,
                  free: bool = False) -> None:
        """Rule 404.2 and the rulebook's On Play and Triggered Effects: the card is played;
        the triggers its play caused resolve first, as a batch of their own (rule 502; "pause
        the resolution of that spell", Example 1), then its own On Play (a spell's effect),
        its targets chosen as it is played (501.1); then a spell goes to The Abyss and other
        cards enter ``realm``. A card an effect plays (seek) is played the same way, at once
        (:meth:`~.batches.BatchResolver.settle_now`)."""
        limbo = Zone(LIMBO, p, realm)
        g.limbos.append(limbo)
        source = card.zone.kind
        played = cast("WondersCard", g.move(card, limbo))  # it is in a zone: it moves
        g.log.append(("play", p.name, card.proto.id, played.oid,
                         realm.number if realm is not None else None))
        g.publish(Event("played", played, p, realm, source))
        pending = g.pending
        own = [Trigger(ab, c, p, ev) for ab, c, ev in pending if c is played]
        if own:
            g.pending = [x for x in pending if x[1] is not played]
        g.sequence((g.resolver.settle_now, g),
                      (self.resolve_on_play, g, own),
                      (self.enter_from_limbo, g, p, played, realm, limbo, source))
        g.resolver.choose_targets(g, own)

    @step
    def resolve_on_play(self, g: Primitives, own: list) -> None:
        """The played card's own On Play, once the triggers of its play have resolved: a card
        nullified meanwhile resolves with blank text (rulebook, Nullify)."""
        if own:
            g.resolver.settle_now(g, own)

    @step
    def enter_from_limbo(self, g: Primitives, p: WondersPlayer, played: WondersCard,
                         realm: Realm | None, limbo: Zone, source: str) -> None:
        """The played card enters The World; its arrival names the zone it was played from
        (``source``), not limbo: a card played from hand arrives from a hand (rule 508.4's
        Eternitum: "arrives from anywhere other than from a hand")."""
        if played.zone is limbo:  # an effect may have moved it meanwhile
            if played.proto.type == "spell":
                g.move(played, played.owner.abyss)
            elif self.replaced_entering(g, played, limbo):
                return
            elif played.blank:
                assert realm is not None  # only a spell is played into no realm
                g.enter_nullified(played, realm.sides[p.index], source)
            else:
                assert realm is not None
                side = realm.sides[p.index]
                new = g.move(played, side, publish=False)
                if new is not None:
                    g.publish(Event("arrived", new, played.controller, realm, source))
        g.limbos.remove(limbo)
        g.resolver.settle(g)

    def replaced_entering(self, g: Primitives, played: WondersCard, limbo: Zone) -> bool:
        """Rule 504: the played card's entering The World is replaced ("if this would
        enter, ... instead"); once the replacement's effect is done, a card it left in limbo
        goes to its owner's Abyss, as a spell does once it has resolved (it does not die: it
        never was in The World), and the card's play is over."""
        return g.replacements.replaced(g, "enters", played,
                                       after=(self.limbo_done, g, played, limbo))

    @step
    def limbo_done(self, g: Primitives, played: WondersCard, limbo: Zone) -> None:
        if played.zone is limbo:
            g.move(played, played.owner.abyss)
        g.limbos.remove(limbo)
        g.resolver.settle(g)

    def activate(self, g: Primitives, p: WondersPlayer, card: WondersCard,
                 ability: AbilityProgram) -> None:
        """Rule 404.4: pay the ability's cost (an action unless free; tap or sacrifice), then
        its effect resolves like a triggered one, targets chosen now."""
        if not ability.trigger.free:
            p.actions -= 1
        g.use_once(card, ability)
        t = Trigger(ability, card, p)
        g.then(self.pay_activation, g, card, t)
        g.resolver.choose_targets(g, [t])

    @step
    def pay_activation(self, g: Primitives, card: WondersCard, t: WondersTrigger) -> None:
        cost = t.ability.trigger.cost
        if cost == "tap":
            card.tapped = True
        elif cost == "sacrifice":
            g.destroy(card)
        elif cost == "faith":
            p, amount = t.controller, t.ability.trigger.amount
            if amount is None:  # spend X faith: any amount but 0 (rulebook, Faith)
                g.ask(p, "faith", list(range(1, p.faith + 1)), "spend how much faith?",
                         then=(self.faith_paid, g, t))
            else:
                self.faith_paid(g, t, amount)
            return
        g.resolver.add(g, [t])
        g.resolver.settle(g)

    @step
    def faith_paid(self, g: Primitives, t: WondersTrigger, amount: int) -> None:
        p = t.controller
        p.faith -= amount
        p.faith_spent = amount
        p.faith_round = g.round
        g.log.append(("faith", p.name, amount))
        g.resolver.add(g, [t])
        g.resolver.settle(g)

    def harvest(self, g: Primitives, p: WondersPlayer,
                chosen: list[tuple[WondersCard, AbilityProgram]]) -> None:
        """Rulebook, Harvest: a tap free action; any number of cards may be harvested together
        (tapped at once); actions it gains are usable from the next turn."""
        more = [o for o in self.turn_options(g, p) if o.kind == "harvest"
                and all(o.card is not c for c, _ in chosen)]
        if more:
            g.ask(p, "harvest", more + [DONE], "harvest another card too?",
                     then=(self.harvest_pick, g, p, chosen))
        else:
            self.harvest_together(g, p, chosen)

    @step
    def harvest_pick(self, g: Primitives, p: WondersPlayer,
                     chosen: list[tuple[WondersCard, AbilityProgram]],
                     pick: TurnOption | Literal["done"]) -> None:
        if pick == DONE:
            self.harvest_together(g, p, chosen)
        else:
            assert pick.card is not None and pick.ability is not None  # a harvest option
            self.harvest(g, p, [*chosen, (pick.card, pick.ability)])

    def harvest_together(self, g: Primitives, p: WondersPlayer,
                         chosen: list[tuple[WondersCard, AbilityProgram]]) -> None:
        batch = []
        for card, ab in chosen:
            card.tapped = True
            g.use_once(card, ab)
            batch.append(Trigger(ab, card, p))
        g.then(self.harvested, g, p, batch)
        g.resolver.choose_targets(g, batch)

    @step
    def harvested(self, g: Primitives, p: WondersPlayer, batch: list[Trigger]) -> None:
        g.resolver.add(g, batch)
        self.harvesting = p
        g.then(self.harvest_over, g)
        g.resolver.settle(g)

    @step
    def harvest_over(self, g: Primitives) -> None:
        self.harvesting = None

    # -- battle ----------------------------------------------------------------------------
    def battle(self, g: Primitives, attacker: WondersPlayer, realm: Realm) -> None:
        """Rule 404.3.2: On Attack, On Defense, On Battle, check for victory, move a stone,
        end of battle. All the attacker's Wonders in the realm attack together (404.3.1)."""
        defender = g.opponents(attacker)[0]
        for c in realm.sides[attacker.index].cards:
            if c.proto.is_wonder and not c.face_down:
                c.attacked = True
        g.log.append(("attack", attacker.name, realm.number))
        g.sequence((self.attack_step, g, attacker, realm),
                      (self.battle_step, g, Event("defend", None, defender, realm)),
                      (self.battle_step, g, Event("battle", None, attacker, realm)),
                      (self.battle_victory, g, attacker, defender, realm),
                      (self.battle_end, g, attacker, realm))

    @step
    def attack_step(self, g: Primitives, attacker: WondersPlayer, realm: Realm) -> None:
        """Step 1: On Attack effects, and "whenever (something) attacks" ones at the same
        time (404.3.2.1): an event for each attacking Wonder, so each can trigger."""
        g.publish(Event("attack", None, attacker, realm))
        for c in realm.sides[attacker.index].cards:
            if c.attacked:
                g.publish(Event("attacks", c, attacker, realm))
        g.resolver.settle(g)

    @step
    def battle_step(self, g: Primitives, event: Event) -> None:
        """Steps 2-3 of 404.3.2: On Defense, On Battle effects resolve."""
        g.publish(event)
        g.resolver.settle(g)

    @step
    def battle_victory(self, g: Primitives, attacker: WondersPlayer, defender: WondersPlayer,
                       realm: Realm) -> None:
        """Step 4, check for victory; step 5, the winner seizes a stone."""
        winner = self.battle_winner(g, attacker, defender, realm)
        g.log.append(("battle", realm.number, winner.name if winner else "tie"))
        g.publish(Event("battle_result", None, winner, realm, data=(attacker, defender,
                                                                        winner)))
        if winner is not None:
            loser = defender if winner is attacker else attacker
            g.then(self.seize, g, winner, loser, realm)
        g.resolver.settle(g)

    @step
    def battle_end(self, g: Primitives, attacker: WondersPlayer, realm: Realm) -> None:
        """Step 6: end of battle."""
        g.publish(Event("battle_end", None, attacker, realm))
        g.then(self.battle_over, g, attacker, realm)
        g.resolver.settle(g)

    @step
    def battle_over(self, g: Primitives, attacker: WondersPlayer, realm: Realm) -> None:
        for c in realm.sides[attacker.index].cards:
            c.attacked = False

    def battle_winner(self, g: Primitives, attacker: WondersPlayer, defender: WondersPlayer,
                      realm: Realm) -> WondersPlayer | None:
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
    def seize(self, g: Primitives, winner: WondersPlayer, loser: WondersPlayer,
              realm: Realm) -> None:
        """Rule 404.3.2 step 5: the winner seizes one stone, from the centre or the loser, if
        able; Guardian keeps the loser's stones here (rulebook, Guardian)."""
        guarded = any(c.has_keyword("guardian") for c in realm.sides[loser.index].cards)
        options = []
        if None in realm.stones:
            options.append(StoneOption(None, "centre stone"))
        if loser.index in realm.stones and not guarded:
            options.append(StoneOption(loser.index, f"{loser.name}'s stone"))
        if not options:
            g.log.append(("seize", winner.name, realm.number, None))
            return
        g.ask(winner, "stone", options, "choose a stone to seize",
                 then=(self.seized, g, winner, realm))

    @step
    def seized(self, g: Primitives, winner: WondersPlayer, realm: Realm,
               pick: StoneOption) -> None:
        realm.stones[realm.stones.index(pick.owner)] = winner.index
        self.last_seizer = winner
        g.log.append(("seize", winner.name, realm.number, pick.name))
        g.publish(Event("seized", None, winner, realm))
