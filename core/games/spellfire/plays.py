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

from typing import Any

from ...bus import Event
from ...loadable import step
from ...resolve import Trigger
from ...window import Played
from ...zones import Zone
from .card import SUPPORT_SKILLS
from .mixin_base import MixinBase
from .selectors import PlayedCard
from .state import SpellfireCard, SpellfirePlayer

#: the option of ending a phase's actions (a string, so a copy or a loaded save still equals it)
DONE = "done"


class Plays(MixinBase):
    # -- what the turn player may do -----------------------------------------------------------
    def actions(self, p: SpellfirePlayer, phase: int) -> list:
        if phase == 2:
            out = self.phase2_actions(p)
        elif phase == 3:
            out = self.pool_actions(p)
        elif phase == 0:
            out = [("play", c) for c in p.hand.cards if c.proto.type == "rule"]
        else:
            out = []
        out.extend(self.skill_actions(p, phase))
        out.extend(("play", c) for c in p.hand.cards
                   if c.proto.type == "event" and c.proto.used_in(phase)
                   and self.has_targets(p, c))
        return out

    def pool_actions(self, p: SpellfirePlayer) -> list:
        """Phase 3 A: champions into the pool; an artifact on a champion of its world that
        has none; magical items on any champion (seed)."""
        out: list[Any] = []
        champs = p.champions()
        for c in p.hand.cards:
            t = c.proto.type
            if t == "champion":
                if self.cosmos_allows(p, c):
                    out.append(("play", c))
            elif t == "artifact":
                if self.cosmos_allows(p, c):
                    out.extend(("attach", c, ch) for ch in champs
                               if ch.proto.world == c.proto.world
                               and all(a.proto.type != "artifact" for a in ch.attachments()))
            elif t == "magic_item":
                out.extend(("attach", c, ch) for ch in champs)
        return out

    def skill_actions(self, p: SpellfirePlayer, phase: int) -> list:
        """Spells, psionic powers, blood abilities, thief skills and unarmed combat used in
        this phase by a champion of the pool able to use them (seed, phase 3 A and 5 A)."""
        if phase == 4:
            return []  # in a battle, by the champion fighting (combat.py)
        out: list[Any] = []
        champs = p.champions()
        for c in p.hand.cards:
            if c.proto.type in SUPPORT_SKILLS and c.proto.used_in(phase):
                for ch in champs:
                    if ch.can_use(c.proto) and self.has_targets(p, c, ch):
                        out.append(("cast", c, ch))
        return out

    def has_targets(self, p: SpellfirePlayer, card: SpellfireCard,
                    caster: SpellfireCard | None = None) -> bool:
        """A card whose effect needs a target may be played only when it has one (rules
        notes 5: "every spell needs a target")."""
        ab = self.effect_of(card)
        if ab is None or ab.target is None:
            return True
        card.host = caster
        try:
            return bool(ab.target.candidates(self, Trigger(ab, card, p)))
        finally:
            card.host = None

    @staticmethod
    def effect_of(card: SpellfireCard):
        """What the card does as it is played: its ``on_play`` ability, if any."""
        acts = card.proto.program.activated
        return acts[0] if acts else None

    def do_action(self, p: SpellfirePlayer, choice: Any) -> None:
        verb, card = choice[0], choice[1]
        if self.phase == 2 and (verb in ("rebuild", "replace") or
                                card.proto.type in ("realm", "holding", "dungeon")):
            self.phase2_do(p, choice)
        elif verb == "attach":
            self.play_card(p, card, choice[2].zone, host=choice[2])
        elif verb == "cast":
            self.cast(p, card, choice[2])
        elif card.proto.type == "champion":
            self.play_card(p, card, p.pool)
        elif card.proto.type == "rule":
            for old in list(self.rule_zone.cards):  # notes 4: a new rule card replaces it
                self.discard(old, "replaced")
            self.play_card(p, card, self.rule_zone)
        else:
            self.cast(p, card, None)

    # -- putting cards into play ---------------------------------------------------------------
    def play_card(self, p: SpellfirePlayer, card: SpellfireCard, dest: Zone,
                  host: SpellfireCard | None = None) -> None:
        """``card`` goes from the hand into play (a realm into a slot, a champion into the
        pool, an item onto its champion); then each other player may respond to it."""
        new = self.put_in_play(card, dest, host)
        self.log.append(("play", p.name, new.proto.id, dest.label()))
        item = Played(new, p)
        self.then(self.entered, item)
        self.resolver.open(self, item)
        self.resolver.settle(self)

    @step
    def entered(self, item: Played) -> None:
        """The card's window closed: unless it was negated, it has come into play (the
        trigger ``on_enter``: rules notes 5, "must wait before activating her"), and the
        state checks follow (a sixth realm wins at once: :mod:`.victory`)."""
        card = item.source
        if not item.stopped and card.zone is not None and card.zone.in_play:
            self.then(self.state_checks)
            self.publish(Event("enter", card, item.controller))
            self.resolver.settle(self)

    def put_in_play(self, card: SpellfireCard, dest: Zone,
                    host: SpellfireCard | None = None) -> SpellfireCard:
        new: Any = self.move(card, dest)
        new.host = host
        self.cosmos_enters(new)
        return new

    def cast(self, p: SpellfirePlayer, card: SpellfireCard,
             caster: SpellfireCard | None) -> None:
        """A card that does something as it is played (an event, a spell, a skill): it waits
        in the window while the others may respond, then resolves, then goes to the Void (an
        event) or the discard pile."""
        new: Any = self.move(card, self.window_zone)
        new.host = caster
        self.log.append(("cast", p.name, new.proto.id, caster.proto.id if caster else "-"))
        ab = self.effect_of(new)
        item: Trigger | Played = Trigger(ab, new, p) if ab is not None else Played(new, p)
        self.then(self.spent, new, item)
        self.then(self.resolver.open, self, item)
        if isinstance(item, Trigger) and ab.target is not None:
            self.ask(p, "target", ab.target.candidates(self, item),
                     f"choose a target for {item.label()}",
                     then=(self.resolver.target_chosen, self, item))

    @step
    def spent(self, card: SpellfireCard, item: Trigger | Played | None = None) -> None:
        """A played event goes to the Void; any other played card to the discard pile (one
        played in a battle may stay there until it ends: combat.py)."""
        if card.zone is not self.window_zone:
            return
        if item is not None and not item.stopped and \
                self.combat.stays_in_battle(self, card):  # type: ignore[arg-type]  # a mixin
            return
        card.host = None
        self.move(card, card.owner.void if card.proto.type == "event" else card.owner.discard)

    # -- responses (rules notes 5) -------------------------------------------------------------
    def responses(self, player) -> list:
        """Events (and cards played at any time) ``player`` may answer a played card with;
        and a spell or skill that answers it (its target is the card being played: rules
        notes 5, "Dispel Magic ... may be cast in response to a spell"), used in this phase
        by a champion of ``player``'s pool able to use it. Other spells and skills stay the
        turn player's (seed, phase 3: "only by the player whose turn it is")."""
        out: list[Any] = []
        for c in player.hand.cards:
            t = c.proto.type
            if not c.proto.used_in(self.phase):
                continue
            if t == "event":
                if self.has_targets(player, c):
                    out.append(("play", c))
            elif t in SUPPORT_SKILLS and self.answers(c):
                out.extend(("cast", c, ch) for ch in player.champions()
                           if ch.can_use(c.proto) and self.has_targets(player, c, ch))
        return out

    def answers(self, card: SpellfireCard) -> bool:
        """The card's effect answers the card being played (it targets ``played_card``)."""
        ab = self.effect_of(card)
        return ab is not None and isinstance(ab.target, PlayedCard)

    def respond(self, player, option: Any) -> None:
        """A response takes effect at once, without a window of its own."""
        card = option[1]
        caster = option[2] if len(option) > 2 else None
        new: Any = self.move(card, self.window_zone)
        new.host = caster
        self.log.append(("cast", player.name, new.proto.id,
                         caster.proto.id if caster is not None else "-"))
        ab = self.effect_of(new)
        self.then(self.spent, new)
        if ab is None:
            return
        item = Trigger(ab, new, player)
        self.then(self.resolver.run, self, item)
        if ab.target is not None:
            self.ask(player, "target", ab.target.candidates(self, item),
                     f"choose a target for {item.label()}",
                     then=(self.resolver.target_chosen, self, item))
