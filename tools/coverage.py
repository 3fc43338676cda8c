"""``cardscript coverage``: which rules the scenarios test, and which card abilities random
games never use.

Rules: each clause of the game's rules index (``cardscripts/<game>/rules-index.yaml``,
:mod:`cardscript.tools.rules_index`) and each keyword of the game's registry, with the
scenarios whose ``rule:`` cites it. A clause is covered by a scenario citing it or one of its
sub-clauses (``403.1.3`` covers 403.1 and 403); an index may also name a clause in words
(``seed Focus``), cited exactly as written; a keyword by a citation ``rulebook: Flying``
(or ``keyword: flying``).

Abilities: over random games between the decks, how often each ability of each card
resolved, counted from the games' logs (each ability of the run's own pool named apart for
the run), so the engine's hot path carries no hook at all. A static ability never resolves:
it applies while its card is in play, and is reported as ``static``, never as dead. A
designer marks an ability expected never to resolve, with a reason, in
``cardscripts/<game>/coverage.yaml`` (or a file given with ``--explained``)::

    expected_dead:
      - {card: sundial-of-the-last-hour, ability: 1, reason: "round 7 only; ..."}
      - {card: chained-crow, ability: flying, reason: "..."}

``ability`` is the designer's ability number (1 for the first of ``abilities:``, as the
linter counts them) or the name of the keyword that adds it.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.cardpool import CardPool
from cardscript.errors import CardError, Diagnostic
from cardscript.loader import load_file
from cardscript.plugins import GameSpec
from cardscript.state import CardDef

from .common import Decks, registry_of
from .rules_index import FILE_NAME, load

EXPLAINED_FILE = "coverage.yaml"
_CLAUSE = re.compile(r"^[0-9]{3}(\.[0-9]+)*$")
_KEYWORD_CITATION = re.compile(r"^(?:rulebook|keyword)\s*:\s*(?P<name>.+)$", re.IGNORECASE)


def _keyword_key(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", text.strip().lower())


def citations(paths: Iterable[str | Path]) -> tuple[dict[str, list[str]], list[Diagnostic]]:
    """Each scenario's citations (its ``rule:``), by file; files that can't be read are
    problems, not the end of the report."""
    from .scenarios import find_scenarios
    found: dict[str, list[str]] = {}
    problems: list[Diagnostic] = []
    for f in find_scenarios(paths):
        try:
            doc = load_file(f)
        except CardError as exc:
            problems.extend(exc.diagnostics)
            continue
        rule = doc.data.get("rule") if isinstance(doc.data, dict) else None
        cited = [rule] if isinstance(rule, str) else rule if isinstance(rule, list) else []
        found[str(f)] = [c.strip() for c in cited if isinstance(c, str)]
    return found, problems


def rules_coverage(spec: GameSpec, cited: dict[str, list[str]]) -> dict[str, Any]:
    """Clauses and keywords with the scenarios citing them (see the module docstring)."""
    index = spec.cards_dir / FILE_NAME
    clauses = load(index) if index.is_file() else []
    by_clause: dict[str, list[str]] = {n: [] for n, _ in clauses}
    registry = registry_of(spec)
    planned = {name for kind, name in registry.planned if kind == "keyword"}
    keywords = sorted(set(registry.names("keyword")) | planned)
    by_keyword: dict[str, list[str]] = {k: [] for k in keywords}
    unknown: dict[str, list[str]] = {}  # clause numbers the rules don't have (typos)
    #: the first words of clauses named in words ("seed 4", "notes 6"): a citation starting
    #: with one is a clause, known or not
    named = {n.split(" ", 1)[0] for n in by_clause if " " in n}
    for path, cites in cited.items():
        name = Path(path).name.removesuffix(".scenario.yaml")
        for c in cites:
            if _CLAUSE.match(c) or c in by_clause or c.split(" ", 1)[0] in named:
                if clauses and c not in by_clause:
                    unknown.setdefault(c, []).append(name)
                for number in by_clause:
                    if (c == number or c.startswith(number + ".")) and name not in \
                            by_clause[number]:
                        by_clause[number].append(name)
            else:
                m = _KEYWORD_CITATION.match(c)
                key = _keyword_key(m["name"] if m else c)
                if key in by_keyword and name not in by_keyword[key]:
                    by_keyword[key].append(name)
    return {
        "clauses": [{"number": n, "title": t, "scenarios": by_clause[n]} for n, t in clauses],
        "keywords": [{"name": k, "planned": k in planned, "scenarios": by_keyword[k]}
                     for k in keywords],
        "unknown_clauses": [{"number": n, "scenarios": s} for n, s in sorted(unknown.items())],
    }


# -- abilities -------------------------------------------------------------------------------

def ability_label(card: CardDef, index: int) -> str:
    """How the report and the explained file name an ability: its keyword, or its number
    among the designer's abilities (1-based, as the linter counts them)."""
    ab = card.program.abilities[index]
    if ab.keyword is not None:
        return ab.keyword
    designer = [a for a in card.program.abilities[: index + 1] if a.keyword is None]
    return str(len(designer))


@dataclass
class Explained:
    reasons: dict[tuple[str, str], str] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)


def load_explained(path: Path, cards: Mapping[str, CardDef]) -> Explained:
    """The designer's expected-dead abilities; a wrong entry is a positioned problem."""
    doc = load_file(path)
    out = Explained()
    data = doc.data if isinstance(doc.data, dict) else {}
    if set(data) - {"expected_dead"}:
        out.problems.append(Diagnostic(doc.pos(()), "expected only the key 'expected_dead' (a "
                                       "list of {card, ability, reason})", "CS101"))
    entries = data.get("expected_dead") or []
    if not isinstance(entries, list):
        out.problems.append(Diagnostic(doc.pos(("expected_dead",)), "expected a list of "
                                       "{card, ability, reason}", "CS100"))
        return out
    for i, e in enumerate(entries):
        at = ("expected_dead", i)
        if not isinstance(e, dict) or set(e) != {"card", "ability", "reason"}:
            out.problems.append(Diagnostic(doc.pos(at), "expected {card, ability, reason}; "
                                           f"found {e!r}", "CS104"))
            continue
        card = cards.get(str(e["card"]))
        if card is None:
            from cardscript.errors import did_you_mean
            out.problems.append(Diagnostic(doc.pos(at + ("card",)), f"unknown card "
                                           f"'{e['card']}'{did_you_mean(str(e['card']), cards)}",
                                           "CS500"))
            continue
        labels = [ability_label(card, j) for j in range(len(card.program.abilities))]
        label = str(e["ability"])
        if label not in labels:
            out.problems.append(Diagnostic(doc.pos(at + ("ability",)), f"'{card.id}' has no "
                                           f"ability '{label}'; it has: "
                                           f"{', '.join(labels) or 'none'}", "CS105"))
            continue
        out.reasons[(card.id, label)] = str(e["reason"])
    return out


def reachable(decks: Decks, cards: Mapping[str, CardDef]) -> set[str]:
    """The cards the games can meet: the decks' and the tokens those (and theirs) create."""
    seen = {c.id for _, deck in decks for c in deck}
    todo = list(seen)
    while todo:
        card = cards.get(todo.pop())
        for _kind, ref in getattr(card, "references", None) or ():
            if ref in cards and ref not in seen:
                seen.add(ref)
                todo.append(ref)
    return seen


def ability_coverage(pool: CardPool, pairs: list[tuple[tuple[str, list[CardDef]],
                                                      tuple[str, list[CardDef]]]],
                     games: int, seed: int, explained: Explained,
                     variants: Iterable[str] = ()) -> dict[str, Any]:
    """Play ``games`` random games, spread over the deck ``pairs`` in turn; count each
    ability's resolutions from the games' logs. For the run, each ability of the pool is
    named apart (its log name tagged with its card and position, which the rules never
    read), so that two abilities of one card with the same trigger are told apart; the
    names are restored after."""
    from cardscript.decisions import RandomAgent

    from .simulate import game_seed
    counts: dict[tuple[str, int], int] = {}
    tags: dict[tuple[str, str], tuple[str, int]] = {}
    renamed = []
    for card in pool.cards.values():
        for i, ab in enumerate(card.program.abilities):
            counts[(card.id, i)] = 0
            renamed.append((ab, ab.name))
            ab.name = f"{ab.name}#{i}"
            tags[(card.id, ab.name)] = (card.id, i)
    cls = pool.spec.game_class
    errors = 0
    try:
        for i, ((name_a, deck_a), (name_b, deck_b)) in zip(range(games),
                                                           itertools.cycle(pairs)):
            s = game_seed(seed, i)
            try:
                g = cls([list(deck_a), list(deck_b)], s, tokens=pool.tokens, variants=variants,
                        deck_names=(name_a, name_b))
                g.play([RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)])
                errors += g.error is not None
            except Exception:  # noqa: BLE001 - a crash is simulate's finding; counted here
                errors += 1
                continue
            for entry in g.log:
                # a resolution, or an ability a game resolves at once by its own word
                # (Riftbound's Add abilities: "add", player, card, ability)
                kind = entry[0]
                key = tags.get((entry[1], entry[2])) if kind == "resolve" else \
                    tags.get((entry[2], entry[3])) if kind == "add" and len(entry) > 3 else None
                if key is not None:
                    counts[key] += 1
    finally:
        for ab, name in renamed:
            ab.name = name
    met = set().union(*(reachable([a, b], pool.cards) for a, b in pairs)) if pairs else set()
    rows = []
    for card in pool.cards.values():
        for i, ab in enumerate(card.program.abilities):
            label = ability_label(card, i)
            n = counts[(card.id, i)]
            reason = explained.reasons.get((card.id, label))
            # a static ability never resolves: it applies while its card is in play
            static = getattr(ab.trigger, "continuous", False)
            status = ("resolved" if n else "explained" if reason is not None
                      else "unplayed" if card.id not in met else "static" if static
                      else "dead")
            rows.append({"card": card.id, "ability": label, "trigger": ab.trigger.entry_name,
                         "resolutions": n, "status": status, "reason": reason})
    return {"games": games, "seed": seed, "errors": errors,
            "decks": [[a[0], b[0]] for a, b in pairs], "abilities": rows}
