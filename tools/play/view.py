"""The table and a card's text for ``cardscript play``: what a game describes through
:meth:`cardscript.game.Game.table` (:mod:`cardscript.table`), laid out the same for every
game. As lines of plain words (no box drawing) for a file, a pipe or a test; as a boxed
table (:func:`table_box`, the same words) at a terminal."""
from __future__ import annotations

from typing import Any

from cardscript.errors import printable
from cardscript.table import AreaView, CardView, TableView

from ..facts import CardFacts


def card_line(c: CardView) -> str:
    """``Squall Sprite (power 3; tapped; +1 ×2)``, with what is attached after a ``+``."""
    # a stat that is a word (a type) reads as itself: "realm", not "type realm"
    bits = [str(v) if k == "type" else f"{k} {v}" for k, v in c.stats.items()]
    bits += c.statuses
    bits += [f"{k} ×{n}" for k, n in c.counters.items()]
    text = f"{c.name} ({'; '.join(bits)})" if bits else c.name
    for a in c.attached:
        text += f" + {card_line(a)}"
    return text


def area_line(a: AreaView) -> str:
    cards = ", ".join(card_line(c) for c in a.cards) or "-"
    notes = f"   [{'; '.join(a.notes)}]" if a.notes else ""
    return f"  {a.name}: {cards}{notes}"


def table_lines(t: TableView) -> list[str]:
    """The whole table: where the game stands, the board area by area, each player's
    resources and piles, and the viewer's hand."""
    lines = [f"== {t.heading} (you are {t.viewer}) =="]
    lines += [area_line(a) for a in t.areas]
    for p in t.players:
        res = ", ".join(f"{k} {v}" for k, v in p.resources.items())
        piles = ", ".join(f"{k} {n}" for k, n in p.piles.items())
        who = f"{p.name} (you)" if p.name == t.viewer else p.name
        lines.append(f"  {who}: {res}{' | ' if res and piles else ''}{piles}")
    lines.append("  your hand: " + (", ".join(card_line(c) for c in t.hand) or "-"))
    return lines


def table_box(t: TableView) -> Any:
    """The whole table as a rich table for a terminal: the same words as
    :func:`table_lines`, an area or a player a row, a card a line."""
    from rich.table import Table
    from rich.text import Text  # card names are text, never markup

    box = Table(title=Text(f"{t.heading} (you are {t.viewer})", style="bold"),
                show_header=False, show_lines=False, expand=False)
    box.add_column(style="bold")
    box.add_column()
    for a in t.areas:
        where = a.name + (f"\n({'; '.join(a.notes)})" if a.notes else "")
        box.add_row(Text(where), Text("\n".join(card_line(c) for c in a.cards) or "-"))
    box.add_section()
    for p in t.players:
        who = f"{p.name} (you)" if p.name == t.viewer else p.name
        res = ", ".join(f"{k} {v}" for k, v in p.resources.items())
        piles = ", ".join(f"{k} {n}" for k, n in p.piles.items())
        box.add_row(Text(who), Text("\n".join(x for x in (res, piles) if x)))
    box.add_section()
    box.add_row(Text("your hand"), Text("\n".join(card_line(c) for c in t.hand) or "-"))
    return box


def fact_lines(facts: CardFacts) -> list[str]:
    """A card's full text (:class:`cardscript.tools.facts.CardFacts`): its name and type,
    its printed stats, its generated rules text and its keywords' reminders, each line
    safe to print (a control character a script's words hold is shown escaped)."""
    return [printable(line) for line in _fact_lines(facts)]


def _fact_lines(facts: CardFacts) -> list[str]:
    stats = ", ".join(f"{k} {_value(v)}" for k, v in facts.fields.items()
                      if v not in (None, False, (), "") and k != "token")
    lines = [f"{facts.name} — {facts.type.replace('_', ' ')}" + (f" ({facts.id})")]
    if stats:
        lines.append(f"  {stats}")
    for line in (facts.text or "(no rules text)").splitlines():
        lines.append(f"  {line}")
    for kw in facts.keywords:
        if kw.reminder:
            lines.append(f"  {kw.label}: {kw.reminder}")
    return lines


def _value(v: Any) -> str:
    if isinstance(v, (tuple, list)):
        return "/".join(str(x) for x in v)
    if v is True:
        return "yes"
    return str(v)
