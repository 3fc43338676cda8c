"""``cardscript explain``: the compiled program of one card as a tree — which abilities it
registers on which events and where they work, what each targets and filters, the effect tree
of compiled objects (read from their ``__slots__``), and its keywords. What a designer reads
when a card does not do what they meant."""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardscript.blocks import instances
from cardscript.cardpool import CardPool
from cardscript.cardset import card_set
from cardscript.errors import CardError, Position, printable, printable_lines
from cardscript.loader import load_file
from cardscript.state import CardDef
from pydantic import BaseModel
from rich.markup import escape
from rich.tree import Tree

from .common import UsageError

_PLAIN = (str, int, float, bool, type(None))


def _shown(text: str) -> str:
    """A card's words in the tree: data, never rich markup, and its control characters
    escaped (a macro's parameter or a card loaded before ``check`` refused them)."""
    return escape(printable(text))


def load_card(ref: str, game: str) -> tuple[CardDef, str]:
    """A card by file path, or by id from the game's bundled set; and its file."""
    path = Path(ref)
    if os.path.lexists(path) and not path.is_dir():  # a FIFO or a broken link: CS002
        pool = CardPool(game, cache=False, macros=card_set(game, [path]).macros)
        card = pool.load_file(path)
        if card is None:
            raise CardError(pool.diagnostics)
        return card, str(path)
    pool = CardPool.bundled(game)
    try:
        card = pool.get(ref)
    except KeyError as exc:  # said with a suggestion: a card the command line names
        raise UsageError(f"no card file or bundled card: {exc.args[0]}") from None
    return card, str(pool.files[card.id])


def _slots(obj: Any) -> list[str]:
    names: list[str] = []
    for klass in type(obj).__mro__:
        for s in getattr(klass, "__slots__", ()):
            if s not in names and not s.startswith("_"):  # private: not the program
                names.append(s)
    return names


def _compiled(v: Any) -> bool:
    return not isinstance(v, _PLAIN + (list, tuple, dict, set, frozenset, BaseModel)) and \
        hasattr(type(v), "__slots__")


def _leaf(v: Any) -> str | None:
    """A compiled object small enough to show inline: a reference (``target``, ``you``),
    a constant, a condition with one plain parameter; else None."""
    slots = [s for s in _slots(v) if getattr(v, s, None) is not None]
    entry = getattr(v, "entry_name", None)
    if not slots:
        return entry if isinstance(entry, str) else type(v).__name__
    if len(slots) == 1:
        value = getattr(v, slots[0])
        if _compiled(value) or (isinstance(value, (list, tuple)) and value):
            return None
        if not isinstance(entry, str) or entry == "constant":
            return _plain(value)
        return f"{entry}({slots[0]}={_plain(value)})"
    return None


def _plain(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (set, frozenset)):
        return "[" + ", ".join(sorted(map(str, v))) + "]"
    if isinstance(v, BaseModel):
        v = v.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True, mode="json")
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_plain(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_plain(x) for x in v) + "]"
    return str(v)


def _name(obj: Any) -> str:
    entry = getattr(obj, "entry_name", None)
    kind = type(obj).__name__
    return f"[bold]{_shown(entry)}[/] [dim]{kind}[/]" if isinstance(entry, str) else \
        f"[bold]{kind}[/]"


def add_object(tree: Tree, label: str, obj: Any, extra: Iterable[str] = ()) -> None:
    """One compiled object: its plain slots inline, compiled slots as branches."""
    inline, nested = list(extra), []
    for slot in _slots(obj):
        v = getattr(obj, slot, None)
        if v is None:
            continue
        leaf = _leaf(v) if _compiled(v) else None
        if leaf is not None:
            inline.append(f"{slot}={_shown(leaf)}")
        elif _compiled(v) or (isinstance(v, (list, tuple)) and v and all(map(_compiled, v))):
            nested.append((slot, v))
        else:
            inline.append(f"{slot}={_shown(_plain(v))}")
    text = f"[cyan]{_shown(label)}[/] {_name(obj)}"
    if inline:
        text += "  " + " · ".join(inline)
    branch = tree.add(text)
    for slot, v in nested:
        if isinstance(v, (list, tuple)):
            sub = branch.add(f"[cyan]{_shown(slot)}[/] [dim]({len(v)})[/]")
            for i, item in enumerate(v):
                add_object(sub, f"[{i}]", item)
        else:
            add_object(branch, slot, v)


def _trigger_facts(t: Any) -> list[str]:
    facts = [f"event={_shown(str(t.event))}"] if getattr(t, "event", "") else []
    facts.append(f"scope={_shown(str(t.scope))}")
    if getattr(t, "cost", None):
        facts.append(f"cost={_shown(str(t.cost))}")
    if getattr(t, "free", False):
        facts.append("free (no action)")
    return facts


def _rel(where: str) -> str:
    """A file position relative to the working directory when it is under it."""
    try:
        return str(Path(where).relative_to(Path.cwd()))
    except ValueError:
        return where


def _positions(file: str, card: CardDef) -> list[Position | None]:
    """Where each ability of the program is written: its keyword or its `abilities` item."""
    try:
        doc = load_file(file)
    except (CardError, OSError):
        return [None] * len(card.program.abilities)
    kws = [k if isinstance(k, str) else next(iter(k), "") for k in
           (doc.data.get("keywords") or []) if isinstance(k, (str, dict))]
    out: list[Position | None] = []
    own = 0
    for ab in card.program.abilities:
        if ab.keyword is not None and ab.keyword in kws:
            out.append(doc.pos(("keywords", kws.index(ab.keyword))))
        elif ab.keyword is None:
            out.append(doc.pos(("abilities", own)))
            own += 1
        else:
            out.append(None)
    return out


def add_ability(tree: Tree, ab: Any, where: Position | None) -> None:
    head = f"[bold magenta]#{ab.index}[/] {_shown(ab.name)}"
    if ab.keyword:
        head += f" [dim](from keyword {_shown(ab.keyword)})[/]"
    if ab.once:
        head += f" [dim](triggers once each {_shown(ab.once)})[/]"
    if where is not None:
        head += f" [dim]{_shown(_rel(str(where)))}[/]"
    branch = tree.add(head)
    add_object(branch, "trigger", ab.trigger, _trigger_facts(ab.trigger))
    if ab.target is not None:
        add_object(branch, "target", ab.target)
    else:
        branch.add("[cyan]target[/] [dim]none (untargeted)[/]")
    add_object(branch, "effect", ab.effect)


#: the card model's fields that are not printed stats (shown in their own sections)
_NOT_STATS = ("id", "name", "text", "keywords", "abilities", "token")


def printed_stats(card: CardDef, model: Any) -> list[str]:
    """What the card prints besides its text, in the card model's field order: each field
    its card has, when required or not at its default ("cost 2", "classes knight, mage")."""
    stats = []
    for name, info in model.model_fields.items():
        if name in _NOT_STATS or not hasattr(card, name):
            continue
        value = getattr(card, name)
        default = None if info.is_required() else info.get_default(call_default_factory=True)
        if isinstance(value, (list, tuple)):
            if not value:
                continue
            stats.append(f"{name} {', '.join(map(str, value))}")
        elif value is not None and (info.is_required() or value != default):
            stats.append(f"{name} {_plain(value)}")
    return stats


def explain(card: CardDef, file: str, model: Any) -> Tree:
    stats = printed_stats(card, model)
    head = f"[bold]{_shown(card.name)}[/] [dim]({_shown(card.id)})[/]\n" \
           f"{_shown(' · '.join(stats))}\n[dim]{_shown(_rel(str(card.source or file)))}[/]"
    if card.text:
        head += f"\n[italic]{escape(printable_lines(card.text))}[/]"
    root = Tree(head)
    where = _positions(file, card)
    count = sum(len(instances(impl)) for impl in card.keywords.values())
    kw = root.add(f"[bold]keywords[/] [dim]({count})[/]")
    for name, impl in card.keywords.items():
        n = sum(1 for ab in card.program.abilities if ab.keyword == name)
        note = f"expands into {n} abilit{'y' if n == 1 else 'ies'}" if n else \
            "rule-level: read by the game's rules, no abilities of its own"
        for one in instances(impl):
            add_object(kw, "keyword", one, [f"[dim]{note}[/]"])
    program = card.program
    sections = [
        ("about itself", "self triggers: the event's subject is this card, in any zone",
         {f"on event '{e}'": abs_ for e, abs_ in program.self_triggers.items()}),
        ("zone handlers", "registered on the bus while the card is in the zone",
         {f"in zone '{z}'": abs_ for z, abs_ in program.zone_handlers.items()}),
        ("activated", "offered by the game's rules as turn options",
         {"options": program.activated} if program.activated else {}),
    ]
    for title, note, groups in sections:
        sec = root.add(f"[bold]{title}[/] [dim]— {note}[/]")
        if not groups:
            sec.add("[dim]none[/]")
        for label, abilities in groups.items():
            events = sorted({ab.trigger.event for ab in abilities})
            suffix = f" [dim]on {_shown(', '.join(events))}[/]" if not label.startswith(
                "on event") else ""
            group = sec.add(f"{_shown(label)}{suffix}")
            for ab in abilities:
                add_ability(group, ab, where[ab.index] if ab.index < len(where) else None)
    return root
