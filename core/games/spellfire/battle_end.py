"""How a battle ends (rules notes 7, "Outcomes"): the winner and the loser's fate, a battle
cut short by card play, the end of the round, and the spoils of victory. The battle's steps
up to the outcome are in :mod:`.combat`.

The readings chosen where the notes leave room:

- **Attacker wins**: the defending champion and its cards are discarded (a realm defending
  itself is not: it is razed, as the realm always is); the attacker returns to its pool with
  its magical items and artifacts (items played in the battle included: notes 8, "whether
  battle-played items stay on a winner is unconfirmed (secondary sources say yes)"); it draws
  one card (spoils).
- **Defender wins**: the attacker and its cards are discarded; the defending champion
  returns to its pool, one that came from the hand included (notes 7: "the attacker returns
  to the pool (even from hand)", read for both sides); the defender draws one card (spoils).
- **The end of the round** (the battle's only round): allies and the spells and skills
  played are discarded (notes 7: "Allies used in a round are discarded at its end"), and the
  level changes of both fighting champions end.
- **Cut short by card play**, checked after each card played in the battle and before each
  comparison: both champions gone, no winner and no spoils; the realm razed or gone, the
  battle ends, the attacker gets spoils and the champions still fighting return to their
  pools; the attacking champion gone, the defender gets spoils and its champion returns; the
  defending champion gone (not in the notes: read as notes 7 D, "the defender is discarded
  and the realm is razed"), the attacker wins.
- **Spoils** (notes 7, "Spoils of victory"): the winner draws one card from their own draw
  pile. "A realm drawn this way may be played to save a pool": when the winner is the turn
  player and the card is a realm the Rule of the Cosmos allows, they may play it at once into
  an empty slot of the foremost open row of their formation (besides phase 2's realm).
  Whether another spoils card may be played at once is unconfirmed: it is not.
"""
from __future__ import annotations

from typing import Any

from ...errors import RulesError
from ...loadable import step
from .mixin_base import MixinBase
from .state import SpellfireCard, SpellfirePlayer

KEEP = "keep"


class BattleEnd(MixinBase):
    def fighting(self) -> tuple[SpellfireCard, SpellfireCard, SpellfireCard]:
        """The realm under attack, the attacking and the defending champion (a realm that
        defends itself is both the realm and the defender)."""
        realm, a, d = self.battle_realm, self.attacker, self.defender
        if realm is None or a is None or d is None:
            raise RulesError("no battle is being fought")
        return realm, a, d

    # -- the outcome ---------------------------------------------------------------------------
    def conclude(self) -> None:
        """The losing side stopped: the higher total wins, a tie goes to the defender."""
        why = self.interruption()
        if why is not None:
            self.interrupted(why)
            return
        a, d = self.totals()
        if a > d:
            self.attacker_wins()
        else:
            self.defender_wins()

    def attacker_wins(self) -> None:
        p = self.active
        realm, a, d = self.fighting()
        self.log.append(("battle_won", p.name, a.proto.id))
        self.end_round()
        if d is not realm and d.zone is realm.owner.battle:
            self.discard(d, "battle")
        self.raze(realm, "battle")
        self.to_pool(p, a)
        self.end_battle()
        self.spoils(p)

    def defender_wins(self) -> None:
        realm, a, d = self.fighting()
        q = realm.owner
        self.log.append(("battle_won", q.name, d.proto.id))
        self.end_round()
        self.discard(a, "battle")
        if d is not realm:
            self.to_pool(q, d)
        self.end_battle()
        self.spoils(q)

    def interruption(self) -> str | None:
        """Why card play has ended the battle early, if it has: "both" champions gone, the
        "realm" razed or gone, the "attacker" or the "defender" gone."""
        realm, a, d = self.fighting()
        realm_gone = realm.zone is None or realm.razed
        a_in = a.zone is self.active.battle
        d_in = not realm_gone if d is realm else d.zone is realm.owner.battle
        if not a_in and not d_in:
            return "both"
        if realm_gone:
            return "realm"
        if not a_in:
            return "attacker"
        if not d_in:
            return "defender"
        return None

    def interrupted(self, why: str) -> None:
        self.log.append(("battle_cut_short", why))
        if why == "defender":
            self.attacker_wins()
            return
        p = self.active
        realm, a, d = self.fighting()
        q = realm.owner
        self.end_round()
        for side, champ in ((p, a), (q, d)):
            if champ is not realm and champ.zone is side.battle:
                self.to_pool(side, champ)
        self.end_battle()
        if why == "realm":
            self.spoils(p)
        elif why == "attacker":
            self.spoils(q)
        else:
            self.log.append(("battle_over", "no_winner"))

    # -- after the battle ----------------------------------------------------------------------
    def end_round(self) -> None:
        """Allies and played spells and skills are discarded; level changes end."""
        realm, a, d = self.fighting()
        for z in (self.active.battle, realm.owner.battle):
            for c in [c for c in z.cards if c.host is None and c is not a and c is not d]:
                self.discard(c, "round_over")
        a.mods = d.mods = ()

    def to_pool(self, p: SpellfirePlayer, champ: SpellfireCard) -> None:
        """A champion back to its player's pool, with its attachments."""
        if champ.zone is not p.battle:
            return
        attached = champ.attachments()
        self.move(champ, p.pool)
        for c in attached:
            self.move(c, p.pool)
        self.log.append(("to_pool", p.name, champ.proto.id))

    def end_battle(self) -> None:
        self.battle_realm = self.attacker = self.defender = None

    def spoils(self, w: SpellfirePlayer) -> None:
        """The winner draws one card; a realm the turn player draws may be played at once."""
        self.log.append(("spoils", w.name))
        got = self.draw(w, 1)
        if not got or w is not self.active:
            return
        card = got[0]
        if card.proto.type != "realm" or not self.cosmos_allows(w, card):
            return
        slots = self.open_slots(w)
        if slots:
            self.ask(w, "spoils", [KEEP, *(("play", card, s) for s in slots)],
                     f"play {card.proto.id}, drawn as spoils, into your formation?",
                     then=(self.spoils_chosen, w))

    @step
    def spoils_chosen(self, w: SpellfirePlayer, choice: Any) -> None:
        if isinstance(choice, str):
            return
        card, slot = choice[1], choice[2]
        self.log.append(("spoils_realm", w.name, card.proto.id, slot.letter))
        w.played_realm = True
        self.clock += 1
        self.then(self.check_victory)
        self.play_card(w, card, slot.zone)
