"""Scenarios for Spellfire: build a game from a described state; check expectations.

The file format is shared by every game (docs/scenarios.md); this module knows what a
Spellfire state is. ``start: game`` plays from the first-player draw with the decks the setup
gives; ``start: turn`` begins the active player's turn at phase 0; ``start: phaseN`` starts
the active player's turn at phase N."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional, Union

from pydantic import Field

from ... import scenario_checks
from ...scenario_checks import (
    CardSource,
    Model,
    check_expect,
    check_hand_and_deck,
    check_log,
    comparer,
    game_over_reason,  # noqa: F401 (the runner's)
    ids,
    known_card,  # noqa: F401 (the runner's)
    log_lines,
    pick,
)
from ...zones import Unseen
from . import formation
from .rules import DECISION_KINDS, VARIANTS, SpellfireGame
from .state import SpellfireCard

NAMES: tuple[Literal["A", "B", "C", "D"], ...] = ("A", "B", "C", "D")
Name = Literal["A", "B", "C", "D"]
Letter = Literal["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]
DecisionKind = Literal[DECISION_KINDS]  # type: ignore[valid-type]
if TYPE_CHECKING:
    Variant = str
else:
    Variant = Literal[tuple(VARIANTS)]


class RealmState(Model):
    card: str
    razed: bool = False
    holding: Optional[str] = None


class ChampionState(Model):
    card: str
    attached: list[str] = Field(default_factory=list, description="Artifacts and magical "
                                "items attached to it.")
    owner: Optional[Name] = Field(None, description="Whose champion it is, held in this "
                                  "player's dungeon (`held`; default: this player's).")


RealmSpec = Union[str, RealmState]
ChampionSpec = Union[str, ChampionState]


class PlayerState(Model):
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list, description="Draw pile, top card first.")
    formation: dict[Letter, RealmSpec] = Field(default_factory=dict)
    pool: list[ChampionSpec] = Field(default_factory=list)
    dungeon: Optional[str] = Field(None, description="A dungeon, under realm A.")
    discard: list[str] = Field(default_factory=list)
    limbo: list[str] = Field(default_factory=list)
    abyss: list[str] = Field(default_factory=list)
    held: list[ChampionSpec] = Field(default_factory=list, description="Champions held in "
                                     "this player's dungeon (not in play), with their "
                                     "attachments; give `owner` for another player's.")
    turns: Optional[int] = Field(None, ge=0, description="Turns had (default: 1 unless the "
                                 "game starts from the first-player draw).")
    played_realm: Optional[bool] = Field(None, description="Has played a realm this game "
                                         "(default: it has a realm in its formation).")
    mulligan_used: bool = False
    dropped_realm: bool = False


class Setup(Model):
    start: Literal["game", "turn", "phase0", "phase1", "phase2", "phase3", "phase4",
                   "phase5"] = "phase3"
    seed: int = 0
    variants: list[Variant] = Field(default_factory=list)
    players: dict[Name, PlayerState] = Field(default_factory=dict)
    player_count: int = Field(2, ge=2, le=4)
    first_player: Name = "A"
    active: Name = "A"
    turn: int = Field(2, ge=1)
    rule: Optional[str] = Field(None, description="The rule card in play.")


class PlayerExpect(scenario_checks.PlayerExpect):
    formation: Optional[dict[Letter, str]] = Field(None, description="Realm ids by slot; "
                                                   "'-' for an empty slot.")
    razed: Optional[list[str]] = None
    unrazed: Optional[int] = None
    holdings: Optional[list[str]] = None
    pool: Optional[list[str]] = Field(None, description="Champions in the pool.")
    attached: Optional[dict[str, list[str]]] = Field(None, description="What is attached "
                                                     "to each champion of the pool, or held "
                                                     "in the dungeon.")
    dungeon: Optional[list[str]] = None
    discard: Optional[list[str]] = None
    limbo: Optional[list[str]] = None
    abyss: Optional[list[str]] = None
    void: Optional[list[str]] = None
    held: Optional[list[str]] = Field(None, description="Champions held in this player's "
                                      "dungeon.")
    turns: Optional[int] = None


class CardExpect(Model):
    zone: Optional[str] = None
    razed: Optional[bool] = None
    level: Optional[int] = None


class DecisionExpect(scenario_checks.DecisionExpect):
    player: Optional[Name] = None
    behalf: Optional[Name] = None
    kind: Optional[DecisionKind] = None


class Expect(scenario_checks.Expect):
    turn: Optional[int] = None
    active: Optional[Name] = None
    first_player: Optional[Name] = None
    phase: Optional[int] = None
    winner: Optional[Literal["A", "B", "C", "D", "draw"]] = None
    decision: Optional[Union[DecisionExpect, Literal["none"]]] = None
    players: dict[Name, PlayerExpect] = Field(default_factory=dict)
    cards: dict[str, CardExpect] = Field(default_factory=dict)
    rule: Optional[list[str]] = None
    attackable: dict[Name, list[str]] = Field(default_factory=dict, description="By "
                                              "player: the realms of their formation the "
                                              "active player may attack (rules notes 6).")
    restarts: Optional[int] = None


def card_ids(setup: Setup, expects: list) -> list[tuple[tuple, str]]:
    out: list[tuple[tuple, str]] = []
    if setup.rule:
        out.append((("setup", "rule"), setup.rule))
    for name, p in setup.players.items():
        b = ("setup", "players", name)
        for zone in ("hand", "deck", "discard", "limbo", "abyss"):
            for i, cid in enumerate(getattr(p, zone)):
                out.append((b + (zone, i), cid))
        for letter, spec in p.formation.items():
            if isinstance(spec, str):
                out.append((b + ("formation", letter), spec))
            else:
                out.append((b + ("formation", letter, "card"), spec.card))
                if spec.holding:
                    out.append((b + ("formation", letter, "holding"), spec.holding))
        for where in ("pool", "held"):
            for i, cspec in enumerate(getattr(p, where)):
                if isinstance(cspec, str):
                    out.append((b + (where, i), cspec))
                else:
                    out.append((b + (where, i, "card"), cspec.card))
                    out.extend((b + (where, i, "attached", j), a)
                               for j, a in enumerate(cspec.attached))
        if p.dungeon:
            out.append((b + ("dungeon",), p.dungeon))
    for base, e in expects:
        for name, pe in e.players.items():
            for zone in ("hand", "discard", "pool", "limbo", "abyss", "void", "razed",
                         "holdings", "dungeon", "held"):
                for i, cid in enumerate(getattr(pe, zone) or []):
                    out.append((base + ("players", name, zone, i), cid))
        out.extend((base + ("cards", cid), cid.split("#")[0]) for cid in e.cards)
        for name, realms in e.attackable.items():
            out.extend((base + ("attackable", name, i), cid) for i, cid in enumerate(realms))
    return out


def setup_problems(setup: Setup) -> list[tuple[tuple, str, str]]:
    """CS501: a key the start mode does not use, or a player beyond the player count."""
    out: list[tuple[tuple, str, str]] = []
    if setup.start == "game":
        for key in ("turn", "active", "first_player"):
            if key in setup.model_fields_set:
                out.append((("setup", key), "CS501", f"`{key}` is not used with `start: "
                            "game`: the first-player draw decides it (seed)"))
    for name in setup.players:
        if NAMES.index(name) >= setup.player_count:
            out.append((("setup", "players", name), "CS501", f"player {name} is not in a "
                        f"{setup.player_count}-player game: give `player_count`"))
    for name in (setup.first_player, setup.active):
        if NAMES.index(name) >= setup.player_count:
            out.append((("setup",), "CS501", f"player {name} is not in a "
                        f"{setup.player_count}-player game"))
    return out


def build(setup: Setup, pool: CardSource) -> SpellfireGame:
    problems = setup_problems(setup)
    if problems:
        raise ValueError(problems[0][2])
    get = pool.get
    g = SpellfireGame([[] for _ in range(setup.player_count)], setup.seed,
                      variants=setup.variants)
    pa: dict[str, Any] = {p.name: p for p in g.players}
    for p in g.players:
        ps = setup.players.get(p.name, PlayerState())  # type: ignore[call-overload]
        g.fill(p.deck, [get(c) for c in reversed(ps.deck)])
        for zone in ("hand", "discard", "limbo", "abyss"):
            for cid in getattr(ps, zone):
                g.new_card(get(cid), p, p.zone(zone))
        for letter, spec in ps.formation.items():
            st = RealmState(card=spec) if isinstance(spec, str) else spec
            slot = next((s for s in p.slots if s.letter == letter), None)
            if slot is None:
                raise ValueError(f"no slot {letter} in this format's formation")
            realm: Any = g.new_card(get(st.card), p, slot.zone)
            realm.razed = st.razed
            if st.holding:
                h: Any = g.new_card(get(st.holding), p, slot.zone)
                h.host = realm
        for where in ("pool", "held"):
            for cspec in getattr(ps, where):
                st2 = ChampionState(card=cspec) if isinstance(cspec, str) else cspec
                owner = pa[st2.owner] if st2.owner is not None else p
                ch: Any = g.new_card(get(st2.card), owner, p.zone(where))
                for cid in st2.attached:
                    a: Any = g.new_card(get(cid), owner, p.zone(where))
                    a.host = ch
        if ps.dungeon:
            d: Any = g.new_card(get(ps.dungeon), p, p.dungeon)
            d.host = p.realm_in(p.slots[0])
        p.turns = ps.turns if ps.turns is not None else (0 if setup.start == "game" else 1)
        p.played_realm = ps.played_realm if ps.played_realm is not None else bool(p.realms())
        p.mulligan_used, p.dropped_realm = ps.mulligan_used, ps.dropped_realm
    if setup.rule:
        g.new_card(get(setup.rule), g.players[0], g.rule_zone)
    if setup.start != "game":
        g.first = pa[setup.first_player]
        g.active = pa[setup.active]
        g.turn = setup.turn - (setup.start == "turn")
        g.start_at = setup.start
        if setup.start != "turn":
            g.phase = int(setup.start[-1])
    g.log.clear()
    g.continuous.changed(g)  # the static abilities of the cards set out apply at once
    return g


def find_card(g: SpellfireGame, name: str) -> tuple[SpellfireCard | None, str]:
    """The card object a scenario names: ``id``, or ``id#n`` (the n-th, counting from 1)."""
    cid = name.partition("#")[0]
    found: list[Any] = []
    for p in g.players:
        for z in g.zones_of(p)[:-2]:
            found.extend(c for c in z.cards if type(c) is not Unseen and c.proto.id == cid)
    for z in (g.rule_zone, g.window_zone):
        found.extend(c for c in z.cards if c.proto.id == cid)
    return pick(found, name)


def check(g: SpellfireGame, e: Expect) -> list[tuple[tuple, str]]:
    bad: list[tuple[tuple, str]] = []
    names = {p.name: p for p in g.players}

    cmp = comparer(bad)

    cmp(("turn",), e.turn, g.turn)
    cmp(("active",), e.active, g.active.name)
    cmp(("first_player",), e.first_player, g.first.name if g.first else None)
    cmp(("phase",), e.phase, g.phase)
    cmp(("restarts",), e.restarts, g.restarts)
    check_expect(g, e, cmp, bad)
    if e.rule is not None:
        cmp(("rule",), sorted(e.rule), ids(g.rule_zone.cards))
    for name, realms in e.attackable.items():
        if name not in names:
            bad.append((("attackable", name), f"no player {name} in this game"))
            continue
        cmp(("attackable", name), sorted(realms),
            ids(formation.attackable(g.active, names[name])))
    for name, pe in e.players.items():
        if name not in names:
            bad.append((("players", name), f"no player {name} in this game"))
            continue
        p = names[name]
        b: tuple = ("players", name)
        check_hand_and_deck(p, pe, b, cmp)
        cmp(b + ("turns",), pe.turns, p.turns)
        if pe.formation is not None:
            found = {}
            for s in p.slots:
                if s.letter in pe.formation:
                    r = p.realm_in(s)
                    found[s.letter] = r.proto.id if r is not None else "-"
            cmp(b + ("formation",), dict(pe.formation), found)
        cmp(b + ("razed",), sorted(pe.razed) if pe.razed is not None else None,
            sorted(r.proto.id for r in p.realms() if r.razed))
        cmp(b + ("unrazed",), pe.unrazed, p.unrazed())
        cmp(b + ("holdings",), sorted(pe.holdings) if pe.holdings is not None else None,
            sorted(c.proto.id for s in p.slots for c in s.zone.cards
                   if c.proto.type == "holding"))
        cmp(b + ("pool",), sorted(pe.pool) if pe.pool is not None else None,
            ids(p.champions()))
        if pe.attached is not None:
            for champ, attached in pe.attached.items():
                c = next((x for x in (*p.champions(), *p.held.cards)
                          if x.proto.id == champ and x.host is None), None)
                cmp(b + ("attached", champ), sorted(attached),
                    ids(c.attachments()) if c is not None else None)
        for zone in ("dungeon", "held", "discard", "limbo", "abyss", "void"):
            want_ids = getattr(pe, zone)
            cmp(b + (zone,), sorted(want_ids) if want_ids is not None else None,
                ids(p.zone(zone).cards))
    for cname, ce in e.cards.items():
        b = ("cards", cname)
        c, why = find_card(g, cname)
        if c is None:
            bad.append((b, why))
            continue
        cmp(b + ("zone",), ce.zone, c.zone.label() if c.zone is not None else "gone")
        cmp(b + ("razed",), ce.razed, c.razed)
        cmp(b + ("level",), ce.level, c.level())
    check_log(log_lines(g), e.log, e.log_excludes, bad)
    return bad
