"""Playing cards (seed, phases 0, 3 and 5; rules notes 4, 5 and 8): what the turn player may
play in each phase, putting a card into play, casting a spell or using a skill by a
champion able to use it, and the responses other players make to each played card.

Every card played opens a response window (:class:`cardscript.window.ResponseWindow`): each
other player, in turn order, may answer it with an event (or a card that may be played at
any time). A response takes effect at once and is not answered itself (rules notes 5:
"Whether responses to responses stack is unconfirmed": the reading chosen is that they do
not). Played events go to the Void, other played support cards to the discard pile (rules
notes 0, TR2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bus import Event
from ...loadable import step
from ...resolve import Trigger, ask_targets
from ...window import Played
from . import cosmos, formation, selectors
from .card import SUPPORT_SKILLS
from .keywords import usable

if TYPE_CHECKING:
    from ...compiler import AbilityProgram
    from ...zones import Zone
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer, SpellfireTrigger

#: the option of ending a phase's actions (a string, so a copy or a loaded save still equals it)
DONE = "done"


# -- what the turn player may do -----------------------------------------------------------
def actions(g: SpellfireGame, p: SpellfirePlayer, phase: int) -> list:
    if phase == 2:
        out = formation.phase2_actions(g, p)
    elif phase == 3:
        out = pool_actions(g, p)
    elif phase == 0:
        out = [("play", c) for c in p.hand.cards if c.proto.type == "rule"]
    elif phase == 5:
        out = spoils_actions(g, p)
    else:
        out = []
    out.extend(skill_actions(g, p, phase))
    out.extend(("play", c) for c in p.hand.cards
               if c.proto.type == "event" and c.proto.used_in(phase)
               and has_targets(g, p, c))
    return out


def spoils_actions(g: SpellfireGame, p: SpellfirePlayer) -> list:
    """Phase 5: what phase 3 allows, for the cards drawn as spoils of victory this turn
    and still in hand only (seed, phase 5: "You cannot place champions in your pool,
    attach magical items, artifacts or perform other actions normally associated with
    phase 3 at this time unless they were obtained as spoils of victory")."""
    won = [c for c in p.hand.cards if c.oid in p.spoils] if p.spoils else []
    if not won:
        return []
    out = pool_actions(g, p, won)
    out.extend(a for a in skill_actions(g, p, 3, won) if not a[1].proto.used_in(5))
    return out


def pool_actions(g: SpellfireGame, p: SpellfirePlayer,
                 cards: list[SpellfireCard] | None = None) -> list:
    """Phase 3 A: champions into the pool; an artifact on a champion of its world that
    has none; magical items on any champion (seed); either only on a champion it is
    ``usable_by``; of ``cards`` only, if given."""
    out: list[Any] = []
    champs = p.champions()
    allows = cosmos.gate(g)
    for c in p.hand.cards if cards is None else cards:
        t = c.proto.type
        if t == "champion":
            if allows(c):
                out.append(("play", c))
        elif t == "artifact":
            if allows(c):
                out.extend(("attach", c, ch) for ch in champs
                           if ch.proto.world == c.proto.world and usable(c, ch)
                           and all(a.proto.type != "artifact" for a in ch.attachments()))
        elif t == "magic_item":
            out.extend(("attach", c, ch) for ch in champs if usable(c, ch))
    return out


def skill_actions(g: SpellfireGame, p: SpellfirePlayer, phase: int,
                  cards: list[SpellfireCard] | None = None) -> list:
    """Spells, psionic powers, blood abilities, thief skills and unarmed combat used in
    this phase by a champion of the pool able to use them (seed, phase 3 A and 5 A); of
    ``cards`` only, if given."""
    if phase == 4:
        return []  # in a battle, by the champion fighting (combat.py)
    out: list[Any] = []
    champs = p.champions()
    for c in p.hand.cards if cards is None else cards:
        if c.proto.type in SUPPORT_SKILLS and c.proto.used_in(phase):
            for ch in champs:
                if ch.can_use(c.proto) and has_targets(g, p, c, ch):
                    out.append(("cast", c, ch))
    return out


def has_targets(g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard,
                caster: SpellfireCard | None = None) -> bool:
    """A card whose effect needs a target may be played only when it has one (rules
    notes 5: "every spell needs a target")."""
    ab = effect_of(card)
    if ab is None or ab.target is None:
        return True
    card.host = caster
    ctx = Trigger(ab, card, p)
    target = ab.target
    try:  # a selector of cards in play stops at the first (what g.targets would list)
        if isinstance(target, selectors.InPlaySelector):
            return target.exists(g, ctx)
        return bool(g.targets(ctx))
    finally:
        card.host = None


def effect_of(card: SpellfireCard) -> AbilityProgram | None:
    """What the card does as it is played: its ``on_play`` ability, if any."""
    acts = card.proto.program.activated
    return acts[0] if acts else None


def do_action(g: SpellfireGame, p: SpellfirePlayer, choice: Any) -> None:
    verb, card = choice[0], choice[1]
    if g.phase == 2 and (verb in ("rebuild", "replace") or
                         card.proto.type in ("realm", "holding", "dungeon")):
        formation.phase2_do(g, p, choice)
    elif verb == "attach":
        play_card(g, p, card, choice[2].zone, host=choice[2])
    elif verb == "cast":
        cast(g, p, card, choice[2])
    elif card.proto.type == "champion":
        play_card(g, p, card, p.pool)
    elif card.proto.type == "rule":
        for old in list(g.rule_zone.cards):  # notes 4: a new rule card replaces it
            g.discard(old, "replaced")
        play_card(g, p, card, g.rule_zone)
    else:
        cast(g, p, card, None)


# -- putting cards into play ---------------------------------------------------------------
def play_card(g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard, dest: Zone,
              host: SpellfireCard | None = None) -> None:
    """``card`` goes from the hand into play (a realm into a slot, a champion into the
    pool, an item onto its champion); then each other player may respond to it."""
    new = put_in_play(g, card, dest, host)
    g.log.append(("play", p.name, new.proto.id, dest.label()))
    item = Played(new, p)
    g.then(entered, g, item)
    g.resolver.open(g, item)
    g.resolver.settle(g)


@step
def entered(g: SpellfireGame, item: Played) -> None:
    """The card's window closed: unless it was negated, it has come into play (the
    trigger ``on_enter``: rules notes 5, "must wait before activating her"), and the
    state checks follow (a sixth realm wins at once: :mod:`.victory`)."""
    card = item.source
    if not item.stopped and card.zone is not None and card.zone.in_play:
        g.then(g.state_checks)
        g.publish(Event("enter", card, item.controller))
        g.resolver.settle(g)


def put_in_play(g: SpellfireGame, card: SpellfireCard, dest: Zone,
                host: SpellfireCard | None = None) -> SpellfireCard:
    new: Any = g.move(card, dest)
    new.host = host
    cosmos.enters(g, new)
    return new


def cast(g: SpellfireGame, p: SpellfirePlayer, card: SpellfireCard,
         caster: SpellfireCard | None) -> None:
    """A card that does something as it is played (an event, a spell, a skill): it waits
    in the window while the others may respond, then resolves, then goes to the Void (an
    event) or the discard pile."""
    new: Any = g.move(card, g.window_zone)
    new.host = caster
    g.log.append(("cast", p.name, new.proto.id, caster.proto.id if caster else "-"))
    ab = effect_of(new)
    item: SpellfireTrigger | Played = Trigger(ab, new, p) if ab is not None else Played(new, p)
    g.then(spent, g, new, item)
    g.then(g.resolver.open, g, item)
    if isinstance(item, Trigger) and item.ability.target is not None:
        g.then(aimed, g, item)
        ask_targets(g, p, item, g.targets(item), least=1)  # every spell needs a target


@step
def aimed(g: SpellfireGame, item: SpellfireTrigger) -> None:
    """The played card's targets are chosen: it is played against each card among them
    (the trigger ``played_against``), before its window opens, so what that sets off
    resolves while the card may still be answered (:class:`cardscript.window.ResponseWindow`
    settles before each player responds)."""
    targets = tuple(t for t in item.chosen() if getattr(t, "proto", None) is not None)
    if targets:
        g.publish(Event("played_against", item.source, item.controller, data=targets))


@step
def spent(g: SpellfireGame, card: SpellfireCard,
          item: SpellfireTrigger | Played | None = None) -> None:
    """A played event goes to the Void; any other played card to the discard pile (one
    played in a battle may stay there until it ends: combat.py)."""
    if card.zone is not g.window_zone:
        return
    if item is not None and not item.stopped and g.combat.stays_in_battle(g, card):
        return
    card.host = None
    g.move(card, card.owner.void if card.proto.type == "event" else card.owner.discard)


# -- responses (rules notes 5) -------------------------------------------------------------
def responses(g: SpellfireGame, player: SpellfirePlayer) -> list:
    """Events (and cards played at any time) ``player`` may answer a played card with;
    and a spell or skill that answers it (its target is the card being played: rules
    notes 5, "Dispel Magic ... may be cast in response to a spell"), used in this phase
    by a champion of ``player``'s pool able to use it. Other spells and skills stay the
    turn player's (seed, phase 3: "only by the player whose turn it is")."""
    out: list[Any] = []
    for c in player.hand.cards:
        t = c.proto.type
        if not c.proto.used_in(g.phase):
            continue
        if t == "event":
            if has_targets(g, player, c):
                out.append(("play", c))
        elif t in SUPPORT_SKILLS and answers(c):
            out.extend(("cast", c, ch) for ch in player.champions()
                       if ch.can_use(c.proto) and has_targets(g, player, c, ch))
    return out


def answers(card: SpellfireCard) -> bool:
    """The card's effect answers the card being played (it targets ``played_card``)."""
    ab = effect_of(card)
    return ab is not None and isinstance(ab.target, selectors.PlayedCard)


def respond(g: SpellfireGame, player: SpellfirePlayer, option: Any) -> None:
    """A response takes effect at once, without a window of its own."""
    card = option[1]
    caster = option[2] if len(option) > 2 else None
    new: Any = g.move(card, g.window_zone)
    new.host = caster
    g.log.append(("cast", player.name, new.proto.id,
                  caster.proto.id if caster is not None else "-"))
    ab = effect_of(new)
    g.then(spent, g, new)
    if ab is None:
        return
    item = Trigger(ab, new, player)
    g.then(g.resolver.run, g, item)
    if ab.target is not None:
        g.then(aimed, g, item)
        ask_targets(g, player, item, g.targets(item), least=1)
