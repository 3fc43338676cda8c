"""Spellfire's game on the core engine (seed, "Phases And A Gameplay"): who goes first, the
shuffle and the opening hand, the two-draw mulligan, the seven phases of a turn and the
end of the game, as steps in the order the seed gives them. Playing cards and responses
are in :mod:`.plays`; the formation and phase 2 in :mod:`.formation`; battles in
:mod:`.combat` and :mod:`.battle_end`; the Rule of the Cosmos and victory in :mod:`.cosmos`
and :mod:`.victory`.

Of those, the parts that hold state of their own are rules sections
(:mod:`cardscript.section`), which the game reaches by name: the battle being fought
(``g.combat``, :class:`~.combat.Combat`) and the victory clock (``g.victory``,
:class:`~.victory.Victory`). The others are functions taking the game (``plays.cast(g, p,
card, caster)``, ``cosmos.allows(g, p, card)``); the game's own hooks call them.

Citations: ``seed, <heading>`` names a paragraph of the seed; ``notes N`` a section of the
rules notes (the Tournament Rules v2.0 reading)."""
from __future__ import annotations

from typing import Any, cast

from ...bus import Event
from ...continuous import Continuous
from ...decisions import CORE_KINDS
from ...game import Game
from ...loadable import state, step
from ...state import Card, CardDef, Player
from ...table import TableView
from ...window import ResponseWindow
from ...zones import Unseen, Zone
from . import cosmos, effects, evaluation, plays
from .combat import Combat
from .formats import VARIANT_OF, format_of
from .plays import DONE
from .state import SpellfireCard, SpellfireCardDef, SpellfirePlayer
from .table import spellfire_table
from .victory import Victory
from .zones import MOMENTS, PLACES, RULE, WINDOW, formation

#: named rule variants (docs/architecture.md, "Rules precedence"): the other deck formats,
#: and the optional rules the notes give as secondary
VARIANTS = {
    "cards25": "the 25-card game (rules notes 3 and 9): realms A, B, C; three unrazed "
               "begin the final stage, and who placed them first breaks the last tie",
    "cards75": "the 75-card game (rules notes 3): draw 4, hand 10, six realms held a turn",
    "cards110": "the 110-card game (rules notes 3): draw 5, hand 12, a ten-realm formation",
    "world_bonus": "a champion gets +3 attacking or defending a realm of its own world "
                   "(rules notes 7, secondary sources)",
    "reshuffle": "TR2's run-out rule (rules notes 9): an empty draw pile takes its discard "
                 "pile, reshuffled, at the end of the turn, once per player",
}
DECISION_KINDS = ("mulligan", "action", "target", "caster", "respond", "discard", "attack",
                  "attacker", "defender", "fight", "slot", "spoils", "search", *CORE_KINDS)


def discard_pile(card: SpellfireCard) -> Zone:
    """Where ``card`` goes as it is discarded: its owner's discard pile, or the Abyss for an
    event discarded unplayed from the hand (rules notes 0, the Tournament Rules: "played
    events → Void, unplayed discarded events → Abyss"; a played event goes to the Void,
    :func:`.plays.spent`)."""
    zone = card.zone
    if card.proto.type == "event" and zone is not None and zone.kind == "hand":
        return card.owner.abyss
    return card.owner.discard


@state
class SpellfireGame(Game[SpellfirePlayer]):
    """Spellfire's sequence of play (seed, "Phases of the Game Play") on the core's game,
    with the table (the format, the turn and phase, the rule card, the response window's
    zone) and its rules sections (``SECTIONS``: a battle, the victory clock)."""

    game_name = "spellfire"
    DECISION_KINDS = DECISION_KINDS
    VARIANTS = VARIANTS
    ROUND_FIELD = "turn"
    resolver_class = ResponseWindow
    resolver: ResponseWindow
    card_def_class = SpellfireCardDef
    PLACES = PLACES
    MOMENTS = MOMENTS
    #: a champion's adjusted level (rules notes 2)
    STATS = {"level": "level"}
    card_class = SpellfireCard
    player_class = SpellfirePlayer
    HIDDEN_ZONES = evaluation.HIDDEN_ZONES
    PRIVATE_ZONES = evaluation.PRIVATE_ZONES
    SECTIONS = (Combat, Victory, Continuous)
    # the rules sections (cardscript.section): each module's own state
    combat: Combat
    victory: Victory
    continuous: Continuous

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, **kw: Any) -> None:
        if "names" not in kw:
            kw["names"] = tuple("ABCD"[:max(len(decks), 2)])
        super().__init__(decks, seed, **kw)
        if len(set(self.variants) & set(VARIANT_OF.values())) > 1:
            raise ValueError("choose one deck format: " + ", ".join(VARIANT_OF.values()))
        if not 2 <= len(self.players) <= 4:
            raise ValueError(f"Spellfire is played by 2 to 4 players, not {len(self.players)}")
        self.fmt = format_of(self.variants)
        for p in self.players:
            p.slots = formation(self.fmt.slots, p)
        self.turn = 0
        self.phase = -1
        self.first: SpellfirePlayer | None = None
        self.rule_zone = Zone(RULE, None, in_play=True)  # the table's one rule card
        self.window_zone = Zone(WINDOW, None)  # cards being played, while they resolve
        self.start_at: str | None = None  # set by scenarios: "turn", or a phase "phaseN"
        self.restarts = 0  # games restarted by a mulligan
        for p, deck in zip(self.players, decks, strict=True):
            self.fill(p.deck, deck)

    # -- the hooks of the core ---------------------------------------------------------
    def moved(self) -> None:
        self.continuous.changed(self)  # a card entered, left or moved: the statics now

    def publish(self, event: Event) -> None:
        """An event happens; then the static abilities apply again (a card entered, left or
        was attached: they cover the cards in play now)."""
        super().publish(event)
        self.continuous.changed(self)

    @step
    def state_checks(self) -> None:
        """After each resolution: the static abilities apply again (their conditions may have
        changed), then the realms that win (:meth:`.victory.Victory.check`)."""
        self.continuous.changed(self)
        self.victory.check(self)

    def responses(self, player: SpellfirePlayer) -> list:
        """What ``player`` may answer a played card with (rules notes 5, :mod:`.plays`)."""
        return plays.responses(self, player)

    def respond(self, player: SpellfirePlayer, option: Any) -> None:
        plays.respond(self, player, option)

    def evaluate(self, player: SpellfirePlayer) -> float:
        return super().evaluate(player) if self.over else evaluation.evaluate(self, player)

    # -- setting out (seed, first paragraphs) --------------------------------------------
    @step
    def start(self) -> None:
        if self.start_at is not None:  # a scenario set the table up
            if self.start_at == "turn":
                self.then(self.begin_turn, self.active)
            else:
                self.then(self.resume_phase, int(self.start_at[-1]))
            return
        self.sequence((self.first_player, list(self.players)), (self.shuffle_step,),
                      (self.opening_hands,), (self.begin_turn, None))

    @step
    def first_player(self, tied: list[SpellfirePlayer]) -> None:
        """Seed: each player randomly draws a card; the highest last digit of its card
        number goes first; the players who tie draw again."""
        digits = {}
        for p in tied:
            protos = [c.proto for c in p.deck.cards]
            card = protos[int(self.rng.random() * len(protos))] if protos else None
            digits[p.index] = card.digit if card is not None else 0
            self.log.append(("first_draw", p.name, card.id if card else "-", digits[p.index]))
        best = max(digits.values())
        top = [p for p in tied if digits[p.index] == best]
        if len(top) > 1 and any(p.deck.cards for p in top):
            self.then(self.first_player, top)
            return
        self.first = self.active = top[0]
        self.log.append(("first", top[0].name))

    @step
    def shuffle_step(self) -> None:
        """Seed: "each player shuffles his deck before placing it face down"."""
        for p in self.turn_order():
            self.rng.shuffle(p.deck.cards)

    @step
    def opening_hands(self) -> None:
        """Seed: "After players have drawn five cards, they form their starting hand"."""
        for p in self.turn_order():
            self.draw(p, self.fmt.start_hand)

    # -- the turn (seed, "Phases of the Game Play") ---------------------------------------
    @step
    def begin_turn(self, p: SpellfirePlayer | None) -> None:
        p = p or self.first or self.active
        self.active = p
        self.turn += 1
        p.turns += 1
        p.realm_step = p.holding_step = p.dungeon_step = False
        p.spoils = ()
        self.combat.more_battles = 0  # another_battle: this turn's only
        self.log.append(("turn", self.turn, p.name))
        if self.fmt.hold and p.unrazed() >= self.fmt.victory_realms:
            self.victory.finish(self, p, "realms_held")  # the 75-card game: six realms held a turn
            return
        self.then(self.resume_phase, 0)

    @step
    def resume_phase(self, phase: int) -> None:
        """The turn from ``phase`` on, in order: phases 1, 5 and 6 always happen; the others
        are the turn player's to use or pass (seed: "Players must perform phases 1, 5, and
        6")."""
        steps = (self.phase0, self.phase1, self.phase2, self.phase3, self.phase4,
                 self.phase5, self.phase6)
        self.sequence(*((s,) for s in steps[phase:]))

    def enter(self, phase: int) -> None:
        self.phase = phase
        self.log.append(("phase", phase))

    @step
    def phase0(self) -> None:
        """Phase 0: rule cards, and what cards say happens before the turn begins (powers
        "at the start of your turn" resolve first: notes 4, "Phase-0 powers resolve here")."""
        self.enter(0)
        self.then(self.act, 0)
        self.publish(Event("turn_start", None, self.active))
        self.resolver.settle(self)

    @step
    def phase1(self) -> None:
        """Phase 1: draw three (the format's draws); cards that give more draw here; on a
        player's first turn exactly that, whatever cards say (seed: "each player draws three
        cards on their first turn. It is an absolute rule": three is the 55-card game's draw;
        the reading chosen for the other formats is their own draw, without extras)."""
        self.enter(1)
        p = self.active
        n = self.fmt.draws
        if p.turns > 1:
            n += self.table_power("extra_draw", p)
        self.draw(p, n)
        self.resolver.settle(self)

    def table_power(self, name: str, p: SpellfirePlayer) -> int:
        """The sum of the keyword ``name``'s amounts (``extra_draw``, ``hand_size``) that
        apply to ``p``: of the cards in the pools, dungeons and formations (not razed) and
        the rule card, printed or given (a static ability's grant), those that are ``p``'s
        or say they are every player's or the opponents'."""
        n = 0
        zones = [self.rule_zone]
        for q in self.players:
            zones += (q.pool, q.dungeon, *(s.zone for s in q.slots))
        for z in zones:
            for c in z.cards:  # most cards have none: the dict and the tuple first
                if (name in c.proto.keywords or c.given) and not c.razed:
                    n += sum(kw.amount for kw in c.keywords_named(name)
                             if kw.for_player(c, p))
        return n

    def hand_size(self, p: SpellfirePlayer) -> int:
        """Phase 5 B's limit: the format's, changed by ``hand_size`` powers (never below 0)."""
        return max(0, self.fmt.hand_limit + self.table_power("hand_size", p))

    @step
    def phase2(self) -> None:
        """Phase 2: a realm, a holding, a dungeon, each at most once, in any order."""
        self.enter(2)
        self.then(self.act, 2)

    @step
    def phase3(self) -> None:
        """Phase 3: the pool (seed: only the player whose turn it is)."""
        self.enter(3)
        self.then(self.act, 3)

    @step
    def phase4(self) -> None:
        """Phase 4: at most one attack."""
        self.enter(4)
        self.then(self.combat.attack_phase, self)

    @step
    def phase5(self) -> None:
        """Phase 5: phase-5 cards (A), then discard to the hand limit (B)."""
        self.enter(5)
        self.then(self.hand_limit)
        self.then(self.act, 5)

    @step
    def act(self, phase: int) -> None:
        """The turn player's next action in ``phase``, or done."""
        if self.over:
            return
        p = self.active
        options = plays.actions(self, p, phase)
        if not options:
            return
        self.ask(p, "action", [DONE, *options], f"phase {phase}: play a card, or done",
                 then=(self.acted, phase))

    @step
    def acted(self, phase: int, choice: Any) -> None:
        if isinstance(choice, str) and choice == DONE:
            return
        self.then(self.act, phase)
        plays.do_action(self, self.active, choice)

    @step
    def hand_limit(self) -> None:
        """Phase 5 B: discard down to the hand limit, one card at a time."""
        p = self.active
        limit = self.hand_size(p)
        if len(p.hand.cards) > limit:
            self.ask(p, "discard", list(p.hand.cards),
                     f"discard down to {limit} cards", then=(self.limit_discard,))

    @step
    def limit_discard(self, card: SpellfireCard) -> None:
        if card.proto.type == "realm":
            card.owner.dropped_realm = True  # seed: a realm discarded on one's own
        self.discard(card, "hand_limit")
        self.then(self.hand_limit)

    @step
    def phase6(self) -> None:
        """Phase 6: the end of the turn. A player with no realm at all loses the champions of
        their pool (notes 4); the two-draw mulligan is checked; a game whose draw pile ran
        out ends; otherwise the player on the left takes their turn."""
        self.enter(6)
        self.then(self.turn_over)
        if self.bus.handlers.get("turn_end"):  # end_of_turn powers first (none: no event,
            self.publish(Event("turn_end", None, self.active))  # no statics refresh)
            self.resolver.settle(self)

    @step
    def turn_over(self) -> None:
        """Phase 6, once the end-of-turn powers have resolved."""
        if self.over:
            return
        p = self.active
        for c in cosmos.in_play_cards(self):  # level changes last the battle, or else the turn
            c.mods = ()
        if not p.realms() and p.champions():
            self.log.append(("pool_lost", p.name))
            for c in p.champions():
                self.discard(c, "no_realm")
        if "reshuffle" in self.variants:
            self.reshuffle()
        if self.victory.ending or any(not q.deck.cards for q in self.players):
            self.victory.end_by_tiebreak(self)
            return
        self.then(self.next_turn)
        self.mulligan_check(p)

    @step
    def next_turn(self) -> None:
        nxt = self.players[(self.active.index + 1) % len(self.players)]
        self.then(self.begin_turn, nxt)

    # -- the two-draw mulligan (seed) ------------------------------------------------------
    def mulligan_check(self, p: SpellfirePlayer) -> None:
        """Seed, "Two-Draw Mulligan": at the end of their second turn, a player who has
        played no realm, holds none they could play, never discarded one on their own, holds
        no event that could find one, and has not declared a mulligan before, may declare
        one: the game restarts with no winner."""
        if p.turns != 2 or p.played_realm or p.mulligan_used or p.dropped_realm:
            return
        allows = cosmos.gate(self)
        if any(c.proto.type == "realm" and allows(c) for c in p.hand.cards):
            return
        if any(self.finds_cards(c) for c in p.hand.cards):
            return  # seed: "must have played any events that gave him a chance"
        self.ask(p, "mulligan", [True, False], "declare a mulligan (the game restarts)?",
                 then=(self.mulligan_chosen, p))

    @staticmethod
    def finds_cards(card: SpellfireCard) -> bool:
        """An event whose effect draws or searches for cards: a chance to find a realm."""
        if card.proto.type != "event":
            return False
        return any(getattr(e, "finds_cards", False) for ab in card.proto.program.abilities
                   for e in getattr(ab.effect, "stages", (ab.effect,)))

    @step
    def mulligan_chosen(self, p: SpellfirePlayer, yes: bool) -> None:
        if not yes:
            return
        self.log.append(("mulligan", p.name, "shows", *sorted(c.proto.id for c in
                                                              p.hand.cards)))
        p.mulligan_used = True
        self.todo.clear()
        self.restart()

    def restart(self) -> None:
        """Seed: "Stop the game and restart ... There are no winners or losers"; "Players
        need to decide who goes first when they start a new game after a mulligan"."""
        self.restarts += 1
        self.combat.truce = ()  # a new game: nothing forbids its attacks
        for p in self.players:
            protos = []
            for z in self.zones_of(p):
                keep = []
                for c in z.cards:
                    if (z.player if type(c) is Unseen else c.owner) is not p:
                        keep.append(c)
                        continue
                    protos.append(c.proto)
                    if type(c) is not Unseen and c.handlers:
                        self.bus.unregister(c)
                z.cards[:] = keep
            p.slots = formation(self.fmt.slots, p)
            p.realm_step = p.holding_step = p.dungeon_step = False
            p.dropped_realm = p.played_realm = False
            p.first_realms_turn = 0
            p.spoils = ()
            p.reshuffled = False
            p.turns = 0
            self.fill(p.deck, sorted(protos, key=lambda d: d.id))
        self.rule_zone.cards.clear()
        self.window_zone.cards.clear()
        self.resolver = ResponseWindow()
        self.pending = []
        self.turn = 0
        self.phase = -1
        self.victory.ending = self.victory.final_stage = False
        self.sequence((self.first_player, list(self.players)), (self.shuffle_step,),
                      (self.opening_hands,), (self.begin_turn, None))

    def zones_of(self, p: SpellfirePlayer) -> list[Zone]:
        return [p.deck, p.hand, p.pool, p.battle, p.dungeon, p.held, p.discard, p.limbo,
                p.abyss, p.void, *(s.zone for s in p.slots), self.rule_zone, self.window_zone]

    # -- drawing and discarding --------------------------------------------------------------
    def draw(self, p: SpellfirePlayer, n: int) -> int:
        """Draw ``n`` from the draw pile (as many as there are; the last drawn is the hand's
        last card); an empty pile ends the game with this turn (seed, "Victory"). How many
        were drawn."""
        got = 0
        for c in self.top(p.deck, n):
            self.move(c, p.hand)
            got += 1
        if got:
            self.log.append(("draw", p.name, got))
        if not p.deck.cards and not self.victory.ending:
            if "reshuffle" in self.variants and not p.reshuffled:
                return got  # TR2: the discard pile becomes the pile at the turn's end
            self.victory.ending = True
            self.log.append(("draw_pile_empty", p.name))
        return got

    def reshuffle(self) -> None:
        """The ``reshuffle`` variant (rules notes 9: "TR2 ...: reshuffle the discard pile as
        a new draw pile at the end of the current turn"): each player whose draw pile is
        empty, and who has not done so yet, shuffles their discard pile into a new one. Once
        per player (the reading chosen: the TR2 text could not be read, and a game must
        end); a second run-out ends the game as the standard rule does."""
        for q in self.turn_order():
            if q.deck.cards or q.reshuffled:
                continue
            q.reshuffled = True
            cards = list(q.discard.cards)
            for c in cards:
                self.move(c, q.deck, cause="reshuffle")
            self.rng.shuffle(q.deck.cards)
            self.log.append(("reshuffle", q.name, len(cards)))
            if not q.deck.cards:
                self.victory.ending = True
                self.log.append(("draw_pile_empty", q.name))

    def leave_play(self, card: Card, dest: Zone, how: str) -> None:
        """A card leaves play by an effect, logged by the effect's word ``how``, with what
        is attached to it (rules notes 1): :func:`.effects.leave_play`."""
        self.log.append((how, card.owner.name, card.proto.id))
        effects.leave_play(self, cast(SpellfireCard, card), dest, "effect")

    def leave_pile(self, card: Card, dest: Zone, how: str, by: Player) -> None:
        """Between piles as the core moves a card, logged as a move out of play is; a realm
        its owner discards from the hand through their own card's effect is discarded on
        their own (seed, "Two-Draw Mulligan"), as :class:`~.piles.DiscardFromHand` has
        it."""
        src = card.zone
        if src is not None and src.kind == "hand" and dest.kind == "discard" and \
                card.proto.type == "realm" and card.owner is by:
            cast(SpellfirePlayer, by).dropped_realm = True
        if dest is card.owner.discard:
            dest = discard_pile(cast(SpellfireCard, card))
        self.log.append((how, card.owner.name, card.proto.id))
        super().leave_pile(card, dest, how, by)

    def discard(self, card: SpellfireCard, cause: str | None = None) -> None:
        """To its owner's discard pile, with whatever is attached to it (notes 1); an event
        discarded from the hand, to the Abyss (:func:`discard_pile`)."""
        if card.zone is None:
            return
        if card.proto.type == "dungeon" and card.zone.in_play:
            effects.release_all(self, card.controller)  # its prisoners go free
        for a in card.attachments():
            a.host = None
            self.move(a, a.owner.discard, cause=cause)
        card.host = None
        self.move(card, discard_pile(card), cause=cause)

    # -- what the table shows (cardscript play) ------------------------------------------
    def table(self, viewer: SpellfirePlayer) -> TableView:
        return spellfire_table(self, viewer)

    def scores(self) -> str:
        return "unrazed realms: " + ", ".join(f"{p.name} {p.unrazed()}" for p in self.players)
