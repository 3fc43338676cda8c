"""The human at ``cardscript play``: an agent that shows what happened since their last
decision, the table from their side and the options by name, then reads a line until it is
an answer. A line is an option (its number or its words), ``?`` and a number or a card's
name (the card's full text), ``board``, ``undo`` or ``quit``; anything else is a message and
the question again, never an error. The end of the input ends the game (EOFError)."""
from __future__ import annotations

from collections.abc import Callable

from cardscript.decisions import Agent, Decision, NoAnswer
from cardscript.game import Game
from cardscript.table import TableView

from ..facts import CardFacts
from .names import Namer, cards_in
from .view import fact_lines, table_lines

HELP = """commands:
  N or its words   choose option N (1, 2, ...) or the option that reads so
  ? N  or  ?N      the full text and stats of the cards of option N
  ? NAME           the full text and stats of a card, by name or id
  ?                this list
  board            the table again
  undo             take back your last decision (the opponent's replies after it too)
  quit             leave the game (as the end of the input does)"""


class Undo(Exception):
    """The human takes back their last decision (the session restores it)."""


class Quit(EOFError):
    """The human leaves the game."""


class TerminalAgent(Agent):
    """Answers the decisions of a human at a terminal. ``feed``: the lines of what happened
    since their last decision, shown then emptied; ``facts``: a card's facts by id or name
    for ``?`` (None: the printed text of the game's cards); ``can_undo``: whether ``undo``
    has something to take back (None: this agent plays outside a session)."""

    def __init__(self, ask: Callable[[str], str] = input, show: Callable[[str], None] = print,
                 max_tries: int = 100, style: Callable[[str, str], None] | None = None):
        self.ask = ask
        self.show = show
        # how the session prints a line in a style ("dim", "bold"); plain otherwise
        self.style = style or (lambda line, _style: show(line))
        self.max_tries = max_tries
        self.feed: list[str] = []
        self.facts: Callable[[str], CardFacts | None] | None = None
        self.can_undo: Callable[[], bool] | None = None
        #: how the table is shown: as lines (the default), or as a box at a terminal
        self.board: Callable[[TableView], None] = self.board_lines

    def board_lines(self, table: TableView) -> None:
        for line in table_lines(table):
            self.style(line, "bold" if line.startswith("==") else "")

    def choose(self, game: Game, decision: Decision) -> int:
        namer = Namer(game, decision.behalf.index)
        for line in self.feed:
            self.style(f"  · {line}", "dim")
        self.feed = []
        self.board(game.table(decision.behalf))
        if decision.behalf is not decision.player:  # rule 505.4 and the like
            self.show(f"you control {decision.behalf.name}'s turn")
        return self.ask_option(game, decision, namer)

    def ask_option(self, game: Game, decision: Decision, namer: Namer) -> int:
        who = decision.player.name if decision.behalf is decision.player else \
            f"{decision.player.name} (for {decision.behalf.name})"
        labels = namer.options(decision.options)
        self.show(f"\n{who}, {namer.words(decision.prompt or decision.kind)}:")
        self.show_options(labels)
        for _ in range(self.max_tries):
            raw = self.ask("> ").strip()
            index, message = self.parse(raw, decision, labels, namer)
            if index is not None:
                return index
            if message == "board":
                self.board(game.table(decision.behalf))
                self.show_options(labels)
                continue
            self.show(message)
        raise NoAnswer(f"no valid answer in {self.max_tries} tries")

    def show_options(self, labels: list[str]) -> None:
        for i, label in enumerate(labels, 1):
            self.show(f"  {i:>2}. {label}")

    def parse(self, raw: str, decision: Decision, labels: list[str],
              namer: Namer) -> tuple[int | None, str]:
        """The option ``raw`` chooses, or None and what to show instead."""
        n = len(labels)
        word = raw.lower()
        if not raw:
            return None, f"  nothing typed: type a number from 1 to {n}, or ? for help"
        if raw.startswith("?"):
            return None, self.explain(raw[1:].strip(), decision, labels, namer)
        if word in ("board", "b"):
            return None, "board"
        if word == "undo":
            if self.can_undo is None:
                return None, "  undo works in a game against an agent (cardscript play)"
            if not self.can_undo():
                return None, "  nothing to undo yet: this is your first decision"
            raise Undo
        if word in ("quit", "exit"):
            raise Quit("quit")
        index = self.number(raw, n)
        if index is not None:
            return index, ""
        lowered = [lab.lower() for lab in labels]
        engine = [lab.lower() for lab in decision.labels]
        for candidates in (lowered, engine):
            if word in candidates and candidates.count(word) == 1:
                return candidates.index(word), ""
        # the first words of one option (as "play rockslide" for "play Rockslide (your
        # hand)"), never part of a word: `yes | cardscript play` must not answer "You"
        starts = [i for i, lab in enumerate(lowered) if lab.startswith(word + " ")]
        if len(starts) == 1:
            return starts[0], ""
        shown = raw if len(raw) <= 20 else raw[:17] + "..."
        why = "matches several options" if starts else "is not an option"
        return None, f"  {shown!r} {why}: type a number from 1 to {n}, or ? for help"

    @staticmethod
    def number(raw: str, n: int) -> int | None:
        """Option ``raw`` (1 to n) as an index; ASCII digits of sane length only ('²' is a
        digit to str.isdigit but not to int(), and 5,000 digits are not converted)."""
        if raw.isascii() and raw.isdigit() and len(raw.lstrip("0")) <= len(str(n)):
            k = int(raw)
            return k - 1 if 1 <= k <= n else None
        return None

    def explain(self, what: str, decision: Decision, labels: list[str], namer: Namer) -> str:
        """``?``: the commands; ``? N``: the cards of option N; ``? NAME``: that card."""
        if not what:
            return HELP
        k = self.number(what, len(labels))
        if what.isascii() and what.isdigit():
            if k is None:
                return f"  there is no option {what[:8]}: the options are 1 to {len(labels)}"
            cards = [c for c in cards_in(decision.options[k])]
            if not cards:
                return f"  option {k + 1} ({labels[k]}) names no card"
            return "\n".join(self.card_text(c.proto.id, namer) for c in cards)
        return self.card_text(what, namer)

    def card_text(self, key: str, namer: Namer) -> str:
        facts = self.facts(key) if self.facts is not None else None
        if facts is not None:
            return "\n".join(fact_lines(facts))
        if key in namer.names:
            return f"{namer.names[key]} ({key})"
        shown = key if len(key) <= 30 else key[:27] + "..."
        return f"  no card is named {shown!r}: try ? with an option's number"
