"""Scenarios for Riftbound: build a game from a described state; check expectations.

The file format is shared by every game (docs/scenarios.md); this module knows what a
Riftbound state is. ``start: game`` plays from step 1 of the start sequence with the decks
the setup gives; ``start: turn`` begins the active player's turn at its Awaken phase;
``start: main`` starts in the active player's Main phase, after its rune pools emptied."""
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
from ...zones import Unseen, Zone
from .card import Domain
from .rules import DECISION_KINDS, VARIANTS, RiftboundGame
from .state import RiftCard, RiftPlayer

NAMES: tuple[Literal["A", "B"], ...] = ("A", "B")
Name = Literal["A", "B"]
DecisionKind = Literal[DECISION_KINDS]  # type: ignore[valid-type]
if TYPE_CHECKING:  # a Literal of the game's variant names, made at run time (as Wonders')
    Variant = str
else:
    Variant = Literal[tuple(VARIANTS)]


class UnitState(Model):
    card: str
    exhausted: bool = False
    damage: int = Field(0, ge=0)
    buffed: bool = False
    stunned: bool = False


UnitSpec = Union[str, UnitState]


class PlayerState(Model):
    points: int = Field(0, ge=0)
    xp: int = Field(0, ge=0, description="Experience (Hunt, Level).")
    energy: int = Field(0, ge=0)
    power: dict[Domain, int] = Field(default_factory=dict)
    channels: Optional[int] = Field(None, ge=0, description="Channel phases had (default: "
                                    "1 unless the game starts from step 1).")
    legend: Optional[str] = None
    champion: Optional[str] = None
    battlefields: list[str] = Field(default_factory=list, description="With start: game, "
                                    "the three set aside (seed 3).")
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list, description="Main deck, top card first.")
    rune_deck: list[str] = Field(default_factory=list, description="Top rune first.")
    runes: list[UnitSpec] = Field(default_factory=list, description="Runes in play.")
    base: list[UnitSpec] = Field(default_factory=list)
    trash: list[str] = Field(default_factory=list)
    scored: list[int] = Field(default_factory=list, description="Battlefields (numbers) "
                              "already scored this turn.")


class BattlefieldState(Model):
    card: str
    controller: Optional[Name] = None
    contested_by: Optional[Name] = None
    A: list[UnitSpec] = Field(default_factory=list)
    B: list[UnitSpec] = Field(default_factory=list)


class Setup(Model):
    start: Literal["game", "turn", "main"] = "main"
    seed: int = 0
    variants: list[Variant] = Field(default_factory=list)
    first_player: Name = "A"
    active: Name = "A"
    turn: int = Field(1, ge=1)
    players: dict[Name, PlayerState] = Field(default_factory=dict)
    battlefields: list[BattlefieldState] = Field(default_factory=list, max_length=4)


class PlayerExpect(scenario_checks.PlayerExpect):
    points: Optional[int] = None
    xp: Optional[int] = None
    energy: Optional[int] = None
    rune_deck_count: Optional[int] = None
    rune_deck: Optional[list[str]] = Field(None, description="The rune deck, top first.")
    runes: Optional[int] = Field(None, description="Runes in play.")
    ready_runes: Optional[int] = None
    base: Optional[list[str]] = None
    trash: Optional[list[str]] = None
    banishment: Optional[list[str]] = None
    champion: Optional[list[str]] = None
    legend: Optional[list[str]] = None


class BattlefieldExpect(Model):
    card: Optional[str] = None
    facedown: Optional[list[str]] = Field(None, description="The card hidden there (Hidden).")
    controller: Optional[Literal["A", "B", "none"]] = None
    contested: Optional[bool] = None
    A: Optional[list[str]] = None
    B: Optional[list[str]] = None


class CardExpect(Model):
    damage: Optional[int] = None
    might: Optional[int] = None
    exhausted: Optional[bool] = None
    buffed: Optional[bool] = None
    stunned: Optional[bool] = None
    zone: Optional[str] = None
    controller: Optional[Name] = None


class DecisionExpect(scenario_checks.DecisionExpect):
    player: Optional[Name] = None
    behalf: Optional[Name] = None
    kind: Optional[DecisionKind] = None


class Expect(scenario_checks.Expect):
    turn: Optional[int] = None
    active: Optional[Name] = None
    first_player: Optional[Name] = None
    phase: Optional[str] = None
    showdown: Optional[str] = Field(None, description="The battlefield of the running "
                                    "showdown, or 'none'.")
    winner: Optional[Literal["A", "B", "draw"]] = None
    decision: Optional[Union[DecisionExpect, Literal["none"]]] = None
    players: dict[Name, PlayerExpect] = Field(default_factory=dict)
    battlefields: dict[int, BattlefieldExpect] = Field(default_factory=dict)
    cards: dict[str, CardExpect] = Field(default_factory=dict)


def card_ids(setup: Setup, expects: list) -> list[tuple[tuple, str]]:
    out: list[tuple[tuple, str]] = []
    for name, p in setup.players.items():
        for key in ("legend", "champion"):
            if getattr(p, key):
                out.append((("setup", "players", name, key), getattr(p, key)))
        for zone in ("battlefields", "hand", "deck", "rune_deck", "runes", "base", "trash"):
            for i, spec in enumerate(getattr(p, zone)):
                out.append((("setup", "players", name, zone, i),
                            spec if isinstance(spec, str) else spec.card))
    for i, bf in enumerate(setup.battlefields):
        out.append((("setup", "battlefields", i, "card"), bf.card))
        for side in NAMES:
            for j, spec in enumerate(getattr(bf, side)):
                out.append((("setup", "battlefields", i, side, j),
                            spec if isinstance(spec, str) else spec.card))
    for base, e in expects:
        for name, pe in e.players.items():
            for zone in ("hand", "deck_top", "deck_bottom", "base", "trash"):
                for i, cid in enumerate(getattr(pe, zone) or []):
                    out.append((base + ("players", name, zone, i), cid))
        out.extend((base + ("cards", cid), cid.split("#")[0]) for cid in e.cards)
    return out


def setup_problems(setup: Setup) -> list[tuple[tuple, str, str]]:
    """CS501: a key the start mode does not use."""
    out: list[tuple[tuple, str, str]] = []
    if setup.start == "game":
        for key in ("battlefields", "turn", "active", "first_player"):
            if key in setup.model_fields_set:
                out.append((("setup", key), "CS501", f"`{key}` is not used with `start: "
                            "game`: the start sequence decides it (seed 4, 9)"))
    elif any(p.battlefields for p in setup.players.values()):
        out.append((("setup", "players"), "CS501", "`battlefields` (set aside) are used only "
                    "with `start: game`; give the battlefields in play as `battlefields`"))
    return out


def build(setup: Setup, pool: CardSource) -> RiftboundGame:
    problems = setup_problems(setup)
    if problems:
        raise ValueError(problems[0][2])
    get = pool.get
    g = RiftboundGame([[], []], setup.seed, tokens=pool.tokens, variants=setup.variants)
    pa: dict[str, Any] = {"A": g.players[0], "B": g.players[1]}

    def put(spec: str | UnitState, owner: RiftPlayer, zone: Zone) -> RiftCard:
        st = UnitState(card=spec) if isinstance(spec, str) else spec
        c: Any = g.new_card(get(st.card), owner, zone)
        c.exhausted, c.damage, c.buffed, c.stunned = st.exhausted, st.damage, st.buffed, \
            st.stunned
        return c

    for name in NAMES:
        p = pa[name]
        ps = setup.players.get(name, PlayerState())
        p.points, p.energy, p.xp = ps.points, ps.energy, ps.xp
        for d, n in ps.power.items():
            p.add_power(d, n)
        p.channels = ps.channels if ps.channels is not None else \
            (0 if setup.start == "game" else 1)
        if ps.legend:
            g.new_card(get(ps.legend), p, p.legend)
        if ps.champion:
            g.new_card(get(ps.champion), p, p.champion)
        for cid in ps.battlefields:
            g.new_card(get(cid), p, p.aside)
        g.fill(p.deck, [get(c) for c in reversed(ps.deck)])
        g.fill(p.rune_deck, [get(c) for c in reversed(ps.rune_deck)])
        for zone in ("hand", "trash"):
            for cid in getattr(ps, zone):
                g.new_card(get(cid), p, p.zone(zone))
        for spec in ps.runes:
            put(spec, p, p.runes)
        for spec in ps.base:
            put(spec, p, p.base)
        p.scored = tuple(n - 1 for n in ps.scored)
    for bs in setup.battlefields:
        site: Any = g.new_card(get(bs.card), g.players[0], g.players[0].aside)
        bf = g.add_battlefield(site)
        bf.controller = pa[bs.controller] if bs.controller else None
        bf.contested_by = pa[bs.contested_by] if bs.contested_by else None
        for name in NAMES:
            for spec in getattr(bs, name):
                put(spec, pa[name], bf.units[pa[name].index])
    if setup.start != "game":
        g.first = pa[setup.first_player]
        g.active = pa[setup.active]
        g.turn = setup.turn - (setup.start == "turn")
        g.start_at = setup.start
        g.log.clear()
        if setup.start == "main":
            g.phase = "main"
    g.continuous.changed(g)  # the static abilities of the cards set out apply at once
    return g


def find_card(g: RiftboundGame, name: str) -> tuple[RiftCard | None, str]:
    """The card object a scenario names: ``id`` (the only one of that id), or ``id#n``
    (the n-th, counting from 1, in the order of the board, then hands and trash)."""
    cid = name.partition("#")[0]
    found: list[Any] = []
    for p in g.players:
        for zone in (p.base, p.runes, p.legend, p.hand, p.trash, p.champion):
            found.extend(c for c in zone.cards if type(c) is not Unseen and c.proto.id == cid)
    for bf in g.battlefields:
        for z in (*bf.units, bf.facedown):
            found.extend(c for c in z.cards if c.proto.id == cid)
    found.extend(c for c in g.chain_zone.cards if c.proto.id == cid)
    return pick(found, name)


def check(g: RiftboundGame, e: Expect) -> list[tuple[tuple, str]]:
    bad: list[tuple[tuple, str]] = []
    names = {p.name: p for p in g.players}

    cmp = comparer(bad)

    cmp(("turn",), e.turn, g.turn)
    cmp(("active",), e.active, g.active.name)
    cmp(("first_player",), e.first_player, g.first.name if g.first else None)
    cmp(("phase",), e.phase, g.phase)
    cmp(("showdown",), e.showdown, g.fights.showdown.name if g.fights.showdown else "none")
    check_expect(g, e, cmp, bad)
    for name, pe in e.players.items():
        p = names[name]
        b: tuple = ("players", name)
        cmp(b + ("points",), pe.points, p.points)
        cmp(b + ("xp",), pe.xp, p.xp)
        cmp(b + ("energy",), pe.energy, p.energy)
        check_hand_and_deck(p, pe, b, cmp)
        cmp(b + ("rune_deck_count",), pe.rune_deck_count, len(p.rune_deck.cards))
        cmp(b + ("rune_deck",), pe.rune_deck, [c.proto.id for c in reversed(p.rune_deck.cards)]
            if pe.rune_deck is not None else None)
        cmp(b + ("runes",), pe.runes, len(p.runes.cards))
        cmp(b + ("ready_runes",), pe.ready_runes,
            sum(not r.exhausted for r in p.runes.cards))
        for zone in ("base", "trash", "banishment", "champion", "legend"):
            want = getattr(pe, zone)
            cmp(b + (zone,), sorted(want) if want is not None else None,
                ids(p.zone(zone).cards))
    for num, be in e.battlefields.items():
        b = ("battlefields", num)
        if not 1 <= num <= len(g.battlefields):
            bad.append((b, f"no battlefield {num}: {len(g.battlefields)} in play"))
            continue
        bf = g.battlefields[num - 1]
        cmp(b + ("card",), be.card, bf.site.cards[0].proto.id if bf.site.cards else None)
        cmp(b + ("controller",), be.controller,
            bf.controller.name if bf.controller else "none")
        cmp(b + ("contested",), be.contested, bf.contested_by is not None)
        cmp(b + ("facedown",), be.facedown, ids(bf.facedown.cards) if be.facedown is not None
            else None)
        for side in NAMES:
            want = getattr(be, side)
            cmp(b + (side,), sorted(want) if want is not None else None,
                ids(bf.units[names[side].index].cards))
    for cname, ce in e.cards.items():
        b = ("cards", cname)
        c, why = find_card(g, cname)
        if c is None:
            bad.append((b, why))
            continue
        cmp(b + ("damage",), ce.damage, c.damage)
        cmp(b + ("might",), ce.might, c.might() if c.proto.is_unit else None)
        cmp(b + ("exhausted",), ce.exhausted, c.exhausted)
        cmp(b + ("buffed",), ce.buffed, c.buffed)
        cmp(b + ("stunned",), ce.stunned, c.stunned)
        cmp(b + ("zone",), ce.zone, c.zone.label() if c.zone is not None else "gone")
        cmp(b + ("controller",), ce.controller, c.controller.name)
    check_log(log_lines(g), e.log, e.log_excludes, bad)
    return bad
