"""A designer's folder is a first-class set: its own keyword macros work in every command, a
broken or doubly declared macro is a positioned error (exit 1, never a traceback), the
bundled set is known by its resolved path (loaded once however it is reached), and a
changed macro recompiles the cards that use it."""
from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest
from cardscript import data_dir
from cardscript.cardset import card_set, of_this_game, other_games

BOLSTER = textwrap.dedent("""\
    keyword: bolster
    text: "Bolster {{ amount }}"
    reminder: When this arrives, put N +1 counters on target Wonder you control.
    params: {amount: 1}
    abilities:
      - trigger: on_arrival
        target: {wonder: {controller: you}}
        effect: {counters: {card: target, amount: $amount}}
    """)

SHIELDBEARER = textwrap.dedent("""\
    id: shieldbearer
    name: Shieldbearer
    type: wonder
    orbital: solfera
    tier: primary
    cost: 2
    power: 2
    keywords: [{bolster: 2}]
    """)

SCENARIO = textwrap.dedent("""\
    scenario: Bolster puts its counters on the chosen Wonder
    rule: "rulebook: On Arrival"
    cards:
      - {id: shield-adept, name: Shield Adept, type: wonder, orbital: solfera,
         tier: primary, cost: 0, power: 1, keywords: [{bolster: 2}]}
      - {id: footman, name: Footman, type: wonder, orbital: solfera, tier: secondary,
         cost: 1, power: 2}
    setup:
      round: 1
      players:
        A: {actions: 3, energy: 2, hand: [shield-adept]}
        B: {actions: 3}
      realms:
        1: {A: [footman]}
    steps:
      - play shield-adept
      - footman
    expect:
      cards:
        footman: {power: 4}
    """)

BUNDLED = data_dir("cardscripts") / "wonders"
RALLY = BUNDLED / "keywords" / "rally.keyword.yaml"


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def design(tmp_path) -> Path:
    """A designer's folder: cards, a keyword of their own, a scenario using it."""
    root = tmp_path / "design"
    for sub in ("keywords", "cards", "scenarios"):
        (root / sub).mkdir(parents=True)
    (root / "keywords" / "bolster.keyword.yaml").write_text(BOLSTER)
    (root / "cards" / "shieldbearer.card.yaml").write_text(SHIELDBEARER)
    (root / "scenarios" / "bolster.scenario.yaml").write_text(SCENARIO)
    return root


# -- the designer's keyword in every command ----------------------------------------------

def test_a_designer_keyword_works_in_check_lint_text_render_explain_test_and_simulate(
        design, tmp_path, cli):
    card = design / "cards" / "shieldbearer.card.yaml"
    rc, out = cli.merged("check", design)
    assert rc == 0 and "checked 1 card, 0 deck, 1 scenario and 1 keyword files: 0 problems" \
        in out, out
    rc, out = cli.merged("lint", design)
    assert rc == 0 and "All checks passed" in out, out
    # a card file named alone sees the keywords folder of its set (the nearest above it)
    rc, out = cli.merged("text", card)
    assert rc == 0 and out.splitlines()[:2] == ["shieldbearer", "  Bolster 2."], out
    rc, out = cli.merged("explain", card)
    assert rc == 0 and "#0 bolster (from keyword bolster)" in out, out
    rc, out = cli.merged("render", design / "cards", "--out", tmp_path / "site")
    assert rc == 0, out
    assert "Bolster 2" in (tmp_path / "site" / "index.html").read_text()
    rc, out = cli.merged("test", design)
    assert rc == 0 and "1 passed, 0 failed" in out, out
    rc, out = cli.merged("test", design / "scenarios" / "bolster.scenario.yaml")
    assert rc == 0 and "1 passed, 0 failed" in out, out
    rc, out = cli.merged("simulate", "--cards", design, "--games", "2", "--no-progress",
                  "--json")
    assert rc == 0 and '"errors": 0' in out, out
    shutil.rmtree(design / "keywords")  # the keyword came from there, from nowhere else
    rc, out = cli.merged("check", design)
    assert rc == 1 and "unknown keyword 'bolster'" in out


def test_the_linters_context_folders_bring_their_keywords(tmp_path, cli):
    (tmp_path / "lib" / "keywords").mkdir(parents=True)
    (tmp_path / "lib" / "keywords" / "bolster.keyword.yaml").write_text(BOLSTER)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "shieldbearer.card.yaml").write_text(SHIELDBEARER)
    (tmp_path / "pyproject.toml").write_text('[tool.cardscript.lint]\ncontext = ["lib"]\n')
    rc, out = cli.merged("lint", "cards")
    assert rc == 0 and "All checks passed" in out, out


# -- broken macros: at the macro and at the card, the same code in check and lint ----------

@pytest.mark.parametrize("change, at_macro, code, why", [
    (("amount: $amount}", "amount: $amont}"), "8:47", "CS102",
     "unknown parameter '$amont' (did you mean 'amount'?)"),
    (("params:", "parms:"), "4:1", "CS101", "unknown key 'parms' (did you mean 'params'?)"),
    (("on_arrival", "on_arival"), "6:14", "CS102",
     "unknown trigger 'on_arival' (did you mean 'on_arrival'?)"),
    (("amount: $amount}", "amount: \"5$\"}"), "8:47", "CS102",
     "a '$' must start a parameter name ($amount) or be doubled ($$ for a literal '$')"),
])
def test_a_broken_designer_macro_is_an_error_at_the_macro_and_at_each_card_using_it(
        design, cli, change, at_macro, code, why):
    macro = design / "keywords" / "bolster.keyword.yaml"
    macro.write_text(BOLSTER.replace(*change))
    card = design / "cards" / "shieldbearer.card.yaml"
    rc, err = cli.merged("check", design)
    assert rc == 1
    assert f"{macro}:{at_macro}: {code} " in err and why in err, err
    # at the card's keywords entry, naming the macro's position
    assert f"{card}:8:12: CS200 [shieldbearer] keyword 'bolster' can't be used: its macro " \
           in err and f"{macro}:{at_macro}" in err.split(f"{card}:8:12:")[1], err
    rc, out = cli.merged("lint", "--no-cache", design)
    assert rc == 1
    assert f"{macro}:{at_macro}: {code} " in out and why in out, out
    assert f"{card}:8:12: CS200 keyword 'bolster' can't be used: its macro " in out, out
    # found above the path given (and shown from the working folder), the macro is still
    # reported with the card
    rc, err = cli.merged("check", card)
    assert rc == 1 and f"design/keywords/bolster.keyword.yaml:{at_macro}: {code} " in err
    assert f"{card}:8:12: CS200" in err
    rc, out = cli.merged("test", design)
    assert rc == 1 and f"{macro}:{at_macro}: {code} " in out


def test_card_parameters_that_make_a_valid_macro_invalid_are_the_cards_error(design, cli):
    """The default expansion is fine; {bolster: 1000} is past what counters accept."""
    card = design / "cards" / "shieldbearer.card.yaml"
    card.write_text(SHIELDBEARER.replace("{bolster: 2}", "{bolster: 1000}"))
    macro = design / "keywords" / "bolster.keyword.yaml"
    expected = (f"keyword 'bolster' with these parameters (amount: 1000) expands into an "
                f"invalid ability at {macro}:8:47: input should be less than or equal to 100; "
                "found 1000 (at effect.counters.amount)")
    rc, err = cli.merged("check", design)
    assert rc == 1 and f"{card}:8:12: CS105 [shieldbearer] {expected}" in err, err
    rc, out = cli.merged("lint", "--no-cache", design)
    assert rc == 1 and f"{card}:8:12: CS105 {expected}" in out, out
    rc, out = cli.merged("simulate", "--cards", design, "--games", "1", "--no-progress")
    assert rc == 1 and f"{card}:8:12: CS105" in out


# -- one keyword, one macro ---------------------------------------------------------------

def test_two_macros_declaring_one_keyword_is_an_error_at_the_second(design, tmp_path, cli):
    other = tmp_path / "other" / "keywords"
    other.mkdir(parents=True)
    (other / "bolster.keyword.yaml").write_text("# the same keyword again\n" + BOLSTER)
    mine = design / "keywords" / "rally.keyword.yaml"  # the bundled rally, declared again
    mine.write_text(RALLY.read_text())
    rc, err = cli.merged("check", design, tmp_path / "other")
    assert rc == 1
    assert f"{other / 'bolster.keyword.yaml'}:2:1: CS300 keyword 'bolster' is already " \
           f"declared by the macro {design / 'keywords' / 'bolster.keyword.yaml'}" in err, err
    line = next(n for n, t in enumerate(RALLY.read_text().splitlines(), 1)
                if t.startswith("keyword:"))
    assert f"{mine}:{line}:1: CS300 keyword 'rally' is already declared by the macro {RALLY}" \
        in err, err
    rc, out = cli.merged("lint", "--no-cache", design, tmp_path / "other")
    assert rc == 1 and out.count(": CS300 keyword ") == 2, out
    rc, out = cli.merged("simulate", "--cards", design, tmp_path / "other", "--games", "1",
                  "--no-progress")
    assert rc == 1 and "CS300 keyword 'bolster' is already declared" in out


def test_a_macro_can_not_replace_a_keyword_of_the_game(design, cli):
    macro = design / "keywords" / "flying.keyword.yaml"
    macro.write_text(BOLSTER.replace("bolster", "flying"))
    rc, err = cli.merged("check", design)
    assert rc == 1 and f"{macro}:1:1: CS300 keyword 'flying' is already declared by the " \
        "game; a macro can't replace it" in err, err


# -- the bundled set, however it is reached, is loaded once -------------------------------

def _no_duplicates(cli, path, tmp_path, beside=()):
    rc, err = cli.merged("check", path)
    assert rc == 0 and "CS300" not in err, err
    rc, out = cli.merged("lint", path)
    assert rc == 0 and "CS300" not in out, out
    rc, out = cli.merged("render", path, *beside, "--out", tmp_path / "site")
    # each id once under a set's folder; another game's bundled folder is that game's
    cards = len(of_this_game(Path(path).rglob("*.card.yaml"), other_games("wonders", [path])))
    assert rc == 0 and f"({cards} cards)" in out, out
    rc, out = cli.merged("simulate", "--cards", path, "--games", "1", "--no-progress")
    assert rc == 0, out


def test_the_bundled_folder_given_explicitly_gives_no_duplicates(tmp_path, cli):
    _no_duplicates(cli, BUNDLED, tmp_path, beside=[BUNDLED])  # each card once
    _no_duplicates(cli, BUNDLED.parent, tmp_path, beside=[BUNDLED])


def test_a_link_to_the_bundled_folder_gives_no_duplicates(tmp_path, cli):
    link = tmp_path / "linked"
    link.symlink_to(BUNDLED, target_is_directory=True)
    _no_duplicates(cli, link, tmp_path, beside=[BUNDLED])


def test_another_checkouts_bundled_folder_stands_for_the_bundled_set(tmp_path, cli):
    """A second checkout run with the first one's installation: its cardscripts/wonders is
    the bundled set (loaded instead of the installed one, so its edits are what is checked),
    not a second set of the same ids."""
    package = tmp_path / "checkout" / "cardscripts"
    shutil.copytree(BUNDLED.parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    _no_duplicates(cli, package, tmp_path)
    _no_duplicates(cli, package / "wonders" / "core", tmp_path)
    edited = package / "wonders" / "core" / "skeleton.card.yaml"
    edited.write_text(edited.read_text().replace("type:", "typ:"))
    rc, err = cli.merged("check", package)
    assert rc == 1 and f"{edited}:" in err and "CS300" not in err, err


def test_a_plain_copy_of_the_bundled_cards_is_a_set_of_its_own(tmp_path, cli):
    """Copies outside a cardscripts package are the designer's: the ids are duplicates."""
    copy = tmp_path / "mine"
    shutil.copytree(BUNDLED, copy)
    rc, err = cli.merged("check", copy)
    assert rc == 1
    assert err.count(": CS300 [") == len(list(copy.rglob("*.card.yaml"))), err
    assert f"{copy / 'keywords' / 'rally.keyword.yaml'}" in err


# -- the caches know the macros -----------------------------------------------------------

def _same_size_edit(path: Path, old: str, new: str) -> None:
    """Change a file keeping its size and modification time: only its content tells."""
    st = path.stat()
    assert len(old) == len(new)
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_a_changed_designer_macro_recompiles_the_cards_using_it(design):
    (design / "cards" / "shieldbearer.card.yaml").write_text(
        SHIELDBEARER.replace("{bolster: 2}", "bolster"))
    first = card_set("wonders", [design]).pool()
    assert first.cards["shieldbearer"].keywords["bolster"].values == {"amount": 1}
    again = card_set("wonders", [design]).pool()
    assert again.cache.entries and not again.cache.dirty  # unchanged: from the cache
    _same_size_edit(design / "keywords" / "bolster.keyword.yaml", "{amount: 1}",
                    "{amount: 3}")
    changed = card_set("wonders", [design]).pool()
    assert changed.cards["shieldbearer"].keywords["bolster"].values == {"amount": 3}


def test_a_changed_designer_macro_is_linted_again_with_the_cards_using_it(design, cli):
    rc, out = cli.merged("lint", design)
    assert rc == 0, out
    _same_size_edit(design / "keywords" / "bolster.keyword.yaml", "on_arrival", "on_arrivxl")
    rc, out = cli.merged("lint", design)
    card = design / "cards" / "shieldbearer.card.yaml"
    assert rc == 1 and f"{card}:8:12: CS200 keyword 'bolster' can't be used" in out, out
