"""No inert scripts, by construction (core/places.py): for every (card type × trigger) a
game's vocabulary accepts, a card of that type with that trigger is put where such a card is
in the game, the trigger's event is made to happen the way the game's rules make it happen,
and the ability must trigger (or, for an activated ability, be offered); every combination
``check`` does not refuse (CS112, derived from the game's ``PLACES``) must trigger, and a
combination refused must be one that cannot.

The card types and triggers come from each game's registry and card model, so a new trigger
or card type is tested without touching this file, except to say here how its event happens
(a trigger with no way to make its event happen fails, by name).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_args

import pytest
from cardscript.bus import Bus, Event
from cardscript.compiler import Compiler, names_it
from cardscript.errors import CardError
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.places import why_inert
from cardscript.plugins import load_game
from cardscript.tools.scenarios import bundled_pool

TEST_ID = "probe"


@dataclass
class At:
    """A probe in its game: the game, the probe card, the players and the card source."""

    g: Any
    card: Any
    A: Any
    B: Any
    get: Callable[[str], Any]


class Source:
    """The bundled cards and the probe card, as a scenario's card source."""

    def __init__(self, game: str, extra: dict):
        pool = bundled_pool(game)
        self.registry = pool.registry
        self.cards = {**pool.cards, **extra}

    @property
    def tokens(self) -> dict:
        return {k: v for k, v in self.cards.items() if v.token}

    def get(self, card_id: str) -> Any:
        return self.cards[card_id]


def compile_probe(game: str, fields: dict) -> tuple[Any, str]:
    """The probe card, compiled by the real pipeline, or None and why the card model or the
    compiler refuses it (what `check` reports at its place)."""
    try:
        return compiled(game, TEST_ID, fields), ""
    except CardError as exc:
        return None, str(exc)


def compiled(game: str, cid: str, fields: dict) -> Any:
    """A card of ``fields`` with id ``cid``, compiled by the real pipeline (CardError if
    `check` would refuse it)."""
    spec = load_game(game)
    doc = load_text(json.dumps({"id": cid, "name": cid.title(), **fields}), f"<{cid}>")
    return Compiler(spec.registry).card(validate_document(doc, spec.card_model, "card"),
                                        doc.pos(()))


@pytest.fixture
def fired(monkeypatch):
    """The (ability, card) pairs triggered while the test runs: every trigger the bus
    collects for an event, however the game publishes it."""
    seen: list = []
    collect, collect_from = Bus.collect, Bus.collect_from

    def spy(self: Bus, event: Event, out: list) -> None:
        n = len(out)
        collect(self, event, out)
        seen.extend(out[n:])

    def spy_from(card: Any, handlers: Any, event: Event, out: list) -> None:
        n = len(out)
        collect_from(card, handlers, event, out)
        seen.extend(out[n:])

    monkeypatch.setattr(Bus, "collect", spy)
    monkeypatch.setattr(Bus, "collect_from", staticmethod(spy_from))
    return seen


def probe_of(g: Any) -> Any:
    """The probe card object wherever it is in ``g``."""
    for z in _zones(g):
        for c in z.cards:
            if getattr(getattr(c, "proto", None), "id", None) == TEST_ID:
                return c
    raise AssertionError("the probe card is nowhere in the game")


def _zones(g: Any) -> list:
    out = []
    for p in g.players:
        for name in p.ZONES:
            z = getattr(p, name)
            out.extend(z if isinstance(z, list) else [z])
    for attr in ("battlefields", "realms"):
        for area in getattr(g, attr, ()):
            for name in ("site", "units", "facedown", "sides", "centre"):
                z = getattr(area, name, None)
                if z is not None:
                    out.extend(z if isinstance(z, list) else [z])
    for attr in ("rule_zone", "chain_zone", "window_zone"):
        z = getattr(g, attr, None)
        if z is not None:
            out.append(z)
    return [getattr(z, "zone", z) for z in out]


# -- Riftbound --------------------------------------------------------------------------
RIFT_CARDS = {
    "unit": {"domains": ["fury"], "cost": 1, "might": 1},
    "gear": {"domains": ["fury"], "cost": 1},
    # a spell has exactly one on_play ability: the probe's other trigger comes after it
    "spell": {"domains": ["fury"], "cost": 1,
              "abilities": [{"trigger": "on_play", "effect": {"draw": 1}}]},
    "legend": {"domains": ["fury", "mind"], "tags": ["Korrun"]},
    "battlefield": {},
    "rune": {"domains": ["fury"]},
}


def rift_setup(card_type: str) -> dict:
    """Where a probe of ``card_type`` is: a unit at the battlefield, gear at its base (gear
    never moves to a battlefield), a legend in its zone, a battlefield as the battlefield, a
    rune in the rune area, a spell in hand."""
    spire = {"card": "broken-spire"}
    a: dict = {"base": ["stoneskin-guard"]}
    bf: dict = dict(spire)
    if card_type == "unit":
        bf["A"] = [TEST_ID]
    elif card_type == "gear":
        a["base"] = [TEST_ID]
    elif card_type == "legend":
        a["legend"] = TEST_ID
    elif card_type == "battlefield":
        bf = {"card": TEST_ID, "controller": "A", "A": ["pyre-brawler"]}
    elif card_type == "rune":
        a["runes"] = [TEST_ID]
    else:
        a["hand"] = [TEST_ID]
    return {"players": {"A": a, "B": {"base": ["stoneskin-guard"]}}, "battlefields": [bf]}


def _rift_fight(role: str) -> Callable:
    def happen(at: At) -> None:
        g, bf = at.g, at.g.battlefields[0]
        g.new_card(at.get("stoneskin-guard"), at.B, bf.units[at.B.index])
        bf.contested_by = at.A if role == "attack" else at.B
        g.fights.open_showdown(g, bf)  # fight.py: attack, then defend triggers
    return happen


def _rift_score(how: str) -> Callable:
    def happen(at: At) -> None:
        at.g.fights.score(at.g, at.A, at.g.battlefields[0], how)  # fight.py
    return happen


def _rift_heal(at: At) -> None:
    at.card.damage = 1
    at.g.heal_all()  # play.py: every unit with damage heals


def _rift_move(at: At) -> None:
    """play.py: a standard move of a unit on the board, home or out (only units move)."""
    card = at.card
    if card.proto.type == "unit" and card.zone is not None and card.zone.in_play:
        dest = at.g.battlefields[0] if card.zone is at.A.base else "base"
        at.g.standard_move(at.A, ("move", card, "to", dest))


def _rift_offered(at: At) -> bool:
    return any(o[1] is at.card for o in at.g.activate_options(at.A, "open"))


def _rift_played(at: At) -> None:
    """play.py: a card a player may play, once it is on the board."""
    card = at.card
    if at.g.may_play(at.A, card, "open") and card.zone is not None and card.zone.in_play:
        at.g.publish(Event("played", card, at.A))


def _rift_kill(at: At) -> None:
    """Rules notes, "Objects and zones": permanents (units and gear) die; legends and
    battlefields can't be killed."""
    if at.card.proto.type in ("unit", "gear"):
        at.g.kill([at.card])


def _rift_spell(at: At) -> bool:
    """A spell in hand: what playing it puts on the chain (``spell_ability``)."""
    if at.card.proto.type != "spell":
        return False
    return at.g.spell_ability(at.card).trigger.entry_name == "on_play"


def _turn(kind: str) -> Callable:
    def happen(at: At) -> None:
        at.g.publish(Event(kind, None, at.A))  # as each game's turn structure publishes it
    return happen


RIFT_EVENTS: dict[str, Callable] = {
    "on_play": _rift_spell,
    "activate": _rift_offered,
    "when_played": _rift_played,
    "deathknell": _rift_kill,
    "on_heal": _rift_heal,
    "on_attack": _rift_fight("attack"),
    "on_defend": _rift_fight("defend"),
    "on_move": _rift_move,
    "on_conquer": _rift_score("conquer"),
    "on_hold": _rift_score("hold"),
    "start_of_turn": _turn("turn_start"),
    "end_of_turn": _turn("turn_end"),
    "whenever": lambda at: _rift_other_dies(at),
    "instead_of": lambda at: _rift_instead(at),
    "static": lambda at: _static(at),
}
#: a trigger whose parameters are required, as written here
RIFT_NODES = {"whenever": {"whenever": {"dies": {"unit": {"other": True}}}}}


def _rift_instead(at: At) -> bool:
    """The core's replacements: asked as a unit on the board would die (play.py's kill)."""
    card = at.card
    return card.proto.type == "unit" and card.zone is not None and card.zone.in_play and \
        at.g.replacements.replaced(at.g, "dies", card)


def _rift_other_dies(at: At) -> None:
    """Another unit of A's dies (play.py's kill: the cleanup's, or an effect's)."""
    bf = at.g.battlefields[0]
    other = at.g.new_card(at.get("pyre-brawler"), at.A, bf.units[at.A.index])
    at.g.kill([other])


# -- Spellfire --------------------------------------------------------------------------
SF_PHASED = {"phases": [3]}
SF_CARDS = {
    "champion": {"champion_type": "hero", "level": 3, "world": "vael"},
    "ally": {"level": 2},
    "realm": {"world": "vael"},
    "holding": {"world": "vael"},
    "dungeon": {},
    "artifact": {"world": "vael"},
    "magic_item": {},
    "event": {},
    "rule": {},
    "spell": {"school": "wizard", **SF_PHASED},
    "psionic_power": SF_PHASED,
    "blood_ability": SF_PHASED,
    "thief_skill": SF_PHASED,
    "unarmed_combat": SF_PHASED,
}
SF_HELPERS = {
    "probe-champion": {"type": "champion", "champion_type": "hero", "level": 3,
                       "world": "vael", "number": 2},
    "probe-realm": {"type": "realm", "world": "vael", "number": 3},
}


def sf_setup(card_type: str) -> dict:
    """Where a probe of ``card_type`` is: a champion in the pool, an item or an artifact on a
    champion there, a realm or its holding in the formation, the dungeon, the rule card; an
    ally (in battle) is put there by :func:`sf_place`; the cards played to do something are
    in hand."""
    a: dict = {"formation": {"A": "probe-realm"}, "pool": ["probe-champion"]}
    rule = None
    if card_type == "champion":
        a["pool"] = [TEST_ID]
    elif card_type in ("artifact", "magic_item"):
        a["pool"] = [{"card": "probe-champion", "attached": [TEST_ID]}]
    elif card_type == "realm":
        a["formation"] = {"A": TEST_ID}
    elif card_type == "holding":
        a["formation"] = {"A": {"card": "probe-realm", "holding": TEST_ID}}
    elif card_type == "dungeon":
        a["dungeon"] = TEST_ID
    elif card_type == "rule":
        rule = TEST_ID
    elif card_type != "ally":
        a["hand"] = [TEST_ID]
    out: dict = {"players": {"A": a, "B": {"pool": ["probe-champion"]}}}
    if rule:
        out["rule"] = rule
    return out


def sf_place(at: At, card_type: str) -> None:
    if card_type == "ally":
        at.g.new_card(at.get(TEST_ID), at.A, at.A.battle)


def _sf_shown(role: str) -> Callable:
    def happen(at: At) -> None:
        g, card = at.g, at.card
        if card.proto.type != "champion":
            return  # combat.py: a champion is chosen to attack or defend
        if card.zone is not None and card.zone.in_play:
            card = g.move(card, at.A.battle)  # it goes into the battle
        if role == "attacker":
            g.combat.attacker = card
        else:
            g.combat.defender = card
        g.combat.shown(g, role)
    return happen


def _sf_enter(at: At) -> None:
    if at.card.zone is not None and at.card.zone.in_play:  # plays.entered: in play now
        at.g.publish(Event("enter", at.card, at.A))


def _sf_raze(at: At) -> None:
    from cardscript.games.spellfire import formation
    if at.card.proto.type == "realm":  # formation.raze: a realm is razed
        formation.raze(at.g, at.card)


def _sf_cast(at: At) -> bool:
    """A card in hand that plays.cast plays: what it does as it is played."""
    from cardscript.games.spellfire import plays
    from cardscript.games.spellfire.card import SUPPORT_SKILLS
    if at.card.zone is not at.A.hand or at.card.proto.type not in ("event", *SUPPORT_SKILLS):
        return False
    ab = plays.effect_of(at.card)
    return ab is not None and ab.trigger.entry_name == "on_play"


def _sf_defeated(at: At) -> None:
    """The probe, a champion in play, loses a battle (battle_end.defeated)."""
    from cardscript.games.spellfire import battle_end
    g, card = at.g, at.card
    if card.proto.type != "champion" or card.zone is None or not card.zone.in_play:
        return
    card = g.move(card, at.A.battle)
    g.combat.attacker = card
    battle_end.defeated(g, card)


SF_EVENTS: dict[str, Callable] = {
    "on_play": _sf_cast,
    "when_defeated": _sf_defeated,
    "end_of_turn": _turn("turn_end"),
    "on_enter": _sf_enter,
    "on_attack": _sf_shown("attacker"),
    "on_defend": _sf_shown("defender"),
    "when_razed": _sf_raze,
    "start_of_turn": _turn("turn_start"),
    "static": lambda at: _static(at),
    "whenever": lambda at: _sf_other_enters(at),
    "played_against": lambda at: _sf_played_against(at),
}
SF_NODES = {"whenever": {"whenever": {"enters": {"champion": {"controller": "you"}}}}}


def _sf_other_enters(at: At) -> None:
    """Another champion of A's comes into play (plays.entered publishes "enter")."""
    other = at.g.new_card(at.get("probe-champion"), at.A, at.A.pool)
    at.g.publish(Event("enter", other, at.A))


def _sf_played_against(at: At) -> None:
    """B's card is played against the probe, or the champion or realm it is on (plays.aimed
    publishes "played_against" with the targets chosen)."""
    card = at.card
    if card.zone is None or not card.zone.in_play:
        return
    subject = card.host if card.proto.type in ("holding", "artifact", "magic_item") else card
    played = at.g.new_card(at.get("probe-champion"), at.B, at.B.hand)
    at.g.publish(Event("played_against", played, at.B, data=(subject,)))


# -- Wonders ----------------------------------------------------------------------------
WONDERS_CARDS = {
    "wonder": {"orbital": "boundless", "tier": "primary", "cost": 1, "power": 1},
    "land": {"orbital": "boundless", "tier": "secondary", "cost": 0},
    "item": {"orbital": "boundless", "tier": "primary", "cost": 1},
    "spell": {"orbital": "boundless", "tier": "primary", "cost": 1},
}
#: a trigger whose parameters are required, as written here, and the effect an ability of
#: that trigger may have (a static ability's must be continuous)
WONDERS_NODES = {
    "after_battle": {"after_battle": {"result": ["won"]}},
    "round": {"round": 1},
    "whenever": {"whenever": {"dies": {"wonder": {"other": True}}}},
    "instead_of": {"instead_of": "dies"},
    "hoard": {"hoard": {"count": 1, "trigger": "on_round_start"}},
    "kingdom": {"kingdom": {"count": 1, "trigger": "on_round_start"}},
    "faith": {"faith": 1},
    "would_target": {"would_target": {"card": {"wonder": {}}, "by": "any"}},
}
WONDERS_EFFECTS = {"static": {"cant": {"action": "tap", "card": "this"}}}
#: a Wonder of A's that dies or is targeted beside the probe, and a land of A's (Kingdom)
WONDERS_OTHERS = ("aetherforge-titan", "coilspire-foundry")


def wonders_setup(card_type: str) -> dict:
    """Where a probe of ``card_type`` is: on A's side of realm 1 (with a Wonder and a land of
    A's and A's stone), or in A's hand for a spell (a spell never enters The World)."""
    side = list(WONDERS_OTHERS)
    a: dict = {"actions": 1, "faith": 1}
    if card_type == "spell":
        a["hand"] = [TEST_ID]
    else:
        side.insert(0, TEST_ID)
    return {"players": {"A": a}, "realms": {1: {"A": side, "stones": ["A"]}}}


def _in_world(card: Any) -> bool:
    return card.zone is not None and card.zone.in_play


def _realm_event(kind: str, who: str = "A", data: Any = None) -> Callable:
    def happen(at: At) -> None:  # actions.py: a battle's events, about its realm
        player = at.A if who == "A" else at.B
        at.g.publish(Event(kind, None, player, at.g.realms[0], data=data))
    return happen


def _round_event(kind: str, n: int) -> Callable:
    def happen(at: At) -> None:  # rules.py: the round's start and end, with its number
        at.g.publish(Event(kind, data=n))
    return happen


def _w_played(at: At) -> None:
    """actions.py: a card played from its owner's hand."""
    card = at.card
    if card.zone is not at.A.hand:
        card = at.g.move(card, at.A.hand, publish=False)
    at.g.publish(Event("played", card, at.A, at.g.realms[0], "hand"))


def _w_arrived(at: At) -> None:
    if _in_world(at.card):  # actions.py: it arrives in The World from a hand
        at.g.publish(Event("arrived", at.card, at.A, at.g.realms[0], "hand"))


def _w_dies(at: At) -> None:
    if _in_world(at.card):  # a card dies from The World to The Abyss
        at.g.move(at.card, at.A.abyss)


def _w_other_dies(at: At) -> None:
    other = next(c for c in at.g.realms[0].sides[0].cards if c.proto.id == WONDERS_OTHERS[0])
    at.g.move(other, at.A.abyss)


def _w_instead(at: At) -> bool:
    """replacements.py: asked as a card would die (only a card in The World dies)."""
    return _in_world(at.card) and at.g.replacements.replaced(at.g, "dies", at.card)


def _static(at: At) -> bool:
    """The core's continuous effects read the static abilities registered on the bus."""
    return any(h.card is at.card for h in at.g.bus.handlers.get("static", ()))


def _w_offered(at: At) -> bool:
    return any(o.card is at.card for o in at.g.turns.turn_options(at.g, at.A))


def _w_targeted(at: At) -> None:
    other = next(c for c in at.g.realms[0].sides[0].cards if c.proto.id == WONDERS_OTHERS[0])
    at.g.publish(Event("would_target", other, at.B, other.area))  # aiming.py


WONDERS_EVENTS: dict[str, Callable] = {
    "on_play": _w_played,
    "on_arrival": _w_arrived,
    "on_death": _w_dies,
    "on_attack": _realm_event("attack"),
    "on_defense": _realm_event("defend"),
    "on_battle": _realm_event("battle", "B"),
    "after_battle": lambda at: _realm_event("battle_result", data=(at.A, at.B, at.A))(at),
    "end_of_battle": _realm_event("battle_end"),
    "on_round_start": _round_event("round_start", 1),
    "round": _round_event("round_start", 1),
    "ascend": _round_event("round_start", 7),
    "end_of_round": _round_event("round_end", 1),
    "on_turn_end": _turn("turn_end"),
    "whenever": _w_other_dies,
    "instead_of": _w_instead,
    "static": _static,
    "hoard": _round_event("round_start", 1),
    "kingdom": _round_event("round_start", 1),
    "tap_action": _w_offered,
    "tap_free": _w_offered,
    "sacrifice_action": _w_offered,
    "sacrifice_free": _w_offered,
    "harvest": _w_offered,
    "faith": _w_offered,
    "would_target": _w_targeted,
}


#: by game: the triggers whose parameters are required, as written here
NODES = {"wonders": WONDERS_NODES, "riftbound": RIFT_NODES, "spellfire": SF_NODES}
#: by game: the effect of a trigger that needs its own (a static ability's: continuous, on
#: every card type); any other's is {draw: 1}
EFFECTS = {"wonders": WONDERS_EFFECTS,
           "riftbound": {"static": {"might_bonus": {"card": {"all": {"unit": {}}},
                                                    "amount": 1}}},
           "spellfire": {"static": {"level_bonus": {"card": {"all": {"champion": {}}},
                                                    "amount": 1}}}}

GAMES = {
    "wonders": (WONDERS_CARDS, WONDERS_EVENTS, wonders_setup, lambda at, t: None, {}),
    "riftbound": (RIFT_CARDS, RIFT_EVENTS, rift_setup, lambda at, t: None, {}),
    "spellfire": (SF_CARDS, SF_EVENTS, sf_setup, sf_place, SF_HELPERS),
}


def _combinations(game: str) -> list[tuple[str, str, str]]:
    spec = load_game(game)
    types = get_args(spec.card_model.model_fields["type"].annotation)
    return [(game, t, trig) for t in types for trig in spec.registry.entries["trigger"]]


CASES = [c for g in GAMES for c in _combinations(g)]


def test_every_card_type_and_trigger_has_a_case():
    """The card model's types and the registry's triggers are the ones said here how to
    place and make happen (a new one fails here by name until it is)."""
    for game, (cards, events, *_rest) in GAMES.items():
        spec = load_game(game)
        assert set(get_args(spec.card_model.model_fields["type"].annotation)) == set(cards)
        assert set(spec.registry.entries["trigger"]) == set(events), game


@pytest.mark.parametrize("game, card_type, trigger", CASES)
def test_a_trigger_check_accepts_triggers_where_its_card_is(game, card_type, trigger,
                                                            fired):
    cards, events, setup_of, place, helpers = GAMES[game]
    spec = load_game(game)
    fields = {"type": card_type, **cards[card_type]}
    if game == "spellfire":
        fields["number"] = 1
    node = NODES[game].get(trigger, trigger)
    effect = EFFECTS[game].get(trigger, {"draw": 1})
    base = fields.get("abilities", [])
    if trigger in (a["trigger"] for a in base):
        base = []
    fields["abilities"] = [*base, {"trigger": node, "effect": effect}]
    probe, refused = compile_probe(game, fields)
    if probe is None:  # `check` refuses it at its place: for this trigger, by name
        assert trigger in refused, refused
        return
    why = why_inert(spec.registry.places, probe.type, bool(probe.token),
                    probe.program.abilities[-1].trigger)
    extra = {TEST_ID: probe}
    for cid, f in helpers.items():
        extra[cid] = compiled(game, cid, f)
    source = Source(game, extra)
    setup = spec.scenario.Setup.model_validate(setup_of(card_type))
    g = spec.scenario.build(setup, source)
    at = At(g, None, g.players[0], g.players[1], source.get)
    place(at, card_type)
    at.card = probe_of(g)
    result = events[trigger](at)
    ability = probe.program.abilities[-1]
    works = bool(result) if isinstance(result, bool) else \
        any(ab is ability for ab, *_ in fired)
    if why is None:
        assert works, f"{game}: a {card_type}'s '{trigger}' checks clean but never triggers"
    else:
        assert not works, f"{game}: a {card_type}'s '{trigger}' triggers, but check " \
                          f"refuses it: {why}"
    # 'it' is accepted on a trigger (compiler.names_it) only if its event is about a card
    for ab, _card, event in fired:
        if ab is ability and names_it(ab.trigger):
            assert event is not None and event.card is not None, \
                f"{game}: '{trigger}' lets 'it' name its event's card, and its event has none"


# -- keywords -------------------------------------------------------------------------------
# A keyword that adds abilities works where its abilities do (the triggers above, CS112 per
# keyword); one the rules read from its card says on which card types and where
# (``KeywordBase.types``, ``place``), and here is how each rule reads it: on an accepted card
# the rule must see it, on a refused one it must not.

def _in_hand(at: At) -> Any:
    """The probe in its owner's hand (where a card is played from), if a card of its type
    is ever in a hand (Riftbound: a main deck's card, card.MAIN_TYPES); else None."""
    from cardscript.games.riftbound.card import MAIN_TYPES
    card = at.card
    if at.g.game_name == "riftbound" and card.proto.type not in MAIN_TYPES:
        return None
    if card.zone is not at.A.hand:
        card = at.g.move(card, at.A.hand, publish=False)
    return card


def _champion_of(at: At) -> Any:
    """The champion whose powers the probe is among: itself, or what it is attached to."""
    card = at.card
    return card.host if card.proto.type in ("artifact", "magic_item") else card


def _sf_movement(kw: str) -> Callable:
    def reads(at: At) -> bool:
        champ = _champion_of(at)
        return champ is not None and champ.proto.type in ("champion", "ally") and \
            kw in at.g.combat.movement(champ)
    return reads


def _sf_can_use(at: At) -> bool:
    champ, spell = _champion_of(at), at.get("probe-wizard-spell")
    return champ is not None and champ.proto.type == "champion" and champ.can_use(spell)


def _sf_immune(at: At) -> bool:
    from cardscript.games.spellfire.keywords import immune_to
    champ = _champion_of(at)
    if champ is None or champ.proto.type not in ("champion", "ally"):
        return False
    source = at.g.new_card(at.get("probe-event"), at.B, at.B.hand)
    return immune_to(champ, source, at.B)


def _sf_defeats(at: At) -> bool:
    """The probe's champion defeats a hero outright as the battle's powers activate
    (combat.defeating: a champion's own power, not its attachments'; only champions
    fight)."""
    src = _champion_of(at)
    if src is None or src.proto.type != "champion":
        return False
    hero = at.g.new_card(at.get("probe-champion"), at.B, at.B.pool)
    realm = at.g.new_card(at.get("probe-realm"), at.B, at.B.hand)
    return at.g.combat.defeating(src, hero, realm)


def _sf_no_allies(at: At) -> bool:
    """The side fighting the probe's champion, or attacking the probe realm, may use no
    allies (combat.allies_against, read as the catch-up cards are offered)."""
    g, card = at.g, at.card
    hero = g.new_card(at.get("probe-champion"), at.B, at.B.pool)
    if card.proto.type == "realm":
        in_play = card.zone is not None and card.zone.in_play
        return in_play and not g.combat.allies_against(g, g.active, hero, card)
    other = _champion_of(at)
    if other is None or other.proto.type != "champion":
        return False
    realm = g.new_card(at.get("probe-realm"), at.B, at.B.hand)
    return not g.combat.allies_against(g, g.active, other, realm)


SF_KEYWORDS: dict[str, tuple[Any, Callable]] = {
    "extra_draw": (1, lambda at: at.g.table_power("extra_draw", at.A) > 0),
    "hand_size": ({"hand_size": 1}, lambda at: at.g.hand_size(at.A) > at.g.fmt.hand_limit),
    "can_use": ({"can_use": ["wizard_spells"]}, _sf_can_use),
    "flyer": ("flyer", _sf_movement("flyer")),
    "swimmer": ("swimmer", _sf_movement("swimmer")),
    "earthwalker": ("earthwalker", _sf_movement("earthwalker")),
    "immune": ({"immune": ["events"]}, _sf_immune),
    "cant_be_attacked_by": ({"cant_be_attacked_by": {"champion_types": ["hero"]}},
                            lambda at: _sf_barred(at)),
    "defeats": ({"defeats": {"champion_types": ["hero"]}}, _sf_defeats),
    "no_allies_against": ("no_allies_against", _sf_no_allies),
    "usable_by": ({"usable_by": {"champion_types": ["wizard"]}}, lambda at: _sf_usable_by(at)),
}


def _sf_usable_by(at: At) -> bool:
    """A's hero may not use the probe, usable only by wizards (keywords.usable, read as the
    phase-3 attachments and the catch-up cards are offered)."""
    from cardscript.games.spellfire.keywords import usable
    hero = at.g.new_card(at.get("probe-champion"), at.A, at.A.pool)
    return at.card.proto.type in ("magic_item", "artifact", "ally") and \
        not usable(at.card, hero)


def _sf_barred(at: At) -> bool:
    """The probe restricts the attackers of its realm (combat.allowed): A's hero can't
    attack it, though it is exposed."""
    realm = at.card
    if realm.proto.type != "realm" or realm.zone is None or not realm.zone.in_play:
        return False
    hero = at.g.new_card(at.get("probe-champion"), at.B, at.B.pool)
    return not at.g.combat.allowed(hero, realm, True)
SF_KEYWORDS["extra_draw"] = ({"extra_draw": 1}, SF_KEYWORDS["extra_draw"][1])
SF_KEYWORD_HELPERS = {
    **SF_HELPERS,
    "probe-wizard-spell": {"type": "spell", "school": "wizard", "phases": [3], "number": 4,
                           "abilities": [{"trigger": "on_play", "effect": {"draw": 1}}]},
    "probe-event": {"type": "event", "number": 5,
                    "abilities": [{"trigger": "on_play", "target": {"champion": {}},
                                   "effect": {"level": -1}}]},
}


def _rift_playable(timing: str) -> Callable:
    def reads(at: At) -> bool:
        card = _in_hand(at)  # play.py: timing keywords
        return card is not None and at.g.may_play(at.A, card, timing)
    return reads


def _rift_hidden(at: At) -> bool:
    card = _in_hand(at)
    if card is None:
        return False
    at.g.battlefields[0].controller = at.A
    at.A.add_power("fury", 1)
    return any(o[1] is card for o in at.g.hide_options(at.A))


def _rift_accelerate(at: At) -> bool:
    card = _in_hand(at)
    if card is None:
        return False
    at.A.energy = 9
    at.A.add_power("fury", 9)
    return ("play", card, "accelerated") in at.g.play_options(at.A, "open")


def _rift_might(designation: str) -> Callable:
    def reads(at: At) -> bool:
        card = at.card
        if card.proto.type != "unit":
            return False
        before = card.might()
        card.designation = designation
        return card.might() > before
    return reads


def _ask(g: Any, step: Callable, *args: Any) -> list:
    """The options of the decision ``step`` asks, the game's earlier one set aside (one
    legal option is taken without asking: then it is the answer scheduled)."""
    g.decision, g.todo = None, []
    step(g, *args)
    if g.decision is not None:
        return list(g.decision.options)
    return [g.todo[-1][1][-1]] if g.todo else []


def _rift_assigned(at: At) -> list | None:
    """The units B must assign combat damage to next, among the probe and a unit beside it
    (fight.py: Tank first, Backline last); None if the probe is no unit (only units fight)."""
    if at.card.proto.type != "unit":
        return None
    g, bf = at.g, at.g.battlefields[0]
    other = g.new_card(at.get("pyre-brawler"), at.A, bf.units[at.A.index])  # no keyword
    return _ask(g, g.fights.assign, at.B, [at.card, other], 9)


def _rift_ganking(at: At) -> bool:
    card = at.card
    return any(o[1] is card and o[3] is at.g.battlefields[1]
               for o in at.g.move_options(at.A) if len(o) == 4)


def _rift_temporary(at: At) -> bool:
    g, card = at.g, at.card
    g.active = at.A
    g.beginning()  # rules.py: Temporary units die at the start of the Beginning phase
    return card.zone is None


def _rift_deflect(at: At) -> bool:
    """cost.deflect: what an opponent's spell that chooses it costs more; spells choose
    units and gear (permanents)."""
    from cardscript.games.riftbound import cost
    return at.card.proto.type in ("unit", "gear") and cost.deflect(at.B, at.card) > 0


def _rift_cost(which: int, of: str) -> Callable:
    def reads(at: At) -> bool:
        from cardscript.games.riftbound import cost
        player = at.A if of == "A" else at.B
        return bool(cost.cost_mods(at.g, player)[which])  # (more, less)
    return reads


def _rift_ambush(at: At) -> bool:
    """play.py: with a unit of A's at a battlefield, the card may be played while a chain
    exists (Ambush's Reaction)."""
    card = _in_hand(at)
    if card is None:
        return False
    bf = at.g.battlefields[0]
    at.g.new_card(at.get("pyre-brawler"), at.A, bf.units[at.A.index])
    return at.g.may_play(at.A, card, "closed")


def _rift_repeat(at: At) -> bool:
    """play.py: as a spell is finalized, its player is asked how many times to pay Repeat."""
    from cardscript.resolve import Trigger
    card = _in_hand(at)
    if card is None or card.proto.type != "spell":
        return False
    g = at.g
    at.A.energy = 9
    g.decision, g.todo = None, []
    g.play_finalize(at.A, card, False, "base", Trigger(g.spell_ability(card), card, at.A))
    return g.decision is not None and g.decision.kind == "repeat"


def _rift_additional(at: At) -> bool:
    """play.py: with nothing else in hand its discard can't be paid; with a card, it can."""
    card = _in_hand(at)
    if card is None:
        return False
    at.A.energy = 9
    at.A.hand.cards[:] = [card]
    before = at.g.playable(at.A, card, "open")
    at.g.new_card(at.get("pyre-brawler"), at.A, at.A.hand)
    return not before and at.g.playable(at.A, card, "open")


RIFT_KEYWORDS: dict[str, tuple[Any, Callable]] = {
    "additional_cost": ({"additional_cost": {"discard": 1}}, _rift_additional),
    "ambush": ("ambush", _rift_ambush),
    "equip": ({"equip": 1}, None),
    "quick_draw": ("quick_draw", None),
    "weaponmaster": ("weaponmaster", None),
    "repeat": ({"repeat": 1}, _rift_repeat),
    "hunt": ({"hunt": 2}, None),
    "action": ("action", _rift_playable("showdown")),
    "reaction": ("reaction", _rift_playable("closed")),
    "accelerate": ("accelerate", _rift_accelerate),
    "assault": ({"assault": 2}, _rift_might("attacker")),
    "shield": ({"shield": 2}, _rift_might("defender")),
    "deflect": ({"deflect": 1}, _rift_deflect),
    "cost_less": ({"cost_less": {"amount": 1, "cards": "unit"}}, _rift_cost(1, "A")),
    "cost_more": ({"cost_more": {"amount": 1, "cards": "unit"}}, _rift_cost(0, "B")),
    "hidden": ("hidden", _rift_hidden),
    "tank": ("tank", lambda at: _rift_assigned(at) == [at.card]),
    "backline": ("backline", lambda at: (_rift_assigned(at) or [at.card]) == [
        c for c in at.g.battlefields[0].units[at.A.index].cards if c is not at.card]),
    "ganking": ("ganking", _rift_ganking),
    "temporary": ("temporary", _rift_temporary),
    "vision": ("vision", None),
    "legion": ({"legion": {"draw": 1}}, None),
}


def _w_guardian(at: At) -> bool:
    """actions.py: as B wins a battle here, A's stone is not among those B may seize."""
    g, realm = at.g, at.g.realms[0]
    if not _in_world(at.card) or at.card.zone is not realm.sides[at.A.index]:
        return False
    realm.stones = [at.A.index, None]
    options = _ask(g, g.turns.seize, at.B, at.A, realm)
    return all(getattr(o, "stone", None) is not at.A.index for o in options)


def _w_attuned(at: At) -> bool:
    card = _in_hand(at)
    at.A.actions, at.A.energy = 0, 9
    return any(o.kind == "play" and o.card is card
               for o in at.g.turns.turn_options(at.g, at.A))


WONDERS_KEYWORDS: dict[str, tuple[Any, Callable | None]] = {
    "flying": ("flying", None),
    "deathstrike": ("deathstrike", None),
    "seek": ({"seek": {"card": {"wonder": {}}}}, None),
    "rally": ("rally", None),
    "guardian": ("guardian", _w_guardian),
    "attuned": ("attuned", _w_attuned),
    "link": ({"link": "petraia"}, lambda at: "petraia" in at.g.links(at.A)),
    "cant_be_controlled": ("cant_be_controlled",
                           lambda at: _in_world(at.card) and
                           not at.g.control.can_control(at.g, at.B, at.card)),
    "symbiosis": ("symbiosis", lambda at: _in_world(at.card) and at.g.symbiosis.withholds(
        at.g, Event("arrived", at.card, at.A, at.g.realms[0], "hand"))),
}

KEYWORDS = {"wonders": (WONDERS_KEYWORDS, {}), "riftbound": (RIFT_KEYWORDS, {}),
            "spellfire": (SF_KEYWORDS, SF_KEYWORD_HELPERS)}
KEYWORD_CASES = [(g, t, kw) for g in KEYWORDS
                 for t in get_args(load_game(g).card_model.model_fields["type"].annotation)
                 for kw in load_game(g).registry.entries["keyword"]]


def test_every_keyword_has_a_case():
    for game, (cases, _helpers) in KEYWORDS.items():
        assert set(load_game(game).registry.entries["keyword"]) == set(cases), game


@pytest.mark.parametrize("game, card_type, keyword", KEYWORD_CASES)
def test_a_keyword_check_accepts_is_read_where_its_card_is(game, card_type, keyword):
    from cardscript.places import keyword_inert
    cards, _events, setup_of, place, _h = GAMES[game]
    node, reads = KEYWORDS[game][0][keyword]
    fields = {"type": card_type, **cards[card_type], "keywords": [node]}
    if game == "spellfire":
        fields["number"] = 1
    probe, refused = compile_probe(game, fields)
    if probe is None:
        assert keyword in refused, refused
        return
    spec = load_game(game)
    places = spec.registry.places
    impl = probe.keywords[keyword]
    mine = [ab for ab in probe.program.abilities if ab.keyword == keyword]
    why = keyword_inert(places, probe.type, impl) or next(
        (w for ab in mine if (w := why_inert(places, probe.type, bool(probe.token),
                                              ab.trigger))), None)
    if reads is None:  # it adds abilities: they work where their triggers do (above)
        assert mine, f"{keyword} adds no ability, so a rule must read it: say which here"
        return
    extra = {TEST_ID: probe, **{cid: compiled(game, cid, f)
                                for cid, f in {**GAMES[game][4], **KEYWORDS[game][1]}.items()}}
    source = Source(game, extra)
    setup = setup_of(card_type)
    if game == "riftbound":
        setup["battlefields"].append({"card": "stormwatch-peak"})
    g = spec.scenario.build(spec.scenario.Setup.model_validate(setup), source)
    at = At(g, None, g.players[0], g.players[1], source.get)
    place(at, card_type)
    at.card = probe_of(g)
    works = bool(reads(at))
    if why is None:
        assert works, f"{game}: a {card_type}'s '{keyword}' checks clean but no rule reads it"
    else:
        assert not works, f"{game}: a {card_type}'s '{keyword}' is read, but check refuses " \
                          f"it: {why}"


#: an effect on a card, by game, to write ``it`` in
ON_IT = {"wonders": "destroy", "riftbound": "kill", "spellfire": "discard"}


@pytest.mark.parametrize("game, card_type, trigger", CASES)
def test_it_is_accepted_only_where_the_trigger_names_a_card(game, card_type, trigger):
    """``it`` names the card of the trigger's event: a trigger whose event is about no card
    (a turn starts, an ability is activated, a spell resolves) refuses it at check."""
    cards = GAMES[game][0]
    fields = {"type": card_type, **cards[card_type]}
    if game == "spellfire":
        fields["number"] = 1
    node = NODES[game].get(trigger, trigger)
    base = [a for a in fields.get("abilities", []) if a["trigger"] != trigger]
    if trigger == "static":
        return  # a static ability's effect is continuous: 'it' is refused there as well
    fields["abilities"] = [*base, {"trigger": node, "effect": {ON_IT[game]: "it"}}]
    plain = dict(fields, abilities=[*base, {"trigger": node, "effect": {ON_IT[game]: "this"}}])
    if compile_probe(game, plain)[0] is None:
        return  # refused for its trigger or type already
    probe, refused = compile_probe(game, fields)
    trig = compile_probe(game, plain)[0].program.abilities[-1].trigger
    if names_it(trig):
        assert probe is not None, refused
    else:
        assert probe is None and "'it' names the card of the event" in refused, refused
