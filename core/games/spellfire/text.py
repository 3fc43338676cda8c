"""Spellfire's part of rules text: how its selectors name what they choose, registered through
the ``cardscript_text`` hook (:mod:`.plugin`) as any game's words are; the generic machinery
and house style are :mod:`cardscript.text`'s.

House style of a selection (:func:`selection`): quantifier, whose ("opposing" for a card an
opponent controls, "your" for one's own: "one of your champions" in the singular), the
adjectives (razed, a champion type), the noun, then what follows it ("in a pool", "of level 3
or less"): "an opposing champion", "one of your razed realms", "all opposing wizards in the
battle". Card types print in words ("magical item", "thief skill"); a support card's
continuous effect on the champion it serves names it "its champion" (and a level
change's "this" is always a champion: "this champion")."""
from __future__ import annotations

from ...text import TextVocabulary
from ...text.english import article, plural

#: how a card type is printed, singular
NOUNS = {"magic_item": "magical item", "psionic_power": "psionic power",
         "blood_ability": "blood ability", "thief_skill": "thief skill",
         "unarmed_combat": "unarmed combat card", "rule": "rule card"}

text = TextVocabulary("spellfire", nouns=NOUNS,
                      options={"covered": {"its_champion": "its champion",
                                           "this": "this champion"}})


#: the champion types' plurals English does not form with -s
_IRREGULAR = {"hero": "heroes", "thief": "thieves"}
#: attributes whose plural is the word itself
_SAME_PLURAL = frozenset({"undead"})


def _plural(noun: str) -> str:
    return plural(noun, _IRREGULAR)


def noun_of(card_type: str) -> str:
    return NOUNS.get(card_type, card_type.replace("_", " "))


@text.function("selection")
def selection(nouns: list[str], controller: str | None, form: str, adj: str = "",
              after: str = "") -> str:
    """A selection of cards in a form ("a", "target", "all", "each", "plural", "no", and
    "bare", after "for each"):
    ``nouns`` are the card words ("champion", "spell", "realm"), joined with "or" in the
    singular and "and" in the plural; ``controller`` "you", "opponent" or anything else
    (any)."""
    many = form in ("all", "plural", "no")
    words = [_plural(n) for n in nouns] if many else list(nouns)
    noun = " and ".join(words) if many else " or ".join(words)
    if adj:
        noun = f"{adj} {noun}"
    tail = f" {after}" if after else ""
    if controller == "you":
        if form == "all":
            return f"all your {noun}{tail}"
        if form == "plural":
            return f"your {noun}{tail}"
        if form == "no":
            return f"none of your {noun}{tail}"
        if form == "each":
            return f"each of your {_plural(noun) if len(nouns) == 1 else noun}{tail}"
        if form == "bare":
            return f"{noun} of yours{tail}"
        return f"one of your {_plural(noun) if len(nouns) == 1 else noun}{tail}"
    if controller == "opponent":
        noun = f"opposing {noun}"
    if form == "all":
        return f"all {noun}{tail}"
    if form == "plural":
        return f"{noun}{tail}"
    if form == "no":
        return f"no {noun}{tail}"
    if form == "each":
        return f"each {noun}{tail}"
    if form == "bare":
        return f"{noun}{tail}"
    return f"{article(noun)}{tail}"


@text.filter("plural_noun")
def plural_noun(noun: str) -> str:
    """A champion type or an attribute in the plural: "heroes", "thieves", "undead"."""
    return noun if noun in _SAME_PLURAL else _plural(noun)


@text.filter("movement_word")
def movement_word(power: str) -> str:
    """A movement power as a way of moving: "flying", "swimming", "earthwalking"."""
    return {"flyer": "flying", "swimmer": "swimming", "earthwalker": "earthwalking"}[power]


@text.filter("type_noun")
def type_noun(card_type: str) -> str:
    """A card type in words: "magical item", "thief skill"."""
    return noun_of(card_type)

