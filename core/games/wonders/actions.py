"""The uses of a turn (rules 403.3 and 404): draw, play a card, attack, activate an ability,
harvest, pass; and battle in its six steps (rule 404.3.2)."""
from __future__ import annotations

from ...bus import Event
from ...resolve import Trigger
from ...zones import LIMBO, Zone


class TurnOption:
    """One legal use of a turn."""

    __slots__ = ("kind", "card", "realm", "ability", "text")

    def __init__(self, kind: str, card=None, realm=None, ability=None, text: str = ""):
        self.kind = kind
        self.card = card
        self.realm = realm
        self.ability = ability
        self.text = text  # made when first asked for: most options are never shown

    def label(self) -> str:
        if not self.text:
            kind, card = self.kind, self.card
            if kind == "play":
                self.text = f"play {card.proto.id}"
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


class StoneOption:
    """A stone to seize: from the centre, or one a player controls."""

    __slots__ = ("owner", "name")

    def __init__(self, owner, name: str):
        self.owner = owner
        self.name = name

    def label(self) -> str:
        return self.name


class Actions:
    """Mixin of :class:`~core.games.wonders.rules.WondersGame`."""

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
                proto = c.proto
                if (has_action or "attuned" in proto.keywords) and \
                        self.cost_of(p, c, links) <= energy and \
                        (not proto.core or c.orbital in links):
                    opts.append(TurnOption("play", c))
        mine = p.index
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
                if not acts or c.null:
                    continue
                for ab in acts:
                    t = ab.trigger
                    if t.cost == "tap" and c.tapped:
                        continue
                    if not (t.free or has_action):
                        continue
                    kind = "harvest" if t.entry_name == "harvest" else "activate"
                    opts.append(TurnOption(kind, c, realm, ab))
        return opts

    def can_attack(self, p, realm) -> bool:
        """Rule 404.3.1: only with a Wonder there, and never where players can't attack."""
        if not realm.active or (self.attack_bans and self.attack_banned(p, realm)):
            return False
        for c in realm.sides[p.index].cards:  # noqa: SIM110 (a plain loop: hot path, no genexpr)
            if c.proto.is_wonder:
                return True
        return False

    def attack_banned(self, p, realm) -> bool:
        for who, where in self.attack_bans:
            if who is p and (where is None or where is realm):
                return True
        return False

    def take_action(self, p, option):
        kind = option.kind
        self.log.append(("turn", p.name, option.label()))
        if kind == "draw":
            p.actions -= 1
            self.draw(p, 1)
            yield from self.resolver.settle(self)
        elif kind == "play":
            card = option.card
            if "attuned" not in card.proto.keywords:
                p.actions -= 1
            realm = None
            if card.proto.type != "spell":
                realm = yield from self.ask(p, "realm", [r for r in self.realms if r.active],
                                            f"choose a realm for {card.proto.id}")
            p.energy -= self.cost_of(p, card)
            yield from self.play_card(p, card, realm)
        elif kind == "attack":
            p.actions -= 1
            yield from self.battle(p, option.realm)
        elif kind == "activate":
            yield from self.activate(p, option.card, option.ability)
        elif kind == "harvest":
            yield from self.harvest(p, option.card, option.ability)
        if self.queued_attacks:
            yield from self.queued_battles()

    def queued_battles(self):
        """Free attacks that effects declared (the ``attack`` effect): each battle starts once
        the effects that declared it have resolved, if it still can (rule 404.3.1)."""
        while self.queued_attacks:
            p, realm = self.queued_attacks.pop(0)
            if self.can_attack(p, realm):
                yield from self.battle(p, realm)
            else:
                self.log.append(("no_attack", p.name, realm.number))

    def play_card(self, p, card, realm, free: bool = False):
        """Rule 404.2 and rulebook, On Play: the card is played (On Play resolves before it
        enters The World); then a spell goes to The Abyss and other cards enter ``realm``."""
        limbo = Zone(LIMBO, p, realm)
        self.limbos.append(limbo)
        source = card.zone.kind
        played = self.move(card, limbo)
        self.log.append(("play", p.name, card.proto.id, played.oid,
                         realm.number if realm is not None else None))
        self.publish(Event("played", played, p, realm, source))
        yield from self.resolver.settle(self)
        if played.zone is limbo:  # an effect may have moved it meanwhile
            if played.proto.type == "spell":
                self.move(played, played.owner.abyss)
            else:
                self.move(played, realm.sides[p.index])
        self.limbos.remove(limbo)
        yield from self.resolver.settle(self)

    def activate(self, p, card, ability):
        """Rule 404.4: pay the ability's cost (an action unless free; tap or sacrifice), then
        its effect resolves like a triggered one, targets chosen now."""
        if not ability.trigger.free:
            p.actions -= 1
        t = Trigger(ability, card, p)
        yield from self.resolver.choose_targets(self, [t])
        if ability.trigger.cost == "tap":
            card.tapped = True
        elif ability.trigger.cost == "sacrifice":
            self.destroy(card)
        self.resolver.enqueue([t])
        yield from self.resolver.settle(self)

    def harvest(self, p, first, ability):
        """Rulebook, Harvest: a tap free action; any number of cards may be harvested together
        (tapped at once); actions it gains are usable from the next turn."""
        chosen = [(first, ability)]
        while True:
            more = [o for o in self.turn_options(p) if o.kind == "harvest"
                    and all(o.card is not c for c, _ in chosen)]
            if not more:
                break
            pick = yield from self.ask(p, "harvest", more + [DONE], "harvest another card too?")
            if pick == DONE:
                break
            chosen.append((pick.card, pick.ability))
        batch = []
        for card, ab in chosen:
            card.tapped = True
            batch.append(Trigger(ab, card, p))
        yield from self.resolver.choose_targets(self, batch)
        self.resolver.enqueue(batch)
        self.harvesting = p
        yield from self.resolver.settle(self)
        self.harvesting = None

    # -- battle ----------------------------------------------------------------------------
    def battle(self, attacker, realm):
        """Rule 404.3.2: On Attack, On Defense, On Battle, check for victory, move a stone,
        end of battle. All the attacker's Wonders in the realm attack together (404.3.1)."""
        defender = self.opponents(attacker)[0]
        for c in realm.sides[attacker.index].cards:
            if c.proto.is_wonder:
                c.attacked = True
        self.log.append(("attack", attacker.name, realm.number))
        self.publish(Event("attack", None, attacker, realm))
        yield from self.resolver.settle(self)
        self.publish(Event("defend", None, defender, realm))
        yield from self.resolver.settle(self)
        self.publish(Event("battle", None, attacker, realm))
        yield from self.resolver.settle(self)
        winner = self.battle_winner(attacker, defender, realm)
        self.log.append(("battle", realm.number, winner.name if winner else "tie"))
        self.publish(Event("battle_result", None, winner, realm, data=(attacker, defender,
                                                                        winner)))
        yield from self.resolver.settle(self)
        if winner is not None:
            loser = defender if winner is attacker else attacker
            yield from self.seize(winner, loser, realm)
        self.publish(Event("battle_end", None, attacker, realm))
        yield from self.resolver.settle(self)
        for c in realm.sides[attacker.index].cards:
            c.attacked = False

    def battle_winner(self, attacker, defender, realm):
        """Rule 404.3.2 step 4: the higher total power wins; any Wonders beat no Wonders, even
        at 0 or less (404.3.1); equal totals, or no Wonders at all, tie."""
        a = [c for c in realm.sides[attacker.index].cards if c.proto.is_wonder]
        d = [c for c in realm.sides[defender.index].cards if c.proto.is_wonder]
        if a and not d:
            return attacker
        if d and not a:
            return defender
        if not a:
            return None
        pa = sum(c.power() for c in a)
        pd = sum(c.power() for c in d)
        return attacker if pa > pd else defender if pd > pa else None

    def seize(self, winner, loser, realm):
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
        pick = yield from self.ask(winner, "stone", options, "choose a stone to seize")
        realm.stones[realm.stones.index(pick.owner)] = winner.index
        self.last_seizer = winner
        self.log.append(("seize", winner.name, realm.number, pick.name))
        self.publish(Event("seized", None, winner, realm))
