"""The game-agnostic engine: players, zones, the bus, resolution and the decision door.

A game's rules are steps (:mod:`cardscript.procedure`) starting from :meth:`Game.start`;
:meth:`Game.advance` runs them to the next decision and :meth:`Game.choose` answers it. Where
the procedure stands is data, so a game can be cloned and saved; the same seed and the same
choices also give the same event log, so a game can be replayed from its record.

A game ends in a win, a draw or an error: an error when it reaches one of its
:class:`~cardscript.limits.Limits` (card objects, resolutions, effect steps), whatever the
cards say; ``error`` then says which card reached which limit.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from .bus import Bus, Event
from .clone import ATOMS, GameRandom, copy_value
from .decisions import Agent, Decision
from .errors import RulesError
from .limits import DEFAULT, LimitExceeded, Limits
from .places import Moment, Places
from .procedure import Frame, Procedure
from .resolve import Resolver
from .save import dumps
from .section import Section
from .slots import per_class, slots_of
from .state import Card, CardDef, Player
from .table import TableView, generic_table, hidden_kinds
from .zones import Unseen, Zone

if TYPE_CHECKING:
    from .compiler import AbilityProgram
    from .entries import Effect
    from .resolve import Trigger

@per_class
def _card_fields(cls: type[Card]) -> tuple[str, ...]:
    """A card class's fields that a new object of another definition sets afresh (all but
    where it is and whose it is): what :meth:`Game._recast` copies."""
    keep = {"oid", "owner", "controller", "zone", "handlers", "last_zone", "moved_to"}
    return tuple(n for n in slots_of(cls) if n not in keep)


#: a game's class of players
PlayerT = TypeVar("PlayerT", bound=Player)


class Together:
    """Moves made at once (:meth:`Game.together`): the events they publish and the cards that
    left with their handlers, kept until the group ends. It lives inside one step only."""

    __slots__ = ("game", "events", "left", "outer")

    def __init__(self, game: "Game"):
        self.game = game
        self.events: list[Event] = []
        self.left: list[tuple[Card, Any]] = []
        self.outer: Together | None = None

    def __enter__(self) -> "Together":
        g = self.game
        self.outer = g.group
        if self.outer is None:  # a group inside a group is part of the outer one
            g.group = self
        return self

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        g = self.game
        if self.outer is not None:
            return
        g.group = None
        if exc_type is None:
            g.publish_group(self)


class Game(Procedure, Generic[PlayerT]):
    """A game in progress. A game subclasses it with its rules (the steps from :meth:`start`),
    its card and player classes, and the resolver its resolution model needs. It is generic
    in its class of players, for the type checker (``Game[MyPlayer]``)."""

    game_name = "generic"
    resolver_class: type[Resolver]
    card_def_class: type[CardDef] = CardDef
    #: where its cards can be, by card type (:mod:`cardscript.places`): the zones its
    #: abilities work from, and what ``check`` refuses as never working
    PLACES = Places()
    #: the later moments its delayed abilities (``later``) may wait for, by name
    MOMENTS: Mapping[str, Moment] = {}
    #: the periods an ability may trigger only once in (``once_each``), with their words:
    #: :meth:`period` tells which one the game is in
    PERIODS: Mapping[str, str] = {"turn": "turn"}
    #: the stats of its cards a ``stat`` value reads, with their words (:meth:`stat`)
    STATS: Mapping[str, str] = {}
    card_class: type[Card] = Card
    #: the class of its players: ``PlayerT``, which the type checker cannot tie to it
    player_class: type[Player] = Player
    #: the reason logged when an ability does not resolve because its card's text is blank
    BLANK = "blank"
    #: named rule variants this game offers, with what each changes
    VARIANTS: dict[str, str] = {}
    #: every kind of decision the game asks (``Decision.kind``), its own and the core's; what a
    #: scenario's ``expect.decision.kind`` may name (empty: not declared)
    DECISION_KINDS: tuple[str, ...] = ()
    #: the kinds of a player's own zones whose cards others can't see, in groups whose cards
    #: may be in one another (a deck and a hand; a deck of its own kind of cards apart):
    #: what :meth:`determinize` deals again; and of those, the ones their player sees
    HIDDEN_ZONES: tuple[tuple[str, ...], ...] = ()
    PRIVATE_ZONES: tuple[str, ...] = ()
    #: the field counting how far the game has come, which `cardscript simulate` records
    #: and `play` reports as its rounds: ``round`` in a game of rounds, ``turn`` in one of
    #: turns (:attr:`rounds`)
    ROUND_FIELD = "round"
    #: the game's rules sections that hold state (:mod:`cardscript.section`): one of each is
    #: made with the game, in any order, as the field its ``name`` says
    SECTIONS: tuple[type[Section], ...] = ()

    def __init__(self, decks: list[list[CardDef]], seed: int = 0, *,
                 names: Iterable[str] = ("A", "B"), variants: Iterable[str] = (),
                 deck_names: Iterable[str] | None = None, limits: Limits | None = None,
                 tokens: Mapping[str, CardDef] | None = None):
        self.seed = seed
        #: the token cards effects can make, by id (token definitions of the card set)
        self.tokens: Mapping[str, CardDef] = dict(tokens or {})
        self.limits = limits if limits is not None else DEFAULT
        if self.limits.objects < sum(len(d) for d in decks):
            raise ValueError(f"limit 'objects' ({self.limits.objects}) is below the "
                             f"{sum(len(d) for d in decks)} cards of the decks")
        self.resolutions = 0  # abilities resolved so far (limits.resolutions)
        self.effect_steps = 0  # repeat iterations and {all: ...} cards so far
        #: why the game ended in an error (a limit reached), or None
        self.error: str | None = None
        self.rng = GameRandom(seed)
        self.players = cast("list[PlayerT]",
                            [self.player_class(i, n) for i, n in enumerate(names)])
        for p, dn in zip(self.players, deck_names or (), strict=False):
            p.deck_name = dn
        self.variants = frozenset(variants)
        unknown = self.variants - set(self.VARIANTS)
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)}; known: "
                             f"{sorted(self.VARIANTS)}")
        self.bus = Bus()
        self.resolver = self.resolver_class()
        self.pending: list = []
        self.log: list[tuple] = []
        self.choices: list[int] = []
        self.active: PlayerT = self.players[0]
        self.over = False
        self.winner: PlayerT | None = None
        self.decision: Decision | None = None
        self._next_oid = 1
        self.decks = decks
        self.todo: list[Frame] = []
        self.waiting: Frame | None = None
        self.started = False
        #: the group of moves being made together (:meth:`together`); None between steps
        self.group: Together | None = None
        #: (card object, ability) -> the period it last triggered or was activated in, for
        #: ``once_each``
        self.triggered_once: dict[tuple[int, int], int] = {}
        for section in self.SECTIONS:
            setattr(self, section.name, section(self))

    # -- copying -----------------------------------------------------------------------
    #: fields a copy shares with its original: fixed when the game is made
    SHARED = frozenset({"seed", "decks", "tokens", "variants"})
    #: lists that only ever grow: a copy starts with the same items
    APPEND_ONLY = frozenset({"log", "choices"})

    def clone(self) -> "Game":
        """An independent game that continues exactly as this one would: answering the
        same decisions the same way gives the same log, and neither changes the other."""
        return self._clone({})

    def _clone(self, memo: dict) -> "Game":
        n = object.__new__(type(self))
        memo[id(self)] = n
        for p in self.players:  # players, their zones and cards first: most else points there
            copy_value(p, memo)
        shared, grows, d = self.SHARED, self.APPEND_ONLY, n.__dict__
        for k, v in self.__dict__.items():
            d[k] = v if k in shared or type(v) in ATOMS else v[:] if k in grows else \
                copy_value(v, memo)
        return n

    def save(self) -> str:
        """The game as a versioned save document (JSON); :func:`cardscript.save.loads` continues
        it, in this process or another, exactly as this game would continue."""
        return dumps(self)

    # -- the decision door -------------------------------------------------------------
    def advance(self) -> Decision | None:
        """Run the rules until the next pending decision (returned) or the end (None)."""
        if not self.started:
            self.started = True
            self.then(self.start)
            return self.run_steps()
        return self.decision

    def choose(self, option: Any) -> Decision | None:
        """Answer the pending decision with one of its options (or an option's index)."""
        d = self.decision if self.started else self.advance()
        if d is None:
            raise RulesError("no decision is pending: the game is over")
        if isinstance(option, int) and not isinstance(option, bool):
            index = option  # an option's index (bools are options: yes/no)
        elif isinstance(option, str) and option not in d.options:
            index = d.find(option)
        elif option in d.options:
            index = d.options.index(option)
        else:
            raise RulesError(f"{option!r} is not a legal option of {d!r}")
        if not 0 <= index < len(d.options):
            raise RulesError(f"option index {index} out of range for {d!r}")
        self.choices.append(index)
        return self.answer(d.options[index])

    def choose_index(self, index: int) -> Decision | None:
        """Fast path for agents: answer with an option index, already known to be legal."""
        self.choices.append(index)
        return self.answer(self.decision.options[index])  # type: ignore[union-attr]

    def play(self, agents: Sequence[Agent]) -> "Game":
        """Run to the end, each decision answered by the agent of the deciding player."""
        d = self.advance()
        while d is not None:
            d = self.choose_index(agents[d.player.index].choose(self, d))
        return self

    def limit_reached(self, exc: LimitExceeded) -> None:
        """A step reached one of the game's limits: the game ends in an error that names the
        card whose ability was resolving, and that ability."""
        t = self.resolver.current
        if t is not None:
            exc.card, exc.ability = t.source.proto.id, t.ability.name
        self.end_in_error(str(exc))

    def end_in_error(self, message: str) -> None:
        """The game ends with no winner and no draw: an error (a limit was reached)."""
        self.over = True
        self.winner = None
        self.error = message
        self.decision = None
        self.log.append(("error", message))

    @property
    def outcome(self) -> str:
        """"error", "win" or "draw" once the game is over; "" while it is not."""
        if not self.over:
            return ""
        if self.error is not None:
            return "error"
        return "draw" if self.winner is None else "win"

    # -- rules hooks a game provides ---------------------------------------------------
    def start(self) -> None:  # pragma: no cover - abstract
        """The first step of the game's rules."""
        raise NotImplementedError

    def state_checks(self) -> None:
        """Rules that apply whenever a resolution finishes; raise GameOver to end the game."""

    def responses(self, player: PlayerT) -> list:
        """What ``player`` may do besides passing while holding priority on a chain
        (:mod:`cardscript.chain`); nothing unless the game says so."""
        return []

    def respond(self, player: PlayerT, option: Any) -> None:
        """A step: do the response ``player`` chose from :meth:`responses`, typically putting
        it on the chain with ``self.resolver.add``."""
        raise RulesError(f"{self.game_name} offers no responses, yet {player.name} chose "
                         f"{option!r}")

    def zone_event(self, src: str, dst: str) -> str | None:
        """Name of the event a move from zone kind ``src`` to ``dst`` publishes."""
        return None

    def turn_order(self) -> list[PlayerT]:
        i = self.active.index
        return self.players[i:] + self.players[:i]

    def aim(self, ctx: Trigger, effect: Effect) -> None:
        """``effect`` of the resolving ability ``ctx`` is about to use its chosen target (its
        first stage that names it). A game may first let abilities respond to the targeting,
        and skip ``effect`` if they stopped ``ctx``; by default it just runs."""
        effect.run(self, ctx)

    def can_leave_play(self, card: Card) -> bool:
        """Whether an effect may move ``card`` out of play (a zone move of
        :mod:`cardscript.blocks`): a card in play, unless its type never leaves its zone
        (``PLACES.fixed``)."""
        return card.zone is not None and card.zone.in_play and \
            card.proto.type not in self.PLACES.fixed

    def leave_play(self, card: Card, dest: Zone, how: str) -> None:
        """``card`` leaves play for ``dest`` by an effect whose word for the move is ``how``
        (returned, discarded): a move with that cause, or what the game's rules add (cards
        attached to it that go elsewhere, a log line of its own)."""
        self.move(card, dest, cause=how)

    def leave_pile(self, card: Card, dest: Zone, how: str, by: Player) -> None:
        """``card`` goes from one of its owner's piles (a hand, a trash) to another, ``dest``,
        by an effect of player ``by`` whose word for the move is ``how``: a move with that
        cause (a game logs it as it logs a move out of play, and adds what its rules add)."""
        self.move(card, dest, cause=how)

    def effect_controller(self, card: Card) -> PlayerT:
        """Who controls what a card's ability does: its controller while it is in play, its
        owner anywhere else."""
        return card.controller if card.zone is not None and card.zone.in_play \
            else card.owner

    @property
    def rounds(self) -> int:
        """How far the game has come: its :attr:`ROUND_FIELD` (0 before it begins)."""
        return int(getattr(self, self.ROUND_FIELD))

    def draw(self, player: PlayerT, n: int) -> int:
        """``player`` draws ``n`` cards, as the game's rules draw (an empty deck, a replaced
        draw); how many were drawn. The core's ``draw`` effect calls it."""
        raise NotImplementedError(f"{type(self).__name__} does not say how a player draws")

    def opponents(self, player: Player) -> list[PlayerT]:
        return [p for p in self.players if p is not player]

    # -- objects and zones -------------------------------------------------------------
    @property
    def objects_created(self) -> int:
        """Card objects created so far in this game (limits.objects)."""
        return self._next_oid - 1

    def next_oid(self, proto: CardDef) -> int:
        """The object number of a new object of ``proto``, counted against limits.objects."""
        oid = self._next_oid
        if oid > self.limits.objects:
            raise LimitExceeded("objects", self.limits.objects,
                                f"creating an object of {proto.id}", proto.id)
        self._next_oid = oid + 1
        return oid

    def new_card(self, proto: CardDef, owner: Player, zone: Zone | None,
                 top: bool = True) -> Card:
        card = self.card_class(self.next_oid(proto), proto, owner, zone)
        if zone is not None:
            if top:
                zone.cards.append(card)
            else:
                zone.cards.insert(0, card)
            if zone.in_play:
                card.controller = zone.player if zone.player is not None else owner
            if proto.program.zone_handlers:
                self.bus.register(card, zone.kind)
        return card

    def fill(self, zone: Zone, protos: Iterable[CardDef]) -> None:
        """Put a new card of each of ``protos`` on top of a hidden zone (a deck, as the game is
        set up), unseen: its object is made when a rule looks at it (:meth:`top`,
        :meth:`look`), and until then a copy of the game shares it. A card with abilities
        that work in that zone is an object at once, as :meth:`new_card` makes it."""
        if zone.in_play:
            raise ValueError(f"{zone!r} is in play: its cards are objects")
        cards, kind = zone.cards, zone.kind
        for proto in protos:
            if kind in proto.program.zone_handlers:
                self.new_card(proto, zone.player, zone)
                continue
            cards.append(Unseen(self.next_oid(proto), proto))

    def top(self, zone: Zone, n: int = 1) -> list[Card]:
        """The top ``n`` cards of ``zone`` (fewer if it holds fewer), top first, as objects:
        an unseen one is made now, as it would have been made when it was put there."""
        cards = zone.cards
        out = []
        for i in range(len(cards) - 1, max(len(cards) - n, 0) - 1, -1):
            c = cards[i]
            out.append(self._see(zone, i, c) if type(c) is Unseen else c)
        return out

    def look(self, zone: Zone) -> list[Card]:
        """Every card of ``zone``, bottom first, as objects (unseen ones made now)."""
        cards = zone.cards
        for i, c in enumerate(cards):
            if type(c) is Unseen:
                self._see(zone, i, c)
        return cards

    def _see(self, zone: Zone, i: int, entry: Unseen) -> Card:
        card = zone.cards[i] = self.card_class(entry.oid, entry.proto, zone.player, zone)
        return card

    def move(self, card: Card, dest: Zone, *, top: bool = True, cause: str | None = None,
             publish: bool = True) -> Card | None:
        """Move ``card`` to zone ``dest``; return the object it becomes there.

        A move between zones in play keeps the object; every other move makes a new object
        that has lost all effects and counters. A token put anywhere but in play stops
        existing, after its event is published. Inside :meth:`together`, the event waits
        for the rest of the group."""
        src = card.zone
        if src is None:
            return None
        src.cards.remove(card)
        if src.in_play and dest.in_play:
            dest.cards.append(card)
            card.zone = dest
            card.controller = dest.player if dest.player is not None else card.controller
            self.moved()
            if publish:
                self.publish(Event("moved", card, card.controller, dest.area, src.kind, cause))
            return card
        if card.handlers:
            group = self.group
            if group is not None:  # it still sees the group's other events (last known)
                group.left.append((card, card.handlers))
            self.bus.unregister(card)
        card.last_zone = src
        card.zone = None
        vanish = card.token and not dest.in_play
        new = None if vanish else self.new_card(card.proto, card.owner, dest, top)
        card.moved_to = new
        if src.in_play or dest.in_play:
            self.moved()
        kind = self.zone_event(src.kind, dest.kind) if publish else None
        if kind is not None:
            subject = new if dest.in_play else card
            self.publish(Event(kind, subject, card.controller, src.area or dest.area,
                               src.kind, cause))
        return new

    def targets(self, ctx: Trigger) -> list:
        """What the ability of ``ctx`` may choose as its target now: its selector's
        candidates, less what the game's rules forbid to choose (a game's prohibitions)."""
        target = ctx.ability.target
        return target.candidates(self, ctx) if target is not None else []

    def more_targets(self, ctx: Trigger, options: list, chosen: tuple, extra: Any) -> list:
        """A hook: which of ``options`` the ability of ``ctx``, which chooses several targets
        and has chosen ``chosen``, may choose next (a game whose next choice may make its
        cost impossible leaves those out); ``extra`` is what the game passed to
        :func:`~cardscript.resolve.ask_targets`. By default, all of them."""
        return options

    def replacement_chooser(self, card: Card) -> PlayerT | None:
        """A hook: who chooses which of several replacement effects applies to what would
        happen to ``card`` (:mod:`cardscript.replacements`); None (the default): the first,
        the card's own before those of others, oldest first."""
        return None

    def moved(self) -> None:
        """A hook: a card entered, left or moved within play (:meth:`move`), before its
        event is published. A game whose static abilities depend on where cards are applies
        them again here (``continuous.changed``), so the event's triggers see them."""

    def together(self) -> "Together":
        """Cards moved inside ``with game.together():`` move at once, as one event (an
        effect on all cards of a kind, several cards put into play by one effect): every
        card that leaves sees the others leave, by its last known information, and every
        card that enters sees the others enter, whatever the order they were moved in. The
        events are published when the block ends, in the order of the moves."""
        return Together(self)

    def publish_group(self, group: "Together") -> None:
        pending, bus = self.pending, self.bus
        left = group.left
        start = len(pending)
        for event in group.events:
            bus.collect(event, pending)
            for card, handlers in left:
                if card is not event.card:  # a card does not see itself leave
                    bus.collect_from(card, handlers, event, pending)
        if len(pending) > start:
            self.trigger_once(start)

    def publish(self, event: Event) -> None:
        group = self.group
        if group is None:
            pending = self.pending
            start = len(pending)
            self.bus.collect(event, pending)
            if len(pending) > start:
                self.trigger_once(start)
        else:  # published when the group ends (:meth:`together`)
            group.events.append(event)

    def trigger_once(self, start: int) -> None:
        """Of the triggers just collected (``pending`` from ``start``), drop those of an
        ability that triggers once each period (``once_each``) and already did in this one:
        the first time its event happens counts, for that card object."""
        pending = self.pending
        for i in range(start, len(pending)):
            if pending[i][0].once:
                break
        else:
            return  # none is limited: the usual case, with no copy made
        seen = self.triggered_once
        kept = []
        for entry in pending[start:]:
            ability, card = entry[0], entry[1]
            if ability.once:
                key, now = (card.oid, ability.index), self.period(ability.once)
                if seen.get(key) == now:
                    continue
                seen[key] = now
            kept.append(entry)
        pending[start:] = kept

    def used_up(self, card: Card, ability: AbilityProgram) -> bool:
        """Whether ``ability`` of ``card``, an activated ability usable once each period
        (``once_each``), was already activated on this card object in the current one."""
        return bool(ability.once) and \
            self.triggered_once.get((card.oid, ability.index)) == self.period(ability.once)

    def use_once(self, card: Card, ability: AbilityProgram) -> None:
        """``ability`` of ``card`` is activated now: one limited by ``once_each`` is used up
        for the current period (:meth:`used_up`)."""
        if ability.once:
            self.triggered_once[(card.oid, ability.index)] = self.period(ability.once)

    def stat(self, card: Card, name: str) -> int:
        """The stat ``name`` (one of ``STATS``) of ``card`` now: its own method of that name
        (a current value), else its definition's field (the printed one); 0 if it has none."""
        v = getattr(card, name, None)
        if callable(v):
            v = v()
        elif not isinstance(v, int):
            v = getattr(card.proto, name, None)
        return v if isinstance(v, int) else 0

    def period(self, name: str) -> int:
        """Which period of kind ``name`` (one of ``PERIODS``) the game is in: a number that
        changes when the next one begins. A turn: the turns the players have begun."""
        if name != "turn":
            raise ValueError(f"{type(self).__name__} names no period {name!r}")
        return sum(p.turns for p in self.players)

    # -- saving and replaying ----------------------------------------------------------
    def record(self) -> dict:
        """Everything needed to replay this game: its seed, decks, variants, limits (when not
        the defaults) and choices."""
        rec = {"game": self.game_name, "seed": self.seed,
               "decks": [[c.id for c in d] for d in self.decks],
               "names": [p.name for p in self.players], "variants": sorted(self.variants),
               "options": self.options(), "choices": list(self.choices)}
        if self.limits != DEFAULT:
            rec["limits"] = self.limits.as_dict()
        return rec

    def options(self) -> dict:
        """Game-specific constructor arguments a replay needs (JSON-serialisable)."""
        return {}

    # -- what a player sees (cardscript play) -------------------------------------------
    def table(self, viewer: PlayerT) -> TableView:
        """The table as ``viewer`` sees it (:mod:`cardscript.table`): a game overrides it
        with its own areas, stats and statuses; this one shows every zone in play."""
        return generic_table(self, viewer)

    def hidden_from(self, card: Any, viewer: PlayerT) -> bool:
        """``viewer`` can't see which card ``card`` is: it is in one of another player's
        :attr:`HIDDEN_ZONES` (or in their own, less :attr:`PRIVATE_ZONES`). A game with
        face-down cards in play overrides it."""
        zone = getattr(card, "zone", None)
        if zone is None or zone.in_play:
            return False
        return zone.kind in hidden_kinds(self, viewer, zone.player)

    def scores(self) -> str:
        """The game's account of where its players stand (its points or scores), in words."""
        return ""

    # -- what search agents need (cardscript.agents) ---------------------------------------
    #: :meth:`evaluate` of a game won (minus: lost); any position's score lies well inside
    WIN = 1e6

    def evaluate(self, player: PlayerT) -> float:
        """How good the game looks for ``player``: :attr:`WIN` if they won, ``-WIN`` if they
        lost, 0 for a draw or an error. A game overrides it with its own measure of a game
        in progress (points, the board, cards, resources), bounded well inside ``WIN``;
        this one knows only the end."""
        if not self.over or self.winner is None:
            return 0.0
        return self.WIN if self.winner is player else -self.WIN

    def zero_sum(self, player: PlayerT, value: Callable[[PlayerT], float]) -> float:
        """``value`` of ``player`` less ``value`` of every other player: how an
        :meth:`evaluate` weighs what each player has."""
        return sum(value(p) if p is player else -value(p) for p in self.players)

    def determinize(self, player: PlayerT, rng: Any) -> None:
        """Deal again, at random (``rng``: a ``random.Random``), what ``player`` can't see:
        for each player and each group of their :attr:`HIDDEN_ZONES` (less their own
        :attr:`PRIVATE_ZONES`), which cards are in those zones: the cards are shuffled and
        dealt back, as many to each zone as it held. The game's own random numbers are
        drawn again too. What ``player`` sees (their hand, every zone in play, discard
        piles) is unchanged. Call it on a copy (:meth:`clone`): a search agent's guess at
        the hidden state.

        The places stay and the cards change: each hidden card object becomes, where it is,
        another of the hidden cards (as though it had been that card all along), so whatever
        refers to it (a card chosen to discard) still does. It forgets what the player was
        shown of hidden cards (a card revealed, then shuffled away): a guess, not a memory.
        The cards the player's pending decision offers are seen, wherever they are (a
        card to find in their deck). A game with other hidden places (face-down cards)
        overrides it."""
        shown = self._shown(player)
        private = self.PRIVATE_ZONES
        for owner in self.players:
            for group in self.HIDDEN_ZONES:
                zones = [owner.zone(k) for k in group if owner is not player or
                         k not in private]
                protos = [c.proto for z in zones for c in z.cards if id(c) not in shown]
                if len(protos) < 2:
                    continue
                rng.shuffle(protos)
                k = 0
                for z in zones:
                    for i, c in enumerate(z.cards):
                        if id(c) in shown:
                            continue
                        proto = protos[k]
                        k += 1
                        if proto is not c.proto:
                            self._recast(z, i, c, proto)
        self.rng = GameRandom(rng.getrandbits(64))

    def _shown(self, player: Player) -> set[int]:
        """The cards (by ``id``) ``player``'s pending decision offers, which they see."""
        d = self.decision
        if d is None or d.player is not player:
            return set()
        out = set()
        for o in d.options:
            for x in o if isinstance(o, tuple) else (o,):
                c = getattr(x, "card", x)  # a card, or an option about one
                if isinstance(c, (Card, Unseen)):
                    out.add(id(c))
        return out

    def _recast(self, zone: Zone, i: int, entry: Any, proto: CardDef) -> None:
        """The hidden card ``entry``, at ``zone.cards[i]``, becomes a card of ``proto``
        (:meth:`determinize`): the same object, made again of ``proto`` in place, or an
        unseen card of ``proto`` (in a zone its player doesn't see either); an object when
        an ability of ``proto`` works there."""
        works = zone.kind in proto.program.zone_handlers
        if type(entry) is Unseen:
            if not works:
                zone.cards[i] = Unseen(entry.oid, proto)
                return
            entry = zone.cards[i] = self.card_class(entry.oid, proto, zone.player, zone)
        else:
            if entry.handlers:
                self.bus.unregister(entry)
            fresh = self.card_class(entry.oid, proto, entry.owner, zone)
            for name in _card_fields(type(entry)):
                setattr(entry, name, getattr(fresh, name))
        if works:
            self.bus.register(entry, zone.kind)

    # -- per-card records (`cardscript simulate --out`) --------------------------------
    #: the per-card metrics :meth:`card_events` reports (``opening_hand``, ``drawn``,
    #: ``played``); ``triggered`` comes from the core's own resolution entries, for any game
    CARD_METRICS: tuple[str, ...] = ()

    def card_events(self, entry: tuple) -> Iterable[tuple[str, int, str]]:
        """What the log entry ``entry``, just appended, means for the records of a run:
        ``(metric, player index, card id)`` for each card it concerns, and ``("first",
        player index, "")`` for the player taking the first turn. Called only while
        records are kept (:mod:`cardscript.tools.records` watches the log), as each entry is
        logged, so the game's state is as it was then. A game that does not say gets
        records without those metrics."""
        return ()
