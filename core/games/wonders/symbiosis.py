"""Symbiosis (rulebook, "Symbiosis"): a Wonder that copies the abilities of another Wonder
as it enters The World, and keeps that copy until it leaves.

The rulebook: "Wonders with symbiosis copy the abilities of other Wonders after they are
played but before they enter. This means a card with Symbiosis will copy a Wonder's "on
arrival" ability, but it won't copy an "on play" ability. When a Wonder with Symbiosis copies
an ability it loses all its previous abilities. The copying effect is locked on arrival. ...
When a symbiosis card leaves the world, it loses any effects it was copying. ... Symbiosis
can't copy another symbiosis ability. ... If a symbiosis ability is temporarily nullified, it
won't revert to the previous ability, since symbiosis abilities must be set on play. Instead
it will be copying nothing." Rule 507: token copies "do trigger on arrival and symbiosis
abilities".

Readings the rules leave open, chosen here:

- **Which Wonder.** The rules don't say. As it arrives, its controller chooses another
  face-up Wonder in The World (either player's, any realm), or none (decision
  ``symbiosis``); with none it keeps its own abilities. It copies the abilities that Wonder
  has then: its copied ones if it is a symbiosis Wonder (the Glemmer Bandit / Vobb Stalker
  example), none if its text is blank (nullified: rule 507, "a copy of a nullified card
  copies the blank rules text"), never symbiosis itself.
- **When.** Whenever it arrives (enters The World from elsewhere: played, after its On Play;
  put there by an effect; a token copy, as rule 507 says), before its arrival is seen: its
  arrival event waits until the copy is made, and is then published, so the copied On
  Arrival (and every "whenever a Wonder arrives") triggers for the Wonder as it now is. The
  choice is made before any trigger is filed (``BatchResolver.file_triggers``), so no
  ability resolves in between. A card moving between realms does not arrive: nothing
  changes.
- **Copied abilities.** Rule 507 says copy effects copy only printed abilities; the
  rulebook's own Symbiosis example (Vobb Stalker copying a Glemmer Bandit that copied
  flying "would only copy the flying") says symbiosis copies what the Wonder has. The
  example is specific to symbiosis and is followed here; 507's rule governs the ``copy``
  effect (copies.py), whose token copy of a symbiosis Wonder has its printed symbiosis.
- **Nullified.** A symbiosis Wonder nullified while it copies (or that arrives nullified,
  nullified as it was played) copies nothing: it has no abilities from then on, even once a
  "this round" nullification ends ("it won't revert to the previous ability"). One that
  copied nothing because its controller chose none keeps its printed abilities.

The copy is a card definition made during play (:func:`symbiont`): the Wonder's printed
definition with the copied card's abilities and keywords (symbiosis left out), or with none.
The card object takes it as its ``proto``, so everything that reads a card's abilities reads
the copy, at no cost to cards without symbiosis; a card changing zones becomes a new object
of its printed definition (``CardDef.recipe``), so it loses the copy on leaving The World.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, cast

from ...blocks import KeywordBase
from ...compiler import CardProgram
from ...loadable import recipe, step
from ...places import IN_PLAY
from ...registry import Vocabulary
from ...section import Section, section
from ...slots import slots_of
from .state import BLANK_TEXT, WondersCardDef
from .zones import WORLD

if TYPE_CHECKING:
    from ...bus import Event
    from ...compiler import Compiler
    from .primitives import Primitives
    from .state import WondersCard

vocab = Vocabulary("wonders")

#: the decision's option for copying nothing
NONE: Final = "none"


@vocab.keyword("symbiosis", text="Symbiosis")
class Symbiosis(KeywordBase):
    """As this Wonder arrives, its controller may choose another Wonder in The World: this
    one loses its abilities and copies that Wonder's (never symbiosis) until it leaves The
    World (rulebook, Symbiosis)."""

    __slots__ = ()
    types = frozenset({"wonder"})
    place = IN_PLAY

    def __init__(self, p: None, c: Compiler) -> None:
        if c.card_type != "wonder":
            raise c.error(f"symbiosis is a Wonder's keyword (rulebook, Symbiosis: \"Wonders "
                          f"with symbiosis copy the abilities of other Wonders\"); this card "
                          f"is {'an' if c.card_type[0] in 'aeiou' else 'a'} {c.card_type}")



#: symbionts made so far, by (printed definition, source definition) identity; the
#: definitions are held too, so their ids stay theirs
_MADE: dict[tuple[int, int], tuple[WondersCardDef, WondersCardDef | None, WondersCardDef]] = {}


@recipe
def symbiont(printed: WondersCardDef, source: WondersCardDef | None) -> WondersCardDef:
    """``printed`` with the abilities and keywords of ``source`` but symbiosis, or with none
    (``source`` None): what a symbiosis Wonder is while it copies. One object per pair, so
    copies of a game (and a loaded save) share it."""
    key = (id(printed), id(source))
    made = _MADE.get(key)
    if made is not None and made[0] is printed and made[1] is source:
        return made[2]
    d = WondersCardDef.__new__(WondersCardDef)
    for name in slots_of(WondersCardDef):
        setattr(d, name, getattr(printed, name))
    if source is None:
        d.program, d.keywords, d.text = CardProgram(), {}, ""
    else:
        d.program = source.program  # symbiosis itself has no abilities: only its keyword
        d.keywords = {k: v for k, v in source.keywords.items() if k != "symbiosis"}
        d.text = source.text  # the rules text it has now, for a player reading it
    d.recipe = (symbiont, printed, source)
    _MADE[key] = (printed, source, d)
    return d


def abilities_of(card: WondersCard) -> WondersCardDef | None:
    """The definition whose abilities ``card`` has now (None: none at all): a symbiosis
    Wonder's copied ones, else its own; none while its text is blank (rule 507)."""
    if card.blank:
        return None
    proto = card.proto
    return proto if proto.recipe is None else proto.recipe[2]


@section
class Symbionts(Section):
    """The rulebook's Symbiosis, the game's ``symbiosis``: ``waiting`` holds the symbiosis
    Wonders that arrived and have not copied yet, with their withheld arrival events."""

    __slots__ = ("waiting",)
    name = "symbiosis"

    def __init__(self, g: Primitives) -> None:
        self.waiting: list[tuple[WondersCard, Event]] = []

    def withholds(self, g: Primitives, event: Event) -> bool:
        """Is ``event`` the arrival of a symbiosis Wonder, to be published once it has copied
        (:meth:`copy_abilities`)? One arriving nullified copies nothing, and arrives."""
        if event.kind != "arrived":
            return False
        card = cast("WondersCard", event.card)  # an arrival always has its card
        if "symbiosis" not in card.proto.keywords or card.blank == BLANK_TEXT:
            return False
        if card.blank:  # it arrives nullified: it copies nothing
            self.take_abilities(g, card, None)
            return False
        self.waiting.append((card, event))
        return True

    def copy_abilities(self, g: Primitives) -> None:
        """Ask the controller of the first symbiosis Wonder waiting which Wonder it copies;
        then its arrival is published (``BatchResolver.file_triggers`` calls this before it
        files any trigger while one waits)."""
        card, event = self.waiting.pop(0)
        if card.zone is None or card.zone.kind != WORLD or card.blank:
            if card.zone is not None and card.blank in (1, 2):
                self.take_abilities(g, card, None)  # nullified before it copied
            g.happen(event)
            return
        options: list = [c for c in g.world_cards() if c is not card
                         and c.proto.is_wonder and not c.face_down]
        g.ask(card.controller, "symbiosis", options + [NONE],
              f"{card.proto.id}: symbiosis: copy the abilities of which Wonder?",
              then=(self.chosen, g, card, event))

    @step
    def chosen(self, g: Primitives, card: WondersCard, event: Event,
               pick: WondersCard | Literal["none"]) -> None:
        if pick != NONE:
            g.log.append(("symbiosis", card.proto.id, card.oid, pick.proto.id, pick.oid))
            self.take_abilities(g, card, abilities_of(pick))
        g.happen(event)

    def take_abilities(self, g: Primitives, card: WondersCard,
                       source: WondersCardDef | None) -> None:
        """``card`` loses its abilities and has ``source``'s (but symbiosis), or none."""
        if source is None:
            g.log.append(("copies_nothing", card.proto.id, card.oid))
        printed = card.proto if card.proto.recipe is None else card.proto.recipe[1]
        if source is not None and source.recipe is not None:
            source = source.recipe[2]
        if card.handlers:
            g.bus.unregister(card)
        card.proto = symbiont(printed, source)
        if card.zone is not None and card.proto.program.zone_handlers:
            g.bus.register(card, card.zone.kind)
        g.continuous.changed(g)

    def nullified(self, g: Primitives, card: WondersCard) -> None:
        """``card`` was nullified: a symbiosis Wonder nullified while it copies copies
        nothing from then on."""
        recipe = card.proto.recipe
        if recipe is not None and recipe[0] is symbiont and recipe[2] is not None:
            self.take_abilities(g, card, None)


__all__ = ["vocab", "Symbiosis", "Symbionts", "symbiont", "abilities_of"]
