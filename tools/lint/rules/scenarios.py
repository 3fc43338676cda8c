"""Scenario files: their schema is checked by the schema rules (CS10x); this is the rest."""
from __future__ import annotations

from ..registry import Rule


class UnknownScenarioCard(Rule):
    """A scenario's setup names a card that is neither in the bundled set nor defined inline
    in the scenario's ``cards:``.

    ``filler`` (the blank card that fills decks) is always known. The closest id is
    suggested.
    """

    code = "CS500"
    name = "unknown-scenario-card"
    groups = ("scenario",)
