"""How a battle ends (rules notes 7, "Outcomes"): the winner and the loser's fate, a battle
cut short by card play, walls, the end of the round, and the spoils of victory: functions
taking the game, on the battle its ``combat`` holds. The battle's steps up to the outcome are in
:mod:`.combat`.

The readings chosen where the notes leave room:

- **Attacker wins**: the defending champion and its cards are discarded (a realm defending
  itself is not: it is razed, as the realm always is); the attacker returns to its pool with
  its magical items and artifacts (items played in the battle included: notes 8, "whether
  battle-played items stay on a winner is unconfirmed (secondary sources say yes)"); it draws
  one card (spoils).
- **Defender wins**: the attacker and its cards are discarded; the defending champion
  returns to its pool, one that came from the hand included (notes 7: "the attacker returns
  to the pool (even from hand)", read for both sides); the defender draws one card (spoils).
- **The end of the round** (one per champion the attacker sends: notes 7, "Each champion
  sent forward makes one round"): allies and the spells and skills
  played are discarded (notes 7: "Allies used in a round are discarded at its end"), and the
  level changes of both fighting champions end.
- **Cut short by card play**, checked after each card played in the battle and before each
  comparison: both champions gone, no winner and no spoils; the realm razed or gone, the
  battle ends, the attacker gets spoils and the champions still fighting return to their
  pools; the attacking champion gone, the defender gets spoils and its champion returns; the
  defending champion gone (not in the notes: read as notes 7 D, "the defender is discarded
  and the realm is razed"), the attacker wins; the battle called off by a card
  (``end_battle``), no winner and no spoils, the champions return to their pools; a
  champion walled (``wall``: notes 7, "Walls"), read last, as :func:`wall_hit` says.
- **Spoils** (notes 7, "Spoils of victory"): the winner draws one card from their own draw
  pile. "A realm drawn this way may be played to save a pool": when the winner is the turn
  player and the card is a realm the Rule of the Cosmos allows, they may play it at once into
  an empty slot of the foremost open row of their formation (besides phase 2's realm).
  Whether another spoils card may be played at once is unconfirmed: it is not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bus import Event
from ...loadable import step
from . import cosmos, formation, plays

if TYPE_CHECKING:
    from .rules import SpellfireGame
    from .state import SpellfireCard, SpellfirePlayer

KEEP = "keep"
STOP = "stop"  # the losing side, or a walled attacker, plays no more


# -- the outcome ---------------------------------------------------------------------------
def conclude(g: SpellfireGame) -> None:
    """The losing side stopped: the higher total wins, a tie goes to the defender."""
    why = interruption(g)
    if why is not None:
        interrupted(g, why)
        return
    a, d = g.combat.totals(g)
    if a > d:
        attacker_wins(g)
    else:
        defender_wins(g)


def attacker_wins(g: SpellfireGame) -> None:
    p = g.active
    realm, a, d = g.combat.fighting()
    g.log.append(("battle_won", p.name, a.proto.id))
    end_round(g)
    if d is not realm and d.zone is realm.owner.battle:
        defeated(g, d)
        g.discard(d, "battle")
    formation.raze(g, realm, "battle")
    to_pool(g, p, a)
    g.combat.end(g)
    spoils(g, p)


def defender_wins(g: SpellfireGame) -> None:
    realm, a, d = g.combat.fighting()
    q = realm.owner
    g.log.append(("battle_won", q.name, d.proto.id))
    end_round(g)
    defeated(g, a)
    g.discard(a, "battle")
    if d is not realm:
        to_pool(g, q, d)
    g.combat.end(g)
    spoils(g, q)


def defeated(g: SpellfireGame, champ: SpellfireCard) -> None:
    """The champion lost the battle: its "when this champion is defeated" powers, and the
    ``whenever: {defeated: ...}`` ones, trigger now (event "defeated"), while it is still in
    the battle; they resolve once the battle is over."""
    g.log.append(("defeated", champ.proto.id))
    g.publish(Event("defeated", champ, champ.controller))


def interruption(g: SpellfireGame) -> str | None:
    """Why card play has ended the battle early, if it has: "called_off" (an ``end_battle``
    effect), "both" champions gone, the "realm" razed or gone, the "attacker" or the
    "defender" gone; last, a champion "walled" (:func:`wall_hit`)."""
    realm, a, d = g.combat.fighting()
    if g.combat.called_off:
        return "called_off"
    realm_gone = realm.zone is None or realm.razed
    a_in = a.zone is g.active.battle
    d_in = not realm_gone if d is realm else d.zone is realm.owner.battle
    if not a_in and not d_in:
        return "both"
    if realm_gone:
        return "realm"
    if not a_in:
        return "attacker"
    if not d_in:
        return "defender"
    return "walled" if g.combat.walled is not None else None


def interrupted(g: SpellfireGame, why: str) -> None:
    if why == "walled":
        wall_hit(g)
        return
    g.log.append(("battle_cut_short", why))
    if why == "defender":
        attacker_wins(g)
        return
    p = g.active
    realm, a, d = g.combat.fighting()
    q = realm.owner
    end_round(g)
    for side, champ in ((p, a), (q, d)):
        if champ is not realm and champ.zone is side.battle:
            to_pool(g, side, champ)
    g.combat.end(g)
    if why == "realm":
        spoils(g, p)
    elif why == "attacker":
        spoils(g, q)
    else:  # both champions gone, or the battle called off (end_battle)
        g.log.append(("battle_over", "no_winner"))


# -- walls (rules notes 7, "Walls") --------------------------------------------------------
def wall_hit(g: SpellfireGame) -> None:
    """A wall stands against a fighting champion (read where the battle reads a battle cut
    short): "A walled defender returns to the pool, the realm is razed, and the attacker gets
    spoils"; "an attacker may always play one card to pass a wall", and else "returns to the
    pool (no spoils) and the battle may continue with another champion"."""
    combat = g.combat
    realm, a, d = combat.fighting()
    champ = combat.walled
    if champ is not None and combat.passes_wall(champ, combat.wall):
        g.log.append(("wall_passed", champ.proto.id))
        combat.clear_wall()
        combat.fight(g)
        return
    if champ is d:
        g.log.append(("walled", d.proto.id))
        end_round(g)
        to_pool(g, realm.owner, d)  # a realm defending itself stays
        formation.raze(g, realm, "walled")
        to_pool(g, g.active, a)
        combat.end(g)
        spoils(g, g.active)
        return
    if not combat.wall_tried:
        combat.wall_tried = True
        p = g.active
        g.ask(p, "fight", [STOP, *combat.catch_up_options(g, p, a, d, realm)],
              f"{a.proto.id} is walled: play one card to pass the wall, or stop",
              then=(wall_answered, g))
        return
    walled_out(g)


@step
def wall_answered(g: SpellfireGame, choice: Any) -> None:
    if isinstance(choice, str):
        walled_out(g)
        return
    g.log.append(("catch_up", g.active.name, choice[1].proto.id))
    g.then(g.combat.fight, g)  # the wall read again: passed, or the attacker walled out
    g.combat.play_in_battle(g, g.active, choice)


def walled_out(g: SpellfireGame) -> None:
    """The walled attacker returns to its pool with no spoils (its round over); its player
    may send a champion not yet walled out of this battle against the same defender, or
    stop."""
    combat = g.combat
    realm, a, _d = combat.fighting()
    p = g.active
    g.log.append(("walled", a.proto.id))
    end_round(g)
    to_pool(g, p, a)
    combat.clear_wall()
    combat.sent = (*combat.sent, a.proto.id)
    exposed = combat.exposed(realm)
    options = [c for c in combat.attackers(g, p)
               if c.proto.id not in combat.sent and combat.allowed(c, realm, exposed)]
    if not options or realm.zone is None or realm.razed:
        wall_ends(g)
        return
    g.ask(p, "attacker", [STOP, *options],
          f"send another champion against {realm.proto.id}, or stop",
          then=(next_attacker, g))


@step
def next_attacker(g: SpellfireGame, choice: Any) -> None:
    if isinstance(choice, str):
        wall_ends(g)
        return
    combat = g.combat
    g.then(combat.activate, g, True)  # a new round: (D) the powers, then the totals
    combat.attacker = combat.send(g, g.active, choice, "attacker")


def wall_ends(g: SpellfireGame) -> None:
    """No champion goes on after a wall: the battle is over with no spoils; the defending
    champion returns to its pool."""
    realm, _a, d = g.combat.fighting()
    g.log.append(("battle_over", "walled"))
    to_pool(g, realm.owner, d)
    g.combat.end(g)


# -- after the battle ----------------------------------------------------------------------
def end_round(g: SpellfireGame) -> None:
    """Allies and played spells and skills are discarded; level changes end."""
    realm, a, d = g.combat.fighting()
    for z in (g.active.battle, realm.owner.battle):
        for c in [c for c in z.cards if c.host is None and c is not a and c is not d]:
            g.discard(c, "round_over")
    a.mods = d.mods = ()


def to_pool(g: SpellfireGame, p: SpellfirePlayer, champ: SpellfireCard) -> None:
    """A champion back to its player's pool, with its attachments."""
    if champ.zone is not p.battle:
        return
    attached = champ.attachments()
    g.move(champ, p.pool)
    for c in attached:
        g.move(c, p.pool)
    g.log.append(("to_pool", p.name, champ.proto.id))


def spoils(g: SpellfireGame, w: SpellfirePlayer) -> None:
    """The winner draws one card; a realm the turn player draws may be played at once."""
    g.log.append(("spoils", w.name))
    if not g.draw(w, 1) or w is not g.active:
        return
    card = w.hand.cards[-1]  # the card just drawn
    w.spoils = (*w.spoils, card.oid)  # seed, phase 5: still playable then
    if card.proto.type != "realm" or not cosmos.allows(g, w, card):
        return
    slots = formation.open_slots(w)
    if slots:
        g.ask(w, "spoils", [KEEP, *(("play", card, s) for s in slots)],
              f"play {card.proto.id}, drawn as spoils, into your formation?",
              then=(spoils_chosen, g, w))


@step
def spoils_chosen(g: SpellfireGame, w: SpellfirePlayer, choice: Any) -> None:
    if isinstance(choice, str):
        return
    card, slot = choice[1], choice[2]
    g.log.append(("spoils_realm", w.name, card.proto.id, slot.letter))
    w.played_realm = True
    g.victory.clock += 1
    g.then(g.victory.check, g)
    plays.play_card(g, w, card, slot.zone)
