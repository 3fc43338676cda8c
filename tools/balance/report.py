"""The files of a balance report (docs/balance.md): report.json (the whole document),
cards.csv and matrix.csv (its tables, flat) and report.html (one self-contained page,
rendered by the tools' sandboxed Jinja2 environment, :mod:`cardscript.tools.templates`);
and :func:`read_report`, which reads an older report.json for ``--compare`` against
:class:`OldReport`, the part of the document :func:`~.stats.compare` uses."""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, Self

from cardscript import jsonfile
from cardscript.cardpool import CardPool
from cardscript.plugins import GameSpec
from pydantic import ConfigDict, Field, model_validator

from ..common import Decks
from ..templates import render
from . import Format
from .stats import Tally, compare, deck_iwd

#: the per-card metrics, in the tables' order, and their headings
METRICS = {"opening_hand": "in opening hand", "drawn": "drawn", "in_hand": "in hand",
           "played": "played", "not_seen": "not seen"}

NOTES = [
    "Win rates count a draw as half a win; games that ended in an error are left out of "
    "every figure (counted under errors). Intervals are 95% Wilson score intervals.",
    "Paired seeds with seat swaps: each seed is played twice, once with each deck of the "
    "pair in the first seat. The agents follow their decks, not the seats.",
    "Per card, each game is counted once per player whose deck holds the card: 'in opening "
    "hand' = a copy was in the opening hand (after mulligans); 'drawn' = a copy was drawn "
    "after it; 'in hand' = either (17lands' GIH); 'played' = a copy was played; 'not seen' = "
    "no copy was in the opening hand or drawn (17lands' GNS).",
    "Improvement when drawn (IWD, 17lands) = win rate in hand minus win rate not seen; its "
    "interval is Newcombe's hybrid score interval of the difference of the two proportions.",
    "Outliers: a card is flagged 'strong' when the lower end of its IWD interval lies above "
    "its deck's reference IWD, 'weak' when the upper end lies below it. The deck's "
    "reference IWD is the mean of its cards' IWD, each weighted by the games it was in hand. "
    "With many cards some flags are expected by chance (about 1 in 20 cards at 95%).",
    "Dead text: an ability of a deck's card that never reached resolution (resolved or "
    "fizzled) in any game of the run, by the ability's name.",
    "Compare: a figure moved when its interval in this run and in the older report do not "
    "overlap.",
]


# -- reading a report back (--compare) --------------------------------------------------

#: what a report read back is called in messages
WHAT = "a report.json of `cardscript balance`"
#: a count of games: far above any run, so a hand-made huge number is refused, not used
Games = Annotated[int, Field(ge=0, le=10**15)]
#: a rate is a fraction; a difference of rates lies between -1 and 1 (finite, as JSON's)
Fraction = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
Difference = Annotated[float, Field(ge=-1.0, le=1.0, allow_inf_nan=False)]


class _Part(jsonfile.Document):
    # the schema is what --compare reads: a report's other fields (label, notes, ...) are
    # the page's, so they are let through unread rather than refused
    model_config = ConfigDict(extra="ignore", strict=True)


class _Interval(_Part):
    if TYPE_CHECKING:  # each subclass declares both, with its own bounds
        low: float | None
        high: float | None

    @model_validator(mode="after")
    def _both_ends_or_none(self) -> Self:
        low, high = self.low, self.high
        if (low is None) != (high is None):
            raise ValueError("an interval has both ends (low, high) or neither")
        if low is not None and high is not None and low > high:
            raise ValueError("an interval's low end lies above its high end")
        return self


class OldRate(_Interval):
    games: Games
    rate: Optional[Fraction]
    low: Optional[Fraction]
    high: Optional[Fraction]


class OldIwd(_Interval):
    value: Optional[Difference]
    low: Optional[Difference]
    high: Optional[Difference]


class OldCell(OldRate):
    deck: str
    opponent: str


class OldDeck(OldRate):
    deck: str


class OldSummary(_Part):
    first_player: OldRate
    decks: list[OldDeck]


class OldCard(_Part):
    deck: str
    card: str
    copies: Games
    in_hand: OldRate
    iwd: OldIwd


class OldReport(_Part):
    """What ``--compare`` reads of an older report.json (:func:`~.stats.compare`)."""

    format: Format
    matrix: list[OldCell]
    summary: OldSummary
    cards: list[OldCard]
    digests: dict[str, str] = Field(default_factory=dict)


class _Format(_Part):
    format: Format


def read_report(path: str | Path) -> dict:
    """The report.json at ``path``, as :func:`~.stats.compare` reads it: through the one
    JSON reader (a regular file, bounded, strict JSON), its format checked first and then
    every field compare uses; a problem is a :class:`~cardscript.errors.CardError` naming
    the file and the JSON path."""
    value = jsonfile.read(path, WHAT)
    jsonfile.check(value, _Format, str(path), WHAT)  # a file of another kind: one message
    return jsonfile.check(value, OldReport, str(path), WHAT).model_dump()


def label(run: dict[str, Any], spec: GameSpec) -> str:
    """What the report is, said at its top."""
    agents = " and ".join(dict.fromkeys(run["agents"]))
    text = (f"Simulations of the decks {', '.join(run['decks'])} played by the {agents} "
            f"agent{'s' if len(set(run['agents'])) > 1 else ''} in cardscript's "
            f"{run['game_title']} engine: engine measurements, not metagame data.")
    if spec.extra.get("sample_cards"):
        text += (f" These are simulations of this project's own sample cards for "
                 f"{run['game_title']}, not of published cards: no {spec.title.split(' (')[0]}"
                 " metagame statistics are produced or stored.")
    return text


def document(run: dict[str, Any], tally: Tally, pool: CardPool, decks: Decks,
             compare_with: dict[str, Any] | None = None,
             compare_path: str | None = None) -> dict[str, Any]:
    """The report as JSON data (report.json; the schema is docs/balance.md's)."""
    cards = tally.card_rows()
    names = {c.id: getattr(c, "name", c.id) for _, deck in decks for c in deck}
    for row in cards:
        row["name"] = names.get(row["card"], row["card"])
    summary = tally.summary()
    for d in summary["decks"]:
        d["iwd_reference"] = deck_iwd(r for r in cards if r["deck"] == d["deck"])
    doc = {**run, "label": label(run, pool.spec), "summary": summary,
           "matrix": tally.matrix(), "cards": cards,
           "outliers": [{"deck": r["deck"], "card": r["card"], "flag": r["flag"],
                         **r["iwd"]} for r in cards if r["flag"]],
           "dead_text": tally.dead_text(),
           "digests": {c.id: c.digest for _, deck in decks for c in deck},
           "notes": NOTES, "compared_with": compare_path, "compare": None}
    if compare_with is not None:
        doc["compare"] = compare(compare_with, doc)
    return doc


def write_report(doc: dict, out: Path) -> None:
    (out / "report.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    with open(out / "matrix.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["deck", "opponent", "games", "wins", "win_rate", "low", "high"])
        for m in doc["matrix"]:
            w.writerow([m["deck"], m["opponent"], m["games"], m["wins"], m["rate"], m["low"],
                        m["high"]])
    with open(out / "cards.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["deck", "card", "name", "copies",
                    *(f"{m}_{x}" for m in METRICS for x in ("games", "win_rate", "low",
                                                             "high")),
                    "iwd", "iwd_low", "iwd_high", "flag"])
        for r in doc["cards"]:
            w.writerow([r["deck"], r["card"], r["name"], r["copies"],
                        *(r[m][x] for m in METRICS for x in ("games", "rate", "low", "high")),
                        r["iwd"]["value"], r["iwd"]["low"], r["iwd"]["high"],
                        r["flag"] or ""])
    (out / "report.html").write_text(render("balance/report.html.j2", doc=doc,
                                            metrics=METRICS, pct=_pct, pp=_pp),
                                     encoding="utf-8")


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _pp(x: float | None) -> str:
    """A difference of rates, in percentage points."""
    return "–" if x is None else f"{100 * x:+.1f}"
