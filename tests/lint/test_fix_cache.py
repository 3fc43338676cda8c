"""Safe fixes through ruamel's round-trip (comments and layout survive), --diff writes
nothing, and the lint cache: unchanged files are skipped, findings never depend on it."""
from __future__ import annotations

import os

DRIFTED = """\
    # A knight that draws. (This comment, the quoting and the flow style must survive.)
    name: Good Knight   # its printed name
    id: good-knight
    type: wonder
    orbital: solfera
    tier: primary
    cost: 3
    power: 2
    classes: [Knight]
    keywords: [Flying]
    text: "ON ARRIVAL: Draw three cards."   # printed
    abilities:
      - effect: {draw: 1}
        trigger: on_arrival
      - trigger: on_death
        effect: [{draw: 1}, {gain_energy: 1}]  # cardscript: disable=CS113
    """

FIXED = """\
    # A knight that draws. (This comment, the quoting and the flow style must survive.)
    id: good-knight
    name: Good Knight   # its printed name
    type: wonder
    orbital: solfera
    tier: primary
    cost: 3
    power: 2
    classes: [Knight]
    keywords: [flying]
    text: "Flying. ON ARRIVAL: Draw a card. ON DEATH: Draw a card and gain 1 energy." # printed
    abilities:
      - trigger: on_arrival
        effect: {draw: 1}
      - trigger: on_death
        effect: [{draw: 1}, {gain_energy: 1}]
    """


def test_fix_applies_every_safe_fix_and_keeps_comments_and_layout(write, lint):
    import textwrap
    f = write("good-knight.card.yaml", DRIFTED)
    r = lint(".", "--fix")
    assert r.rc == 0, r.out
    assert "Fixed 5 problems." in r.out and "All checks passed" in r.out
    assert f.read_text() == textwrap.dedent(FIXED)
    again = lint(".", "--fix")
    assert again.rc == 0 and "Fixed" not in again.out and f.read_text() == textwrap.dedent(FIXED)


def test_diff_shows_the_fixes_and_writes_nothing(write, lint):
    f = write("good-knight.card.yaml", DRIFTED)
    before = f.read_bytes()
    stamp = os.stat(f).st_mtime_ns
    r = lint(".", "--diff")
    assert r.rc == 1
    assert r.out.startswith("--- good-knight.card.yaml\n+++ good-knight.card.yaml\n")
    assert '-text: "ON ARRIVAL: Draw three cards."   # printed' in r.out
    assert "+keywords: [flying]" in r.out
    assert "Would fix 5 problems in 1 file." in r.err
    assert f.read_bytes() == before and os.stat(f).st_mtime_ns == stamp


def test_nothing_is_written_without_fix(write, lint, tmp_path):
    f = write("good-knight.card.yaml", DRIFTED)
    before = f.read_bytes()
    for fmt in ("text", "json", "github", "sarif"):
        lint(".", "--format", fmt)
    assert f.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cache", "good-knight.card.yaml"]


def test_fix_leaves_unfixable_findings_and_exits_one(write, lint):
    f = write("bad.card.yaml", """\
        id: bad
        name: Bad
        type: spell
        orbital: solfera
        tier: primary
        cost: 1
        abilities:
          - effect: {destory: 1}
            trigger: on_play
        """)
    r = lint(".", "--fix")
    assert r.rc == 1
    assert "Fixed 1 problem." in r.out
    assert r.codes() == ["CS102"]
    assert "  - trigger: on_play\n    effect: {destory: 1}\n" in f.read_text()


def test_warm_run_skips_unchanged_files_with_the_same_findings(write, lint, good):
    write("good-knight.card.yaml", good().replace("Draw a card", "Draw 2 cards"))
    write("bad.card.yaml", "id: [unclosed\n")
    cold = lint(".", "--format", "json")
    warm = lint(".", "--format", "json")
    assert cold.out == warm.out
    assert "unchanged since the last run" not in cold.err
    assert "2 unchanged since the last run" in warm.err
    fresh = lint(".", "--format", "json", "--no-cache")
    assert fresh.out == cold.out


def test_a_changed_file_is_linted_again(write, lint, good):
    f = write("good-knight.card.yaml", good())
    assert lint(".").rc == 0
    f.write_text(f.read_text().replace("cost: 3", "cost: 99"))
    r = lint(".")
    assert r.codes() == ["CS113"]


def test_cached_text_is_redone_when_a_token_it_names_changes(write, lint):
    write("maker.card.yaml", """\
        id: maker
        name: Maker
        type: spell
        orbital: boundless
        tier: primary
        cost: 1
        text: "Create a 1-power Sproutling token Wonder in this realm."
        abilities:
          - trigger: on_play
            effect: {create_token: sproutling}
        """)
    token = write("sproutling.card.yaml", """\
        id: sproutling
        name: Sproutling
        type: wonder
        orbital: boundless
        tier: secondary
        cost: 0
        power: 1
        token: true
        """)
    assert lint(".").rc == 0
    token.write_text(token.read_text().replace("power: 1", "power: 2"))
    r = lint(".")
    assert r.codes() == ["CS130"], r.out
    assert "+Create a 2-power Sproutling token Wonder in this realm" in r.out
    assert r.lines() == lint(".", "--no-cache").lines()


def test_key_order_fix_is_not_offered_when_it_would_move_suppressions(write, lint):
    """Reordering keys would carry a full-line suppression comment to another key: the finding
    stays, unfixed, and the file is untouched (the suppressions keep working)."""
    text = ("id: knight-b\nname: Knight\ntype: wonder\ncost: 20   # cardscript: disable=CS113\n"
            "orbital: solfera\ntier: primary\n"
            "# cardscript: disable-next-line=stat-out-of-range\npower: 30\n")
    f = write("knight-b.card.yaml", text)
    r = lint(".", "--fix")
    assert r.rc == 1
    assert "CS120" in r.out and "not fixed automatically" in r.out and "CS113" not in r.out
    assert f.read_text() == text


def test_a_keyword_macro_lints_when_every_card_comes_from_the_cache(tmp_path):
    """A warm run (no card compiled afresh) still checks keyword macros against the game's
    vocabulary, rather than failing with an internal error."""
    import subprocess
    import sys
    env = {**os.environ, "CARDSCRIPT_CACHE": str(tmp_path / "cache"),
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    cmd = [sys.executable, "-m", "cardscript.tools.cli", "lint", "cardscripts"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for _ in range(2):  # cold, then warm
        r = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "internal error" not in r.stdout + r.stderr
