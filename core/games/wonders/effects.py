"""Effects: what abilities do. Each entry is its name, parameter model, text template and the
class that runs it. Effects set ``ctx.done`` to whether they happened (rule 508.4), and do as
much as they can when only part is possible (rule 508.2). The keyword abilities' effects
that decide where a card ends up (destroy, shield, bury, portal, seek) are in
:mod:`.keyword_effects`."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ...limits import AMOUNT_MAX, COUNT_MAX, LimitExceeded
from ...loadable import step
from ...modifiers import next_cost
from ...refs import AllRef
from ...registry import Params, Vocabulary
from .zones import LIMBO

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import CardRef, PlayerRef, Selector, Value
    from .primitives import Primitives
    from .rules import WondersGame
    from .state import WondersCard, WondersPlayer, WondersTrigger
    from .zones import Realm

vocab = Vocabulary("wonders")
#: names reserved for rules not implemented yet (an error says so)

Duration = Literal["this_turn", "this_round", "permanent"]


class CountParams(Params):
    __shorthand__ = "count"
    count: "Value" = 1
    player: "PlayerRef" = "you"


class _Effect:
    __slots__ = ()


class _EachCard(_Effect):
    """An effect done to each card of its ``card`` reference (a slot of the subclass's):
    :meth:`apply` says whether it was done to that card; the effect is done if it was done to
    any. With ``together``, the cards move at once: each sees the others go (docs/
    architecture.md, "Cards that move together")."""

    __slots__ = ()
    together = False
    #: it moves the cards it is done to: a later stage's ``moved`` names where they went
    moves = False

    def apply(self, g: WondersGame,  # pragma: no cover - each subclass has its own
              card: WondersCard, ctx: WondersTrigger) -> bool:
        raise NotImplementedError

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        cards = self.card.cards(g, ctx)  # type: ignore[attr-defined]
        if self.together:
            with g.together():
                done = [card for card in cards if self.apply(g, card, ctx)]
        else:
            done = [card for card in cards if self.apply(g, card, ctx)]
        ctx.done = bool(done)
        if self.moves:
            ctx.moved = tuple(c.moved_to for c in done if c.moved_to is not None)


def _count_effect(name: str, doc: str, text: str,
                  apply: Callable[[WondersGame, WondersPlayer, int], bool]) -> type[_Effect]:
    class Impl(_Effect):
        __slots__ = ("count", "player")
        __doc__ = doc

        def __init__(self, p: CountParams, c: Compiler) -> None:
            self.count = c.count(p.count)
            self.player = c.player_ref(p.player)

        def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
            n = self.count.get(g, ctx)
            done = False
            for pl in self.player.players(g, ctx):
                done = apply(g, pl, n) or done
            ctx.done = done
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    vocab.effect(name, CountParams, text=text)(Impl)
    return Impl


def _gain_energy(g: WondersGame, p: WondersPlayer, n: int) -> bool:
    p.energy += max(0, n)
    return n > 0


def _lose_energy(g: WondersGame, p: WondersPlayer, n: int) -> bool:
    lost = min(p.energy, max(0, n))  # energy is never negative
    p.energy -= lost
    return lost > 0


def _gain_actions(g: WondersGame, p: WondersPlayer, n: int) -> bool:
    if g.turns.harvesting is p:  # rulebook, Harvest: usable only from the next turn
        p.harvested_actions += max(0, n)
    else:
        p.actions += max(0, n)
    return n > 0


def _gain_faith(p: WondersPlayer, n: int) -> bool:
    p.faith += max(0, n)
    return n > 0


def _lose_actions(g: WondersGame, p: WondersPlayer, n: int) -> bool:
    lost = min(p.actions, max(0, n))
    p.actions -= lost
    return lost > 0


_count_effect("deny", "Put cards from the top of the player's deck into The Abyss as one "
              "group (rulebook, Deny).",
              "deny {{ count }}{% if player.name != 'you' %} from {{ player | whose }} deck"
              "{% endif %}",
              lambda g, p, n: g.deny(p, n) > 0)
_count_effect("gain_energy", "The player gains energy.",
              "{{ player | does('gain') }} {{ count | quantity('energy') }}",
              _gain_energy)
_count_effect("lose_energy", "The player loses energy (never below 0).",
              "{{ player | does('lose') }} {{ count | quantity('energy') }}",
              _lose_energy)
_count_effect("gain_actions", "The player gains actions.",
              "{{ player | does('gain') }} {{ count | quantity('action') }}",
              _gain_actions)
_count_effect("gain_faith", "The player gains faith, which carries over between rounds "
              "(rulebook, Faith).",
              "{{ player | does('gain') }} {{ count | quantity('faith') }}",
              lambda g, p, n: _gain_faith(p, n))
_count_effect("lose_actions", "The player loses actions (never below 0).",
              "{{ player | does('lose') }} {{ count | quantity('action') }}",
              _lose_actions)


class CardParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"


# the core's one-shot discount in Wonders' words (rule 404.2: never below 0)
next_cost(vocab, "next_costs_less", (
    "the next {{ 'card' if cards == 'any' else cards | noun }} you play this {{ during }} "
    "costs {{ amount }} less"),
    doc="""A discount on your next card of a type this round (or turn): it applies to the
    next one you play, once, and ends; unused by the end of the period, it ends then. A
    card's cost is never below 0 (rule 404.2).""", types=("wonder", "land", "item", "spell"),
    default="spell", during="round")


def _card_effect(name: str, doc: str, text: str,
                 apply: Callable[[WondersGame, WondersCard, WondersTrigger], bool],
                 params: type[CardParams] = CardParams,
                 together: bool = False, moves: str = "") -> type[_EachCard]:
    class Impl(_EachCard):
        __slots__ = ("card",)
        __doc__ = doc

        def __init__(self, p: CardParams, c: Compiler) -> None:
            self.card = c.card_ref(p.card)

        def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
            return apply(g, card, ctx)
    Impl.together = together
    Impl.moves = bool(moves)
    Impl.__name__ = Impl.__qualname__ = name.title().replace("_", "")
    globals()[Impl.__name__] = Impl  # picklable for the compile cache
    meta = {"moves": moves} if moves else {}
    vocab.effect(name, params, text=text, **meta)(Impl)
    return Impl


_card_effect("banish", "Put a card into its owner's banishment.",
             "banish {{ card }}", lambda g, c, ctx: g.banish(c), together=True,
             moves="banished")
_card_effect("put_into_abyss", "Put a card into its owner's Abyss.",
             "put {{ card }} into The Abyss", lambda g, c, ctx: g.to_abyss(c), together=True,
             moves="put into The Abyss")
_card_effect("put_into_hand", "Put a card into its owner's hand.",
             "{% if card | zone_of == 'world' %}return {{ card }} to"
             "{% else %}put {{ card }} into{% endif %} {{ card | whose }} hand",
             lambda g, c, ctx: g.to_hand(c), together=True, moves="put into a hand")
_card_effect("tap", "Tap a card (rule 509: only if it is untapped).",
             "tap {{ card | describe(implied={'tapped': false}) }}",
             lambda g, c, ctx: g.tap(c, ctx.controller))
_card_effect("untap", "Untap a card (rule 509: only if it is tapped).",
             "untap {{ card | describe(implied={'tapped': true}) }}",
             lambda g, c, ctx: g.untap(c))
_card_effect("stun", "Tap a Wonder and set its base power to 0 this round (rulebook, Stun).",
             "stun {{ card }}", lambda g, c, ctx: g.stun(c, ctx.controller))


class SacrificeParams(Params):
    __shorthand__ = "selector"
    selector: "Selector"
    count: int = Field(1, ge=1, le=COUNT_MAX)


@vocab.effect("sacrifice", SacrificeParams, text="sacrifice {{ selector | describe("
              "how_many=count, implied={'controller': 'you'}) }}")
class Sacrifice(_Effect):
    """Choose and destroy your own card; it does not target (rulebook, Sacrifice)."""

    __slots__ = ("selector", "count")

    def __init__(self, p: SacrificeParams, c: Compiler) -> None:
        self.selector = c.selector(p.selector)
        self.count = p.count

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        self.next(g, ctx, [])

    def next(self, g: WondersGame, ctx: WondersTrigger, picks: list[WondersCard]) -> None:
        """The cards are chosen one at a time, then destroyed together (they die at once)."""
        options = [c for c in self.selector.candidates(g, ctx)
                   if c.controller is ctx.controller and c not in picks] \
            if len(picks) < self.count else []
        if options:
            g.ask(ctx.controller, "sacrifice", options, "choose a card to sacrifice",
                  then=(self.chosen, g, ctx, picks))
            return
        done = 0
        with g.together():
            for c in picks:
                done += bool(g.destroy(c))
        ctx.done = done == self.count

    @step
    def chosen(self, g: WondersGame, ctx: WondersTrigger, picks: list[WondersCard],
               pick: WondersCard) -> None:
        self.next(g, ctx, [*picks, pick])


class DiscardParams(Params):
    __shorthand__ = "count"
    count: "Value" = 1
    player: "PlayerRef" = "you"
    random: bool = False


@vocab.effect("discard", DiscardParams,
              text="{{ player | does('discard') }} {{ count | quantity('card') }}"
              "{% if random %} at random{% endif %}")
class Discard(_Effect):
    """The player chooses and discards cards from hand (at random if ``random``)."""

    __slots__ = ("count", "player", "random")

    def __init__(self, p: DiscardParams, c: Compiler) -> None:
        self.count = c.count(p.count)
        self.player = c.player_ref(p.player)
        self.random = p.random

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        ctx.done = False
        self.player_discards(g, ctx, list(self.player.players(g, ctx)), [], -1)

    def player_discards(self, g: WondersGame, ctx: WondersTrigger, players: list[WondersPlayer],
                        picks: list[WondersCard], n: int) -> None:
        """The next player chooses their cards one at a time; they are discarded together."""
        if not players:
            return
        pl = players[0]
        if n < 0:
            n = min(self.count.get(g, ctx), len(pl.hand.cards))
        if len(picks) < n:
            options = [c for c in pl.hand.cards if c not in picks]
            if self.random:
                pick = options[int(g.rng.random() * len(options))]
                self.player_discards(g, ctx, players, [*picks, pick], n)
            else:
                g.ask(pl, "discard", options, "discard a card",
                      then=(self.picked, g, ctx, players, picks, n))
            return
        with g.together():  # discarded together
            for c in picks:
                g.discard(c)
        ctx.done = ctx.done or bool(picks)
        self.player_discards(g, ctx, players[1:], [], -1)

    @step
    def picked(self, g: WondersGame, ctx: WondersTrigger, players: list[WondersPlayer],
               picks: list[WondersCard], n: int, pick: WondersCard) -> None:
        self.player_discards(g, ctx, players, [*picks, pick], n)


class CountersParams(Params):
    card: "CardRef" = "target"
    amount: int = Field(ge=-AMOUNT_MAX, le=AMOUNT_MAX,
                        description="+N puts N +1 counters, -N puts N -1 counters.")


@vocab.effect("counters", CountersParams,
              text="put {{ amount | counters }} on {{ card | describe('each') }}")
class Counters(_EachCard):
    """Put +1 or -1 power counters on Wonders; + and - counters cancel (rulebook, Counters)."""

    __slots__ = ("card", "amount")

    def __init__(self, p: CountersParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.amount = p.amount

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return g.put_counters(card, self.amount, ctx.controller)


class PowerParams(Params):
    card: "CardRef" = "target"
    amount: int = Field(ge=-AMOUNT_MAX, le=AMOUNT_MAX, description="The power change.")
    duration: Duration = "this_round"


@vocab.effect("power", PowerParams, text="{{ card | does('get') }} {{ amount | signed }} power "
              "{{ duration | duration }}")
class Power(_EachCard):
    """Change a Wonder's power for a duration (not a counter)."""

    __slots__ = ("card", "amount", "duration")

    def __init__(self, p: PowerParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.amount = p.amount
        self.duration = p.duration

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return g.modify_power(card, self.amount, self.duration)


class NullifyParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"
    duration: Literal["this_round", "permanent"] = "this_round"


@vocab.effect("nullify", NullifyParams, text=(
    "{% if card | is_mass and duration != 'permanent' %}"
    "{{ duration | duration }}, nullify {{ card }}"
    "{% else %}nullify {{ card }} {{ duration | duration }}{% endif %}"))
class Nullify(_EachCard):
    """Treat a card's ability text as blank for a duration (rulebook, Nullify); permanent
    nullification is a null counter."""

    __slots__ = ("card", "duration")

    def __init__(self, p: NullifyParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.duration = p.duration

    def apply(self, g: WondersGame, card: WondersCard, ctx: WondersTrigger) -> bool:
        return g.nullify(card, self.duration)


class RealmParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"
    realm: Literal["this", "choose", "adjacent"] = "this"


class _ToRealm(_Effect):
    """Send each card to a realm chosen for it: the realms are chosen one card after
    another, then the cards go at once, so each sees the others arrive (docs/architecture.md,
    "Cards that move together")."""

    __slots__ = ("card", "realm")

    def __init__(self, p: RealmParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.realm = p.realm

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        ctx.done = False
        self.next(g, ctx, list(self.card.cards(g, ctx)), [])

    def next(self, g: WondersGame, ctx: WondersTrigger, cards: list[WondersCard],
             chosen: list[Realm | None]) -> None:
        if len(chosen) < len(cards):
            g.pick_realm(ctx, self.realm, cards[len(chosen)],
                         then=(self.put, g, ctx, cards, chosen))
            return
        with g.together():
            for card, realm in zip(cards, chosen, strict=True):
                if realm is not None:
                    ctx.done = self.send(g, card, realm) or ctx.done

    @step
    def put(self, g: WondersGame, ctx: WondersTrigger, cards: list[WondersCard],
            chosen: list[Realm | None], realm: Realm | None) -> None:
        self.next(g, ctx, cards, [*chosen, realm])

    def send(self, g: WondersGame, card: WondersCard,  # pragma: no cover - each effect's own
             realm: Realm) -> bool:
        raise NotImplementedError


@vocab.effect("put_into_realm", RealmParams, text="put {{ card }} into {{ realm | realm }}")
class PutIntoRealm(_ToRealm):
    """Put a card into a realm of The World, on its owner's side; it arrives."""

    __slots__ = ()

    def send(self, g: WondersGame, card: WondersCard, realm: Realm) -> bool:
        return g.put_into_realm(card, realm)


@vocab.effect("move", RealmParams, text="move {{ card }} to {{ realm | realm }}")
class Move(_ToRealm):
    """Move a card in The World to another active realm (it does not arrive)."""

    __slots__ = ()

    def send(self, g: WondersGame, card: WondersCard, realm: Realm) -> bool:
        return g.move_to_realm(card, realm)


class TokenParams(Params):
    __shorthand__ = "token"
    token: str = Field(description="Id of a token card definition in the set.")
    count: int = Field(1, ge=1, le=COUNT_MAX)
    realm: Literal["this", "choose"] = "this"


@vocab.effect("create_token", TokenParams,
              text="create {{ count | tokens(token) }} {{ realm | in_realm }}")
class CreateToken(_Effect):
    """Create token cards in a realm under your control; tokens cost 0 and have the orbital
    of the card that made them (rulebook, Tokens)."""

    __slots__ = ("token", "count", "realm")

    def __init__(self, p: TokenParams, c: Compiler) -> None:
        self.token = p.token
        self.count = p.count
        self.realm = p.realm
        c.references.append(("token", p.token))

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        # checked before anything is created: the tokens would all be new card objects
        if g.objects_created + self.count > g.limits.objects:
            raise LimitExceeded("objects", g.limits.objects,
                                f"create_token would create {self.count:,} {self.token} "
                                "tokens", ctx.source.proto.id)
        g.pick_realm(ctx, self.realm, None, then=(self.create, g, ctx))

    @step
    def create(self, g: WondersGame, ctx: WondersTrigger, realm: Realm | None) -> None:
        if realm is None:
            ctx.done = False
            return
        with g.together():  # the tokens arrive at once
            for _ in range(self.count):
                g.create_token(self.token, ctx.controller, realm, ctx.source)
        ctx.done = True


class CantAttackParams(Params):
    player: "PlayerRef" = "opponent"
    realm: Literal["this", "any"] = "this"
    duration: Duration = "this_round"


@vocab.effect("cant_attack", CantAttackParams,
              text="{{ player | does(\"can't attack\", plural=true) }} {{ realm | in_realm }} "
              "{{ duration | duration }}")
class CantAttack(_Effect):
    """Players can't attack (in this realm): no attack can take place there, including ones
    other effects would enable (rule 404.3.1)."""

    __slots__ = ("player", "realm", "duration")

    def __init__(self, p: CantAttackParams, c: Compiler) -> None:
        self.player = c.player_ref(p.player)
        self.realm = p.realm
        self.duration = p.duration

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        realm = ctx.area if self.realm == "this" else None
        for pl in self.player.players(g, ctx):
            g.forbid_attack(pl, realm, self.duration)
        ctx.done = True


class AttackParams(Params):
    __shorthand__ = "realm"
    realm: Literal["this", "choose"] = "this"


@vocab.effect("attack", AttackParams, text="attack {{ realm | in_realm }}")
class Attack(_Effect):
    """Attack with all your Wonders in a realm without spending an action: a free attack
    (rule 403.3). The battle (rule 404.3.2) starts when the ability has resolved, step by
    step like any attack; if players can't attack there, no attack takes place (404.3.1)."""

    __slots__ = ("realm",)

    def __init__(self, p: AttackParams, c: Compiler) -> None:
        self.realm = p.realm

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        you = ctx.controller
        if self.realm == "this" and ctx.area is not None:
            self.declare(g, ctx, ctx.area)
            return
        options = [r for r in g.realms if r.active and g.turns.can_attack(g, you, r)]
        if options:
            g.ask(you, "realm", options, "attack in which realm?",
                  then=(self.declare, g, ctx))
        else:
            self.declare(g, ctx, None)

    @step
    def declare(self, g: WondersGame, ctx: WondersTrigger, realm: Realm | None) -> None:
        you = ctx.controller
        ctx.done = realm is not None and g.turns.can_attack(g, you, realm)
        if ctx.done and realm is not None:
            g.turns.queued_attacks.append((you, realm))
        elif realm is not None:
            g.log.append(("no_attack", you.name, realm.number))


@vocab.effect("play_as_though_in_hand", CardParams,
              # the rules' own wordings: "a card as though it was in your hand" (404.2),
              # "cards from the top of your deck as if they were in your hand" (its example)
              text="you may play {{ card }} as {{ 'if they' if card | is_mass else 'though it' }}"
              " were in your hand")
class PlayAsThoughInHand(_Effect):
    """You may play a card from another zone (The Abyss, banishment, your deck) as though it
    were in your hand (rule 404.2): you pay its energy cost, an orbital link's reduction
    included, and a core card needs its orbital's link (404.2, Core Mechanic). The play is
    part of this effect, not a use of a turn: it spends no action. Each card is offered in
    turn; one you can't pay for is not.

    In a static ability it is a standing permission (rule 404.2's example, Eye of the
    Maelstrom: "You may play cards from the top of your deck as if they were in your hand"):
    it never runs; while its card is in The World, each card it selects is a use of its
    controller's turn like a card in hand (an action unless attuned, its cost, core needs
    link; :meth:`~.continuous.Continuous.static_plays`)."""

    __slots__ = ("card", "continuous")

    def __init__(self, p: CardParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)
        self.continuous = getattr(c.ability_trigger, "entry_name", None) == "static"
        if self.continuous and not isinstance(self.card, AllRef):
            raise c.error("in a static ability, play_as_though_in_hand names the cards it lets "
                          f"you play with {{all: ...}} (e.g. the top of your deck); found "
                          f"'{p.card}'")

    def run(self, g: WondersGame, ctx: WondersTrigger) -> None:
        ctx.done = False
        self.next(g, ctx, list(self.card.cards(g, ctx)))

    @step
    def next(self, g: WondersGame, ctx: WondersTrigger, cards: list[WondersCard]) -> None:
        you = ctx.controller
        for i, card in enumerate(cards):
            if self.playable(g, you, card):
                g.then(self.next, g, ctx, cards[i + 1:])
                g.ask(you, "may", [True, False], f"play {card.proto.id} as though it were "
                      "in your hand?", then=(self.answered, g, ctx, card))
                return

    @staticmethod
    def playable(g: Primitives, you: WondersPlayer, card: WondersCard) -> bool:
        zone = card.zone
        return zone is not None and not zone.in_play and zone.kind != LIMBO and \
            not card.token and g.turns.can_pay(g, you, card, g.links(you), you.energy)

    @step
    def answered(self, g: WondersGame, ctx: WondersTrigger, card: WondersCard,
                 yes: bool) -> None:
        if yes and self.playable(g, ctx.controller, card):
            ctx.done = True
            g.turns.play_as_from_hand(g, ctx.controller, card)


__all__ = ["vocab"]
