"""English for rules text: numbers, plurals, articles, verb agreement, joins, sentences, and
the normalization that compares printed with generated text (see :mod:`cardscript.text`).

No game's words live here: a game's own nouns (its resources, with their plurals) come from
its :class:`~cardscript.text.vocabulary.TextVocabulary` and are passed in as ``resources``."""
from __future__ import annotations

import re
from collections.abc import Mapping

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_MODALS = ("can", "can't", "cannot", "may", "must", "will", "won't", "should")
_NONE: Mapping[str, str] = {}


def number_word(n: int) -> str:
    """0-10 as words ("two"), larger numbers as numerals."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def plural(noun: str, resources: Mapping[str, str] = _NONE) -> str:
    """The plural of a noun phrase (its last word): "card" -> "cards", "ally" -> "allies";
    a resource (singular -> plural, e.g. {"gold": "gold"}) has the plural its table gives."""
    head, _, last = noun.rpartition(" ")
    low = last.lower()
    if low in resources:
        word = resources[low]
    elif re.search(r"[^aeiou]y$", low):
        word = last[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh)$", low):
        word = last + "es"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def article(phrase: str) -> str:
    """"a"/"an" before a phrase, by its first sound: "an item", "a unit", "an 8-power
    token", "a 1-power token"."""
    first = phrase.split(" ", 1)[0].lower()
    if re.match(r"(8|11|18)(\D|$)|8\d\d", first):
        vowel = True
    elif re.match(r"(uni|use|usu|eu|one|once)", first):
        vowel = False
    else:
        vowel = first[:1] in "aeiou" and first[:1] != ""
    return f"{'an' if vowel else 'a'} {phrase}"


def counted(n: int, noun: str, resources: Mapping[str, str] = _NONE) -> str:
    """"a card", "2 cards", "no cards"; a resource keeps the numeral: "1 gold"."""
    if n == 0:
        return f"no {plural(noun, resources)}"
    if n == 1:
        return f"1 {noun}" if noun in resources else article(noun)
    return f"{n} {plural(noun, resources)}"


def third_person(verb: str) -> str:
    """Agree a verb phrase with a singular subject: "draw" -> "draws", "can't attack" stays."""
    first, _, rest = verb.partition(" ")
    if first in _MODALS:
        return verb
    special = {"have": "has", "do": "does", "don't": "doesn't", "go": "goes", "be": "is"}
    if first in special:
        word = special[first]
    elif re.search(r"[^aeiou]y$", first):
        word = first[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh|o)$", first):
        word = first + "es"
    else:
        word = first + "s"
    return f"{word} {rest}" if rest else word


def join_words(items: list[str], conj: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    items = [i for i in items if i]
    if len(items) <= 2:
        return f" {conj} ".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r" ([,.;:])", r"\1", text)


def _sentences(text: str) -> str:
    """Capitalize the text and every sentence, also after a label's colon; end with a period."""
    text = _tidy(text)
    if not text:
        return text
    text = re.sub(r"([.:] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    text = upper_first(text)
    return text if text.endswith((".", "!", "?", '."')) else text + "."


# -- normalization ------------------------------------------------------------------------
_LABEL_RE = re.compile(r"(^|[.!?] )([A-Za-z0-9' ]+):")
#: the serial comma: ", and C" / ", or C" after a list's earlier items
_SERIAL_RE = re.compile(r", (and|or) ")


def normalize(text: str | None) -> str:
    """The comparison key of a rules text (see the module docstring for each rule)."""
    text = (text or "").translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'})
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1].strip()
    text = text.rstrip(".,; ")
    text = _SERIAL_RE.sub(r" \1 ", text)
    text = _LABEL_RE.sub(lambda m: m.group(1) + m.group(2).upper() + ":", text)
    return upper_first(text)


