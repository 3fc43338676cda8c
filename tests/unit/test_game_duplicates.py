"""The games share what they have in common through the core, and copies between them don't
creep back: the places in ``core/games`` where six or more lines stand again elsewhere (the
same code, or the same shape with other names and values) stay under a ceiling set from the
figure when the shared parts moved to the core. Lower it when a copy goes; a new copy
should find its place in the core instead of raising it."""
from __future__ import annotations

import io
import keyword
import re
import tokenize
from collections import defaultdict
from pathlib import Path

import cardscript

GAMES = Path(cardscript.__file__).parent / "games"
RUN = 6
#: pairs of places sharing a run of RUN lines, by shape (see _shape), in core/games
CEILING = 30


def _shape(line: str) -> str:
    """A line as its shape: names, strings and numbers stand for any of their kind."""
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line).readline):
            if tok.type == tokenize.NAME:
                out.append(tok.string if tok.string in _KEYWORDS else "N")
            elif tok.type in (tokenize.STRING, tokenize.NUMBER):
                out.append("V")
            elif tok.type == tokenize.OP:
                out.append(tok.string)
    except (tokenize.TokenError, IndentationError):
        return re.sub(r"\w+", "N", line)
    return " ".join(out)


_KEYWORDS = frozenset(keyword.kwlist) | {"self", "g"}


def _lines(path: Path) -> list[tuple[int, str]]:
    """The lines that count, numbered: no blank lines, comments, docstring-only lines,
    imports or lone punctuation."""
    out = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = raw.strip()
        if not s or s.startswith(("#", "from ", "import ", '"""', "'''")) or \
                re.fullmatch(r"[()\[\]{},:]+", s):
            continue
        out.append((n, _shape(s)))
    return out


def duplicate_pairs(root: Path = GAMES) -> set[tuple[str, str]]:
    """Pairs of files under ``root`` sharing RUN lines of one shape (a file with a run twice
    is a pair with itself): one pair per two files, their longest sharing one place to look."""
    where: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for f in sorted(root.rglob("*.py")):
        lines = _lines(f)
        name = f.relative_to(root).as_posix()
        for i in range(len(lines) - RUN + 1):
            window = tuple(s for _, s in lines[i:i + RUN])
            where[window].append((name, lines[i][0]))
    pairs = set()
    for places in where.values():
        if len(places) < 2 or len(places) > 8:  # too common to be a copy: a shape of Python
            continue
        files = sorted({p for p, _ in places})
        for a in range(len(files)):
            for b in range(a + 1, len(files)):
                pairs.add((files[a], files[b]))
        if len(files) == 1 and len(places) > 1:
            pairs.add((files[0], files[0]))
    return pairs


def test_the_games_copy_each_other_no_more_than_they_did():
    pairs = duplicate_pairs()
    assert len(pairs) <= CEILING, (
        f"{len(pairs)} pairs of places in core/games share {RUN} lines (the ceiling is "
        f"{CEILING}): {sorted(pairs)[:20]}")


def test_the_count_finds_a_copy_and_a_copy_with_other_names(tmp_path):
    """The count is not blind: a file and its copy are a pair, and so are a file and its
    copy with every name changed; a file alone is none."""
    source = (GAMES / "wonders" / "control.py").read_text(encoding="utf-8")
    (tmp_path / "a.py").write_text(source, encoding="utf-8")
    assert duplicate_pairs(tmp_path) == set()
    (tmp_path / "b.py").write_text(source.replace("control", "ruling"), encoding="utf-8")
    assert duplicate_pairs(tmp_path) == {("a.py", "b.py")}
