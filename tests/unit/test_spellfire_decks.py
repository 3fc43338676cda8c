"""Spellfire deck files (rules notes 3, "Deck formats"): for each format of
:data:`cardscript.games.spellfire.formats.FORMATS`, a deck at its limits loads, and each limit
broken on its own gives exactly one error at the deck file's line and column, naming what was
found and what the format allows. The decks are built from the formats' own numbers."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.games.spellfire.formats import FORMATS, Format

SIZES = sorted(FORMATS)
#: how many cards of each limited type the folder of test cards holds: enough for any format
STOCK = {t: max(f.limits[t][1] for f in FORMATS.values() if t in f.limits) + 2
         for t in {t for f in FORMATS.values() for t in f.limits}}
WORLDS = ("vael", "ashmark", "morrowdeep")


def _card(cid: str, kind: str, n: int, **extra) -> str:
    fields = {"id": cid, "name": cid.replace("-", " ").title(), "type": kind,
              "number": n % 999 + 1, **extra}
    return "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}\n"


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> CardPool:
    """A folder of invented cards: every limited type, allies (any number) and dungeons."""
    d: Path = tmp_path_factory.mktemp("spellfire-cards")
    n = 0
    for kind, count in STOCK.items():
        for i in range(count):
            n += 1
            extra: dict = {}
            if kind in ("realm", "holding", "artifact"):
                extra["world"] = WORLDS[i % 3]
            if kind == "champion":
                extra.update(champion_type="hero", level=1, world=WORLDS[i % 3])
            (d / f"{kind}-{i}.card.yaml").write_text(_card(f"{kind.replace('_', '-')}-{i}",
                                                           kind, n, **extra))
    for i in range(120):
        n += 1
        (d / f"ally-{i}.card.yaml").write_text(_card(f"ally-{i}", "ally", n, level=1))
    for i in range(7):
        n += 1
        (d / f"rule-{i}.card.yaml").write_text(_card(f"rule-{i}", "rule", n))
    for size in SIZES:  # two giants of each format exceed its champions' levels
        for i in range(2):
            (d / f"giant-{size}-{i}.card.yaml").write_text(_card(
                f"giant-{size}-{i}", "champion", 900 + i, champion_type="monster",
                level=giant_level(FORMATS[size]), world="vael"))
    (d / "old-cell.card.yaml").write_text(_card("old-cell", "dungeon", 990))
    return CardPool("spellfire", cache=False).load([d])


def giant_level(fmt: Format) -> int:
    return fmt.champion_levels // 2 + 1


def _cid(kind: str, i: int) -> str:
    return f"{kind.replace('_', '-')}-{i}"


def legal(fmt: Format) -> dict[str, int]:
    """A deck at the fewest cards of each limited type, topped up with allies."""
    counts = {t: lo for t, (lo, _) in fmt.limits.items()}
    counts["ally"] = fmt.size - sum(counts.values())
    return counts


def deck_text(fmt: Format, counts: dict[str, int], *, dungeon: str | None = None,
              lines: list[str] | None = None) -> str:
    entries = [f"  - {{card: {_cid(t, i)}}}" for t, k in counts.items() for i in range(k)]
    entries += lines or []
    head = f"name: Test\ngame: spellfire\nformat: {fmt.size}\n"
    if dungeon:
        head += f"dungeon: {dungeon}\n"
    return head + "cards:\n" + "\n".join(entries) + "\n"


def problems(pool: CardPool, tmp_path: Path, text: str) -> list:
    f = tmp_path / "t.deck.yaml"
    f.write_text(text, encoding="utf-8")
    try:
        pool.load_deck(f)
    except CardError as exc:
        return exc.diagnostics
    return []


def one(pool, tmp_path, text: str, code: str, *words: str):
    found = problems(pool, tmp_path, text)
    assert len(found) == 1, [str(d) for d in found]
    d = found[0]
    assert d.code == code and all(w in d.message for w in words), str(d)
    assert d.pos.file.endswith("t.deck.yaml") and d.pos.line > 1 and d.pos.col >= 1, str(d)
    return d


@pytest.mark.parametrize("size", SIZES)
def test_a_deck_at_the_formats_limits_loads(pool, tmp_path, size):
    fmt = FORMATS[size]
    name, cards = pool.load_deck(_write(tmp_path, deck_text(fmt, legal(fmt))))
    assert len(cards) == size


def _write(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "t.deck.yaml"
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.parametrize("size", SIZES)
def test_too_few_or_too_many_of_each_limited_type(pool, tmp_path, size):
    fmt = FORMATS[size]
    for kind, (lo, hi) in fmt.limits.items():
        for n in ([lo - 1] if lo else []) + [hi + 1]:
            counts = legal(fmt)
            counts["ally"] -= n - counts[kind]  # the deck's size stays right
            counts[kind] = n
            one(pool, tmp_path, deck_text(fmt, counts), "CS404",
                f"{n} {kind.replace('_', ' ')} cards", f"{lo} to {hi}")


@pytest.mark.parametrize("size", SIZES)
def test_the_decks_size(pool, tmp_path, size):
    fmt = FORMATS[size]
    for delta in (-1, 1):
        counts = legal(fmt)
        counts["ally"] += delta
        one(pool, tmp_path, deck_text(fmt, counts), "CS404", f"{size + delta} cards",
            f"exactly {size}")


@pytest.mark.parametrize("size", SIZES)
def test_rule_cards(pool, tmp_path, size):
    fmt = FORMATS[size]
    counts = legal(fmt)
    counts["ally"] -= fmt.rule_cards + 1
    counts["rule"] = fmt.rule_cards + 1
    one(pool, tmp_path, deck_text(fmt, counts), "CS404", f"{fmt.rule_cards + 1} rule cards",
        f"at most {fmt.rule_cards}")


@pytest.mark.parametrize("size", SIZES)
def test_one_copy_of_each_card(pool, tmp_path, size):
    fmt = FORMATS[size]
    counts = legal(fmt)
    counts["ally"] -= 2
    d = one(pool, tmp_path, deck_text(fmt, counts, lines=["  - {card: ally-100, count: 2}"]),
            "CS403", "2 copies of 'ally-100'", "one copy")
    assert d.pos.line == deck_text(fmt, counts).count("\n") + 1  # the entry's own line
    one(pool, tmp_path, deck_text(fmt, counts, lines=["  - {card: ally-100}"] * 2), "CS401",
        "listed twice")


@pytest.mark.parametrize("size", SIZES)
def test_an_unknown_card_is_named_with_a_suggestion(pool, tmp_path, size):
    fmt = FORMATS[size]
    counts = legal(fmt)
    counts["ally"] -= 1
    one(pool, tmp_path, deck_text(fmt, counts, lines=["  - {card: ally-1000}"]), "CS400",
        "unknown card 'ally-1000'")


@pytest.mark.parametrize("size", SIZES)
def test_the_dungeon(pool, tmp_path, size):
    """A dungeon is the deck's `dungeon`, not an entry; one of the cards in the 55-card game,
    an extra card in the 75 and 110, none in the 25 (rules notes 3)."""
    fmt = FORMATS[size]
    counts = legal(fmt)
    counts["ally"] -= 1
    one(pool, tmp_path, deck_text(fmt, counts, lines=["  - {card: old-cell}"]), "CS405",
        "give it as the deck's `dungeon`")
    with_dungeon = deck_text(fmt, counts if not fmt.dungeon_extra else legal(fmt),
                             dungeon="old-cell")
    if size == 25:
        one(pool, tmp_path, with_dungeon, "CS404", "no dungeon")
    else:
        assert problems(pool, tmp_path, with_dungeon) == []
        _, cards = pool.load_deck(_write(tmp_path, with_dungeon))
        assert len(cards) == size + fmt.dungeon_extra and cards[-1].id == "old-cell"
        wrong = deck_text(fmt, legal(fmt) if not fmt.dungeon_extra else counts,
                          dungeon="old-cell")
        one(pool, tmp_path, wrong, "CS404", "exactly")


@pytest.mark.parametrize("size", SIZES)
def test_the_champions_levels(pool, tmp_path, size):
    fmt = FORMATS[size]
    counts = legal(fmt)
    counts["ally"] -= 2
    text = deck_text(fmt, counts, lines=[f"  - {{card: giant-{size}-{i}}}" for i in (0, 1)])
    levels = counts["champion"] + 2 * giant_level(fmt)  # the others are level 1
    one(pool, tmp_path, text, "CS404", f"add up to {levels}", f"at most {fmt.champion_levels}")
