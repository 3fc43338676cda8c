"""Log expectations of Wonders scenarios: what the game's log must (or must not) hold.

The log is a list of tuples, an event's name then its values (``("dies", "squire", 9)``);
:data:`LOG_EVENTS` names each value, so a scenario can match an event by its fields
(``{event: dies, card: squire}``) as well as by the words of its line (``"dies squire"``),
and count how many lines match (``{line: "draw A 1", count: 2}``). The table is the log's
shape in one place: a test checks it against every ``log.append`` of the engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Self, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: each event the log holds, with the names of its values in order. A card is logged as
#: its id then its object number (``card``, ``object``): the two are one field, ``card``,
#: matched as the log's own ``squire#9`` or by the id alone
LOG_EVENTS: dict[str, tuple[str, ...]] = {
    "coin": ("player",),
    "first": ("player", "side"),
    "mulligan": ("player", "number"),
    "round": ("round",),
    "pass": ("player",),
    "turn": ("player", "option"),
    "play": ("player", "card", "object", "realm"),
    "attack": ("player", "realm"),
    "no_attack": ("player", "realm"),
    "battle": ("realm", "winner"),
    "seize": ("player", "realm", "stone"),
    "draw": ("player", "number"),
    "deny": ("player", "number"),
    "dies": ("card", "object"),
    "banish": ("card", "object"),
    "discard": ("card", "object"),
    "enter": ("card", "object", "realm"),
    "move": ("card", "object", "realm"),
    "token": ("card", "object", "realm"),
    "counters": ("card", "object", "amount"),
    "nullify": ("card", "object", "duration"),
    "seek": ("player", "cards"),
    # the core's look_at_top (a Riftbound or Spellfire card's): how many were looked at,
    # each card taken, how many went to the bottom
    "look": ("player", "number"),
    "take": ("player", "card"),
    "bottom": ("player", "number"),
    "reveal": ("player", "number"),
    "target": ("card", "target"),
    "resolve": ("card", "ability"),
    "fizzle": ("card", "ability", "why"),
    "no_target": ("card", "ability"),
    "prevented": ("card", "ability"),
    "loop": ("kind", "player", "effects"),
    "loop_count": ("number",),
    "prevent": ("effect",),
    "chain": ("player", "effect"),
    "removed": ("player", "effect"),
    "priority": ("player", "option"),
    "respond": ("player", "option"),  # the core's response window (window.py)
    "negated": ("effect",),
    "control": ("player", "card", "object"),
    "no_control": ("player", "card", "object"),
    "control_turn": ("player", "controlled"),  # 505.4: will control that player's next turn
    "controls_turn": ("player", "controlled"),  # ... and that turn begins
    "face_down": ("player", "realm"),
    "face_up": ("card", "object", "realm"),
    "faith": ("player", "number"),
    "shield": ("card", "object", "why"),
    "spend": ("player", "number"),
    "trigger": ("card", "ability", "number"),
    "nullify_effect": ("card", "ability"),
    "shields": ("card", "object", "number"),
    "portal": ("card", "object", "realm"),
    "equip": ("card", "object", "wonder", "wonder_object"),
    "unequip": ("card", "object"),
    "copy": ("card", "object", "number", "realm"),
    "copy_refused": ("card", "why"),
    "copy_spell": ("card", "object", "number", "player"),  # a virtual copy (rule 507)
    "copy_ability": ("card", "object", "number", "player"),
    "symbiosis": ("card", "object", "wonder", "wonder_object"),
    "copies_nothing": ("card", "object"),
    "instead": ("source", "ability", "card", "object", "why"),
    "loses": ("player", "why"),
    "game_over": ("winner", "how"),
    "error": ("why",),
}
#: the keys an event's fields are given by (``object`` is part of ``card``)
FIELDS = tuple(dict.fromkeys(f for names in LOG_EVENTS.values() for f in names
                             if not f.endswith("object")))

if TYPE_CHECKING:
    EventName = str
else:
    from typing import Literal
    EventName = Literal[tuple(LOG_EVENTS)]

Value = Optional[Union[int, str, list[str]]]


class LogMatch(BaseModel):
    """A log line given by its words (``line``) or an event by its fields (``event``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    line: Optional[str] = Field(None, description="Words that occur, whole and in order, "
                                "in the line.")
    event: Optional[EventName] = Field(None, description="The event's name, the line's "
                                       "first word.")
    player: Value = None
    side: Value = None
    number: Value = None
    round: Value = None
    option: Value = None
    card: Value = None
    realm: Value = None
    winner: Value = None
    stone: Value = None
    amount: Value = None
    duration: Value = None
    cards: Value = None
    target: Value = None
    ability: Value = None
    why: Value = None
    effect: Value = None
    how: Value = None
    kind: Value = None
    effects: Value = None
    controlled: Value = None
    wonder: Value = None
    source: Value = None

    @model_validator(mode="after")
    def _one_form(self) -> Self:
        given = [f for f in FIELDS if getattr(self, f) is not None]
        if (self.line is None) == (self.event is None):
            raise ValueError("give either `line` (words of the line) or `event` (an event "
                             "and its fields), not " + ("both" if self.line else "neither"))
        if self.line is not None and given:
            raise ValueError(f"`{given[0]}` is a field of an `event`; with `line` only the "
                             "words are matched")
        if self.event is not None:
            names = [f for f in LOG_EVENTS[self.event] if not f.endswith("object")]
            for f in given:
                if f not in names:
                    raise ValueError(f"the `{self.event}` event has no field `{f}`; its "
                                     f"fields: {', '.join(names) or 'none'}")
        return self

    def fields(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in FIELDS if getattr(self, f) is not None}

    def describe(self) -> str:
        if self.line is not None:
            return f"with the words {self.line!r}"
        shown = ", ".join(f"{k}: {v}" for k, v in self.fields().items())
        return f"for the event {{event: {self.event}{', ' if shown else ''}{shown}}}"


class LogExpect(LogMatch):
    count: Optional[int] = Field(None, ge=0, description="How many lines match, exactly; "
                                 "default: at least one.")


def format_log(entry: tuple) -> str:
    return " ".join(str(x) for x in entry)


def event_fields(entry: tuple) -> dict[str, Any] | None:
    """The fields of a log entry by name (a card and its object number as ``id#n``), or
    None for an entry the table does not know."""
    names = LOG_EVENTS.get(entry[0]) if entry else None
    if names is None or len(names) != len(entry) - 1:
        return None
    out: dict[str, Any] = {}
    for name, value in zip(names, entry[1:], strict=True):
        if name.endswith("object"):  # the card before it, as the log prints it: squire#9
            card = name.removesuffix("_object") if name != "object" else "card"
            out[card] = f"{out[card]}#{value}"
        else:
            out[name] = value
    return out


def has_words(line_words: list[str], text: str) -> bool:
    """Whether the words of ``text`` occur together, in order, in a log line's words: whole
    words, so ``draw A 1`` is not found in ``draw A 12``; a card logged with its object
    number (``squire#9``) is also found as its id (``squire``)."""
    want = text.split()
    n = len(want)
    return any(all(same_word(got, w) for got, w in zip(line_words[i:i + n], want,
                                                      strict=True))
               for i in range(len(line_words) - n + 1))


def same_word(got: str, want: str) -> bool:
    return got == want or (got.startswith(want + "#") and got[len(want) + 1:].isdigit())


def _same_value(got: Any, want: Any) -> bool:
    if isinstance(got, (list, tuple)) or isinstance(want, list):
        return isinstance(got, (list, tuple)) and isinstance(want, list) and \
            [str(x) for x in got] == [str(x) for x in want]
    return same_word(str(got), str(want))


class _Lines:
    """The log as lines, their words and their events' fields, made once per check."""

    def __init__(self, log: list[tuple]):
        self.entries = log
        self.lines = [format_log(e) for e in log]
        self.words = [line.split() for line in self.lines]
        self.events = [event_fields(e) for e in log]

    def matching(self, want: str | LogMatch) -> list[str]:
        if isinstance(want, str) or want.line is not None:
            text = want if isinstance(want, str) else want.line
            assert text is not None
            return [line for line, w in zip(self.lines, self.words, strict=True)
                    if has_words(w, text)]
        fields = want.fields()
        return [line for entry, line, ev in zip(self.entries, self.lines, self.events,
                                                 strict=True)
                if entry and entry[0] == want.event and ev is not None
                and all(k in ev and _same_value(ev[k], v) for k, v in fields.items())]


def check_log(log: list[tuple], wanted: list, unwanted: list) -> list[tuple[tuple, str]]:
    """(path, message) for each ``expect.log`` item not met and ``log_excludes`` item found."""
    bad: list[tuple[tuple, str]] = []
    lines = _Lines(log)
    for i, want in enumerate(wanted):
        hits = lines.matching(want)
        count = None if isinstance(want, str) else want.count
        what = f"{want!r}" if isinstance(want, str) else want.describe()
        if count is not None:
            if len(hits) != count:
                bad.append((("log", i, "count"), f"expected {count} log line(s) {what}, "
                            f"found {len(hits)}" + (f": {hits[:5]}" if hits else "")))
        elif not hits:
            text = want if isinstance(want, str) else want.line
            near = [line for line in lines.lines if text and text in line]
            seen = (f"lines with it only as part of a word: {near[:3]}" if near else
                    f"log tail: {lines.lines[-8:]}")
            if isinstance(want, str):
                msg = f"expected a log line with the words {want!r}; {seen}"
            else:
                msg = f"expected a log line {what}; {seen}"
            bad.append((("log", i), msg))
    for i, unwanted_item in enumerate(unwanted):
        hits = lines.matching(unwanted_item)
        if hits:
            what = (f"with the words {unwanted_item!r}" if isinstance(unwanted_item, str)
                    else unwanted_item.describe())
            bad.append((("log_excludes", i), f"the log should have no line {what}: "
                                             f"{hits[:3]}"))
    return bad
