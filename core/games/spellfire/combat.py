"""Battles (the seed, "Phase 4"; rules notes 7, "Combat"): the turn player's one attack on an
opponent's realm, from the target to the spoils of victory. A battle has one round, and
another for each champion the attacker sends after a wall stopped the one before; its
outcome, walls and the spoils are in :mod:`.battle_end`. The battle being fought is the
rules section :class:`Combat` (the game's ``combat``): the realm under attack and the two
champions, and the steps up to the outcome.

The steps, in the notes' order: (A) the target, (B) the attacker from hand or pool into the
battle area, (C) the defender or a decline, (D) the champions' powers, (E) the totals
compared, (F) catch-up plays by the losing side until it stops, then the outcome. The
readings chosen where the notes leave room:

- **Target** (notes 7 A): a realm ``attackable`` (exposed: unrazed, no unrazed realm in front
  of it), or one a champion the turn player can send reaches by a movement power on that
  champion: ``flyer`` any realm, ``swimmer`` a coastal realm, ``earthwalker`` any realm (no
  realm prints special requirements yet). Since the attacker is chosen after the target (A
  then B), such a realm is offered when the player has a champion able to reach it, and the
  attacker is then chosen among the champions able to reach it. No target, no decision.
- **Attacker** (B): a champion of the pool, with its attachments (they keep their host), or
  one from the hand that the Rule of the Cosmos lets into play (it has no attachments; it is
  played, so the others may respond). Nothing is attached now.
- A battle begins once both champions are chosen (notes 7, "Outcomes"): an attacker gone,
  or a realm razed or gone, before the defender is chosen ends it with no spoils (the
  attacker, if still there, returns to its pool).
- **Defender** (C): the realm's owner chooses a champion of their pool or hand (as the
  attacker), or declines: the realm is razed, the battle ends and the attacker gets spoils. A
  realm printing ``defends: N`` defends itself when its owner declines: the realm is the
  defending champion, at level N plus its level changes; it may take only allies (notes 6,
  the card ruling) and events; a defeated realm-champion razes the realm. It gets no world
  bonus (that is a champion's).
- **(D) activation**: the attacker's power, then the defender's. A champion that
  ``defeats`` the opposing one (instant defeat: notes 7, "Instant defeat by a champion's
  power") wins there: "the player about to lose may play one card, and it must change the
  defeating condition": they are offered the cards of (F) once, or stop; the card played, the
  condition is read again (the defeating champion still fighting, its power not blank, the
  champion it names still named: an ally on its side, for a power ``unless_ally``). If it
  still holds, the side about to lose has lost (notes 7 D: "the defender is discarded and the
  realm is razed"; the attacker, discarded). Which cards "change the condition" is read
  after they are played, not foreseen: a card that changes nothing is spent for nothing.
- **Totals** (E): a champion's adjusted level (attachments' bonuses, level changes), the
  levels of its side's allies in the battle, and +3 when the ``world_bonus`` variant is on and
  the champion's world is the attacked realm's. A tie: the defender is winning.
- **Catch-up** (F): the losing side may play one card, or stop; totals are compared again,
  while that side is losing. The cards: an ally (its level counts for the round; an ally of an
  attacker who reached the realm by a movement power must share a power of the attacker that
  reaches it: notes 7, "Allies need the same movement power"); a spell, psionic power, blood
  ability, thief skill or unarmed combat card used in phase 4 that its champion can use, cast
  by it (through the response window; an (Off) card with a level bonus is not offered against
  a champion immune to it); a magical item, attached to its fighting champion; an event. A
  played spell or skill that takes effect (not negated) gives its level bonus as a level
  change of its own champion, or the opposing one for an (Off) card, and waits in the battle
  area until the battle ends; an event's bonus counts the same way, the event goes to the
  Void. Every card played is answered in a response window (rules notes 5), where the other
  players may play events; besides, "the winning side may play only events or 'play at any
  time' cards": after each catch-up card has resolved, the side then winning gets one chance
  to play an event, or a spell or skill printed "play at any time" its champion can use, or
  passes.
- A catch-up card's effects may end the battle early (rules notes 7, "Outcomes"): see
  :mod:`.battle_end`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from ...bus import Event
from ...errors import RulesError
from ...loadable import step
from ...section import Section, section
from . import battle_end, cosmos, formation, plays
from .battle_end import STOP
from .battle_powers import Movement
from .card import SUPPORT_SKILLS
from .keywords import usable
from .zones import HAND

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer

SKIP, DECLINE, PASS = "skip", "decline", "pass"
WORLD_BONUS = 3  # rules notes 7, "World bonus" (the world_bonus variant)
#: movement powers (keywords) that let a champion attack past the realms in front
MOVEMENT: tuple[str, ...] = get_args(Movement)
MOVES = frozenset(MOVEMENT)
BATTLE_PHASE = 4
#: the keyword of a realm that restricts its attackers (battle_powers.Barred)
BARRED = "cant_be_attacked_by"
DEFEATS = "defeats"  # a champion's instant-defeat power (battle_powers.Defeats)
NO_ALLIES = "no_allies_against"  # battle_powers.NoAlliesAgainst
#: a wall (battle_effects.Wall): the movement powers that pass it, the champion types it
#: stops (any, if none), the highest level it stops (any, if None)
WallTerms = tuple[tuple[str, ...], tuple[str, ...], "int | None"]
NO_WALL: WallTerms = ((), (), None)


@section
class Combat(Section):
    """The battle of phase 4 (rules notes 7): ``realm`` is the realm under attack,
    ``attacker`` and ``defender`` the champions fighting (a realm that defends itself is both
    the realm and the defender); all None between battles."""

    __slots__ = ("realm", "attacker", "defender", "called_off", "truce", "more_battles",
                 "walled", "wall", "wall_tried", "sent")
    name = "combat"

    def __init__(self, g: SpellfireGame) -> None:
        self.realm: SpellfireCard | None = None
        self.attacker: SpellfireCard | None = None
        self.defender: SpellfireCard | None = None
        self.called_off = False  # an end_battle effect ended the battle under way
        #: who can't attack, and the turn number it no longer holds in (no_attacks)
        self.truce: tuple[tuple[str, int], ...] = ()
        self.more_battles = 0  # the turn player's battles after the first (another_battle)
        self.walled: SpellfireCard | None = None  # the champion a wall stopped (Wall)
        #: the standing wall: the movement powers that pass it, the champion types it
        #: stops (all, if none) and the highest level it stops (any, if None)
        self.wall: WallTerms = NO_WALL
        self.wall_tried = False  # the walled attacker has had its one card
        self.sent: tuple[str, ...] = ()  # the champions walled out of this battle (ids)

    def fighting(self) -> tuple[SpellfireCard, SpellfireCard, SpellfireCard]:
        """The realm under attack, the attacking and the defending champion (a realm that
        defends itself is both the realm and the defender)."""
        realm, a, d = self.realm, self.attacker, self.defender
        if realm is None or a is None or d is None:
            raise RulesError("no battle is being fought")
        return realm, a, d

    def end(self, g: SpellfireGame) -> None:
        """The battle is over: the powers that triggered as it ended (a realm razed, a
        champion defeated) resolve now, before the turn goes on."""
        self.realm = self.attacker = self.defender = None
        self.called_off = False
        self.sent = ()
        self.clear_wall()
        g.continuous.changed(g)  # what holds only in a battle (in_battle, against) is off
        g.resolver.settle(g)

    # -- (A) the target ------------------------------------------------------------------------
    @step
    def attack_phase(self, g: SpellfireGame) -> None:
        """Phase 4: attack one realm of an opponent, or skip."""
        p = g.active
        if any(name == p.name and g.turn < until for name, until in self.truce):
            g.log.append(("no_attack", p.name, "forbidden"))
            return
        targets = self.targets(g, p)
        if not targets:
            g.log.append(("no_attack", p.name))
            return
        g.then(self.next_battle, g)
        g.ask(p, "attack", [SKIP, *(("attack", r) for r in targets)],
              "phase 4: attack a realm, or skip", then=(self.attack_chosen, g))

    @step
    def next_battle(self, g: SpellfireGame) -> None:
        """A battle is over: another, if a card gave one (``another_battle``)."""
        if self.more_battles > 0 and not g.over:
            self.more_battles -= 1
            g.log.append(("battle_again", g.active.name))
            self.attack_phase(g)

    def forbid(self, g: SpellfireGame, names: tuple[str, ...], until: int) -> None:
        """``names`` can't attack before turn ``until`` (the effect ``no_attacks``); what
        has run out is forgotten."""
        self.truce = (*((n, u) for n, u in self.truce if g.turn < u),
                      *((n, until) for n in names))

    def fighters(self, g: SpellfireGame, p: SpellfirePlayer) -> list[SpellfireCard]:
        """The champions ``p`` may send into a battle: its pool's, and those of its hand the
        Rule of the Cosmos lets into play."""
        out = p.champions()
        allows = cosmos.gate(g)
        out.extend(c for c in p.hand.cards if c.proto.type == "champion" and allows(c))
        return out

    def attackers(self, g: SpellfireGame, p: SpellfirePlayer) -> list[SpellfireCard]:
        """The champions ``p`` may send to attack: its fighters, but one a static ability
        says can't attack (``cant: attack``)."""
        forbidden = g.continuous.forbidden
        return [c for c in self.fighters(g, p) if not forbidden(g, "attack", c)]

    def targets(self, g: SpellfireGame, p: SpellfirePlayer) -> list[SpellfireCard]:
        """The realms ``p`` may attack: exposed ones, and those a champion it can send
        reaches by its movement power; never one a static ability says can't be attacked,
        but in the 25-card final stage a leading player's (rules notes 9: "Cards that
        prevent attacks on the leading player are cancelled")."""
        fighters = self.attackers(g, p)
        if not fighters:
            return []
        moves = {m for c in fighters for m in self.movement(c)}
        out: list[SpellfireCard] = []
        for q in g.turn_order()[1:]:
            exposed = formation.attackable(p, q)
            out.extend(exposed)
            if moves:
                out.extend(r for r in q.realms() if not r.razed and r not in exposed
                           and self.reaches(moves, r))
        forbidden, leading, allowed = g.continuous.forbidden, g.victory.leading, self.allowed
        return [r for r in out
                if (not forbidden(g, "be_attacked", r, p) or leading(g, r.owner))
                and (not r.keywords_named(BARRED)
                     or any(allowed(c, r, self.exposed(r)) for c in fighters))]

    def allowed(self, champ: SpellfireCard, realm: SpellfireCard, exposed: bool) -> bool:
        """``champ`` may attack ``realm``: it reaches it (``exposed``, or by a movement
        power), and the realm's restrictions (``cant_be_attacked_by``: notes 6, "Some realms
        restrict attackers") neither bar it nor take away the power it would need."""
        moves = self.movement(champ)
        for kw in realm.keywords_named(BARRED):
            if kw.bars(champ):
                return False
            moves = tuple(m for m in moves if m not in kw.movement)
        return exposed or self.reaches(moves, realm)

    @staticmethod
    def movement(card: SpellfireCard) -> tuple[str, ...]:
        """Its movement powers, its own and its attachments' (most cards print none and
        are given none: one look at each)."""
        z = card.zone
        cards = [c for c in z.cards if c is card or c.host is card] if z else [card]
        if not any(c.given or MOVES & c.proto.keywords.keys() for c in cards):
            return ()
        return tuple(m for m in MOVEMENT if card.has_power(m))

    def clear_wall(self) -> None:
        """No wall stands (passed, or its champion out of the battle)."""
        self.walled, self.wall, self.wall_tried = None, NO_WALL, False

    def passes_wall(self, champ: SpellfireCard, wall: WallTerms) -> bool:
        """``champ`` passes ``wall``: it has a movement power the wall names (its own, or
        its item's), or the wall stops only other champion types or lower levels (a realm
        defending itself: its level as a champion)."""
        unless, types, most = wall
        if any(m in unless for m in self.movement(champ)):
            return True
        if types and champ.proto.champion_type not in types:
            return True
        level = champ.level() if champ.proto.type == "champion" else \
            (champ.proto.defends or 0) + sum(champ.mods)
        return most is not None and level > most

    @staticmethod
    def reaches(moves: Any, realm: SpellfireCard) -> bool:
        """A movement power in ``moves`` reaches ``realm`` (rules notes 7 A)."""
        return "flyer" in moves or "earthwalker" in moves or \
            "swimmer" in moves and realm.proto.coastal

    @staticmethod
    def exposed(realm: SpellfireCard) -> bool:
        return not formation.shielded(realm.owner, realm.zone.area)

    @step
    def attack_chosen(self, g: SpellfireGame, choice: Any) -> None:
        p = g.active
        if isinstance(choice, str):
            g.log.append(("no_attack", p.name))
            self.more_battles = 0  # phase 4 is over
            return
        realm = choice[1]
        self.realm = realm
        g.log.append(("attack", p.name, realm.proto.id, realm.owner.name))
        exposed = self.exposed(realm)
        options = [c for c in self.attackers(g, p) if self.allowed(c, realm, exposed)]
        g.ask(p, "attacker", options, f"choose the champion attacking {realm.proto.id}",
              then=(self.attacker_chosen, g))

    # -- (B) the attacker, (C) the defender ----------------------------------------------------
    @step
    def attacker_chosen(self, g: SpellfireGame, champ: SpellfireCard) -> None:
        g.then(self.choose_defender, g, self.realm)
        self.attacker = self.send(g, g.active, champ, "attacker")

    def send(self, g: SpellfireGame, p: SpellfirePlayer, champ: SpellfireCard,
             role: str) -> SpellfireCard:
        """``champ`` goes into ``p``'s battle area: from the hand it is played (a response
        window follows); from the pool it keeps its attachments."""
        from_hand = champ.zone is p.hand
        g.log.append((role, p.name, champ.proto.id, HAND if from_hand else "pool"))
        g.then(self.shown, g, role)  # once it is in the battle (after its window, if played)
        if from_hand:
            plays.play_card(g, p, champ, p.battle)
            new: Any = champ.moved_to  # the object it became in play
            return new
        attached = champ.attachments()
        g.move(champ, p.battle)
        for a in attached:
            g.move(a, p.battle)
        return champ

    @step
    def shown(self, g: SpellfireGame, role: str) -> None:
        """The champion is shown as the attacker (notes 7 B) or the defender (C): its "when
        this champion attacks/defends" powers (events "attack", "defend") resolve now."""
        card = self.attacker if role == "attacker" else self.defender
        if card is not None and card.zone is card.controller.battle:
            g.publish(Event("attack" if role == "attacker" else "defend", card,
                            card.controller))
            g.resolver.settle(g)

    @step
    def choose_defender(self, g: SpellfireGame, realm: SpellfireCard) -> None:
        a = self.attacker
        if a is None or a.zone is not g.active.battle:  # gone before the battle began
            g.log.append(("battle_over", "no_attacker"))
            self.end(g)
            return
        if realm.zone is None or realm.razed:  # gone before the battle began: no spoils
            g.log.append(("battle_over", "no_realm"))
            battle_end.to_pool(g, g.active, a)
            self.end(g)
            return
        q = realm.owner
        g.ask(q, "defender", [DECLINE, *self.fighters(g, q)],
              f"defend {realm.proto.id} against {a.proto.id}, or decline",
              then=(self.defender_chosen, g, realm, a))

    @step
    def defender_chosen(self, g: SpellfireGame, realm: SpellfireCard, a: SpellfireCard,
                        choice: Any) -> None:
        q = realm.owner
        if not isinstance(choice, str):
            g.then(self.activate, g, True)
            self.defender = self.send(g, q, choice, "defender")
            return
        g.log.append(("decline", q.name, realm.proto.id))
        if realm.proto.defends:
            self.defender = realm
            g.log.append(("realm_defends", q.name, realm.proto.id, realm.proto.defends))
            self.fight(g)  # a realm has no champion's power to activate (D)
            return
        # notes 7 C: the realm is razed, the battle ends, the attacker gets spoils
        formation.raze(g, realm, "declined")
        battle_end.to_pool(g, g.active, a)
        self.end(g)
        battle_end.spoils(g, g.active)

    # -- (D) activation: instant defeat -------------------------------------------------------
    @step
    def activate(self, g: SpellfireGame, attackers: bool) -> None:
        """The attacker's power (``attackers``), then the defender's: a champion that
        ``defeats`` the opposing one wins now, unless the player about to lose changes that
        with one card (rules notes 7, "Instant defeat by a champion's power")."""
        why = battle_end.interruption(g)
        if why is not None:
            battle_end.interrupted(g, why)
            return
        realm, a, d = self.fighting()
        src, champ, loser = (a, d, realm.owner) if attackers else (d, a, g.active)
        if not self.defeating(src, champ, realm):
            self.activated(g, attackers)
            return
        g.log.append(("instant_defeat", src.proto.id, champ.proto.id))
        g.ask(loser, "fight", [STOP, *self.catch_up_options(g, loser, champ, src, realm)],
              f"{src.proto.id} defeats {champ.proto.id}: play one card that changes it, or "
              "stop", then=(self.defeat_answered, g, loser, attackers))

    def activated(self, g: SpellfireGame, attackers: bool) -> None:
        if attackers:
            self.activate(g, False)
        else:
            self.fight(g)

    @staticmethod
    def defeating(src: SpellfireCard, champ: SpellfireCard, realm: SpellfireCard) -> bool:
        """``src``'s own power (printed or given to it, not blank; not its attachments':
        "Powers of allies, items and artifacts don't count as instant-defeat sources")
        defeats ``champ`` now. A realm defending itself neither defeats nor is defeated so:
        it is no champion."""
        if src is realm or champ is realm:
            return False
        powers = src.keywords_named(DEFEATS)
        if not powers:
            return False
        has_ally = any(c.proto.type == "ally" for c in champ.controller.battle.cards)
        return any(kw.defeats(champ, has_ally, src) for kw in powers)

    @step
    def defeat_answered(self, g: SpellfireGame, p: SpellfirePlayer, attackers: bool,
                        choice: Any) -> None:
        if isinstance(choice, str):
            g.log.append(("concede", p.name))
            self.defeat_stands(g, attackers)
            return
        g.log.append(("catch_up", p.name, choice[1].proto.id))
        g.then(self.defeat_checked, g, attackers)
        self.play_in_battle(g, p, choice)

    @step
    def defeat_checked(self, g: SpellfireGame, attackers: bool) -> None:
        """The card played, the defeating condition is read again."""
        why = battle_end.interruption(g)
        if why is not None:
            battle_end.interrupted(g, why)
            return
        realm, a, d = self.fighting()
        src, champ = (a, d) if attackers else (d, a)
        if self.defeating(src, champ, realm):
            self.defeat_stands(g, attackers)
            return
        g.log.append(("defeat_averted", champ.proto.id))
        self.activated(g, attackers)

    @staticmethod
    def defeat_stands(g: SpellfireGame, attackers: bool) -> None:
        """Notes 7 D: "the defender is discarded and the realm is razed" (the attacker's
        power); the defender's power defeats the attacker as a won defence."""
        if attackers:
            battle_end.attacker_wins(g)
        else:
            battle_end.defender_wins(g)

    # -- (E) totals, (F) catch-up -------------------------------------------------------------
    def total(self, g: SpellfireGame, p: SpellfirePlayer, champ: SpellfireCard,
              realm: SpellfireCard) -> int:
        """A side's total: its champion's level (a realm defending itself: its ``defends``),
        its allies' levels, the world bonus and, for the defender, the bonus of the attacked
        realm's holding (rules notes 7 E: "Count every relevant modifier: realm, holding,
        items ...")."""
        if champ is realm:
            n = (realm.proto.defends or 0) + sum(realm.mods)
        else:
            n = champ.level()
            w = champ.proto.world
            if w is not None and w == realm.proto.world and "world_bonus" in g.variants:
                n += WORLD_BONUS
        for c in p.battle.cards:
            if c.proto.type == "ally":
                n += c.proto.level or 0
        if p is realm.owner:
            n += sum(c.proto.bonus for c in realm.zone.cards
                     if c.proto.type == "holding" and not c.blank)
        return n if n > 0 else 0

    def totals(self, g: SpellfireGame) -> tuple[int, int]:
        realm, a, d = self.fighting()
        return self.total(g, g.active, a, realm), self.total(g, realm.owner, d, realm)

    @step
    def fight(self, g: SpellfireGame) -> None:
        """Compare the totals; the losing side (the attacker on a tie) plays one card or
        stops."""
        why = battle_end.interruption(g)
        if why is not None:
            battle_end.interrupted(g, why)
            return
        realm, att, dfd = self.fighting()
        a, d = self.totals(g)
        g.log.append(("totals", att.proto.id, a, dfd.proto.id, d))
        loser, champ, other = (g.active, att, dfd) if a <= d else (realm.owner, dfd, att)
        g.ask(loser, "fight", [STOP, *self.catch_up_options(g, loser, champ, other, realm)],
              f"losing {min(a, d)} to {max(a, d)}: play one card, or stop",
              then=(self.caught_up, g, loser))

    def catch_up_options(self, g: SpellfireGame, p: SpellfirePlayer, champ: SpellfireCard,
                         other: SpellfireCard, realm: SpellfireCard) -> list:
        """The cards ``p``'s losing side, fighting with ``champ`` against ``other``, may play
        (rules notes 7 F: one card its champion can use)."""
        as_realm = champ is realm
        attacking = p is g.active
        allies = self.allies_against(g, p, other, realm)
        out: list[Any] = []
        for c in p.hand.cards:
            pr = c.proto
            t = pr.type
            if t == "ally":
                if allies and (not attacking or self.ally_joins(c, champ, realm)) and \
                        usable(c, champ):
                    out.append(("play", c))
            elif t == "event":
                if pr.used_in(BATTLE_PHASE) and plays.has_targets(g, p, c):
                    out.append(("play", c))
            elif as_realm:
                continue  # a realm defending itself takes only allies (notes 6)
            elif t == "magic_item":
                if usable(c, champ):
                    out.append(("attach", c, champ))
            elif t in SUPPORT_SKILLS and self.castable(g, p, c, champ, other):
                out.append(("cast", c, champ))
        return out

    @staticmethod
    def allies_against(g: SpellfireGame, p: SpellfirePlayer, other: SpellfireCard,
                       realm: SpellfireCard) -> bool:
        """``p``'s side may use allies against ``other``: neither that champion (by its own
        power or its attachments') nor, when ``p`` attacks, the realm prints "allies can't
        be used against" (``no_allies_against``)."""
        if other.has_power(NO_ALLIES):
            return False
        return not (p is g.active and realm.keywords_named(NO_ALLIES))

    def castable(self, g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard,
                 champ: SpellfireCard, other: SpellfireCard) -> bool:
        """A spell or skill its fighting champion may use now: used in phase 4, by its
        icon or a power, with a target; an (Off) level bonus not against an immune
        champion."""
        pr = card.proto
        if not pr.used_in(BATTLE_PHASE) or not champ.can_use(pr):
            return False
        if pr.direction == "off" and pr.bonus and self.immune(other, pr):
            return False
        return plays.has_targets(g, p, card, champ)

    def ally_joins(self, ally: SpellfireCard, attacker: SpellfireCard,
                   realm: SpellfireCard) -> bool:
        """An ally joins an attack on an exposed realm; on a realm reached by a movement
        power, only with a power of the attacker that reaches it (rules notes 7 A)."""
        if self.exposed(realm):
            return True
        shared = set(self.movement(attacker)) & set(self.movement(ally))
        return self.reaches(shared, realm)

    @staticmethod
    def immune(champ: SpellfireCard, proto: Any) -> bool:
        return any(kw.covers(proto) for kw in champ.powers("immune"))

    @step
    def caught_up(self, g: SpellfireGame, p: SpellfirePlayer, choice: Any) -> None:
        if isinstance(choice, str):
            g.log.append(("concede", p.name))
            battle_end.conclude(g)
            return
        card = choice[1]
        g.log.append(("catch_up", p.name, card.proto.id))
        g.then(self.fight, g)
        g.then(self.winning_chance, g)
        self.play_in_battle(g, p, choice)

    def play_in_battle(self, g: SpellfireGame, p: SpellfirePlayer, choice: tuple) -> None:
        verb, card = choice[0], choice[1]
        if verb == "cast":
            plays.cast(g, p, card, choice[2])
        elif verb == "attach":
            plays.play_card(g, p, card, p.battle, host=choice[2])
        elif card.proto.type == "ally":
            plays.play_card(g, p, card, p.battle)
        else:
            plays.cast(g, p, card, None)

    @step
    def winning_chance(self, g: SpellfireGame) -> None:
        """After a catch-up card, the side winning may play an event, or pass (rules notes
        7 F: "The winning side may play only events")."""
        if battle_end.interruption(g) is not None:
            return
        realm, att, dfd = self.fighting()
        a, d = self.totals(g)
        w, champ, other = (g.active, att, dfd) if a > d else (realm.owner, dfd, att)
        out: list[Any] = []
        for c in w.hand.cards:
            pr = c.proto
            if pr.type == "event":
                if pr.used_in(BATTLE_PHASE) and plays.has_targets(g, w, c):
                    out.append(("play", c))
            elif pr.anytime and pr.type in SUPPORT_SKILLS and champ is not realm and \
                    self.castable(g, w, c, champ, other):
                out.append(("cast", c, champ))
        if out:
            g.ask(w, "fight", [PASS, *out], "winning: play an event, or pass",
                  then=(self.winner_played, g, w))

    @step
    def winner_played(self, g: SpellfireGame, w: SpellfirePlayer, choice: Any) -> None:
        if isinstance(choice, str):
            return
        g.log.append(("battle_event", w.name, choice[1].proto.id))
        self.play_in_battle(g, w, choice)

    def stays_in_battle(self, g: SpellfireGame, card: SpellfireCard) -> bool:
        """A card a fighting side played in the battle has taken effect (called as it is
        spent): its level bonus counts until the battle ends, as a level change of its side's
        champion (the opposing one for an (Off) card); a spell or skill waits in its
        player's battle area until then (True); an event goes on to the Void (False)."""
        realm, a, d = self.realm, self.attacker, self.defender
        if realm is None or a is None or d is None:
            return False
        p = card.owner
        if p is g.active:
            own, other = a, d
        elif p is realm.owner:
            own, other = d, a
        else:
            return False
        bonus = card.proto.bonus
        if bonus:
            target = other if card.proto.direction == "off" else own
            target.mods = (*target.mods, bonus)
            g.log.append(("level", target.proto.id, f"{bonus:+d}", card.proto.id))
        if card.proto.type == "event":
            return False
        card.host = None
        g.move(card, p.battle)
        return True
