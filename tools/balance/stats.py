"""The figures of a balance report, from game records (docs/balance.md): win rates with 95%
Wilson intervals, the first player's advantage, 17lands-style per-card metrics and their
outliers, and what changed since an older report (:func:`compare`).

:class:`Tally` reads records one at a time (a run's records are not kept), so the same code
makes the report of a run and of hand-made records in the tests.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion ``successes / n`` (None for no trial). A draw
    counts half a win, so ``successes`` may be fractional."""
    if n <= 0:
        return None
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(s1: float, n1: float, s2: float, n2: float) -> tuple[float, float] | None:
    """Newcombe's hybrid score interval (his method 10) of ``s1/n1 - s2/n2``, made of the two
    proportions' Wilson intervals; None when either has no trial."""
    a, b = wilson(s1, n1), wilson(s2, n2)
    if a is None or b is None:
        return None
    p1, p2 = s1 / n1, s2 / n2
    d = p1 - p2
    return (d - math.sqrt((p1 - a[0]) ** 2 + (b[1] - p2) ** 2),
            d + math.sqrt((a[1] - p1) ** 2 + (p2 - b[0]) ** 2))


def rate(wins: float, n: float) -> dict:
    """A win rate and its interval, as the report writes them."""
    ci = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": wins / n if n else None,
            "low": ci[0] if ci else None, "high": ci[1] if ci else None}


def overlap(a: dict, b: dict) -> bool:
    """Whether two figures' intervals (``low``, ``high``) overlap; a missing one overlaps."""
    if a.get("low") is None or b.get("low") is None:
        return True
    return a["low"] <= b["high"] and b["low"] <= a["high"]


def seat_names(name: str, mirror: bool) -> tuple[str, str]:
    """The names of a pair's two decks in the records: a deck against itself is told apart
    (as ``cardscript simulate`` does)."""
    return (name, f"{name} (2)") if mirror else (name, name)


class Tally:
    """The counts behind a report, fed one record at a time (:meth:`add`).

    ``decks`` are the run's decks, ``name -> [card ids, one per copy]``; ``abilities`` the
    names of each card's abilities (``card id -> [name, ...]``) for the dead-text list, and
    ``continuous`` those of them that never resolve but apply while their card is in play
    (a static ability: ``continuous = True`` on its trigger), alive in a game where the
    card was played. A
    record's seats are read by deck name; in a mirror the second copy's name ends in
    `` (2)`` and counts for the same deck in the per-card figures."""

    def __init__(self, decks: dict[str, list[str]], abilities: dict[str, list[str]],
                 continuous: dict[str, set[str]] | None = None):
        self.decks = decks
        self.abilities = abilities
        self.continuous = continuous or {}
        self.mirror = len(decks) == 1
        self.alias = {n: n for n in decks}
        if self.mirror:
            (only,) = decks
            self.alias[seat_names(only, True)[1]] = only
        self.games = self.errors = self.draws = 0
        self.first = [0.0, 0]  # wins of the player who took the first turn, games
        #: (side a, side b) -> [a's wins (draws half), games]
        self.pairs: dict[tuple[str, str], list[float]] = {}
        #: deck -> [wins, games] over its seats (a mirror: both seats)
        self.deck_games: dict[str, list[float]] = {n: [0.0, 0] for n in decks}
        #: (deck, card) -> metric -> [wins, games]
        self.cards: dict[tuple[str, str], dict[str, list[float]]] = {}
        self.resolved: set[tuple[str, str]] = set()

    def add(self, rec: dict) -> None:
        self.games += 1
        if rec["outcome"] == "error":
            self.errors += 1
            return
        names = rec["decks"]
        draw = rec["winner"] is None
        self.draws += draw
        score = {n: 0.5 if draw else float(rec["winner"] == n) for n in names}
        if rec.get("first") is not None:
            self.first[0] += score[rec["first"]]
            self.first[1] += 1
        a, b = sorted(names, key=self._order)
        cell = self.pairs.setdefault((a, b), [0.0, 0])
        cell[0] += score[a]
        cell[1] += 1
        rows: dict[str, dict[str, dict]] = {n: {} for n in names}
        for r in rec.get("cards", ()):
            rows[r["deck"]][r["card"]] = r
        for r in rec.get("abilities", ()):
            self.resolved.add((self.alias[r["deck"]], f"{r['card']}\0{r['ability']}"))
        for seat in names:
            deck = self.alias[seat]
            won = score[seat]
            total = self.deck_games[deck]
            total[0] += won
            total[1] += 1
            for card in dict.fromkeys(self.decks[deck]):
                r = rows[seat].get(card, {})
                seen = {"opening_hand": r.get("opening_hand", 0) > 0,
                        "drawn": r.get("drawn", 0) > 0, "played": r.get("played", 0) > 0}
                seen["in_hand"] = seen["opening_hand"] or seen["drawn"]
                counts = self.cards.setdefault((deck, card), {})
                for metric, yes in seen.items():
                    if yes:
                        c = counts.setdefault(metric, [0.0, 0])
                        c[0] += won
                        c[1] += 1

    def _order(self, name: str) -> tuple[int, str]:
        keys = list(self.decks)
        base = self.alias.get(name, name)
        return (keys.index(base) if base in keys else len(keys), name)

    # -- the report's figures -----------------------------------------------------------
    def matrix(self) -> list[dict]:
        """A row per pair of sides: the first side's win rate against the second."""
        return [{"deck": a, "opponent": b, **rate(w, n)}
                for (a, b), (w, n) in sorted(self.pairs.items(),
                                             key=lambda kv: tuple(map(self._order, kv[0])))]

    def card_rows(self) -> list[dict]:
        """A row per deck and card: games and win rate for each metric, and the improvement
        when drawn (win rate in hand minus not seen) with its interval; ``flag`` says
        whether that interval lies wholly above (``strong``) or below (``weak``) the
        deck's reference (:meth:`deck_iwd`)."""
        out = []
        for deck, ids in self.decks.items():
            wins, games = self.deck_games[deck]
            copies = {c: ids.count(c) for c in ids}
            rows = []
            for card in copies:
                counts = self.cards.get((deck, card), {})
                row: dict = {"deck": deck, "card": card, "copies": copies[card]}
                for metric in ("opening_hand", "drawn", "in_hand", "played"):
                    w, n = counts.get(metric, (0.0, 0))
                    row[metric] = rate(w, n)
                gih_w, gih_n = counts.get("in_hand", (0.0, 0))
                row["not_seen"] = rate(wins - gih_w, games - gih_n)
                ci = difference(gih_w, gih_n, wins - gih_w, games - gih_n)
                row["iwd"] = {"value": (gih_w / gih_n - (wins - gih_w) / (games - gih_n))
                              if ci else None,
                              "low": ci[0] if ci else None, "high": ci[1] if ci else None}
                rows.append(row)
            ref = deck_iwd(rows)
            for row in rows:
                iwd = row["iwd"]
                row["flag"] = None
                if ref is not None and iwd["low"] is not None:
                    if iwd["low"] > ref:
                        row["flag"] = "strong"
                    elif iwd["high"] < ref:
                        row["flag"] = "weak"
            out += rows
        return out

    def dead_text(self) -> list[dict]:
        """Abilities of the decks' cards that never reached resolution in the run (by the
        ability's name: a card's abilities of one name count together); a continuous one,
        whose card was never played."""
        out = []
        for deck, ids in self.decks.items():
            for card in dict.fromkeys(ids):
                names = self.abilities.get(card, [])
                played = self.cards.get((deck, card), {}).get("played", (0.0, 0))[1] > 0
                for name in dict.fromkeys(names):
                    if name in self.continuous.get(card, ()) and played:
                        continue
                    if (deck, f"{card}\0{name}") not in self.resolved:
                        out.append({"deck": deck, "card": card, "ability": name,
                                    "abilities": names.count(name)})
        return out

    def summary(self) -> dict:
        return {"games": self.games, "errors": self.errors, "draws": self.draws,
                "first_player": rate(*self.first),
                "decks": [{"deck": d, "cards": len(ids), **rate(*self.deck_games[d])}
                          for d, ids in self.decks.items()]}


def deck_iwd(rows: Iterable[dict]) -> float | None:
    """A deck's reference improvement when drawn: the mean of its cards' improvements,
    each weighted by the games it was in hand (the cards with a figure)."""
    total = weight = 0.0
    for row in rows:
        if row["iwd"]["value"] is not None:
            n = row["in_hand"]["games"]
            total += row["iwd"]["value"] * n
            weight += n
    return total / weight if weight else None


def compare(old: dict, new: dict) -> dict:
    """What changed from the report ``old`` to ``new`` (both report.json documents): win
    rates whose intervals no longer overlap (matrix cells, first player, decks' overall,
    cards' win rate in hand and improvement when drawn), cards added to or removed from a
    deck, cards whose compiled content changed, decks added or removed."""
    def by(rows: Iterable[dict[str, Any]], *keys: str) -> dict[tuple, dict[str, Any]]:
        return {tuple(r[k] for k in keys): r for r in rows}

    moved = []

    def check(what: str, a: dict, b: dict) -> None:
        if not overlap(a, b):
            moved.append({"what": what, "old": _fig(a), "new": _fig(b)})

    old_m, new_m = by(old["matrix"], "deck", "opponent"), by(new["matrix"], "deck", "opponent")
    for key in new_m.keys() & old_m.keys():
        check(f"{key[0]} against {key[1]}", old_m[key], new_m[key])
    check("first player", old["summary"]["first_player"], new["summary"]["first_player"])
    old_d, new_d = by(old["summary"]["decks"], "deck"), by(new["summary"]["decks"], "deck")
    for key in new_d.keys() & old_d.keys():
        check(f"{key[0]} overall", old_d[key], new_d[key])
    old_c, new_c = by(old["cards"], "deck", "card"), by(new["cards"], "deck", "card")
    for key in sorted(new_c.keys() & old_c.keys()):
        check(f"{key[1]} ({key[0]}): win rate in hand", old_c[key]["in_hand"],
              new_c[key]["in_hand"])
        check(f"{key[1]} ({key[0]}): improvement when drawn", old_c[key]["iwd"],
              new_c[key]["iwd"])
    decks = old_d.keys() & new_d.keys()
    old_digest, new_digest = old.get("digests", {}), new.get("digests", {})
    return {
        "moved": moved,
        "added": [{"deck": d, "card": c} for d, c in sorted(new_c.keys() - old_c.keys())
                  if (d,) in decks],
        "removed": [{"deck": d, "card": c} for d, c in sorted(old_c.keys() - new_c.keys())
                    if (d,) in decks],
        "copies": [{"deck": d, "card": c, "old": old_c[(d, c)]["copies"],
                    "new": new_c[(d, c)]["copies"]}
                   for d, c in sorted(new_c.keys() & old_c.keys())
                   if old_c[(d, c)]["copies"] != new_c[(d, c)]["copies"]],
        "changed_text": sorted(c for c in new_digest.keys() & old_digest.keys()
                               if new_digest[c] != old_digest[c]),
        "decks_added": sorted(d for (d,) in new_d.keys() - old_d.keys()),
        "decks_removed": sorted(d for (d,) in old_d.keys() - new_d.keys()),
    }


def _fig(f: dict) -> dict:
    return {k: f.get(k) for k in ("rate", "value", "low", "high", "games") if k in f}
