"""Riftbound's part of rules text, registered through the ``cardscript_text`` hook
(:mod:`.plugin`) as any game's words are: the amounts it counts without a plural (damage,
energy: "deal 1 damage for each unit you control", "deal damage equal to the number of
enemy units"), and an equipment's unit in a continuous effect ("the equipped unit")."""
from __future__ import annotations

from ...text import TextVocabulary

#: what is counted and keeps its numeral, never pluralised
RESOURCES = {"damage": "damage", "energy": "energy"}

text = TextVocabulary("riftbound", resources=RESOURCES,
                      options={"covered": {"equipped": "the equipped unit"}})

