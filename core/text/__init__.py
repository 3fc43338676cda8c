"""Printed rules text from card scripts: the compiler's tool-time twin.

The compiler turns a validated card model into handler objects; this module turns the same
model into the card's rules text, with the Jinja2 template every vocabulary entry declares
beside its name, parameters and implementation (``text=``). Templates run in Jinja2's
immutable sandbox: card data and templates can't reach Python internals. Nothing here runs
on the engine's hot path.

API: :func:`card_text`, :func:`ability_text`, :func:`keyword_text`, :func:`template_text`
and :func:`template_error` (a keyword macro's template with plain values), :func:`normalize`,
:func:`environment` (a game's bounded sandbox, :mod:`cardscript.text.sandbox`),
:class:`TextError`; for games: :class:`TextVocabulary` and :func:`current`.

The core knows no game. It has the views over the card model and the renderer
(:mod:`.views`), the sandbox, English (:mod:`.english`: plurals, articles, numbers, verb
agreement, joins) and the filters every game shares (:mod:`.filters`). A game adds its own
nouns and phrasing as a :class:`TextVocabulary` — filters, template functions, and tables of
resources, card type nouns and durations — returned by the ``cardscript_text`` hook
(:mod:`cardscript.plugins`); :func:`game_text` merges the core's part with the game's, and
each game's templates run in a sandbox with its own filters. A game's house style (its
words, its examples) is documented in its text module.

Layout of :func:`card_text`: one line of card traits and keywords ("Unique. Stealth."), then
one line per ability, joined with newlines (tools split paragraphs on them; a printed
``text:`` is usually one line, and :func:`normalize` treats any whitespace alike).

House style (what the core's filters write; a game's templates follow it)
--------------------------------------------------------------------------
- An ability is ``LABEL: Effect.`` for timing keywords and activation costs ("WHEN PLAYED:"),
  or ``Whenever X, effect.`` for event triggers.
- Each keyword is its own sentence, first, in the card's order.
- Sentences start with a capital letter, also after a label's colon; each ends with a period
  (a sentence that ends in a quoted one ends with the quote's: '... gets "Draw a card."').
- Stages join with "and" inside a sentence ("Destroy target card and draw a card."; three or
  more as "A, B and C"). A new sentence starts before and after a structural effect (may,
  if, if you do, choose, for each, repeat), after a stage that ends in one of the game's
  durations ("... this turn. Untap it."), and before an imperative stage that follows a
  stage with another subject ("Target opponent discards a card. Draw a card.").
- Joined clauses share a repeated subject ("Target opponent discards a card and loses 1
  gold."), and a verb when every clause of the list repeats it ("Gain 2 gold and 2 cards.").
- The ability's target is described in full where the effect first names it, later as "it"
  (a card) or "that player".
- Selections: "target X", "a/an X", "another X" (other), "each X", "all Xs" (an untargeted
  ``{all: ...}``), "no Xs", "2 other Xs"; the game's phrase builder words X. Filters the
  verb implies are not printed.
- Numbers are numerals ("draw 2 cards"); one card is "a card"; a resource keeps the numeral
  ("gain 1 gold"); counts directly before another numeral are words ("two 1-power tokens").
  Changes and counters are signed ("+2", "-1").

Writing a template
------------------
A template sees its entry's parameters by field name (``else_``, ``class_``),
``card_type`` and the options of its kind. A node prints itself (``{{ effect }}``) or goes
through a filter: ``does`` (subject and agreeing verb), ``describe`` (a selection in a form:
'a', 'target', 'each', 'all', 'no', 'bare', 'plural'; ``implied`` filters; ``how_many``; the
game's selector options by name), ``quantity``, ``repetitions``, ``join_stages``,
``join_clauses``, ``negate``, ``is_mass``, the word tables' ``plural``, ``counted``,
``noun`` and ``duration``, and ``signed``, ``article``, ``number_word``, ``upper_first``;
``count_range(lo, hi, noun, negated)`` is a function. A game adds its own (a selector
template calls its phrase builder). A condition template that reads ``negated`` has a
negative form; a value template that reads ``per`` has a "for each X" form.

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
7. The serial comma: "A, B, and C" (the rules' quotes) is "A, B and C" (the house style).
"""
from __future__ import annotations

from .check import template_error, template_text
from .english import normalize
from .render import ability_text, card_text, environment, game_text, keyword_text
from .views import TextError, current
from .vocabulary import TextVocabulary

__all__ = ["TextError", "TextVocabulary", "ability_text", "card_text", "current",
           "environment", "game_text", "keyword_text", "normalize", "template_error",
           "template_text"]
