"""Pipeline stage 3: card model -> CardDef with a CardProgram of plain compiled objects.

Every node of the validated model is looked up once in the registry and replaced by an
instance of its entry's implementation class. At run time the engine only calls methods on
those objects: no dicts, no pydantic models, no tree walking.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .errors import CardError, Diagnostic, Position, did_you_mean
from .places import IN_PLAY, PLAYED
from .registry import Entry, Registry
from .slots import compact, slots_of
from .state import CardDef

if TYPE_CHECKING:
    from . import entries
    from .model import AbilityFields, CardBase, names
    from .refs import CardRef, PlayerRef


@compact
class AbilityProgram:
    """One compiled ability: its trigger, optional target selector, and effect."""

    __slots__ = ("index", "name", "trigger", "target", "effect", "card_id", "keyword", "once",
                 "targets")
    #: an ability of a game's rules rather than of a card's text (a game files its triggers
    #: itself): blanking its card's text does not stop it
    from_rules = False

    #: a :class:`~cardscript.entries.TriggerPattern`; a game's rules read its own fields on
    #: its triggers too (an activation's cost, say), so it is typed loosely
    trigger: Any

    def __init__(self, index: int, trigger: Any, target: entries.Selector | None,
                 effect: entries.Effect, card_id: str, keyword: str | None = None,
                 once: str = "", targets: tuple[int, int | None] = (1, 1)):
        self.index = index
        #: how many targets ``target`` chooses: (at least, at most; None: any number), as
        #: many as there are if fewer (``AbilityFields.targets``)
        self.targets = targets
        #: the period it triggers at most once in ("turn"; "" if unlimited): see
        #: ``Game.PERIODS``
        self.once = once
        self.trigger = trigger
        self.target = target
        self.effect = effect
        self.card_id = card_id
        self.keyword = keyword
        self.name = keyword or trigger.entry_name

    def __repr__(self) -> str:
        return f"<ability {self.card_id}[{self.index}] {self.name}>"


def how_many(node: Any) -> tuple[int, int | None]:
    """An ability's ``targets`` as (at least, at most; None: any number)."""
    if node is None:
        return (1, 1)
    if isinstance(node, int):
        return (node, node)
    if node == "any_number":
        return (0, None)
    return (0, node.up_to)


@compact
class CardProgram:
    """Where a card's abilities work: about itself, from a zone through the bus, or activated."""

    __slots__ = ("self_triggers", "zone_handlers", "activated", "abilities")

    def __init__(self) -> None:
        self.self_triggers: dict[str, list[AbilityProgram]] = {}
        self.zone_handlers: dict[str, list[AbilityProgram]] = {}
        self.activated: list[AbilityProgram] = []
        self.abilities: list[AbilityProgram] = []

    def add(self, ability: AbilityProgram, zones: tuple[str, ...] = ()) -> None:
        """Add ``ability``, working where its trigger's scope says: a scope of
        :data:`~cardscript.places.IN_PLAY` in each of ``zones`` (where its card is in play)."""
        self.abilities.append(ability)
        t = ability.trigger
        if t.scope == "self":
            self.self_triggers.setdefault(t.event, []).append(ability)
        elif t.scope == "activated":
            self.activated.append(ability)
        else:
            for zone in zones if t.scope == IN_PLAY else (t.scope,):
                self.zone_handlers.setdefault(zone, []).append(ability)


def names_it(trigger: Any) -> bool:
    """Whether the event of ``trigger`` is about a card, which ``it`` then names: its own
    ``it`` attribute, else a trigger about its card itself (its event's card is the card)."""
    it = getattr(trigger, "it", None)
    if it is not None:
        return bool(it)
    return getattr(trigger, "scope", None) == "self"


class Compiler:
    """Compiles validated card models of one game into :class:`CardDef` objects."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.card_id = ""
        self.card_type = ""
        self.source: Position | None = None
        #: the card document's positions by path, when the caller has them, and the path of
        #: the part being compiled (a keyword entry): errors point there rather than at the card
        self.where: Callable[[tuple], Position] | None = None
        self.at: tuple = ()
        self.references: list[tuple[str, str]] = []  # (kind, id) of cards a card names
        #: the trigger of the ability being compiled: an effect that only fits some triggers
        #: (a continuous effect, say) refuses the others
        self.ability_trigger: Any = None
        #: and its target selector (None if it has none)
        self.ability_target: Any = None
        #: whether ``it`` names a card where the compiler is: the card of the trigger's event
        #: (:func:`names_it`), or the current card of a ``for_each``
        self.it_named = True
        #: set when a reference to the target is compiled: a list of stages notes which
        #: stage uses the target first (rule 508.3, where the ability targets)
        self.uses_target = False
        #: the ability's effects compiled so far include one that moves cards (its entry's
        #: ``moves``), which ``moved`` may then name
        self.moves = False

    # -- vocabulary nodes --------------------------------------------------------------
    def node(self, kind: str, node: Any) -> Any:
        """The compiled object of a validated node of ``kind`` (None for None): an instance
        of its entry's implementation."""
        entry: Entry | None
        if node is None:
            return None
        if kind == "effect" and isinstance(node, list):
            entry = self.registry.get("effect", "stages")
            return entry.impl(node, self)
        if kind == "value" and isinstance(node, int):
            entry = self.registry.get("value", "constant")
            return entry.impl(node, self)
        if isinstance(node, str):
            entry = self.registry.entries[kind].get(node)
            if entry is None:
                raise self.error(f"unknown {kind} '{node}'"
                                 f"{did_you_mean(node, self.registry.entries[kind])}")
            params = None
        else:
            entry = self.registry.by_model.get(type(node))
            if entry is None or entry.kind != kind:
                raise TypeError(f"not a {kind} node: {node!r}")
            params = getattr(node, entry.name)
        impl = entry.impl(params, self)
        if "moves" in entry.meta:  # what it moves, a later stage may name (``moved``)
            self.moves = True
        return impl

    def effect(self, node: names.Effect) -> entries.Effect:
        return self.node("effect", node)

    def trigger(self, node: names.Trigger) -> entries.TriggerPattern:
        return self.node("trigger", node)

    def selector(self, node: names.Selector) -> entries.Selector:
        return self.node("selector", node)

    def condition(self, node: names.Condition) -> entries.Condition:
        return self.node("condition", node)

    def value(self, node: names.Value) -> entries.Value:
        return self.node("value", node)

    def count(self, node: names.Value) -> entries.Value:
        """A value that counts something (cards, resources, times): never negative."""
        if isinstance(node, int) and node < 0:
            raise self.error(f"a count can't be negative (found {node}); to take away, use "
                             f"the lose_ or discard effects")
        return self.value(node)

    def card_ref(self, node: names.CardRef) -> CardRef:
        from .refs import compile_card_ref
        if node == "target":
            self.uses_target = True
        elif node == "moved" and not self.moves:
            raise self.error("'moved' names the cards an earlier stage of this ability drew "
                             "or moved, and no earlier stage does: draw or move them first "
                             "(a zone move, draw, look_at_top), or name the card another way")
        elif node == "it" and not self.it_named:
            name = getattr(self.ability_trigger, "entry_name", "this ability's trigger")
            raise self.error(f"'it' names the card of the event that triggers the ability "
                             f"(or the current card of a for_each), and '{name}' happens to "
                             f"no card: name the card another way (this, target, or "
                             f"{{all: selector}})")
        return compile_card_ref(node, self)

    def this_can_be(self, node: names.CardRef, name: str,
                    types: Iterable[str] | None = None) -> None:
        """The effect ``name`` on cards in play (of ``types``, if given) names ``this``:
        refused when this card's type is never in play or not one of those, where the effect
        would silently do nothing."""
        if node != "this":
            return
        from .text.english import article
        kind = self.card_type
        types = tuple(types or ())
        if not self.registry.places.zones(kind) and self.registry.places.known:
            raise self.error(f"{name} acts on a card in play, and this card ({article(kind)}) "
                             "is never in play: it would do nothing")
        if types and kind not in types:
            raise self.error(f"{name} acts on {' or '.join(article(t) for t in types)}, and "
                             f"this card is {article(kind)}: it would do nothing")

    def player_ref(self, node: names.PlayerRef) -> PlayerRef:
        from .refs import TARGET_PLAYERS, compile_player_ref
        if node in TARGET_PLAYERS:
            self.uses_target = True
        return compile_player_ref(node)

    def one_of(self, what: str, name: str, table: Iterable[str], use: str = "") -> None:
        """``name`` must be one of the game's ``table`` (its moments, stats, periods): else
        a positioned error naming what is known."""
        known = sorted(table)
        if name not in known:
            raise self.error(f"unknown {what} '{name}'{f' for {use}' if use else ''}"
                             f"{did_you_mean(name, known)}; expected one of: "
                             f"{', '.join(known) or 'none in this game'}")

    def error(self, message: str, code: str = "CS200") -> CardError:
        pos = self.source or Position("<card>", 0, 0)
        if self.where is not None and self.at:
            pos = self.where(self.at)
        return CardError([Diagnostic(pos, message, code, self.card_id or None)])

    def expansion_error(self, keyword: str, data: Any, exc: ValidationError) -> CardError:
        """A keyword whose parameters expand into an invalid ability (a macro's ``$amount``
        beyond what the effect accepts): an invalid value of this card."""
        from .model.validate import data_path
        errors = []
        for e in exc.errors(include_url=False)[:3]:
            where = ".".join(str(p) for p in data_path(data, tuple(e["loc"])))
            errors.append(f"{e['msg'][0].lower()}{e['msg'][1:]}; found "
                          f"{str(e.get('input'))[:40]} (at {where})")
        return self.error(f"keyword '{keyword}' with these parameters expands into an invalid "
                          f"ability: {'; '.join(errors)}", "CS105")

    # -- whole cards -------------------------------------------------------------------
    def ability(self, index: int, model: AbilityFields, keyword: str | None = None) \
            -> AbilityProgram:
        trigger = self.trigger(model.trigger)
        self.ability_trigger = trigger
        self.moves = False
        outer_it, self.it_named = self.it_named, names_it(trigger)
        target = self.selector(model.target) if model.target is not None else None
        self.ability_target = target
        effect = self.effect(model.effect)
        self.ability_trigger = self.ability_target = None
        self.it_named = outer_it
        check = getattr(trigger, "check_ability", None)
        if check is not None:  # a trigger that accepts only some targets or effects
            check(target, effect, self)
        once = self.once_each(getattr(model, "once_each", None), trigger)
        return AbilityProgram(index, trigger, target, effect, self.card_id, keyword, once,
                              how_many(getattr(model, "targets", None)))

    def once_each(self, period: str | None, trigger: Any) -> str:
        """An ability's ``once_each``: a period the game names, on a triggered ability (it
        triggers once in it) or an activated one (it is activated once in it)."""
        if period is None:
            return ""
        at = self.at
        if at[:1] == ("abilities",):  # an error points at the key
            self.at = at + ("once_each",)
        try:
            return self._period(period, trigger)
        finally:
            self.at = at

    def _period(self, period: str, trigger: Any) -> str:
        self.one_of("period", period, self.registry.periods, "once_each")
        if getattr(trigger, "continuous", False) or getattr(trigger, "place", "") == PLAYED:
            what = "a continuous ability" if getattr(trigger, "continuous", False) else \
                "what the card does as it is played, once each time"
            raise self.error(f"once_each limits how often an ability triggers or is "
                             f"activated, and '{trigger.entry_name}' makes {what}: it would "
                             f"change nothing")
        return period

    def keyword(self, kw: Any, index: int) -> tuple[str, Any, list[AbilityProgram]]:
        """One keyword node: its name, its implementation and the abilities it expands into
        (numbered from ``index``); a game effect that gives keywords compiles them here too."""
        name = kw if isinstance(kw, str) else self.registry.by_model[type(kw)].name
        entry = self.registry.get("keyword", name)
        params = None if isinstance(kw, str) else getattr(kw, name)
        impl = entry.impl(params, self)
        ability_type = self.registry.types["Ability"]
        abilities: list[AbilityProgram] = []
        for data in impl.abilities():
            try:
                ab = ability_type.model_validate(data)
            except ValidationError as exc:  # a keyword's parameters made it invalid
                raise self.expansion_error(name, data, exc) from None
            abilities.append(self.ability(index + len(abilities), ab, keyword=name))
        return name, impl, abilities

    def card(self, model: CardBase, source: Position | None = None,
             where: Callable[[tuple], Position] | None = None) -> CardDef:
        """Compile one card; ``where`` (its document's ``pos``) places errors in a keyword at
        that keyword's entry."""
        self.card_id = model.id
        self.card_type = getattr(model, "type", "")
        self.source = source
        self.where = where
        self.at = ()
        self.references = []
        program = CardProgram()
        zones = self.registry.places.zones(self.card_type)
        keywords: dict[str, Any] = {}
        for i, kw in enumerate(getattr(model, "keywords", ())):
            self.at = ("keywords", i)
            name, impl, abilities = self.keyword(kw, len(program.abilities))
            if getattr(impl, "repeatable", False):  # each instance kept, in print order
                keywords[name] = (*keywords.get(name, ()), impl)
            elif name in keywords:  # a second would silently replace the first
                raise self.error(f"keyword '{name}' is given twice: a card has it once; "
                                 f"give one entry with the amount you mean")
            else:
                keywords[name] = impl
            for ab in abilities:
                program.add(ab, zones)
        for i, ab in enumerate(getattr(model, "abilities", ())):
            self.at = ("abilities", i)  # an error in it points at it
            program.add(self.ability(len(program.abilities), ab), zones)
        self.at = ()
        card_class = self.registry.card_def_class
        fields = {k: getattr(model, k) for k in slots_of(card_class) if hasattr(model, k)}
        fields.update(keywords=keywords, program=program, source=source,
                      references=tuple(self.references),
                      digest=hashlib.blake2b(repr(model).encode(), digest_size=12).hexdigest())
        return card_class(**fields)
