"""``cardscript diff``: two commits of a copy of a bundled set (Wonders and Riftbound) in a
temporary git repository — the second adds a card, removes one, renames one, changes a stat
and a choice field, adds a keyword and changes an ability's number — give exactly that
changelog in every format, between revisions, folders, or a revision and the working folder;
bad revisions, paths that are not a set and bad card data get clear errors."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import cardscript
import pytest
from cardscript.tools.diff import sides
from cardscript.tools.diff.compare import word_diff
from cardscript.tools.diff.formats import FORMATS, SCHEMA, VERSION
from cardscript.tools.facts import load_facts
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@dataclass(frozen=True)
class Plan:
    """A game's set copy and the second commit's edits (card ids of its bundled set)."""

    game: str
    folder: str
    cards: tuple[str, ...]
    added: str
    removed: str
    renamed: str
    stats: str  # its number fields +1, its choice fields (tier...) to another value
    keyword: str  # gains ``new_keyword``
    new_keyword: str
    text: str  # the first number in its abilities +1


PLANS = {
    "wonders": Plan("wonders", "wonders/core",
                    ("aetherforge-titan", "arc-disruptor", "archive-keeper", "banner-squire",
                     "bastion-warden", "brasswork-dynamo"),
                    added="aurelian-judge", removed="arc-disruptor", renamed="archive-keeper",
                    stats="brasswork-dynamo", keyword="aetherforge-titan", new_keyword="flying",
                    text="bastion-warden"),
    "riftbound": Plan("riftbound", "riftbound/emberfall",
                      ("arcane-lens", "ashfang-raider", "blazing-charge", "bulwark-sentry",
                       "cinder-scout", "ironhide-bruiser"),
                      added="current-dancer", removed="arcane-lens", renamed="cinder-scout",
                      stats="ashfang-raider", keyword="ironhide-bruiser", new_keyword="tank",
                      text="blazing-charge"),
}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                           "-c", "commit.gpgsign=false", *args], cwd=repo, check=True,
                          capture_output=True, text=True).stdout


def bundled(plan: Plan, card_id: str) -> Path:
    return cardscript.data_dir("cardscripts") / plan.folder / f"{card_id}.card.yaml"


def edit(path: Path, change) -> None:
    yaml = YAML()  # round trip: the file stays as written but for the change
    data = yaml.load(path.read_text(encoding="utf-8"))
    change(data)
    with path.open("w", encoding="utf-8") as f:
        yaml.dump(data, f)


def first_number(node) -> list:
    """The path to the first whole number under ``node`` (depth first)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            return [key]
        found = first_number(value)
        if found:
            return [key, *found]
    return []


@dataclass
class Repo:
    path: Path
    plan: Plan
    expected: dict  # the changelog the edits make, as the JSON output's lists
    old_copy: Path  # the first commit's cards, as a plain folder


def make_repo(tmp: Path, plan: Plan) -> Repo:
    repo, cards = tmp / "repo", tmp / "repo" / "cards"
    cards.mkdir(parents=True)
    git(repo, "init", "-q")
    for card_id in plan.cards:
        shutil.copy(bundled(plan, card_id), cards)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    old_copy = tmp / "old-cards"
    shutil.copytree(cards, old_copy)
    old = load_facts([cards], plan.game)
    before = old.by_id()

    shutil.copy(bundled(plan, plan.added), cards)
    (cards / f"{plan.removed}.card.yaml").unlink()
    new_name = before[plan.renamed].name + " Reborn"
    edit(cards / f"{plan.renamed}.card.yaml", lambda d: d.__setitem__("name", new_name))

    # every number the card has +1 (cost...), every choice field to another value (tier...)
    card = before[plan.stats]
    field_changes = [{"field": f.name, "old": card.fields[f.name],
                      "new": card.fields[f.name] + 1}
                     for f in old.fields if f.kind == "int" and card.fields[f.name] is not None]
    field_changes += [{"field": f.name, "old": card.fields[f.name],
                       "new": next(c for c in f.choices if c != card.fields[f.name])}
                      for f in old.fields if f.kind == "choice" and len(f.choices) > 1]
    assert field_changes and field_changes[0]["field"] == "cost"

    def stats(d):
        for fc in field_changes:
            d[fc["field"]] = fc["new"]
    edit(cards / f"{plan.stats}.card.yaml", stats)
    # the game's field order, as the changelog lists them
    order = [f.name for f in old.fields]
    field_changes.sort(key=lambda fc: order.index(fc["field"]))

    def keyword(d):
        d.setdefault("keywords", [])
        d["keywords"].append(plan.new_keyword)
    edit(cards / f"{plan.keyword}.card.yaml", keyword)

    numbers: list = []

    def text(d):
        where = first_number(d["abilities"])
        node = d["abilities"]
        for key in where[:-1]:
            node = node[key]
        numbers.extend([node[where[-1]], node[where[-1]] + 1])
        node[where[-1]] += 1
    edit(cards / f"{plan.text}.card.yaml", text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "two")

    after = load_facts([cards], plan.game).by_id()
    # the generated text changes in one word, which holds the number
    was, now = before[plan.text].text.split(), after[plan.text].text.split()
    assert len(was) == len(now)
    (old_word, new_word), = [(a, b) for a, b in zip(was, now, strict=True) if a != b]
    assert str(numbers[0]) in old_word and str(numbers[1]) in new_word
    label = next(k.label for k in after[plan.keyword].keywords if k.name == plan.new_keyword)
    expected = {
        "added": [plan.added], "removed": [plan.removed],
        "renamed": [{"id": plan.renamed, "old": before[plan.renamed].name, "new": new_name}],
        "changed": {plan.stats: {"fields": field_changes, "keywords": [], "numbers": None},
                    plan.keyword: {"fields": [], "keywords": [label], "numbers": None},
                    plan.text: {"fields": [], "keywords": [], "numbers": [old_word, new_word]}},
        "unchanged": len(plan.cards) - 5}
    return Repo(repo, plan, expected, old_copy)


@pytest.fixture(params=sorted(PLANS))
def repo(request, tmp_path, monkeypatch) -> Repo:
    made = make_repo(tmp_path, PLANS[request.param])
    monkeypatch.chdir(made.path)
    return made


def check_json(data: dict, repo: Repo, old: str, new: str) -> None:
    exp = repo.expected
    assert data["schema"] == SCHEMA and data["version"] == VERSION
    assert data["game"] == repo.plan.game
    assert (data["old"]["side"], data["new"]["side"]) == (old, new)
    assert data["summary"] == {"added": 1, "removed": 1, "renamed": 1, "changed": 3,
                               "unchanged": exp["unchanged"]}
    assert [c["id"] for c in data["added"]] == exp["added"]
    assert [c["id"] for c in data["removed"]] == exp["removed"]
    assert data["renamed"] == exp["renamed"]
    changed = {c["id"]: c for c in data["changed"]}
    assert list(changed) == sorted(exp["changed"])
    for card_id, want in exp["changed"].items():
        got = changed[card_id]
        assert got["fields"] == want["fields"], card_id
        assert got["keywords"] == {"added": want["keywords"], "removed": []}, card_id
        if want["numbers"]:  # the ability's number, and only it, replaced in the text
            ops = [(s["op"], s["text"]) for s in got["text"]["diff"]]
            assert [o for o in ops if o[0] != "="] == [("-", str(want["numbers"][0])),
                                                       ("+", str(want["numbers"][1]))]
            assert "".join(t for op, t in ops if op != "-") == got["text"]["new"]
        elif want["keywords"]:  # the keyword's name is new in the generated text
            assert any(s["op"] == "+" and want["keywords"][0] in s["text"]
                       for s in got["text"]["diff"])
        else:
            assert got["text"] is None


def test_two_commits_json(repo, cli):
    code, out, err = cli("diff", "--game", repo.plan.game, "--format", "json",
                         "HEAD~1:cards", "HEAD:cards")
    assert code == 0, err
    data = json.loads(out)
    check_json(data, repo, "HEAD~1:cards", "HEAD:cards")
    added = data["added"][0]
    assert added["file"] == f"HEAD:cards/{repo.plan.added}.card.yaml"
    assert added["name"] and isinstance(added["fields"], dict)


def test_every_side_kind_gives_the_same_changelog(repo, cli):
    """Revision against revision, revision against the working folder, folder against
    folder: the same lists."""
    for old, new in [("HEAD~1:cards", "cards"), (str(repo.old_copy), "cards"),
                     (str(repo.old_copy), "HEAD:cards")]:
        code, out, err = cli("diff", "--game", repo.plan.game, "--format", "json", old, new)
        assert code == 0, err
        check_json(json.loads(out), repo, old, new)


def test_text(repo, cli):
    code, out, err = cli("diff", "--game", repo.plan.game, "HEAD~1:cards", "HEAD:cards")
    assert code == 0, err
    exp, plan = repo.expected, repo.plan
    lines = out.splitlines()
    assert lines[0].startswith("HEAD~1:cards → HEAD:cards")
    assert lines[1] == f"1 added, 1 removed, 1 renamed, 3 changed, {exp['unchanged']} unchanged"
    assert "\x1b[" not in out  # no colour when not a terminal
    for title in ("Added (1)", "Removed (1)", "Renamed (1)", "Changed (3)"):
        assert title in lines
    assert any(line.startswith(f"  + {plan.added}  ") for line in lines)
    assert any(line.startswith(f"  - {plan.removed}  ") for line in lines)
    r = exp["renamed"][0]
    assert f"  ~ {plan.renamed}  {r['old']} → {r['new']}" in lines
    for fc in exp["changed"][plan.stats]["fields"]:
        assert f"      {fc['field']}: {fc['old']} → {fc['new']}" in lines
    assert f"      keywords: +{exp['changed'][plan.keyword]['keywords'][0]}" in lines
    a, b = exp["changed"][plan.text]["numbers"]
    assert f"[-{a}-]{{+{b}+}}" in out
    # sections in order, cards by id within them
    assert [lines.index(t) for t in ("Added (1)", "Removed (1)", "Renamed (1)",
                                     "Changed (3)")] == sorted(
        lines.index(t) for t in ("Added (1)", "Removed (1)", "Renamed (1)", "Changed (3)"))
    starred = [line.split()[1] for line in lines if line.startswith("  * ")]
    assert starred == sorted(exp["changed"])


def test_markdown(repo, cli):
    code, out, err = cli("diff", "--game", repo.plan.game, "--format", "markdown",
                         "HEAD~1:cards", "HEAD:cards")
    assert code == 0, err
    exp, plan = repo.expected, repo.plan
    assert out.startswith("# Changes: `HEAD~1:cards` → `HEAD:cards`\n")
    for title in ("## Added (1)", "## Removed (1)", "## Renamed (1)", "## Changed (3)"):
        assert f"\n{title}\n" in out
    assert f"(`{plan.added}`)" in out and f"(`{plan.removed}`)" in out
    r = exp["renamed"][0]
    assert f"- `{plan.renamed}`: ~~{r['old']}~~ **{r['new']}**" in out
    for fc in exp["changed"][plan.stats]["fields"]:
        assert f"- {fc['field']}: ~~{fc['old']}~~ → **{fc['new']}**" in out
    assert f"- keywords: **+{exp['changed'][plan.keyword]['keywords'][0]}**" in out
    a, b = exp["changed"][plan.text]["numbers"]
    assert f"~~{a}~~ **{b}**" in out


class Page(HTMLParser):
    """A changelog page: its sections' entries by id, and each change's <del>/<ins>."""

    def __init__(self, html: str):
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.changes: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._section = self._entry = self._field = self._tag = None
        self.scripts = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self._section = a["id"]
            self.sections[a["id"]] = []
        elif tag == "article":
            self._entry = a["data-id"]
            self.sections[self._section].append(a["data-id"])
        elif tag == "dd":
            self._field = a["data-field"]
            self.changes[(self._entry, self._field)] = []
        elif tag in ("del", "ins") and self._field:
            self._tag = tag
        elif tag in ("script", "link", "img"):
            self.scripts += 1

    def handle_endtag(self, tag):
        if tag == "dd":
            self._field = None
        if tag in ("del", "ins"):
            self._tag = None

    def handle_data(self, data):
        if self._field and self._tag:
            self.changes[(self._entry, self._field)].append((self._tag, data))


def test_html(repo, cli, tmp_path):
    page_file = tmp_path / "changes.html"
    code, out, err = cli("diff", "--game", repo.plan.game, "--format", "html", "--out",
                         str(page_file), "HEAD~1:cards", "HEAD:cards")
    assert code == 0, err
    assert out.startswith(f"wrote {page_file}")
    page = Page(page_file.read_text(encoding="utf-8"))
    exp, plan = repo.expected, repo.plan
    assert page.scripts == 0  # self-contained: no script, stylesheet link or image
    assert page.sections == {"added": [plan.added], "removed": [plan.removed],
                             "renamed": [plan.renamed], "changed": sorted(exp["changed"])}
    for fc in exp["changed"][plan.stats]["fields"]:
        assert page.changes[(plan.stats, fc["field"])] == [("del", str(fc["old"])),
                                                           ("ins", str(fc["new"]))]
    assert page.changes[(plan.keyword, "keywords")] == [
        ("ins", exp["changed"][plan.keyword]["keywords"][0])]
    a, b = exp["changed"][plan.text]["numbers"]
    assert page.changes[(plan.text, "text")] == [("del", str(a)), ("ins", str(b))]


def test_every_format_is_tested():
    assert set(FORMATS) == {"text", "markdown", "html", "json"}


def test_no_differences_and_exit_code(repo, cli):
    code, out, _ = cli("diff", "--game", repo.plan.game, "HEAD:cards", "cards")
    assert code == 0 and "no differences" in out
    assert cli("diff", "--game", repo.plan.game, "--exit-code", "HEAD:cards", "cards")[0] == 0
    assert cli("diff", "--game", repo.plan.game, "--exit-code", "HEAD~1:cards", "cards")[0] == 1
    assert cli("diff", "--game", repo.plan.game, "HEAD~1:cards", "cards")[0] == 0


def test_uncommitted_change_against_head(repo, cli):
    card = repo.path / "cards" / f"{repo.plan.renamed}.card.yaml"
    edit(card, lambda d: d.__setitem__("name", "Working Title"))
    code, out, _ = cli("diff", "--game", repo.plan.game, "--format", "json", "HEAD:cards",
                       "cards")
    data = json.loads(out)
    assert code == 0
    assert data["renamed"] == [{"id": repo.plan.renamed, "old": repo.expected["renamed"][0]
                                ["new"], "new": "Working Title"}]
    assert data["summary"]["changed"] == 0


def test_one_card_file_at_two_revisions(repo, cli):
    path = f"cards/{repo.plan.stats}.card.yaml"
    code, out, err = cli("diff", "--game", repo.plan.game, "--format", "json",
                         f"HEAD~1:{path}", f"HEAD:{path}")
    assert code == 0, err
    data = json.loads(out)
    assert [c["id"] for c in data["changed"]] == [repo.plan.stats]
    assert data["changed"][0]["fields"] == repo.expected["changed"][repo.plan.stats]["fields"]


@pytest.mark.parametrize("old, message", [
    ("nope:cards", "unknown revision 'nope'"),
    ("-x:cards", "may not start with '-'"),
    ("--upload-pack=touch:cards", "may not start with '-'"),
    (":cards", "give a revision before ':'"),
    ("HEAD:elsewhere", "HEAD:elsewhere: no such path at HEAD"),
    ("HEAD:../outside", "lies outside the git repository"),
    ("missing-folder", "no such file or directory: missing-folder"),
    ("./HEAD:cards", "no such file or directory: ./HEAD:cards"),
])
def test_bad_sides_are_bad_usage(repo, cli, old, message):
    code, out, err = cli("diff", "--game", repo.plan.game, "--", old, "HEAD:cards")
    assert code == 2 and message in err and "Traceback" not in err, err


def test_an_existing_path_wins_over_a_revision(repo, cli):
    odd = repo.path / "HEAD:cards"  # a folder whose name reads as a revision
    shutil.copytree(repo.path / "cards", odd)
    code, out, _ = cli("diff", "--game", repo.plan.game, "--exit-code", "HEAD:cards", "cards")
    assert code == 0 and "no differences" in out
    (odd / f"{repo.plan.added}.card.yaml").unlink()
    code, out, _ = cli("diff", "--game", repo.plan.game, "--format", "json", "HEAD:cards",
                       "cards")
    assert json.loads(out)["summary"]["added"] == 1


def test_paths_that_are_not_a_set(repo, cli):
    (repo.path / "notes.txt").write_text("hello\n", encoding="utf-8")
    (repo.path / "empty").mkdir()
    git(repo.path, "add", "notes.txt")
    git(repo.path, "commit", "-qm", "notes")
    for side in ("notes.txt", "empty", "HEAD:notes.txt"):
        code, _, err = cli("diff", "--game", repo.plan.game, side, "cards")
        assert code == 2 and "no card files" in err, (side, err)


def test_bad_card_data_names_the_revision_file(repo, cli):
    card = repo.path / "cards" / f"{repo.plan.stats}.card.yaml"
    number = next(f.name for f in load_facts([card], repo.plan.game).fields if f.kind == "int")
    text = card.read_text(encoding="utf-8")
    card.write_text(text + f"{number}: lots\n" if f"\n{number}:" not in text else
                    "\n".join(f"{number}: lots" if line.startswith(f"{number}:") else line
                              for line in text.splitlines()) + "\n", encoding="utf-8")
    git(repo.path, "commit", "-qam", "bad")
    code, _, err = cli("diff", "--game", repo.plan.game, "HEAD~1:cards", "HEAD:cards")
    assert code == 1
    line = next(i for i, s in enumerate(card.read_text().splitlines(), 1)
                if s.startswith(f"{number}:"))
    assert err.startswith(f"HEAD:cards/{repo.plan.stats}.card.yaml:{line}:"), err
    assert "cardscript-diff-" not in err  # the temporary folder is never shown


def test_not_a_repository_and_no_git(tmp_path, cli, monkeypatch):
    plan = PLANS["riftbound"]
    folder = tmp_path / "plain"
    folder.mkdir()
    shutil.copy(bundled(plan, plan.added), folder)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, _, err = cli("diff", "--game", "riftbound", "HEAD:.", ".")
    assert code == 2 and "is not in a git repository" in err
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    code, _, err = cli("diff", "--game", "riftbound", "HEAD:.", ".")
    assert code == 2 and "git is not installed" in err


def test_bounds(repo, cli, monkeypatch):
    monkeypatch.setattr(sides, "MAX_FILES", 3)
    code, _, err = cli("diff", "--game", repo.plan.game, "HEAD:cards", "cards")
    assert code == 2 and "more than 3 card and keyword files" in err
    monkeypatch.setattr(sides, "MAX_FILES", 1000)
    monkeypatch.setattr(sides, "MAX_BYTES", 50)
    code, _, err = cli("diff", "--game", repo.plan.game, "HEAD:cards", "cards")
    assert code == 1 and "CS003" in err and err.startswith("HEAD:cards/")
    monkeypatch.setattr(sides, "MAX_BYTES", 1_000_000)
    monkeypatch.setattr(sides, "MAX_LISTING", 100)
    code, _, err = cli("diff", "--game", repo.plan.game, "HEAD:cards", "cards")
    assert code == 2 and "git ls-tree printed more than 100 bytes" in err


def test_a_huge_file_is_refused_at_one_place_on_disk_and_at_a_revision(tmp_path, cli,
                                                                      monkeypatch):
    """A card file past the loader's 1 MB is refused whole, at 1:1, whichever side holds
    it: the same message at a revision as on disk, but for the revision's name."""
    plan = PLANS["riftbound"]
    repo, cards = tmp_path / "repo", tmp_path / "repo" / "cards"
    cards.mkdir(parents=True)
    shutil.copy(bundled(plan, plan.added), cards)
    (cards / "huge.card.yaml").write_bytes(b"id: huge\n" + b"#" * 1_000_000 + b"\n")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "huge")
    monkeypatch.chdir(repo)
    code, _, on_disk = cli("diff", "--game", "riftbound", "cards", "cards")
    assert code == 1
    code, _, at_rev = cli("diff", "--game", "riftbound", "HEAD:cards", "cards")
    assert code == 1
    assert on_disk.splitlines()[0] == "cards/huge.card.yaml:1:1: CS003 file is larger than " \
        "1000000 bytes; refusing to read it"
    assert at_rev.splitlines()[0] == "HEAD:" + on_disk.splitlines()[0]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_links_in_a_revision_are_not_followed(repo, cli, tmp_path):
    secret = tmp_path / "secret.card.yaml"
    secret.write_text("id: secret\nname: Secret\n", encoding="utf-8")
    os.symlink(secret, repo.path / "cards" / "secret.card.yaml")
    git(repo.path, "add", "-A")
    git(repo.path, "commit", "-qm", "link")
    code, out, err = cli("diff", "--game", repo.plan.game, "--format", "json", "HEAD~1:cards",
                         "HEAD:cards")
    assert code == 0, err
    assert json.loads(out)["summary"]["added"] == 0


def test_the_bundled_package_at_two_commits(tmp_path, cli, monkeypatch):
    """A copy of the ``cardscripts`` package: a revision's folder is its bundled set, with
    its own keyword macros (no clash with the installed ones)."""
    repo = tmp_path / "repo"
    package = cardscript.data_dir("cardscripts")
    shutil.copytree(package / "wonders", repo / "cardscripts" / "wonders")
    (repo / "cardscripts" / "__init__.py").write_text("", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    card = next((repo / "cardscripts" / "wonders").rglob("banner-squire.card.yaml"))
    edit(card, lambda d: d.__setitem__("cost", d["cost"] + 1))
    git(repo, "commit", "-qam", "two")
    monkeypatch.chdir(repo)
    code, out, err = cli("diff", "--format", "json", "HEAD~1:cardscripts/wonders",
                         "HEAD:cardscripts/wonders")
    assert code == 0, err
    data = json.loads(out)
    assert data["summary"]["changed"] == 1 and data["summary"]["added"] == 0
    assert data["changed"][0]["id"] == "banner-squire"
    assert [f["field"] for f in data["changed"][0]["fields"]] == ["cost"]


# -- the word diff -----------------------------------------------------------------------

@pytest.mark.parametrize("old, new, shown", [
    ("Deal 3 damage.", "Deal 4 damage.", "Deal [-3-]{+4+} damage."),
    ("a b c", "a c", "a [-b-] c"),
    ("a b", "a", "a [-b-]"),
    ("a", "a b", "a {+b+}"),
    ("x", "y", "[-x-]{+y+}"),
    ("Draw a card.\nTAP: x", "Draw two cards.\nTAP: x", "Draw [-a card.-]{+two cards.+}\nTAP: x"),
])
def test_word_diff(old, new, shown):
    marks = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}
    assert "".join(marks[op].format(t) for op, t in word_diff(old, new)) == shown


words = st.lists(st.sampled_from(["a", "b", "c", "+1", "Draw", "card."]), max_size=8)
spaces = st.sampled_from([" ", "\n", "  "])


@given(words, words, spaces)
def test_word_diff_keeps_both_texts(a, b, sep):
    old, new = sep.join(a), " ".join(b)
    segments = word_diff(old, new)
    assert "".join(t for op, t in segments if op != "-").split() == new.split()
    assert "".join(t for op, t in segments if op != "+").split() == old.split()
    assert all(t == t.strip() for op, t in segments if op != "=")


def test_out_must_be_a_file(repo, cli):
    code, _, err = cli("diff", "--game", repo.plan.game, "--out", str(repo.path / "cards"),
                       "HEAD~1:cards", "HEAD:cards")
    assert code == 2 and "is a folder" in err


def test_terminal_colours(repo):
    """On a terminal, deletions are red and insertions green (rich styles)."""
    from cardscript.tools.diff import diff_sides
    from cardscript.tools.diff.formats import text_lines
    lines = text_lines(diff_sides("HEAD~1:cards", "HEAD:cards", repo.plan.game))
    a, b = repo.expected["changed"][repo.plan.text]["numbers"]
    runs = [r for line in lines for r in line]
    assert (f"[-{a}-]", "red") in runs and (f"{{+{b}+}}", "green") in runs
