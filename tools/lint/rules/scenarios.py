"""Scenario files: their schema is checked by the schema rules (CS10x); this is the rest.

The findings are the engine's own (:func:`cardscript.tools.scenarios.static_problems`, the
game's ``setup_problems``), so ``cardscript check``, ``cardscript test`` and ``cardscript lint``
report the same codes at the same places; CS504 alone is the linter's.
"""
from __future__ import annotations

from ..registry import Rule


class UnknownScenarioCard(Rule):
    """A scenario names a card that is neither in the bundled set nor defined inline in the
    scenario's ``cards:``: in ``setup`` (a hand, a deck, a realm) or in an ``expect`` block
    (a zone's cards, a realm's sides, a key of ``expect.cards``).

    ``filler`` (the blank card that fills decks) is always known. The closest id is
    suggested.
    """

    code = "CS500"
    name = "unknown-scenario-card"
    groups = ("scenario",)


class UnusedSetupKey(Rule):
    """A ``setup`` key the scenario's start mode does not use, which would be silently
    ignored.

    With ``start: game`` the game starts from rule 401: ``round``, ``first_player``,
    ``round1_first``, ``last_seizer`` and ``realms`` mean nothing there (the game starts
    before round 1 with an empty world, and the first player is chosen in the game). With
    ``start: beginning`` or ``start: turns``, ``previous_loser`` (who chooses the first
    player when a game starts) means nothing. The message says why and what to do instead.
    """

    code = "CS501"
    name = "unused-setup-key"
    groups = ("scenario",)


class ImpossibleSetup(Rule):
    """A ``setup`` the game cannot start from, found before running it.

    A realm given in ``setup.realms`` that is not open when the game starts (realm N opens
    in round N; with ``start: beginning`` the round's own realm opens only as the game
    starts), or a ``first_player`` that rule 403.2 contradicts: at a round's beginning the
    most recent seizer (``last_seizer``) goes first, else the player who took round 1's first
    turn (``round1_first``); in round 1, ``first_player`` and ``round1_first`` are the same.
    """

    code = "CS502"
    name = "impossible-setup"
    groups = ("scenario",)


class DuplicateInlineCard(Rule):
    """Two of a scenario's inline cards (``cards:``) have the same id.

    Only one of them could be used, silently; give the other another id. Reported at the
    later card's ``id``.
    """

    code = "CS503"
    name = "duplicate-inline-card"
    groups = ("scenario",)


class InlineCardReplacesBundled(Rule):
    """An inline card of a scenario has the id of a bundled card, which it replaces in that
    scenario.

    Replacing a bundled card is a feature — a scenario that writes the card it tests keeps
    passing whatever happens to the bundled set — but it can also be an accident (a new card
    whose id is already taken), so the linter asks for it to be said: a suppression comment
    on the card's ``id`` line (``# cardscript: disable=CS504``) marks it as meant.
    ``cardscript check`` and ``cardscript test`` accept it.
    """

    code = "CS504"
    name = "inline-card-replaces-bundled"
    severity = "warning"
    groups = ("scenario",)


class ScenarioCardPath(Rule):
    """A card file or folder a scenario names in ``cards:`` that it cannot use: a path
    outside the scenario's own folder tree (``../``, an absolute path, a link pointing out),
    a path that does not exist, a file whose name does not end in ``.card.yaml``, or a
    folder without card files.

    A scenario carries the cards it needs with it: inline, or in card files beside it or
    below it, named relative to the scenario file. The message names the entry and what was
    found.
    """

    code = "CS505"
    name = "scenario-card-path"
    groups = ("scenario",)
