"""``cardscript import-csv``: stats edited in a spreadsheet, back into the card files.

It reads a CSV as ``cardscript export --to csv`` writes it (:mod:`.exports.spreadsheet`),
columns matched by their header, and changes the editable fields
(:attr:`cardscript.tools.facts.FieldSpec.editable`: numbers and choices) of the cards'
YAML files in place (:mod:`.yaml_edit`: every other byte of a file stays). Everything is
checked before anything is written: each cell parsed by its field's kind, each changed card
loaded and compiled again through its game's card model as ``cardscript check`` would. A
bad cell is reported as ``FILE.csv:ROW:COLUMN`` (the spreadsheet's row, the header being
row 1, and column numbers) with what was found and what was expected; with any problem no
file is written, and then the files are written all or none (:func:`write_all`). The
read-only columns ``export`` writes (name, type, keywords, the fields that are not numbers
or choices) must still say what the card says: a changed one is reported, since the change
would otherwise be silently lost. The generated ``text`` and a
deck's ``copies`` are not read (:data:`_NOT_READ`)."""
from __future__ import annotations

import contextlib
import csv
import errno
import io
import os
import re
import secrets
import stat
from dataclasses import dataclass

from cardscript.errors import CardError, Diagnostic, Position, did_you_mean, printable
from cardscript.loader import load_text, read_source

from .exports.spreadsheet import COPIES, HEAD, LIST_SEP, TAIL, field_cell, unguard
from .facts import CardFacts, FieldSpec, SetFacts, Value, load_facts
from .yaml_edit import EditError, edit

#: columns export writes that are not read back: the id is the row's key; the rules text is
#: generated from the card, stats included, so it is stale once a stat changes (and the
#: same spreadsheet is imported again); a deck's copies belong to a deck not given here
_NOT_READ = frozenset({"id", "text", COPIES})
#: a whole number as a spreadsheet writes one (a bounded number of digits)
_INT = re.compile(r"[+-]?[0-9]{1,18}")


class CellProblem(Diagnostic):
    """A problem in the CSV: its file, the spreadsheet row and column, and what is wrong."""

    def __str__(self) -> str:
        return f"{self.pos}: {printable(self.message)}"


@dataclass(frozen=True)
class Change:
    card: str
    field: str
    old: Value
    new: Value
    file: str


@dataclass
class Plan:
    """What an import would do: the changes, and each file's new text."""

    changes: list[Change]
    texts: dict[str, tuple[bytes, bytes]]  # file -> (its bytes as read, its new bytes)


def _col_name(n: int) -> str:
    """A spreadsheet's name for column ``n`` (1-based): A, B, ..., Z, AA."""
    name = ""
    while n:
        n, r = divmod(n - 1, 26)
        name = chr(65 + r) + name
    return name


class _Reader:
    """Collects the problems of one CSV file, each at its row and column."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Diagnostic] = []
        self.header: list[str] = []

    def bad(self, row: int, col: int, message: str, card: str | None = None) -> None:
        where = [f"row {row}"]
        if card:
            where.append(f"card '{card}'")
        if 0 < col <= len(self.header):
            where.append(f"column '{self.header[col - 1]}' ({_col_name(col)})")
        elif col:
            where.append(f"column {_col_name(col)}")
        self.problems.append(CellProblem(Position(self.path, row, max(col, 1)),
                                         f"{', '.join(where)}: {message}"))


def read_rows(path: str) -> list[list[str]]:
    """The CSV's records, read as every input file is (a regular file, at most 1 MB)."""
    raw = read_source(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CardError([CellProblem(Position(path, line, 1),
                                     f"the file is not UTF-8 (byte 0x{raw[exc.start]:02x}); "
                                     "save the spreadsheet as 'CSV UTF-8'")]) from None
    text = text.removeprefix("\ufeff")
    # a spreadsheet set to a language that writes decimal commas saves with semicolons (or
    # tabs): the header, all plain words, tells which
    first = text.split("\n", 1)[0]
    delimiter = next((d for d in (",", ";", "\t") if d in first), ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        return list(reader)
    except csv.Error as exc:
        raise CardError([CellProblem(Position(path, reader.line_num, 1),
                                     f"not a readable CSV file: {exc}")]) from None


#: the value of an editable field (:attr:`FieldSpec.editable`): a stat or a choice
Cell = int | str | None


def parse_cell(spec: FieldSpec, cell: str) -> tuple[Cell, str | None]:
    """A cell of an editable field: its value, or ``None`` and what was expected."""
    text = unguard(cell).strip()
    if not text:
        return None, None
    if spec.kind == "int":
        if _INT.fullmatch(text):
            return int(text), None
        return None, "expected a whole number"
    match = next((c for c in spec.choices if c == text), None) or \
        next((c for c in spec.choices if c.lower() == text.lower()), None)
    if match is None:
        return None, f"expected one of: {', '.join(spec.choices)}"
    return match, None


def _same(written: str, found: str) -> bool:
    """Whether a read-only cell still says what the card says (a spreadsheet may change
    spacing, line ends and the case of TRUE/FALSE)."""
    a, b = " ".join(unguard(written).split()), " ".join(unguard(found).split())
    return a == b or (a.lower() in ("true", "false") and a.lower() == b.lower())


def _readonly_cells(facts: SetFacts, card: CardFacts) -> dict[str, str]:
    cells = {"id": card.id, "name": card.name, "type": card.type,
             "keywords": LIST_SEP.join(k.label for k in card.keywords)}
    for f in facts.fields:
        if not f.editable:
            cells[f.name] = field_cell(f, card.fields.get(f.name))
    return cells


def _may_be_empty(facts: SetFacts, name: str) -> bool:
    """Whether a field may be left out of a card: the model's default for it is None."""
    info = facts.pool.spec.card_model.model_fields[name]
    return not info.is_required() and info.default is None


def header_problems(header: list[str], known: list[str]) -> list[tuple[int, str]]:
    """The header's unknown and repeated columns, as (column, problem): one pass, each
    name looked up in a set and in the columns seen so far (a header of any width is
    checked in time proportional to it)."""
    allowed = frozenset(known)
    first: dict[str, int] = {}
    out = []
    for col, name in enumerate(header, 1):
        if name not in allowed:
            out.append((col, f"unknown column '{name}'{did_you_mean(name, known)}; the "
                        f"columns are: {', '.join(known)}"))
        elif name in first:
            out.append((col, f"column '{name}' appears twice (first in column "
                        f"{_col_name(first[name])})"))
        else:
            first[name] = col
    return out


def plan(csv_path: str, paths: list[str], game: str) -> Plan:
    """What importing ``csv_path`` into the cards under ``paths`` would change; raises
    :class:`CardError` listing every problem found (and then nothing may be written)."""
    rows = read_rows(csv_path)
    facts = load_facts(paths, game)
    reader = _Reader(csv_path)
    if not rows:
        reader.bad(1, 0, "the file is empty; expected a header row (id, name, ...)")
        raise CardError(reader.problems)
    reader.header = header = [h.strip() for h in rows[0]]
    specs = {f.name: f for f in facts.fields}
    known = [*HEAD, *specs, *TAIL, COPIES]
    for col, problem in header_problems(header, known):
        reader.bad(1, col, problem)
    if "id" not in header:
        reader.bad(1, 0, "no 'id' column: it names the card each row changes")
    if reader.problems:
        raise CardError(reader.problems)
    cards = facts.by_id()
    order = list(facts.pool.spec.card_model.model_fields)
    seen: dict[str, int] = {}
    changes: list[Change] = []
    by_card: dict[str, dict[str, tuple[Cell, int, int]]] = {}
    id_col = header.index("id") + 1
    for row, cells in enumerate(rows[1:], 2):
        if not any(c.strip() for c in cells):
            continue  # a blank row a spreadsheet left
        if len(cells) != len(header):
            reader.bad(row, 0, f"{len(cells)} cells, but the header has {len(header)}")
            continue
        cid = unguard(cells[id_col - 1]).strip()
        card = cards.get(cid)
        if card is None:
            reader.bad(row, id_col, f"no card '{cid}' in {', '.join(paths)}"
                       f"{did_you_mean(cid, cards)}")
            continue
        if cid in seen:
            reader.bad(row, id_col, f"card '{cid}' is already on row {seen[cid]}", cid)
            continue
        seen[cid] = row
        fixed = _readonly_cells(facts, card)
        for col, (name, cell) in enumerate(zip(header, cells, strict=True), 1):
            if name in _NOT_READ:
                continue
            if name in fixed:
                if not _same(cell, fixed[name]):
                    reader.bad(row, col, f"read-only column changed: found '{cell}', the "
                               f"card has '{fixed[name]}' (change it in {card.file})", cid)
                continue
            spec = specs[name]
            value, expected = parse_cell(spec, cell)
            if expected:
                reader.bad(row, col, f"found '{cell}', {expected}", cid)
                continue
            old = card.fields.get(name)
            if value == old:
                continue
            if value is None and not _may_be_empty(facts, name):
                wanted = "a whole number" if spec.kind == "int" else \
                    f"one of: {', '.join(spec.choices)}"
                reader.bad(row, col, f"empty, but every card has a '{name}': expected "
                           f"{wanted}", cid)
                continue
            by_card.setdefault(cid, {})[name] = (value, row, col)
            changes.append(Change(cid, name, old, value, card.file))
    texts = _new_texts(facts, by_card, order, reader)
    if reader.problems:
        raise CardError(reader.problems)
    return Plan(changes, texts)


def _new_texts(facts: SetFacts, by_card: dict[str, dict[str, tuple[Cell, int, int]]],
               order: list[str], reader: _Reader) -> dict[str, tuple[bytes, bytes]]:
    """Each changed card's file with its changes made, loaded and compiled again."""
    cards = facts.by_id()
    out: dict[str, tuple[bytes, bytes]] = {}
    for cid, cells in by_card.items():
        path = cards[cid].file
        first_row, first_col = min((r, c) for _, r, c in cells.values())
        try:
            raw = read_source(path)
            text = raw.decode("utf-8")
            bom = "\ufeff" if text.startswith("\ufeff") else ""
            wanted = {k: v for k, (v, _, _) in cells.items()}
            new = bom + edit(text[len(bom):], wanted, order)
            before = load_text(text[len(bom):], path).data
            after = load_text(new[len(bom):], path)
            expected = {k: v for k, v in before.items() if k not in wanted or
                        wanted[k] is not None}
            expected.update({k: v for k, v in wanted.items() if v is not None})
            if after.data != expected:
                raise EditError("the edited file would not read back as intended")
            facts.pool.compile(after)  # the card model and compiler, as `check` runs them
        except CardError as exc:
            why = "; ".join(str(d) for d in exc.diagnostics)
            reader.bad(first_row, first_col, f"the card would be invalid: {why}", cid)
            continue
        except (EditError, UnicodeDecodeError) as exc:
            reader.bad(first_row, first_col, f"cannot edit {path} in place ({exc}); change "
                       "this card by hand", cid)
            continue
        out[path] = (raw, new.encode("utf-8"))
    return out


_TMP_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _temp_beside(target: str, kind: str) -> tuple[int, str]:
    """A new file beside ``target``, created exclusively (never a name someone else put
    there, never through a link): ``.NAME.RANDOM.import-KIND``."""
    folder, name = os.path.split(target)
    for _ in range(16):
        tmp = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.import-{kind}")
        try:
            return os.open(tmp, _TMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", folder)


def _write_temp(target: str, data: bytes, mode: int, kind: str) -> str:
    fd, tmp = _temp_beside(target, kind)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


@dataclass
class _Staged:
    path: str  # as the plan names it (a link is written through: ``target`` is the file)
    target: str
    new: str  # a temporary file holding the new content
    old: str  # one holding the content it replaces, to put it back


def write_all(files: dict[str, tuple[bytes, bytes]]) -> None:
    """Replace the content of every file (path -> (its content now, its new content)), all
    or none. Every new content is first written and synced to an exclusive temporary file
    beside its file, with a copy of the content it replaces; only then are the new ones
    renamed over the files, one by one (each rename is atomic: a reader sees the old file or
    the new one). If staging fails nothing was touched; if a rename fails, the files already
    replaced get their old content back the same way. Either way the error names the file
    and says what became of them. (A crash of the machine mid-way may leave some files new
    and the rest old, the old content of each beside it as ``.NAME.*.import-old``.)"""
    staged: list[_Staged] = []
    try:
        for path, (old, new) in files.items():
            target = os.path.realpath(path)
            mode = stat.S_IMODE(os.stat(target).st_mode)
            new_tmp = _write_temp(target, new, mode, "new")
            try:
                old_tmp = _write_temp(target, old, mode, "old")
            except BaseException:
                _remove(new_tmp)
                raise
            staged.append(_Staged(path, target, new_tmp, old_tmp))
    except BaseException as exc:  # Ctrl-C too: no temporary file is left behind
        for s in staged:
            _remove(s.new)
            _remove(s.old)
        if isinstance(exc, OSError):
            raise _unwritten(exc, path, "nothing was written") from None
        raise
    done: list[_Staged] = []
    try:
        for s in staged:
            done.append(s)  # first: put back even if the rename is cut short
            os.replace(s.new, s.target)
    except BaseException as exc:
        failed = done[-1].path
        if isinstance(exc, OSError):
            done.pop()  # its rename failed: that file is as it was
        stuck = [s for s in reversed(done) if not _put_back(s)]
        for s in staged:
            _remove(s.new)
            if s not in stuck:
                _remove(s.old)
        if not isinstance(exc, OSError):
            raise
        if not stuck:
            raise _unwritten(exc, failed, "nothing was written (the files already replaced "
                             "were put back)") from None
        raise CardError([_unwritten(exc, failed, "the import stopped").diagnostics[0]] + [
            Diagnostic(Position(s.path, 1, 1), "has the imported content and could not be "
                       f"put back; its old content is in {s.old}", "CS002")
            for s in stuck]) from None
    for s in staged:
        _remove(s.old)


def _put_back(s: _Staged) -> bool:
    try:
        os.replace(s.old, s.target)
    except OSError:
        return False
    return True


def _unwritten(exc: OSError, path: str, what: str) -> CardError:
    return CardError([Diagnostic(Position(path, 1, 1), f"cannot write: "
                                 f"{exc.strerror or exc}; {what}", "CS002")])


def apply(p: Plan) -> None:
    """Write the plan's files, all or none (:func:`write_all`), unless one of them changed
    since it was read."""
    changed = [path for path, (old, _) in p.texts.items() if read_source(path) != old]
    if changed:
        raise CardError([Diagnostic(Position(path, 1, 1), "the file changed while the CSV "
                                    "was imported; nothing was written", "CS002")
                         for path in changed])
    write_all(p.texts)


__all__ = ["Change", "CellProblem", "Plan", "apply", "parse_cell", "plan", "read_rows",
           "write_all"]
