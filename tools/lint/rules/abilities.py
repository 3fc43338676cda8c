"""Abilities that validate but can't work as written: a target used and never chosen, a
target chosen and never used, a trigger that can never fire for this kind of card."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardscript.blocks import instances
from cardscript.model.nodes import AbilityFields
from cardscript.places import keyword_inert, why_inert
from pydantic import BaseModel

from ..context import CardContext
from ..findings import Finding
from ..registry import Rule

#: player references that mean "the target" or a player of the target card
_TARGET_PLAYERS = {"target", "owner", "controller"}


def target_uses(node: Any, path: tuple, refs: tuple) -> Iterator[tuple[tuple, str, bool]]:
    """(data path, word, written) for every reference to the ability's target under
    ``node``; ``written`` is False where a parameter's default says ``target``. An ability
    inside it (one an effect gives another card) has its own target: not looked into."""
    card_ref, player_ref = refs
    stack: list[tuple[Any, tuple]] = [(node, path)]
    while stack:
        cur, where = stack.pop()
        if isinstance(cur, list):
            stack.extend((x, where + (i,)) for i, x in reversed(list(enumerate(cur))))
            continue
        if not isinstance(cur, BaseModel) or isinstance(cur, AbilityFields):
            continue
        fields = type(cur).model_fields
        given = cur.model_fields_set
        for name, field in fields.items():
            value = getattr(cur, name)
            here = where + (field.alias or name,)
            if isinstance(value, str):
                ann = field.annotation
                if (value == "target" and ann == card_ref) or \
                        (value in _TARGET_PLAYERS and ann == player_ref):
                    yield here, value, name in given
            elif isinstance(value, (BaseModel, list)):
                stack.append((value, here))


def _designer_abilities(ctx: CardContext) -> Iterator[tuple[tuple, str, Any]]:
    """(data path, label, ability) of the card's abilities, and of the abilities their
    effects give other cards (an equipment's "Equipped Wonder gets ...")."""
    for i, ab in enumerate(getattr(ctx.model, "abilities", None) or ()):
        yield ("abilities", i), f"ability {i + 1}", ab
        stack: list[tuple[Any, tuple]] = [(ab.effect, ("abilities", i, "effect"))]
        n = 0
        while stack:
            cur, where = stack.pop()
            if isinstance(cur, list):
                stack.extend((x, where + (j,)) for j, x in reversed(list(enumerate(cur))))
            elif isinstance(cur, AbilityFields):
                n += 1
                yield where, f"ability {i + 1}'s given ability {n}", cur
                stack.append((cur.effect, where + ("effect",)))
            elif isinstance(cur, BaseModel):
                for name, field in type(cur).model_fields.items():
                    value = getattr(cur, name)
                    if isinstance(value, (BaseModel, list)):
                        stack.append((value, where + (field.alias or name,)))


def _refs(ctx: CardContext) -> tuple[Any, Any]:
    types = ctx.registry.types
    return types.get("CardRef"), types.get("PlayerRef")


class UndeclaredTarget(Rule):
    """An ability refers to ``target`` but declares no ``target:``.

    The target is chosen when the ability triggers (rule 501.1); without a ``target:``
    selector nothing is ever chosen, so every effect on ``target`` does nothing. Watch for
    effects whose ``card`` parameter *defaults* to ``target``: ``{destroy: {}}`` and the bare
    ``untap`` mean "destroy/untap target".

    Example::

        - trigger: on_play
          effect: {destroy: target}      # <- CS110: which card? add a target:
          # target: {wonder: {controller: opponent}}
    """

    code = "CS110"
    name = "undeclared-target"
    groups = ("abilities", "target")

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        refs = _refs(ctx)
        for at, label, ab in _designer_abilities(ctx):
            if ab.target is not None:
                continue
            for path, word, written in target_uses(ab.effect, at + ("effect",), refs):
                how = f"'{word}'" if written else f"'{path[-1]}' (which defaults to {word})"
                yield ctx.finding(self.code, f"{label} uses {how} but declares no "
                                  "target: add a `target:` selector", path)
                break


class UnusedTarget(Rule):
    """An ability declares a ``target:`` that its effect never uses.

    A declared target is still chosen when the ability triggers, and if none can be chosen
    the ability fails (rule 501.1), so an unused target changes play. Either use it
    (``{destroy: target}``), or make the selection untargeted (``{all: selector}``), or drop
    it.
    """

    code = "CS111"
    name = "unused-target"
    severity = "warning"
    groups = ("abilities", "target")

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        refs = _refs(ctx)
        for at, label, ab in _designer_abilities(ctx):
            if ab.target is None:
                continue
            if next(target_uses(ab.effect, (), refs), None) is None:
                yield ctx.finding(self.code, f"{label} declares a target that its "
                                  "effect never uses", at + ("target",), key=True)


class ImpossibleTrigger(Rule):
    """A trigger that can never fire for this kind of card or where it lives.

    Every game has one table of where each card type can be (``Game.PLACES``): the engine
    registers a card's abilities from it, and this rule reads the same table, so what it
    accepts acts in play. Triggers work from a place: as the card is played (Wonders'
    ``on_play``, Riftbound's ``when_played``), or while the card is in play (arrival, death,
    the battle and turn triggers, ``whenever``, activated abilities), and some only on the
    card types they can happen to (a champion attacks, a realm is razed). A spell never
    enters play, so only its ``on_play`` abilities work (On Attack on a Wonders spell can
    never fire); a token is created in play and never played, so its ``on_play`` never
    fires. The same holds for the abilities a keyword adds (Flying or Seek on a spell).
    """

    code = "CS112"
    name = "impossible-trigger"
    groups = ("abilities",)

    def check_card(self, ctx: CardContext) -> Iterator[Finding]:
        card = ctx.card
        assert card is not None  # a rule that requires the model runs on compiled cards
        places = ctx.registry.places
        keywords = ctx.data.get("keywords") or []
        designer = 0
        reported_kw: set[str] = set()
        for name, impl in card.keywords.items():
            why = next(filter(None, (keyword_inert(places, card.type, one)
                                     for one in instances(impl))), None)
            if why:
                reported_kw.add(name)
                yield ctx.finding(self.code, f"keyword '{name}' can never work here: {why}",
                                  ("keywords", _keyword_index(keywords, name)))
        for ab in card.program.abilities:
            why = why_inert(places, card.type, bool(getattr(card, "token", False)),
                            ab.trigger)
            if ab.keyword is None:
                path = ("abilities", designer, "trigger")
                designer += 1
                if why:
                    yield ctx.finding(self.code, f"trigger '{ab.trigger.entry_name}' can "
                                      f"never fire: {why}", path)
            elif why and ab.keyword not in reported_kw:
                reported_kw.add(ab.keyword)
                yield ctx.finding(self.code, f"keyword '{ab.keyword}' can never work here: "
                                  f"its ability triggers on '{ab.trigger.entry_name}', and {why}",
                                  ("keywords", _keyword_index(keywords, ab.keyword)))


def _keyword_index(keywords: list, name: str) -> int:
    """Where keyword ``name`` is in the card file's ``keywords`` list."""
    return next((i for i, k in enumerate(keywords)
                 if k == name or (isinstance(k, dict) and name in k)), 0)
