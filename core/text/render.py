"""Rendering rules text: a card model's traits, keywords and abilities printed with its game's
templates and filters. The public API and the house style are in :mod:`cardscript.text`.

A game's rules text is the core's filters (:mod:`cardscript.text.filters`) plus every part
the ``cardscript_text`` hook returns for it (:class:`~cardscript.text.TextVocabulary`),
merged once per game (:func:`game_text`)."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..places import PLAYED
from ..registry import Registry
from .english import _sentences
from .filters import CORE
from .sandbox import BoundedSandbox
from .views import Renderer, TextError, plain
from .vocabulary import GameText


@cache
def game_text(game: str | None = None) -> GameText:
    """The rules text of ``game``: the core's part and what each plugin adds to that game
    (none for a game no plugin knows, or for ``None``: the core's alone)."""
    parts = [CORE]
    if game is not None:
        from ..plugins import plugin_manager
        for added in plugin_manager().hook.cardscript_text(game=game):
            parts.extend(added or ())
    return GameText(game, parts)


def environment(game: str | None = None) -> BoundedSandbox:
    """The sandboxed Jinja2 environment ``game``'s rules-text templates run in (the core's
    filters only without a game), with bounded loops, values, output and time
    (:mod:`cardscript.text.sandbox`)."""
    return game_text(game).env


def renderer(registry: Registry, card_type: str | None = None, target: Any = None,
             cards: Mapping | None = None, targets: Any = None) -> Renderer:
    """A renderer for one ability or keyword of ``registry``'s game."""
    return Renderer(registry, game_text(registry.game), card_type, target, cards, targets)


# -- public API ---------------------------------------------------------------------------
def ability_text(ability: Any, registry: Registry, *, card_type: str | None = None,
                 cards: Mapping | None = None) -> str:
    """The rules text of one ability model: "ON PLAY: Draw a card.". ``card_type`` is the
    card's type, which a template may read (a label some types don't print); ``cards``
    (id -> card) describes the tokens it creates (default: the game's bundled set)."""
    r = renderer(registry, card_type, ability.target, cards, getattr(ability, "targets", None))
    trigger = r.render(r.view("trigger", ability.trigger))
    effect = r.render(r.view("effect", ability.effect))
    text = _sentences(f"{trigger} {effect}")
    once = getattr(ability, "once_each", None)
    if once is not None:
        verb = "Use this ability" if activated(ability.trigger, registry) else \
            "This ability triggers"
        text += f" {verb} only once each {registry.periods.get(once, once)}."
    return text


def activated(trigger: Any, registry: Registry) -> bool:
    """Whether a trigger node makes an activated ability (its cost; not what a card does as
    it is played)."""
    name = trigger if isinstance(trigger, str) else registry.by_model[type(trigger)].name
    impl = registry.get("trigger", name).impl
    return getattr(impl, "scope", "") == "activated" and getattr(impl, "place", "") != PLAYED


def keyword_text(keyword: Any, registry: Registry, *, card_type: str | None = None,
                 cards: Mapping | None = None) -> str:
    """The rules text of one keyword node: "Stealth.", "Scout 3 a card with cost 2 or less.".
    ``card_type`` is the type of the card printing it (a template may read it)."""
    r = renderer(registry, card_type, cards=cards)
    return _sentences(r.render(r.view("keyword", keyword)))


def card_text(model: Any, registry: Registry, *, cards: Mapping | None = None) -> str:
    """The full rules text of a card model: a line of traits and keywords, then a line per
    ability. A card model may declare ``__text__``, a template of its traits ("Unique.")."""
    card_type = getattr(model, "type", None)
    head = []
    traits = getattr(type(model), "__text__", None)
    if traits:
        fields = {k: plain(getattr(model, k)) for k in type(model).model_fields}
        try:
            head.append(_sentences(game_text(registry.game).template(traits).render(fields)))
        except Exception as exc:
            raise TextError(f"card traits template: {type(exc).__name__}: {exc}") from exc
    head += [keyword_text(k, registry, card_type=card_type, cards=cards)
             for k in getattr(model, "keywords", ())]
    lines = [" ".join(h for h in head if h)]
    lines += [ability_text(a, registry, card_type=card_type, cards=cards)
              for a in getattr(model, "abilities", ())]
    return "\n".join(line for line in lines if line)


__all__ = ["TextError", "ability_text", "card_text", "environment", "game_text",
           "keyword_text", "renderer"]
