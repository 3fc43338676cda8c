"""How big things may get: the numbers a card may print, and what one game may do.

Two kinds of bound live here, so each is declared once:

- **Card numbers** (``COUNT_MAX``, ``AMOUNT_MAX``, ``STAT_MAX``) bound what the card language
  accepts: the vocabulary's parameter models and the card model declare them with pydantic
  (``Field(le=...)``), so ``cardscript check``, ``cardscript lint`` (CS105), the editors' JSON
  Schemas and the language reference all see the same bound.
- **Game limits** (:class:`Limits`) bound what one game may do at run time, whatever the cards
  say: card objects created, abilities resolved, effect steps. A game that reaches one
  ends in an error (:class:`LimitExceeded`, ``Game.error``) naming the card and the limit,
  never in a MemoryError or a hang. The defaults are far above any real game: over 10,000
  random games of the bundled decks, the most were 255 objects, 56 resolutions and 18 effect
  steps (over a hundred times less); a game's resolver breaks endless loops within a few
  hundred resolutions each.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .loadable import value

#: the most one effect may count: cards drawn, denied, discarded, sacrificed or sought, tokens
#: created, resources gained or lost, times repeated (a deck holds about 50 cards)
COUNT_MAX = 100
#: the largest power change or number of counters one effect may give, either sign
AMOUNT_MAX = 100
#: the largest printed cost or power, either sign for power (two digits on a card frame)
STAT_MAX = 99


@value
@dataclass(frozen=True, slots=True)
class Limits:
    """Per-game run-time limits. Plain data: part of a game's record, set from the
    ``Game`` constructor (``limits=Limits(objects=...)``) or the command line
    (``--max-objects``, ``--max-resolutions``, ``--max-effect-steps``)."""

    #: card objects created in one game (each zone change makes a new object; tokens too)
    objects: int = 30_000
    #: triggered and activated abilities resolved in one game
    resolutions: int = 10_000
    #: effect steps in one game: iterations of ``repeat``, and each card an ``{all: selector}``
    #: selection affects (so each ``for_each`` iteration over one)
    effect_steps: int = 100_000

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"limit '{f.name}' must be a whole number of at least 1; "
                                 f"found {value!r}")

    def as_dict(self) -> dict:
        return asdict(self)


#: the limits of a game that sets none (limits are frozen: every such game shares them)
DEFAULT = Limits()

#: what each limit counts, for messages
WHAT = {"objects": "card objects", "resolutions": "resolutions", "effect_steps": "effect steps"}
#: what each limit counts, in full (the command line's help)
HELP = {"objects": "card objects (each zone change and each token is a new one)",
        "resolutions": "abilities resolved",
        "effect_steps": "effect steps (repeat iterations, cards an {all: ...} selection "
                        "affects)"}
#: the command-line option of each limit
OPTION = {"objects": "--max-objects", "resolutions": "--max-resolutions",
          "effect_steps": "--max-effect-steps"}


class LimitExceeded(Exception):
    """A game reached one of its :class:`Limits`: the game ends in an error.

    ``card`` is the card whose ability was resolving (or the card being created when no
    ability was), ``detail`` what it was doing."""

    def __init__(self, limit: str, value: int, detail: str, card: str | None = None):
        super().__init__(limit, value, detail, card)
        self.limit = limit
        self.value = value
        self.detail = detail
        self.card = card
        self.ability: str | None = None

    def __str__(self) -> str:
        who = f"{self.card}" + (f" ({self.ability})" if self.ability else "") \
            if self.card else "the game"
        return (f"{who}: {self.detail}, beyond the game's limit of {self.value:,} "
                f"{WHAT[self.limit]} (limit '{self.limit}', {OPTION[self.limit]} in simulate and "
                "play)")
