"""Riftbound's game on the core engine: the start sequence (seed, "Before the first Awaken",
steps 1-10) and the six phases of a turn (seed, "The six phases"; Core Rules 315-317), as
steps in the order the rules run them. Playing cards and paying costs are in :mod:`.play`;
cleanups, showdowns, combat and scoring in :mod:`.fight`; the chain in :mod:`.chain`.

Rule numbers: ``seed N`` is a step of the start sequence; the others are the Core Rules'
(CR 2026-03-30 as the baseline, rules notes), as the seed names them (315.1 Awaken ... 317
Ending) or as the notes give them (323 cleanup, 333-340 the chain, 353-359 playing).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...bus import Event
from ...cardevents import METRICS, logged_card_events
from ...continuous import in_force
from ...decisions import CORE_KINDS
from ...loadable import state, step
from ...modifiers import Modifiers
from ...replacements import Replacements
from . import evaluation
from .chain import RiftChain
from .effects import ChannelLimit
from .fight import Fights
from .play import DONE, END_TURN, Playing
from .state import NO_POWER, RiftCard, RiftCardDef, RiftPlayer
from .table import riftbound_table
from .traits import Continuous
from .zones import FACEDOWN, MOMENTS, PLACES, SITE, Battlefield

if TYPE_CHECKING:
    from ...resolve import Trigger
    from ...state import Card, CardDef, Player
    from ...table import TableView
    from ...zones import Zone

VICTORY_SCORE = 8  # two-player duel (rules notes 8, "Modes")
HAND_SIZE = 4  # seed 6
MULLIGAN_MAX = 2  # seed 7
CHANNEL = 2  # 315.3
SECOND_PLAYER_FIRST_CHANNEL = 3  # 315.3: the second player's first Channel phase only
DRAW = 1  # 315.4

#: the decisions the game asks, in the order a game meets them
#: named rule variants (docs/architecture.md, "Rules precedence")
VARIANTS = {
    "chosen_battlefields": "seed 9: each player chooses the battlefield they use, as in a "
                           "best of three, instead of one at random (a single game)",
}

DECISION_KINDS = ("mulligan", "battlefield", "action", "location", "target", "order",
                  "showdown", "priority", "focus", "assign", "pay", "repeat", "discard", "recycle",
                  "equip",
                  *CORE_KINDS)


@state
class RiftboundGame(Playing):
    """Riftbound: the start sequence and the six phases of a turn on :class:`~.play.Playing`,
    the game's actions, and its rules section of cleanups, showdowns and combat."""

    game_name = "riftbound"
    DECISION_KINDS = DECISION_KINDS
    VARIANTS = VARIANTS
    ROUND_FIELD = "turn"
    resolver_class = RiftChain
    SECTIONS = (Fights, Continuous, Modifiers, Replacements)
    HIDDEN_ZONES = evaluation.HIDDEN_ZONES
    PRIVATE_ZONES = evaluation.PRIVATE_ZONES
    card_def_class = RiftCardDef
    PLACES = PLACES
    MOMENTS = MOMENTS
    #: a unit's Might now (notes 9: never below 0), a card's printed energy cost
    STATS = {"might": "Might", "cost": "cost"}
    card_class = RiftCard
    player_class = RiftPlayer

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, **kw: Any) -> None:
        super().__init__(decks, seed, **kw)
        self.phase = ""
        self.first: RiftPlayer | None = None
        self.start_at: str | None = None  # set by scenarios: "turn" (an Awaken), "main"
        for p, deck in zip(self.players, decks, strict=True):
            self.set_out(p, deck)

    def set_out(self, p: RiftPlayer, deck: list[CardDef]) -> None:
        """A deck as :func:`.deck.deck_cards` lists it: seed 1 (the legend to the legend
        zone), seed 2 (the chosen champion to the champion zone, face up), seed 3 (the
        battlefields set aside); runes and the main deck in their decks."""
        if not deck:
            return
        legend, champion, rest = deck[0], deck[1], deck[2:]
        self.new_card(legend, p, p.legend)
        self.new_card(champion, p, p.champion)
        for proto in rest:
            if proto.type == "battlefield":
                self.new_card(proto, p, p.aside)
        self.fill(p.rune_deck, [c for c in rest if c.type == "rune"])
        self.fill(p.deck, [c for c in rest if c.type not in ("rune", "battlefield")])

    def leave_play(self, card: Card, dest: Zone, how: str) -> None:
        """A unit or gear leaves the board by an effect (a new object; a token ceases to
        exist), logged by the effect's word ``how``."""
        self.log.append((how, card.owner.name, card.proto.id))
        self.move(card, dest, cause=how)

    def leave_pile(self, card: Card, dest: Zone, how: str, by: Player) -> None:
        """Between piles (a trash, a hand, the deck) by an effect, logged as a move off the
        board is."""
        self.log.append((how, card.owner.name, card.proto.id))
        super().leave_pile(card, dest, how, by)

    def effect_controller(self, card: Card) -> RiftPlayer:
        """Who controls what a card's ability does: a battlefield's, its controller, or the
        turn player while nobody controls it (rules notes 1); otherwise the core's rule."""
        z = card.zone
        if z is not None and z.kind == SITE:
            return z.area.controller or self.active
        return super().effect_controller(card)

    def replacement_chooser(self, card: Card) -> RiftPlayer:
        """Rules notes 5.3: the affected object's controller orders several replacement
        effects (the turn player's, for an uncontrolled battlefield)."""
        return card.controller or self.active

    def targets(self, ctx: Trigger) -> list:
        """The targets an ability may choose: its selector's, less the cards a static
        ability says its controller can't choose (``cant: choose``)."""
        options = super().targets(ctx)
        if not self.bus.handlers.get("static"):
            return options
        you, forbidden = ctx.controller, self.continuous.forbidden
        return [t for t in options
                if not hasattr(t, "proto") or not forbidden(self, "choose", t, you)]

    def moved(self) -> None:
        self.continuous.changed(self)  # a card entered, left or moved: the statics now

    def publish(self, event: Event) -> None:
        """An event happens; then the static abilities apply again (a card entered, left or
        moved: the layers of rules notes 5.3 are always those of the board now)."""
        super().publish(event)
        self.continuous.changed(self)

    def state_checks(self) -> None:
        """After each resolution on the chain (an item leaving it): a cleanup. Played spells
        whose item has left the chain go to their owner's trash first (rules notes 6). The
        static abilities apply again first: their conditions may have changed."""
        self.continuous.changed(self)
        waiting = {id(t.source) for t in self.resolver.items}
        for card in list(self.chain_zone.cards):
            if id(card) not in waiting:
                self.move(card, card.owner.trash)
        self.fights.cleanup(self)

    def evaluate(self, player: RiftPlayer) -> float:
        return super().evaluate(player) if self.over else evaluation.evaluate(self, player)

    def options(self) -> dict:
        return {}

    CARD_METRICS = METRICS

    def card_events(self, entry: tuple) -> Iterable[tuple[str, int, str]]:
        """Per-card records (core/cardevents.py): the hands are the opening hands when the
        first turn begins, after the mulligans (seed 7) and before its Draw phase."""
        return logged_card_events(self, entry, opening=entry[0] == "turn" and entry[1] == 1,
                                  setup_over=self.turn >= 1)

    # -- the start sequence (seed, "Before the first Awaken") ---------------------------
    @step
    def start(self) -> None:
        if self.start_at is not None:  # a scenario set the table up
            if self.start_at == "main":  # after the Main phase emptied the pools (316)
                self.then(self.main_action)
            else:
                self.then(self.begin_turn, self.active)
            return
        self.sequence((self.turn_order_step,), (self.shuffle_step,), (self.draw_step,),
                      (self.mulligans,), (self.reveal_battlefields,), (self.begin_turn, None))

    @step
    def turn_order_step(self) -> None:
        """Seed 4: turn order by a fair random method (a coin)."""
        first = self.players[0 if self.rng.random() < 0.5 else 1]
        self.first = self.active = first
        self.log.append(("first", first.name))

    @step
    def shuffle_step(self) -> None:
        """Seed 5: each player shuffles their main deck and their rune deck, separately."""
        for p in self.turn_order():
            self.rng.shuffle(p.deck.cards)
            self.rng.shuffle(p.rune_deck.cards)

    @step
    def draw_step(self) -> None:
        """Seed 6: each player draws 4."""
        for p in self.turn_order():
            self.draw(p, HAND_SIZE)

    @step
    def mulligans(self) -> None:
        """Seed 7, each player in turn order."""
        self.sequence(*((self.mulligan, p, []) for p in self.turn_order()))

    @step
    def mulligan(self, p: RiftPlayer, chosen: list) -> None:
        """Seed 7: set aside up to 2 cards, one at a time, or stop."""
        if len(chosen) < MULLIGAN_MAX:
            options = [c for c in p.hand.cards if c not in chosen]
            self.ask(p, "mulligan", [DONE, *options], "set aside a card to replace, or done",
                     then=(self.mulligan_pick, p, chosen))
            return
        self.mulligan_done(p, chosen)

    @step
    def mulligan_pick(self, p: RiftPlayer, chosen: list, pick: RiftCard | str) -> None:
        if isinstance(pick, str) and pick == DONE:
            self.mulligan_done(p, chosen)
        else:
            self.mulligan(p, [*chosen, pick])

    def mulligan_done(self, p: RiftPlayer, chosen: list) -> None:
        """Seed 7: the cards set aside, that many are drawn; seed 8: then the cards set aside
        are recycled to the bottom of the main deck, so they can't be drawn again now."""
        aside: list[Any] = [self.move(c, p.aside) for c in chosen]
        self.draw(p, len(aside))
        for c in aside:
            self.move(c, p.deck, top=False)
        self.log.append(("mulligan", p.name, len(chosen)))

    @step
    def reveal_battlefields(self) -> None:
        """Seed 9: the battlefield each player uses is revealed: one of their three at
        random (a single game), or the one they choose (variant ``chosen_battlefields``, a
        best of three); the others stay set aside."""
        if "chosen_battlefields" in self.variants:
            self.sequence(*((self.choose_battlefield, p) for p in self.turn_order()))
            return
        for p in self.turn_order():
            options = [c for c in p.aside.cards if c.proto.type == "battlefield"]
            if options:
                self.add_battlefield(options[int(self.rng.random() * len(options))])

    @step
    def choose_battlefield(self, p: RiftPlayer) -> None:
        options = [c for c in p.aside.cards if c.proto.type == "battlefield"]
        if options:
            self.ask(p, "battlefield", options, "choose the battlefield you use",
                     then=(self.add_battlefield,))

    @step
    def add_battlefield(self, card: RiftCard) -> Battlefield:
        bf = Battlefield(len(self.battlefields), self.players)
        bf.name = card.proto.id if all(b.name != card.proto.id for b in self.battlefields) \
            else f"{card.proto.id}-{bf.index + 1}"
        self.battlefields.append(bf)
        self.board = (*self.board, *bf.units)
        self.move(card, bf.site)
        self.log.append(("battlefield", card.owner.name, bf.name))
        return bf

    # -- the turn (seed, "The six phases") -----------------------------------------------
    @step
    def begin_turn(self, p: RiftPlayer | None) -> None:
        """Seed 10: the first player begins with their Awaken phase; later, the next player
        (317: "Then the next player becomes the turn player")."""
        p = p or self.first or self.active
        self.active = p
        self.turn += 1
        p.turns += 1
        for q in self.players:
            q.scored = ()  # "once per battlefield per turn" (rules notes 8)
            q.finalized = 0
        self.log.append(("turn", self.turn, p.name))
        self.sequence((self.awaken,), (self.beginning,), (self.channel,), (self.draw_phase,),
                      (self.main_phase,))

    def phase_change(self, name: str) -> None:
        """A phase begins: a cleanup follows (seed, "the turn moves from one phase to the
        next")."""
        self.phase = name
        self.log.append(("phase", name))
        self.fights.cleanup(self)

    @step
    def awaken(self) -> None:
        """315.1: ready every game object the turn player controls; nothing else happens."""
        p = self.active
        for zone in (p.base, p.runes, p.legend, *(bf.units[p.index] for bf in self.battlefields)):
            for c in zone.cards:
                c.exhausted = False
        self.phase_change("awaken")

    @step
    def beginning(self) -> None:
        """315.2: start-of-turn effects first (Temporary units die at its start, rules notes
        10), then the scoring step."""
        self.phase_change("beginning")
        p = self.active
        temporary = [c for c in self.units_of(p) if c.has_keyword("temporary")]
        if temporary:
            self.kill(temporary)
        self.publish(Event("turn_start", None, p))
        self.then(self.scoring_step)
        self.then(self.fights.cleanup, self)
        self.resolver.settle(self)

    @step
    def scoring_step(self) -> None:
        """315.2: the turn player holds every battlefield they control: each scores (a Hold)."""
        p = self.active
        for bf in self.battlefields:
            if bf.controller is p:
                self.fights.score(self, p, bf, "hold")
        self.then(self.fights.cleanup, self)
        self.resolver.settle(self)

    @step
    def channel(self) -> None:
        """315.3: the top 2 runes of the rune deck into play, ready (as many as there are);
        the second player's first Channel phase channels 3; a static ability's
        ``channel_limit`` in force caps it."""
        self.phase_change("channel")
        p = self.active
        n = SECOND_PLAYER_FIRST_CHANNEL if p is not self.first and p.channels == 0 else CHANNEL
        p.channels += 1
        for h, ctx in in_force(self):  # a rule change: "players channel only one rune"
            eff = h.ability.effect
            if isinstance(eff, ChannelLimit) and eff.covers(ctx, p):
                n = min(n, eff.amount)
        self.channel_runes(p, n)

    @step
    def draw_phase(self) -> None:
        """315.4: draw 1 (burning out if the deck is empty); the first player draws on turn
        one as well."""
        self.phase_change("draw")
        self.draw(self.active, DRAW)
        self.fights.cleanup(self)

    @step
    def main_phase(self) -> None:
        """316: every rune pool empties; then the turn player acts while they hold
        priority, until they end the turn."""
        self.phase_change("main")
        self.empty_pools()
        self.then(self.main_action)

    @step
    def main_action(self) -> None:
        """A cleanup, then the turn player's next action in the neutral open state (any
        showdown it opens runs first)."""
        self.then(self.main_choose)
        self.fights.cleanup(self)

    @step
    def main_choose(self) -> None:
        p = self.active
        self.ask(p, "action", [END_TURN, *self.main_options(p)], "your Main phase: act, or "
                 "end your turn", then=(self.main_chosen,))

    @step
    def main_chosen(self, choice: Any) -> None:
        if isinstance(choice, str) and choice == END_TURN:
            self.log.append(("end_turn", self.active.name))
            self.then(self.ending)
            return
        self.then(self.main_action)
        self.do_action(self.active, choice)

    @step
    def ending(self) -> None:
        """317: end-of-turn effects resolve first; then the expiration step."""
        self.phase_change("ending")
        self.publish(Event("turn_end", None, self.active))
        self.then(self.expiration)
        self.resolver.settle(self)

    @step
    def expiration(self) -> None:
        """317: every unit heals, every "this turn" effect expires (Might changes, stun),
        both rune pools empty, and a cleanup; if any item went through the chain (FEPR)
        during the step, the step restarts (317.2.f); then the next player's turn."""
        self.heal_all()
        for c in self.all_units():
            c.mods = ()
            c.stunned = False
        self.empty_pools()
        self.log.append(("expiration",))
        self.then(self.expiration_over, self.resolutions)
        self.fights.cleanup(self)  # the triggers of the step go on the chain here and resolve

    @step
    def expiration_over(self, resolutions: int) -> None:
        """317.2.f: an item resolved since the step began (``resolutions``, the game's count
        then): the step restarts; otherwise the next player becomes the turn player."""
        if self.resolutions > resolutions:
            self.log.append(("expiration_restarts",))
            self.then(self.expiration)
            return
        nxt = self.players[(self.active.index + 1) % len(self.players)]
        self.then(self.begin_turn, nxt)

    # -- what the table shows (cardscript play) ------------------------------------------
    def table(self, viewer: RiftPlayer) -> TableView:
        return riftbound_table(self, viewer)

    def hidden_from(self, card: Any, viewer: RiftPlayer) -> bool:
        """A card facedown at a battlefield (Hidden) too, but to its controller."""
        zone = getattr(card, "zone", None)
        if zone is not None and zone.kind == FACEDOWN and card.controller is not viewer:
            return True
        return super().hidden_from(card, viewer)

    def scores(self) -> str:
        return "points: " + ", ".join(f"{p.name} {p.points}" for p in self.players)

    def empty_pools(self) -> None:
        for p in self.players:
            p.energy = 0
            p.power = NO_POWER

