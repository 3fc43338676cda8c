"""``cardscript play``: a human against an installed agent at the terminal (docs/play.md).

The package's seams: :mod:`.names` words options and log entries with card names,
:mod:`.view` lays out the table a game describes (:meth:`cardscript.game.Game.table`),
:mod:`.prompt` is the human's agent (options, ``?``, ``undo``), :mod:`.session` runs the
game, keeps it for ``undo`` and ``--save``, and says how it ended."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardscript.cardpool import CardPool
from cardscript.decisions import Agent
from cardscript.limits import Limits
from cardscript.save import SaveError, load, verified
from cardscript.state import CardDef

from ..common import EXIT_BAD_INPUT, err, out
from ..facts import CardFacts
from .prompt import TerminalAgent
from .session import Session, run_session, write_save

__all__ = ["TerminalAgent", "play", "resume", "write_save", "card_facts_lookup"]


def card_facts_lookup(game: str, card_paths: tuple[str, ...] = ()
                      ) -> Callable[[str], CardFacts | None]:
    """``?``'s lookup: a card's facts (:mod:`cardscript.tools.facts`) by id, name or the
    unique start of a name, loaded from the game's set when first asked."""
    found: dict[str, CardFacts] = {}

    def lookup(key: str) -> CardFacts | None:
        if not found:
            from cardscript.cardset import card_set

            from ..facts import card_facts
            pool = card_set(game, card_paths).pool(cache=False, keep_models=True)
            for f in card_facts(pool):
                found[f.id] = f
        k = key.strip().lower()
        if k in found:
            return found[k]
        by_name = [f for f in found.values() if f.name.lower() == k]
        if not by_name:
            by_name = [f for f in found.values() if f.name.lower().startswith(k)]
        return by_name[0] if len(by_name) == 1 else None
    return lookup


def _agent(agent: tuple[str, Mapping[str, Any]], seed: int) -> Agent:
    from cardscript.agents import make_agent
    name, options = agent
    return make_agent(name, seed, dict(options))


def play(pool: CardPool, decks: list[tuple[str, list[CardDef]]], seed: int,
         variants: Iterable[str] = (), limits: Limits | None = None, save: str | None = None,
         agent: tuple[str, Mapping[str, Any]] = ("random", {}),
         card_paths: tuple[str, ...] = ()) -> int:
    (name_a, deck_a), (name_b, deck_b) = decks
    game = pool.spec.game_class([list(deck_a), list(deck_b)], seed, tokens=pool.tokens,
                                variants=variants, names=("You", "Bot"),
                                deck_names=(name_a, name_b), limits=limits)
    session = Session(game, _agent(agent, seed), save=save,
                      facts=card_facts_lookup(pool.spec.name, tuple(card_paths)))
    return run_session(session)


def resume(pool: CardPool, path: str, seed: int, save: str | None = None,
           agent: tuple[str, Mapping[str, Any]] = ("random", {}),
           card_paths: tuple[str, ...] = ()) -> int:
    """Continue the game saved in ``path`` (its human is the first player): the game its
    record reaches, once the save is shown to hold exactly that (:func:`~cardscript.save.
    verified`)."""
    try:
        game = verified(load(path, pool.cards, pool.spec.name))
    except SaveError as exc:
        err.print(f"{path}: {exc}", markup=False)
        return EXIT_BAD_INPUT
    if game.decision is None:
        err.print(f"{path}: this game is over; there is nothing to resume", markup=False)
        return EXIT_BAD_INPUT
    out.print(f"resuming the game saved in {path}, round {game.rounds}", markup=False)
    session = Session(game, _agent(agent, seed), save=save or path,
                      facts=card_facts_lookup(pool.spec.name, tuple(card_paths)))
    session.seen = len(game.log)  # what happened before the save was told then
    return run_session(session)

