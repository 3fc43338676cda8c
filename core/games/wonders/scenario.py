"""Scenarios for Wonders: build a game from a described state; check expectations against it.

The file format is shared by every game (see :mod:`cardscript.tools.scenarios`); this module
knows what a Wonders state is: a round and step, the first player, each player's energy,
actions and zones, each realm's sides and stones. What a setup cannot mean — a key its start
mode ignores, a realm not open yet, a first player rule 403.2 contradicts — is found here
before anything runs (:func:`setup_problems`), so the tools report it at the key.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, Union

from pydantic import Field

from ... import scenario_checks
from ...compiler import Compiler
from ...scenario_checks import (
    CardSource,
    Model,
    check_expect,
    check_hand_and_deck,
    comparer,
    ids,
)
from .card import WondersCard
from .facedown import FACE_DOWN
from .primitives import ROUNDS
from .rules import DECISION_KINDS, VARIANTS, WondersGame
from .scenario_log import LogExpect, LogMatch, check_log
from .scenario_names import card_name, find_card, find_option  # noqa: F401 (the runner's)

if TYPE_CHECKING:
    from ...registry import Registry
    from ...state import CardDef
    from . import state
    from .state import WondersPlayer

FILLER = {"id": "filler", "name": "Filler", "type": "item", "orbital": "boundless",
          "tier": "secondary", "cost": 99,
          "text": "(A blank card scenarios fill decks with; it costs too much to play.)"}
DEFAULT_DECK = 20
#: the players' names, in seat order
NAMES: tuple[Literal["A", "B"], ...] = ("A", "B")


class CardState(Model):
    """A card in a realm with its state. Each state is one field, set by :data:`_SET`; a
    state the engine gains later (faith, equipment) is a field here, one in
    :class:`CardExpect` and an entry in :data:`_SET` and :data:`_GET`."""

    card: str
    tapped: bool = False
    counters: int = 0
    plus_counters: int = Field(0, ge=0)
    minus_counters: int = Field(0, ge=0)
    shields: int = Field(0, ge=0, description="Shield counters on it (rulebook, Shield).")
    nullified: bool = False
    token: bool = False
    face_down: bool = False
    owner: Optional[Literal["A", "B"]] = None


CardSpec = Union[str, CardState]
#: a realm by its number: bounded here, as the game indexes its realms by it (realm -6 must
#: not quietly be realm 1 through Python's negative indexing)
RealmNumber = Annotated[int, Field(ge=1, le=ROUNDS)]
#: names the game knows, so a misspelt one is an error at its position, with "did you mean"
if TYPE_CHECKING:  # a Literal of the game's variant names, made at run time
    Variant = str
else:
    Variant = Literal[tuple(VARIANTS)]
DecisionKind = Literal[DECISION_KINDS]  # type: ignore[valid-type]


class PlayerState(Model):
    energy: int = Field(0, ge=0)
    actions: int = Field(0, ge=0)
    faith: int = Field(0, ge=0)
    hand: list[str] = Field(default_factory=list)
    deck: Optional[list[str]] = Field(None, description="Top card first; default: 20 fillers.")
    abyss: list[str] = Field(default_factory=list)
    banishment: list[str] = Field(default_factory=list)


def _centre_stone() -> list[Literal["A", "B", "centre"]]:
    return ["centre"]


class RealmState(Model):
    A: list[CardSpec] = Field(default_factory=list)
    B: list[CardSpec] = Field(default_factory=list)
    centre: list[CardSpec] = Field(default_factory=list)
    stones: list[Literal["A", "B", "centre"]] = Field(default_factory=_centre_stone)


class Setup(Model):
    start: Literal["game", "beginning", "turns"] = Field(
        "turns", description="game: from rule 401; beginning: the round's 403.1 steps; "
        "turns: its first turn.")
    seed: int = 0
    round: int = Field(1, ge=1, le=7)
    first_player: Literal["A", "B"] = "A"
    round1_first: Optional[Literal["A", "B"]] = None
    last_seizer: Optional[Literal["A", "B"]] = None
    variants: list[Variant] = Field(default_factory=list)
    previous_loser: Optional[Literal["A", "B"]] = None
    players: dict[Literal["A", "B"], PlayerState] = Field(default_factory=dict)
    realms: dict[RealmNumber, RealmState] = Field(default_factory=dict)


class PlayerExpect(scenario_checks.PlayerExpect):
    energy: Optional[int] = None
    actions: Optional[int] = None
    faith: Optional[int] = None
    abyss: Optional[list[str]] = None
    banishment: Optional[list[str]] = None
    stones: Optional[int] = None
    lost: Optional[bool] = None


class RealmExpect(Model):
    A: Optional[list[str]] = None
    B: Optional[list[str]] = None
    centre: Optional[list[str]] = None
    stones: Optional[list[Literal["A", "B", "centre"]]] = None
    active: Optional[bool] = None


class CardExpect(Model):
    power: Optional[int] = None
    tapped: Optional[bool] = None
    counters: Optional[int] = None
    plus_counters: Optional[int] = None
    minus_counters: Optional[int] = None
    shields: Optional[int] = None
    equipped_to: Optional[str] = Field(None, description="The id of the Wonder this "
                                       "equipment is equipped to, or 'none'.")
    nullified: Optional[bool] = None
    face_down: Optional[bool] = None
    classes: Optional[list[str]] = None
    keywords: Optional[list[str]] = Field(None, description="Its keywords now: copied ones "
                                          "(symbiosis) included, none while its text is blank.")
    zone: Optional[str] = None
    controller: Optional[Literal["A", "B"]] = None
    owner: Optional[Literal["A", "B"]] = None


#: how a card state of the setup is put on a card object (``counters`` and ``owner`` are
#: the build's own: they need the state's other fields or the game)
_SET: dict[str, Callable[[Any, Any], None]] = {
    "tapped": lambda c, v: setattr(c, "tapped", v),
    "nullified": lambda c, v: setattr(c, "blank", 2 if v else 0),
    "shields": lambda c, v: setattr(c, "shields", v),
    "face_down": lambda c, v: _put_face_down(c, v),  # last: a face-down card is blank
}


def _put_face_down(card: state.WondersCard, face_down: bool) -> None:
    card.face_down = face_down
    if face_down:
        card.blank = FACE_DOWN  # rule 510: no effect on the game until turned face up
#: how an expectation's card state is read from a card object
_GET: dict[str, Callable[[Any], Any]] = {
    "power": lambda c: c.power() if c.proto.is_wonder else None,
    "tapped": lambda c: c.tapped,
    "counters": lambda c: c.plus - c.minus,
    "plus_counters": lambda c: c.plus,
    "minus_counters": lambda c: c.minus,
    "nullified": lambda c: c.nullified,  # nullified, not only blank (a blank copy, 507)
    "face_down": lambda c: c.face_down,
    "zone": lambda c: c.zone.label(),
    "controller": lambda c: c.controller.name,
    "owner": lambda c: c.owner.name,
    "shields": lambda c: c.shields,
    "equipped_to": lambda c: c.equipped_to.proto.id if c.equipped_to else "none",
    "classes": lambda c: sorted(c.classes),  # compared as sets: their order is not printed
    "keywords": lambda c: [] if c.blank else sorted(c.proto.keywords),
}
#: how an expectation's value is put to compare (classes and keywords as sets)
_WANT: dict[str, Callable[[Any], Any]] = {"classes": sorted, "keywords": sorted}


class DecisionExpect(scenario_checks.DecisionExpect):
    player: Optional[Literal["A", "B"]] = Field(None, description="Who answers it.")
    behalf: Optional[Literal["A", "B"]] = Field(
        None, description="Whose decision it is: another than `player` when `player` controls "
        "their turn (rule 505.4).")
    kind: Optional[DecisionKind] = None


class Expect(scenario_checks.Expect):
    winner: Optional[Literal["A", "B", "draw"]] = None
    decision: Optional[Union[DecisionExpect, Literal["none"]]] = None
    log: list[Union[str, LogExpect]] = Field(  # type: ignore[assignment]
        default_factory=list, description="Lines (or events) the log must contain.")
    log_excludes: list[Union[str, LogMatch]] = Field(  # type: ignore[assignment]
        default_factory=list)
    round: Optional[int] = None
    first_player: Optional[Literal["A", "B"]] = None
    active: Optional[Literal["A", "B"]] = None
    realm1_side: Optional[Literal["left", "right"]] = None
    players: dict[Literal["A", "B"], PlayerExpect] = Field(default_factory=dict)
    realms: dict[RealmNumber, RealmExpect] = Field(default_factory=dict)
    cards: dict[str, CardExpect] = Field(default_factory=dict)


def filler_card(registry: Registry) -> CardDef:
    return Compiler(registry).card(WondersCard.model_validate(FILLER))


def card_ids(setup: Setup, expects: list[tuple[tuple, Expect]]) -> list[tuple[tuple, str]]:
    """Every card id a scenario names, with its path in the file (for unknown-id errors):
    the setup's, and each ``(path, block)`` of ``expects``' (a card id that is a key of
    ``expect.cards`` has the key's path)."""
    out: list[tuple[tuple, str]] = []
    for name, p in setup.players.items():
        for zone in ("hand", "deck", "abyss", "banishment"):
            for i, cid in enumerate(getattr(p, zone) or []):
                out.append((("setup", "players", name, zone, i), cid))
    for num, r in setup.realms.items():
        for side in ("A", "B", "centre"):
            for i, spec in enumerate(getattr(r, side)):
                cid = spec if isinstance(spec, str) else spec.card
                out.append((("setup", "realms", num, side, i), cid))
    for base, e in expects:
        for name, pe in e.players.items():
            for zone in ("hand", "deck_top", "deck_bottom", "abyss", "banishment"):
                for i, cid in enumerate(getattr(pe, zone) or []):
                    out.append((base + ("players", name, zone, i), cid))
        for num, re_ in e.realms.items():
            for side in ("A", "B", "centre"):
                for i, cid in enumerate(getattr(re_, side) or []):
                    out.append((base + ("realms", num, side, i), cid))
        out.extend((base + ("cards", name), card_name(name)[0]) for name in e.cards)
    return out


#: why each setup key means nothing when the game starts from rule 401 (``start: game``)
_NOT_AT_GAME_START = {
    "round": "the game starts before round 1 (rules 401-402) and plays from round 1; remove "
             "it, or start in a later round with `start: beginning` or `start: turns`",
    "first_player": "the coin winner (or `previous_loser`) chooses the first player during "
                    "the game (rule 401); remove it and answer the `first_player` decision "
                    "in `steps`",
    "round1_first": "the first player of round 1 is chosen during the game (rule 401); "
                    "remove it and answer the `first_player` decision in `steps`",
    "last_seizer": "no stone has been seized before the game starts; remove it, or start in "
                   "a later round with `start: beginning` or `start: turns`",
    "realms": "every realm starts empty, with its stone in the centre; remove it, or put "
              "cards in realms with `start: beginning` or `start: turns`",
}


def setup_problems(setup: Setup) -> list[tuple[tuple, str, str]]:
    """What makes a setup one the game cannot start from, found before running it:
    ``(path of the key, code, message)`` each. CS501: a key the start mode does not use;
    CS502: a realm that is not open yet, a first player rule 403.2 contradicts."""
    given = setup.model_fields_set
    out: list[tuple[tuple, str, str]] = []
    if setup.start == "game":
        for key, why in _NOT_AT_GAME_START.items():
            if key in given:
                out.append((("setup", key), "CS501",
                            f"`{key}` is not used with `start: game`: {why}"))
        return out
    if "previous_loser" in given:
        mode = f"`start: {setup.start}`" + ("" if "start" in given else " (the default)")
        out.append((("setup", "previous_loser"), "CS501",
                    f"`previous_loser` is not used with {mode}: the loser of the previous "
                    "game chooses the first player when a game starts (rule 401), and this "
                    f"scenario starts in round {setup.round}, where `first_player`, "
                    "`round1_first` and `last_seizer` say who goes first; remove it, or use "
                    "`start: game`"))
    beginning = setup.start == "beginning"
    last_open = setup.round - 1 if beginning else setup.round
    for num in setup.realms:
        if num <= last_open:
            continue
        if beginning:
            opened = (f"realms 1 to {last_open} are open" if last_open > 1 else
                      "realm 1 is open" if last_open == 1 else "no realm is open yet")
            later = (f"realm {num} opens, empty, as the game starts; use `start: turns` to "
                     f"start with cards in it" if num == setup.round else
                     f"realm {num} opens in round {num}; raise `round`")
            msg = (f"realm {num} is not open at the beginning of round {setup.round}: with "
                   f"`start: beginning` the game starts before the round's realm opens "
                   f"(rule 403.1, step 1), so {opened}; {later}")
        else:
            msg = (f"realm {num} is not open in round {setup.round}: realm N opens in round N "
                   f"(rule 403.1), so a game starting at round {setup.round}'s turns has "
                   f"realms 1 to {setup.round} open; raise `round`, or use an open realm")
        out.append((("setup", "realms", num), "CS502", msg))
    if beginning and "first_player" in given:
        # 403.2 decides who goes first when the round begins; first_player may only agree
        first = setup.last_seizer or setup.round1_first or setup.first_player
        if first != setup.first_player:
            why = (f"`last_seizer: {first}`: the player who most recently seized a stone "
                   "takes the first turn each round (rule 403.2); remove `first_player`, or "
                   "`last_seizer` if no stone has been seized" if setup.last_seizer else
                   f"`round1_first: {first}`: with no stone seized, the player who took the "
                   "first turn of round 1 takes it again (rule 403.2); give only one of them")
            out.append((("setup", "first_player"), "CS502",
                        f"`first_player: {setup.first_player}` contradicts {why}"))
    elif setup.round == 1 and {"first_player", "round1_first"} <= given \
            and setup.first_player != setup.round1_first:
        out.append((("setup", "round1_first"), "CS502",
                    f"`round1_first: {setup.round1_first}` contradicts `first_player: "
                    f"{setup.first_player}`: in round 1 they are the same player (the one "
                    "who takes round 1's first turn); give only one of them"))
    out.extend(_card_state_problems(setup))
    return out


def _card_state_problems(setup: Setup) -> list[tuple[tuple, str, str]]:
    """CS502 for a card state the rules cannot have: +1 and -1 counters together (the
    rulebook, Counters: "remove an equal number" of each), or counters given two ways."""
    out: list[tuple[tuple, str, str]] = []
    for num, rs in setup.realms.items():
        for side in ("A", "B", "centre"):
            for i, st in enumerate(getattr(rs, side)):
                if isinstance(st, str):
                    continue
                path = ("setup", "realms", num, side, i)
                if st.counters and (st.plus_counters or st.minus_counters):
                    out.append((path + ("counters",), "CS502",
                                "give the counters as `counters` (their sum) or as "
                                "`plus_counters` and `minus_counters`, not both"))
                elif st.plus_counters and st.minus_counters:
                    out.append((path + ("minus_counters",), "CS502",
                                f"{st.card} cannot have +1 and -1 counters at once: when "
                                "both are on a card, an equal number of each is removed "
                                "(rulebook, Counters); give only what remains"))
    return out


def build(setup: Setup, pool: CardSource) -> WondersGame:
    """A game in the state the setup describes (one :func:`setup_problems` found nothing
    in: the problems it finds are raised here as ValueError too)."""
    problems = setup_problems(setup)
    if problems:
        raise ValueError(problems[0][2])
    filler = pool.cards.get("filler") or filler_card(pool.registry)

    def proto(cid: str) -> CardDef:
        return filler if cid == "filler" else pool.get(cid)

    decks = []
    for name in NAMES:
        ps = setup.players.get(name, PlayerState())
        ids = ps.deck if ps.deck is not None else ["filler"] * DEFAULT_DECK
        decks.append([proto(c) for c in reversed(ids)])  # top card first in the file
    prev = {"A": 0, "B": 1}.get(setup.previous_loser) if setup.previous_loser else None
    g = WondersGame(decks, setup.seed, tokens=pool.tokens, variants=setup.variants,
                    previous_loser=prev)
    if setup.start == "game":
        _zones(g, setup, proto)
        return g
    pa = {"A": g.players[0], "B": g.players[1]}
    g.round = setup.round
    for r in g.realms[: setup.round - (1 if setup.start == "beginning" else 0)]:
        r.active = True
    # at a round's beginning the first player is 403.2's: last_seizer, else round1_first
    g.round1_first = pa[setup.round1_first or setup.first_player]
    g.turns.last_seizer = pa[setup.last_seizer] if setup.last_seizer else None
    g.first = g.active = pa[setup.first_player]
    _zones(g, setup, proto)
    for num, rs in setup.realms.items():
        realm = g.realms[num - 1]
        realm.stones = [None if s == "centre" else pa[s].index for s in rs.stones]
        for side_name, zone in (("A", realm.sides[0]), ("B", realm.sides[1]),
                                ("centre", realm.centre)):
            for spec in getattr(rs, side_name):
                st = CardState(card=spec) if isinstance(spec, str) else spec
                # rule 505.1: the cards on a side are its player's; owned by them unless said
                owner = pa[st.owner] if st.owner else \
                    pa[side_name] if side_name != "centre" else g.players[0]
                c = g.new_card(proto(st.card), owner, zone)
                c.token = st.token or c.proto.token
                c.plus = st.plus_counters + max(st.counters, 0)
                c.minus = st.minus_counters + max(-st.counters, 0)
                for key in _SET:  # in the table's order
                    if key in st.model_fields_set:
                        _SET[key](c, getattr(st, key))
                c.arrived_round = g.round
    g.power_dirty = True
    g.continuous.changed(g)  # a nullified card's static abilities are off (rule 508.1)
    g.start_at = (setup.start, setup.round)
    return g


def _zones(g: WondersGame, setup: Setup, proto: Callable[[str], CardDef]) -> None:
    for name, p in zip(NAMES, g.players, strict=True):
        ps = setup.players.get(name, PlayerState())
        p.energy = ps.energy
        p.actions = ps.actions
        p.faith = ps.faith
        for zone in ("hand", "abyss", "banishment"):
            for cid in getattr(ps, zone):
                g.new_card(proto(cid), p, p.zone(zone))


def check(g: WondersGame, e: Expect) -> list[tuple[tuple, str]]:
    """Compare the game with an expectation block; return (path, message) per mismatch."""
    bad: list[tuple[tuple, str]] = []
    names = {p.name: p for p in g.players}
    cmp = comparer(bad)

    def name_of(p: WondersPlayer | None) -> str | None:
        return p.name if p is not None else None

    check_expect(g, e, cmp, bad, f": the game is over: {game_over_reason(g)}")
    cmp(("round",), e.round, g.round)
    cmp(("first_player",), e.first_player, name_of(g.first))
    cmp(("active",), e.active, name_of(g.active))
    cmp(("realm1_side",), e.realm1_side, g.realm1_side)
    for name, pe in e.players.items():
        p = names[name]
        base: tuple[str | int, ...] = ("players", name)
        check_hand_and_deck(p, pe, base, cmp)
        cmp(base + ("energy",), pe.energy, p.energy)
        cmp(base + ("actions",), pe.actions, p.actions)
        cmp(base + ("faith",), pe.faith, p.faith)
        cmp(base + ("abyss",), sorted(pe.abyss) if pe.abyss is not None else None,
            ids(p.abyss.cards))
        cmp(base + ("banishment",), sorted(pe.banishment) if pe.banishment is not None
            else None, ids(p.banishment.cards))
        cmp(base + ("stones",), pe.stones, g.stones_of(p))
        cmp(base + ("lost",), pe.lost, p.lost)
    for num, re_ in e.realms.items():
        realm = g.realms[num - 1]
        base = ("realms", num)
        for side, zone in (("A", realm.sides[0]), ("B", realm.sides[1]),
                           ("centre", realm.centre)):
            want = getattr(re_, side)
            cmp(base + (side,), sorted(want) if want is not None else None, ids(zone.cards))
        cmp(base + ("stones",), re_.stones,
            ["centre" if s is None else g.players[s].name for s in realm.stones])
        cmp(base + ("active",), re_.active, realm.active)
    for card, ce in e.cards.items():
        base = ("cards", card)
        c, why = find_card(g, card)
        if c is None:
            bad.append((base, why or ""))  # (None, why): why is never empty
            continue
        for key in ce.model_fields_set & _GET.keys():
            want = getattr(ce, key)
            cmp(base + (key,), _WANT.get(key, lambda v: v)(want) if want is not None else None,
                _GET[key](c))
    bad.extend(check_log(g.log, e.log, e.log_excludes))
    return bad


def game_over_reason(g: WondersGame) -> str:
    """Why the game ended and who won, for a step that finds it over: "A's deck is empty
    (rule 405); B won"."""
    if g.error is not None:
        return f"it ended in an error: {g.error}"
    losers = [e[1] for e in g.log if e[0] == "loses"]
    how = next((e[2] for e in reversed(g.log) if e[0] == "game_over"), None)
    if losers:
        why = " and ".join(f"{n}'s deck is empty" for n in losers) + " (rule 405)"
    elif how == "stones":
        why = "round 7 ended; the player with the most stones wins (rule 405)"
    elif how == "power":
        why = ("round 7 ended with the stones tied; the variant power_tiebreak decides by "
               "the total power of each player's Wonders")
    elif how is not None and how.startswith("realm "):
        why = (f"round 7 ended with the stones tied; the tie goes to the controller of "
               f"{how}, the lowest-numbered realm with a single controller (rule 405)")
    else:
        why = "round 7 ended with the stones tied and no realm to break the tie (rule 405)"
    result = f"{g.winner.name} won" if g.winner is not None else "it is a draw"
    return f"{why}; {result}"


def known_card(pool: Any, cid: str) -> str | None:
    """None if ``cid`` names a card of the pool or the filler, else a message."""
    return None if cid == "filler" else scenario_checks.known_card(pool, cid)
