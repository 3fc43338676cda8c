"""Wonders' part of rules text: its nouns, resources and durations, the selector phrase
builder, and its filters for realms, zones, counters and tokens. Registered through the
``cardscript_text`` hook (:mod:`.plugin`) exactly as a third-party game's would be; the
generic machinery and house style are :mod:`cardscript.text`'s.

Wonders house style (on top of the generic one)
-----------------------------------------------
- Labels: timing keywords and activation costs ("ON ARRIVAL:", "TAP FREE:", "ON ROUND 7:").
  A spell's ON PLAY ability prints no label: a spell's text *is* what it does when played.
- Keywords: "Deathstrike. Flying."; a core card's trait comes first: "Core. Flying.".
- Examples of the generic rules: "Destroy target Wonder and draw a card."; "... this round.
  Untap it."; "Target opponent loses 1 action. Draw a card."; "Target opponent discards a
  card and loses 1 energy."; "Gain 2 actions and 2 energy."; "you control 2 or more stones
  or 3 or more lands".
- The target in full where the effect first names it: "target Wonder you own with cost 4 or
  less from The Abyss".
- Selections (:func:`phrase`): several card types read "land or Wonder" in the singular and
  "items and lands" in the plural. Word order: quantifier, adjectives (tapped, nullified,
  non-token, enemy, orbital), noun (a Wonder class replaces "Wonder": "a Dragon"), "you
  own", "you control" / "an opponent controls", "with cost 4 or less", the zone ("from The
  Abyss", "from your hand" — "in" for non-targets), the realm ("in this realm"). "Enemy" is
  a Wonder an opponent controls (rulebook, Game Terms). Filters the verb implies are not
  printed: "untap target land or Wonder" (only a tapped card untaps, rule 509), "you control
  no other Wonders", "sacrifice a Wonder".
- Numbers: "draw 2 cards", "Seek 3", "deny 1"; resources (energy, faith, actions) keep the
  numeral ("gain 1 energy", "gain 1 action"); "create two 1-power Verdant Sprout token
  Wonders". Power changes and counters are signed ("+2 power", "a -1 counter"); several
  counters are counted as the rules print them ("two +1 counters", rule 508.4's Eternitum,
  508.3's Compound Bow).
- Given abilities are quoted as the rules quote them, in one sentence with a title-case
  label and no colon: 'Equipped Wonder gets "On Battle draw 2 cards, ..."' (508.3).
- Durations ("this round", "this turn", "permanently") trail their clause ("Nullify target
  enemy Wonder this round.", "All enemy Wonders get -2 power this round."), except that one
  leads an imperative whose object is every card a selector matches ("This round, nullify
  all items and lands.").

Template options: a selector's ``with_realm`` (default true) prints its realm;
``describe(with_realm=false)`` leaves it to the template ("arrives in this realm").
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context

from ...text import TextVocabulary, current
from ...text.english import article, join_words, number_word, signed
from ...text.render import ability_text, keyword_text
from ...text.views import NodeView

#: resources: counted with numerals even for one; energy and faith have no plural
RESOURCES = {"energy": "energy", "faith": "faith", "action": "actions"}
#: card type names as printed
NOUNS = {"wonder": "Wonder"}
DURATIONS = {"this_round": "this round", "this_turn": "this turn",
             "permanent": "permanently"}

text = TextVocabulary("wonders", resources=RESOURCES, nouns=NOUNS, durations=DURATIONS,
                      options={"selector": {"with_realm": True},
                               "targets": {"word": "target"},
                               "covered": {"equipped": "equipped Wonder"}})


# -- selections ---------------------------------------------------------------------------
def _range(r: Mapping | None) -> str:
    if not r:
        return ""
    lo, hi = r.get("min"), r.get("max")
    if lo is not None and lo == hi:
        return str(lo)
    if hi is None:
        return f"{lo} or more"
    if lo is None:
        return f"{hi} or less"
    return f"{lo} to {hi}"


def describe_selection(nouns: list[str], p: Mapping, form: str, implied: Mapping,
                       with_realm: bool, how_many: int) -> str:
    """Describe a selection of cards or players (see the house style above): ``p`` are the
    selector's parameters (:class:`.selectors.CardFilter`), ``implied`` those its verb
    implies, ``form`` one of a, target, each, all, no, bare, plural."""
    def given(key: str, default: Any = None) -> Any:
        value = p.get(key, default)
        return default if key in implied and implied[key] == value else value

    words = current().text
    many = form in ("all", "plural", "no") or how_many > 1
    nouns = [words.noun(n) for n in nouns]
    zone, owner, controller = given("zone", "world"), given("owner", "any"), \
        given("controller", "any")
    enemy = controller == "opponent" and zone == "world" and nouns == ["Wonder"]
    adjectives = []
    for key, yes, no in (("tapped", "tapped", "untapped"),
                         ("nullified", "nullified", "non-nullified"),
                         ("token", "token", "non-token"),
                         ("equipped", "equipped", "unequipped")):
        value = given(key)
        if value is not None:
            adjectives.append(yes if value else no)
    if given("face_down"):
        adjectives.append("face-down")
    if enemy:
        adjectives.append("enemy")
    if given("orbital"):
        adjectives.append(given("orbital").title())
    cls = given("class_")
    if cls and nouns == ["Wonder"]:
        nouns = [cls]
    elif cls:
        adjectives.append(cls)
    if many:
        core = join_words([words.plural(n) for n in nouns], "or" if form == "no" else "and")
    else:
        core = join_words(nouns, "or")
    core = " ".join([*adjectives, core])
    post = []
    hidden_owner = zone in ("hand", "deck")
    if owner == "you" and not hidden_owner:
        post.append("you own")
    elif owner == "opponent" and not hidden_owner:
        post.append("opponents own" if many else "an opponent owns")
    if zone == "world" and controller == "you":
        post.append("you control")
    elif zone == "world" and controller == "opponent" and not enemy:
        post.append("opponents control" if many else "an opponent controls")
    post = [" and ".join(post)] if post else []
    stats = [f"{k} {_range(given(k))}" for k in ("cost", "power") if given(k)]
    if stats:
        post.append("with " + " and ".join(stats))
    if zone != "world":
        prep = "from" if form in ("target", "all", "each") else "in"
        top = p.get("top")
        if zone in ("hand", "deck"):
            whose = {"you": "your", "opponent": "an opponent's"}.get(p.get("owner", "any"),
                                                                     "a player's")
            if zone == "deck" and top:  # "cards from the top of your deck" (Eye, 404.2)
                cards = "" if top == 1 else f" {top} cards"
                post.append(f"from the top{cards} of {whose} deck")
            else:
                post.append(f"{prep} {whose} {zone}")
        else:
            post.append(f"{prep} {'The Abyss' if zone == 'abyss' else zone}")
    realm = given("realm", "any")
    if with_realm and zone == "world" and realm != "any":
        post.append(_realm_phrase(realm, many))
    phrase = " ".join([core, *post])
    other = bool(given("other", False))
    if how_many > 1:
        return f"{how_many} {'other ' if other else ''}{phrase}"
    if form == "a":
        return f"another {phrase}" if other else article(phrase)
    if form == "target":
        return f"{'another ' if other else ''}target {phrase}"
    lead = {"each": "each", "all": "all", "no": "no", "plural": "", "bare": ""}[form]
    if lead == "all" and p.get("top"):
        lead = ""  # "cards from the top of your deck": all of them, one top card at a time
    return " ".join(w for w in (lead, "other" if other else "", phrase) if w)


def _realm_phrase(realm: str, many: bool = False) -> str:
    return {"this": "in this realm", "other": "in other realms" if many else
            "in another realm"}.get(realm, "")


@text.function("phrase")
@pass_context
def phrase(ctx: Context, nouns: str | Iterable[str]) -> str:
    """A selector template's description of its selection: ``{{ phrase('wonder') }}``."""
    nouns = [nouns] if isinstance(nouns, str) else list(nouns)
    return describe_selection(nouns, current().node.params, ctx["form"], ctx["implied"],
                              ctx["with_realm"], ctx["how_many"])


@text.filter("realm_phrase")
def realm_phrase(node: NodeView) -> str:
    """The realm a card reference's selector names: "in this realm", or nothing."""
    sel = current().selection(node)
    return _realm_phrase(sel.params.get("realm", "any")) if sel is not None else ""


@text.filter("whose")
def whose(node: NodeView) -> str:
    """Possessive: "your", "each opponent's", "its owner's" (for a card: "your" if you own
    every card it can be, else "its owner's")."""
    r = current()
    if node.kind == "player":
        return "your" if node.name == "you" else f"{r.player(node)}'s"
    sel = r.selection(node)
    owner = sel.params.get("owner", "any") if sel is not None else "any"
    return "your" if owner == "you" else "its owner's"


@text.filter("zone_of")
def zone_of(node: NodeView) -> str:
    """The zone a card reference's selector looks in (The World when it names none)."""
    sel = current().selection(node)
    return sel.params.get("zone", "world") if sel is not None else "world"


# -- counters, tokens, realms -------------------------------------------------------------
@text.filter("counters")
def counters(n: int) -> str:
    """Counters as the rules count them (rule 508.3 "two -1 counters", 508.4 "two +1
    counters"): "a +1 counter", "two -1 counters"."""
    one = signed(1 if n > 0 else -1)
    return article(f"{one} counter") if abs(n) == 1 else f"{number_word(abs(n))} {one} counters"


_FROM_WORDS = {"hand": "a hand", "deck": "a deck", "abyss": "The Abyss",
               "banishment": "banishment"}


@text.filter("arrives_from")
def arrives_from(node: str | Mapping[str, str] | None) -> str:
    """A ``whenever`` trigger's ``from``: " from The Abyss", " from anywhere other than from
    a hand" (rule 508.4's Eternitum), or nothing."""
    if node is None:
        return ""
    if isinstance(node, str):
        return f" from {_FROM_WORDS[node]}"
    # a nested parameter model reaches templates as its data, by field name
    return f" from anywhere other than from {_FROM_WORDS[node['not_']]}"
# -- continuous effects (continuous.py) ---------------------------------------------------
@text.filter("granted")
def granted(_abilities: list[dict]) -> list[str]:
    """Given keywords and abilities, the abilities as the rules quote them: 'flying',
    '"On Battle draw 2 cards, ..."' (508.3); read from the grant's model."""
    r = current()
    raw = r.node._raw
    out = [keyword_text(k, r.registry).rstrip(".").lower() for k in raw.keywords]
    for model in raw.abilities:
        said = ability_text(model, r.registry, card_type="wonder", cards=r.cards).rstrip(".")
        label, colon, rest = said.partition(": ")
        if colon and label.isupper():  # "ON BATTLE: Draw" -> "On Battle draw"
            said = f"{label.title()} {rest[:1].lower()}{rest[1:]}"
        out.append(f'"{said}."')
    return out


@text.filter("tokens")
def tokens(count: int, token: str) -> str:
    """Tokens by their definition: "a 1-power Skeleton token Wonder", "two 1-power Verdant
    Sprout token Wonders" (a count before a numeral is a word)."""
    r = current()
    card = r.card(token)
    if card is None:
        noun = f"{token.replace('-', ' ').title()} token"
    else:
        power = getattr(card, "power", None)
        kind = r.text.noun(card.type)
        noun = f"{'' if power is None else f'{power}-power '}{card.name} token {kind}"
    if count == 1:
        return article(noun)
    lead = number_word(count) if noun[:1].isdigit() else str(count)
    return f"{lead} {r.text.plural(noun)}"


@text.filter("realm")
def realm(r: str) -> str:
    """A realm parameter as a place: "this realm", "a realm of your choice"."""
    return {"this": "this realm", "choose": "a realm of your choice",
            "adjacent": "an adjacent realm"}.get(r, f"{r} realm")


@text.filter("in_realm")
def in_realm(r: str) -> str:
    """"in this realm", or nothing for any realm."""
    return "" if r == "any" else f"in {realm(r)}"
