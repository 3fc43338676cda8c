"""Printed rules text from card scripts: the compiler's tool-time twin.

The compiler turns a validated card model into handler objects; this module turns the same
model into the card's rules text, with the Jinja2 template every vocabulary entry declares
beside its name, parameters and implementation (``text=``). Templates run in Jinja2's
immutable sandbox: card data and templates can't reach Python internals. Nothing here runs
on the engine's hot path.

API: :func:`card_text`, :func:`ability_text`, :func:`keyword_text`, :func:`template_text`
and :func:`template_error` (a keyword macro's template with plain values), :func:`normalize`,
:func:`environment` (the bounded sandbox, :mod:`cardscript.text.sandbox`) and :class:`TextError`.

Layout of :func:`card_text`: one line of card traits and keywords ("Core. Flying."), then one
line per ability, joined with newlines (tools split paragraphs on them; a printed ``text:``
is usually one line, and :func:`normalize` treats any whitespace alike).

House style (what the templates and filters write)
---------------------------------------------------
- An ability is ``LABEL: Effect.`` for timing keywords and activation costs ("ON ARRIVAL:",
  "TAP FREE:", "ON ROUND 7:"), or ``Whenever X, effect.`` for event triggers. A spell's
  ON PLAY ability prints no label: a spell's text *is* what it does when played.
- Each keyword is its own sentence, first, in the card's order: "Deathstrike. Flying.".
- Sentences start with a capital letter, also after a label's colon; each ends with a period.
- Stages (rule 508.3) join with "and" inside a sentence ("Destroy target Wonder and draw a
  card."; three or more as "A, B and C"). A new sentence starts before and after a structural
  effect (may, if, if you do, choose, for each, repeat), after a stage that ends in a
  duration ("... this round. Untap it."), and before an imperative stage that follows a stage
  with another subject ("Target opponent loses 1 action. Draw a card.").
- Joined clauses share a repeated subject ("Target opponent discards a card and loses 1
  energy."), and a verb when every clause of the list repeats it ("Gain 2 actions and 2
  energy.", "you control 2 or more stones or 3 or more lands").
- The ability's target is described in full where the effect first names it ("target Wonder
  you own with cost 4 or less from The Abyss"), later as "it" (a card) or "that player".
- Selections: "target X", "a/an X", "another X" (other), "each X", "all Xs" (an untargeted
  ``{all: ...}``), "no Xs"; several card types read "land or Wonder" in the singular and
  "items and lands" in the plural. Word order: quantifier, adjectives (tapped, nullified,
  non-token, enemy, orbital), noun (a Wonder class replaces "Wonder": "a Dragon"), "you
  own", "you control" / "an opponent controls", "with cost 4 or less", the zone ("from The
  Abyss", "from your hand" — "in" for non-targets), the realm ("in this realm"). "Enemy" is
  a Wonder an opponent controls (rulebook, Game Terms). Filters the verb implies are not
  printed: "untap target land or Wonder" (only a tapped card untaps, rule 509), "you control
  no other Wonders", "sacrifice a Wonder".
- Numbers are numerals ("draw 2 cards", "Seek 3", "deny 1"); one card is "a card"; resources
  keep the numeral ("gain 1 energy", "gain 1 action"); counts directly before another numeral
  are words ("create two 1-power Verdant Sprout token Wonders"). Power changes and counters
  are signed ("+2 power", "a -1 counter", "+2 counters").
- A duration trails its clause ("Nullify target enemy Wonder this round.", "All enemy
  Wonders get -2 power this round."), except that it leads an imperative whose object is
  every card a selector matches ("This round, nullify all items and lands.").

Writing a template
------------------
A template sees its entry's parameters by field name (``else_``, ``class_``) and
``card_type``. A node prints itself (``{{ effect }}``) or goes through a filter: ``does``
(subject and agreeing verb), ``describe`` (a selection in a form: 'a', 'target', 'each',
'all', 'no', 'bare', 'plural'; ``implied`` filters), ``quantity``, ``join_stages``,
``join_clauses``, ``negate`` and the small ones below. Selector templates call
``phrase(nouns)``; a condition template that reads ``negated`` has a negative form; a value
template that reads ``per`` has a "for each X" form.

What :func:`normalize` ignores when printed and generated texts are compared (drift)
-----------------------------------------------------------------------------------------
1. Typographic quotes and apostrophes (‘ ’ “ ” become ' and ").
2. Quotation marks around the whole text (the rules quote cards in prose).
3. Runs of whitespace, line breaks included, and leading or trailing whitespace.
4. The final punctuation: a trailing period (or the comma or semicolon a quote in prose may
   end with).
5. The case of the first letter (a quote may start mid-sentence).
6. The case of an ability label before its colon: "On Arrival:" (rulebook) and "ON ARRIVAL:"
   (cards) are the same.
"""
from __future__ import annotations

from .check import template_error, template_text
from .english import normalize
from .render import TextError, ability_text, card_text, environment, keyword_text

__all__ = ["TextError", "ability_text", "card_text", "environment", "keyword_text",
           "normalize", "template_error", "template_text"]
