"""Spellfire effects on cards in play: negating the card being played, razing and unrazing
realms, imprisoning champions in a dungeon and releasing them, discarding cards in play,
sending champions to Limbo or the Abyss or back to the hand (the core's zone moves,
:func:`cardscript.blocks.pile_move`, named in Spellfire's words; how a card leaves play is
:func:`leave_play`), and level changes. Effects on the draw
pile and hands are in :mod:`.piles`.

Each takes a card reference (``card``, default ``target``); the cards it reaches are chosen
by the ability's selector, where (Off)/(Def) and immunity apply (:mod:`.selectors`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Union

from pydantic import Field

from ...continuous import equipped_covers, keyword_grant, prohibition, stat_bonus
from ...limits import STAT_MAX
from ...piles import look_at_top, pile_move
from ...registry import Params, Vocabulary
from . import cosmos, formation
from .selectors import PlayedCard

if TYPE_CHECKING:  # the game's unions, which build_types resolves (model/names.py)
    from ...compiler import Compiler
    from ...model.names import CardRef
    from ...zones import Zone
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer, SpellfireTrigger

vocab = Vocabulary("spellfire")


class CardParams(Params):
    __shorthand__ = "card"
    card: "CardRef" = "target"


def leave_play(g: SpellfireGame, card: SpellfireCard, dest: Zone, cause: str) -> None:
    """``card`` leaves play for ``dest``: what is attached to it goes to the discard pile
    (rules notes 1: "A champion discarded or sent to Limbo/Abyss takes its attachments to
    discard"); a realm's slot is empty again, and a dungeon under it is discarded. To the
    discard pile, as the rules discard (:meth:`.rules.SpellfireGame.discard`,
    :func:`.formation.discard_realm`)."""
    realm = card.proto.type == "realm"
    if card.proto.type == "dungeon":
        release_all(g, card.controller)
    if dest is card.owner.discard:
        if realm:
            formation.discard_realm(g, card, cause)
        else:
            g.discard(card, cause)
        return
    for c in list(card.owner.dungeon.cards) if realm else ():
        if c.host is card:
            g.discard(c, cause)
    for a in card.attachments():
        g.discard(a, cause)
    card.host = None
    g.move(card, dest, cause=cause)


class _InPlay:
    """An effect on each card in play the reference names, of the types it applies to."""

    __slots__ = ("card",)
    types: tuple[str, ...] = ()

    def __init__(self, p: CardParams | LevelParams, c: Compiler) -> None:
        c.this_can_be(p.card, getattr(self, "entry_name", "this effect"), self.types)
        self.card = c.card_ref(p.card)

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx)
                 if x.zone.in_play and (not self.types or x.proto.type in self.types)]
        ctx.done = bool(cards)
        for x in cards:
            self.each(g, ctx, x)

    def each(self, g: SpellfireGame, ctx: SpellfireTrigger,  # pragma: no cover - each effect's own
             card: SpellfireCard) -> None:
        raise NotImplementedError


@vocab.effect("negate", CardParams, text="negate {{ card | describe }}")
class Negate:
    """Negate the card being played (rules notes 5: "A negating response stops the
    original"): the item in the open response window is stopped, so it does nothing, and the
    card goes to its owner's discard pile (a champion with what is attached to it, a realm
    leaving its slot empty). Its ability must target the card being played
    (``target: played_card``): without an open window there is none, so the card can't be
    played; or, in a ``played_against`` trigger, ``it`` (the card played against this one,
    while its window is open)."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        against = getattr(c.ability_trigger, "event", None) == "played_against"
        if not (p.card == "target" and isinstance(c.ability_target, PlayedCard)
                or p.card == "it" and against):
            raise c.error("negate answers the card being played: give its ability "
                          "`target: played_card` (or {played_card: {types: [...]}}) and "
                          "negate the target, or negate `it` in a played_against trigger")
        self.card = c.card_ref(p.card)

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        item = g.resolver.answering
        cards = self.card.cards(g, ctx)
        card = cards[0] if cards else None
        ctx.done = item is not None and item.source is card and not item.stopped
        if card is None or item is None or not ctx.done:
            return
        item.stopped = True
        g.log.append(("negate", ctx.controller.name, card.proto.id))
        if card.zone is g.window_zone or card.zone.in_play:
            leave_play(g, card, card.owner.discard, "negated")


@vocab.effect("raze", CardParams, text="raze {{ card | describe }}")
class Raze(_InPlay):
    """Raze realms: turned over, still in play and in their slots; holdings discarded
    (rules notes 6, "Razed realms")."""

    types = ("realm",)

    def each(self, g: SpellfireGame, ctx: SpellfireTrigger, card: SpellfireCard) -> None:
        formation.raze(g, card, "effect")


@vocab.effect("unraze", CardParams, text="rebuild {{ card | describe }}")
class Unraze(_InPlay):
    """A razed realm is rebuilt: unrazed, in its slot (rules notes 6, "rebuild: unraze a
    razed realm"), without the phase-2 cost, which is the rules' way, not a card's."""

    types = ("realm",)

    def each(self, g: SpellfireGame, ctx: SpellfireTrigger, card: SpellfireCard) -> None:
        if card.razed:
            card.razed = False
            g.log.append(("unraze", card.owner.name, card.proto.id))


@vocab.effect("imprison", CardParams, text="imprison {{ card | describe }} (held in your "
              "dungeon, not in play)")
class Imprison(_InPlay):
    """A champion in play is held in the dungeon of the ability's controller (rules notes 1:
    "champions in a dungeon" are not in play; "in a dungeon it keeps" its attachments): it
    leaves play with them, into its jailer's ``held`` zone, until a card releases it or the
    dungeon leaves play. Without a dungeon of the controller's in play, nothing happens."""

    types = ("champion",)

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        jail = ctx.controller
        if not any(c.proto.type == "dungeon" for c in jail.dungeon.cards):
            ctx.done = False
            return
        super().run(g, ctx)

    def each(self, g: SpellfireGame, ctx: SpellfireTrigger, card: SpellfireCard) -> None:
        g.log.append(("imprisoned", card.owner.name, card.proto.id, ctx.controller.name))
        carry(g, card, ctx.controller.held)


@vocab.effect("release", CardParams, text="release {{ card | describe }} to "
              "{{ 'their owners\\' pools' if card | is_mass else 'its owner\\'s pool' }}")
class Release:
    """A champion held in a dungeon goes back to its owner's pool, with what is attached to
    it (rules notes 1); it comes into play again (the Rule of the Cosmos: if a same champion
    is in play by now, it is discarded instead, the reading chosen)."""

    __slots__ = ("card",)

    def __init__(self, p: CardParams, c: Compiler) -> None:
        self.card = c.card_ref(p.card)

    def run(self, g: SpellfireGame, ctx: SpellfireTrigger) -> None:
        cards = [x for x in self.card.cards(g, ctx)
                 if x.zone is not None and x.zone.kind == "held"]
        ctx.done = bool(cards)
        for x in cards:
            release(g, x)


def carry(g: SpellfireGame, card: SpellfireCard, dest: Zone) -> SpellfireCard:
    """``card`` moves to ``dest`` with what is attached to it, still attached."""
    attached = card.attachments()
    card.host = None
    new: SpellfireCard = g.move(card, dest, cause="effect")  # type: ignore[assignment]
    for a in attached:
        moved: SpellfireCard = g.move(a, dest, cause="effect")  # type: ignore[assignment]
        moved.host = new
    return new


def release(g: SpellfireGame, card: SpellfireCard) -> None:
    """A held champion back to its owner's pool with its attachments; if a same card is in
    play by now, to the discard pile (the Rule of the Cosmos)."""
    g.log.append(("released", card.owner.name, card.proto.id))
    if not cosmos.allows(g, card.owner, card):
        g.discard(card, "cosmos")
        return
    cosmos.enters(g, carry(g, card, card.owner.pool))


def release_all(g: SpellfireGame, jailer: SpellfirePlayer) -> None:
    """The dungeon of ``jailer`` leaves play: the champions it held go free (the reading
    chosen: the notes say nothing of them)."""
    for c in [c for c in jailer.held.cards if c.proto.type == "champion"]:
        release(g, c)


pile_move(vocab, "discard", "discard", "discard {{ card | describe }}", logged="discarded",
          doc="""Cards in play to their owners' discard piles, with what is attached to them;
    a discarded realm leaves its slot empty (rules notes 1 and 6).""")
pile_move(vocab, "to_limbo", "limbo", "put {{ card | describe }} into {{ 'their owners\\'' "
          "if card | is_mass else 'its owner\\'s' }} Limbo", types=("champion",),
          moved="put into Limbo",
          doc="""Champions to their owners' Limbo (rules notes 1: not in play; how long they
    stay is each card's), their attachments discarded.""")
pile_move(vocab, "to_abyss", "abyss", "put {{ card | describe }} into the Abyss",
          types=("champion",), moved="put into the Abyss",
          doc="""Champions to their owners' Abyss (rules notes 1: only specific cards retrieve
    from it), their attachments discarded.""")
pile_move(vocab, "shuffle_into_draw_pile", "deck", "shuffle {{ card | describe }} into "
          "{{ 'their owners\\' draw piles' if card | is_mass else 'its owner\\'s draw pile' }}",
          logged="shuffled_in", position="shuffle", moved="shuffled in",
          doc="""Cards in play (with what is attached to them discarded, rules notes 1) or in
    a pile (a discard pile, a hand) shuffled into their owners' draw piles.""")
look_at_top(vocab, "look_at_top",
            "look at the top {% if count == 1 %}card{% else %}{{ count }} cards{% endif %} of "
            "your draw pile. {% if take > 1 %}Put up to {{ take }} {% if filter %}"
            "{{ filter | describe('plural') }}{% else %}cards{% endif %}{% else %}You may put "
            "{% if filter %}{{ filter | describe }}{% else %}one{% endif %}{% endif %} from "
            "among them into your hand and put the rest on the bottom of the pile",
            doc="""Look at the top cards of your draw pile, put up to ``take`` of them (a card
    the filter accepts, if given) into your hand, and the rest on the bottom.""")
pile_move(vocab, "return_to_hand", "hand", "return {{ card | describe }} to {{ 'their "
          "owners\\' hands' if card | is_mass else 'its owner\\'s hand' }}", logged="returned",
          doc="""Cards in play back to their owners' hands. What is attached to them is
    discarded (the reading chosen: attachments never move on their own, rules notes 1 and
    seed, phase 3 A: "cannot be rearranged").""")


class LevelParams(Params):
    __shorthand__ = "amount"
    amount: int = Field(ge=-STAT_MAX, le=STAT_MAX, description="Levels to add (negative: "
                        "to take away).")
    card: "CardRef" = "target"


#: a support card's continuous effects may name the champion it serves (rules notes 2,
#: "support cards carry bonuses (+N, sometimes +N/+M)"): an item's, an artifact's, an ally's
covers = equipped_covers(frozenset({"ally", "magic_item", "artifact"}), "'its_champion' is "
                         "the champion an ally, a magical item or an artifact serves; this "
                         "card is a {kind}", word="its_champion")
#: a continuous effect's cards: a card reference, or the champion the card serves
Covered = Union[Literal["its_champion"], "CardRef"]
_COVERED = "'this', 'its_champion' (an ally's, item's or artifact's), or {all: selector}."

stat_bonus(vocab, "level_bonus", "level",
           "{{ card | covered | does('get') }} {{ amount | signed }} "
           "{{ 'level' if amount in (1, -1) else 'levels' }}",
           types=frozenset({"champion"}), card=Covered, covers=covers, cards=_COVERED,
           doc="""The champions it covers
    get +N (or -N) levels while it is in force, in play or in a battle: part of the
    adjusted level (rules notes 2: "base + attachments' bonuses + modifiers"). On an ally,
    an item or an artifact, ``its_champion`` is the champion it serves: a support card's
    second number ("+3, +2 more against thieves") is a ``level_bonus`` of its champion while
    a condition (``against``) holds.""")

stat_bonus(vocab, "set_level", "level",
           "{{ card | covered | does('have') }} a level of {{ amount }}",
           types=frozenset({"champion"}), card=Covered, covers=covers, cards=_COVERED,
           sets=True, doc="""The champions it covers have the level N instead of their printed
    one while it is in force ("its level is 8 while it defends"); attachments' bonuses and
    level changes still add to it (rules notes 2: "Adjusted level = base + attachments'
    bonuses + modifiers": the base is what is set). The newest setting wins.""")


keyword_grant(vocab, "grant", "{{ card | does('have') }} {{ keywords | given_keywords }}",
              doc="""The cards it covers have these powers while it is in force ("your
    champions are flyers"): read where the rules apply them, as printed ones are (a
    champion's movement, immunity, the cards it can use, extra draws).""")


prohibition(vocab, "cant", ("attack", "be_attacked"), (), text=(
    "{% set acts = action if action is not string else [action] %}"
    "{{ card | does(\"can't\", plural=true) }} "
    "{{ acts | map('replace', '_', ' ') | join(' or ') }}"), doc="""A prohibition while it is
    in force ("can't" beats "can"): the champions it covers can't ``attack`` (phase 4 never
    sends them), or the realms it covers can't ``be_attacked`` (no battle targets them; a
    rule of the attack, notes 7 A). A champion's own prohibition works from the pool, not
    from a hand.""")


@vocab.effect("level", LevelParams,
              text="{{ card | does('get') }} {{ amount | signed }} "
                   "{{ 'level' if amount in (1, -1) else 'levels' }} until the end of the "
                   "battle or turn")
class Level(_InPlay):
    """+N (or -N) levels for a champion until the end of the battle, or of the turn outside
    a battle (rules notes 2: "Adjusted level = base + attachments' bonuses + modifiers").
    The battle clears its level changes as it ends; phase 6 clears what is left."""

    __slots__ = ("amount",)
    types = ("champion",)

    def __init__(self, p: LevelParams, c: Compiler) -> None:
        super().__init__(p, c)
        if p.amount == 0:
            raise c.error("a level change of 0 does nothing: give +N or -N")
        self.amount = p.amount

    def each(self, g: SpellfireGame, ctx: SpellfireTrigger, card: SpellfireCard) -> None:
        card.mods = (*card.mods, self.amount)
        g.log.append(("level", card.proto.id, self.amount, card.level()))
