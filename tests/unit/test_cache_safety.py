"""The compile and lint caches never run what they read (core/cachefile.py): a planted,
tampered, foreign, truncated or oversized cache file is only a miss; writes never follow a
planted symlink and leave no temp file behind; a cache folder that cannot be ours only turns
caching off; and the compile cache's stat shortcut sees a file replaced by one of the same
size and modification time."""
from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
import time
from pathlib import Path

import cardscript.cachefile as cachefile
import cardscript.cardpool as cardpool
import pytest
from cardscript.cardpool import CardPool, CompileCache
from cardscript.tools.lint import lint as run_lint
from cardscript.tools.lint.cache import LintCache

ROOT = Path(__file__).resolve().parents[2]
CARD = "id: scout\nname: Scout\ntype: wonder\norbital: solfera\ntier: primary\ncost: 1\n" \
       "power: 1\n"
GOOD = ("id: good-knight\nname: Good Knight\ntype: wonder\norbital: solfera\ntier: primary\n"
        "cost: 3\npower: 2\nclasses: [Knight]\ntext: \"ON ARRIVAL: Draw a card.\"\n"
        "abilities:\n  - trigger: on_arrival\n    effect: {draw: 1}\n")


class Planted:
    """What an attacker leaves in a cache folder: unpickling it creates ``marker``."""

    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return open, (self.marker, "w")


@pytest.fixture
def env(tmp_path, monkeypatch) -> dict[str, str]:
    """A cache folder and a key file of this test's own (also for subprocesses)."""
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("CARDSCRIPT_CACHE_KEY_FILE", str(tmp_path / "state" / "cache.key"))
    return {**os.environ}


def cache_paths() -> list[Path]:
    """The files the compile and lint caches of the bundled game use."""
    return [CompileCache("wonders", enabled=False).path,
            LintCache("wonders", "any", enabled=False).path]


def cli(*args: str, env: dict[str, str], cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardscript.tools.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def compiles(monkeypatch) -> list[str]:
    """The files compiled from now on (a miss of the compile cache compiles)."""
    seen: list[str] = []
    real = CardPool.compile

    def spy(self, doc):
        seen.append(Path(doc.path).name)
        return real(self, doc)

    monkeypatch.setattr(CardPool, "compile", spy)
    return seen


# -- planted files -----------------------------------------------------------------------

def plant(folder: Path, marker: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    evil = pickle.dumps({"fingerprint": "", "version": "", "entries": Planted(marker)})
    for path in cache_paths():
        (folder / path.name).write_bytes(evil)


def test_a_planted_cache_never_runs_in_the_commands(tmp_path, env):
    marker = tmp_path / "pwned"
    card = tmp_path / "good-knight.card.yaml"
    card.write_text(GOOD)
    fresh = {**env, "CARDSCRIPT_CACHE": str(tmp_path / "fresh")}
    expected_sim = cli("simulate", "--games", "1", "--json", "--no-progress", env=fresh)
    expected_lint = cli("lint", "--color", "never", card.name, env=fresh, cwd=tmp_path)
    assert expected_sim.returncode == 0 and expected_lint.returncode == 0
    plant(tmp_path / "cache", marker)
    for warm in ("", "; 1 unchanged since the last run"):  # planted, then what it wrote
        sim = cli("simulate", "--games", "1", "--json", "--no-progress", env=env)
        assert not marker.exists(), "simulate unpickled a planted cache file"
        assert (sim.returncode, sim.stdout) == (0, expected_sim.stdout), sim.stderr
        lnt = cli("lint", "--color", "never", card.name, env=env, cwd=tmp_path)
        assert not marker.exists(), "lint unpickled a planted cache file"
        assert lnt.returncode == 0, lnt.stdout + lnt.stderr
        assert lnt.stdout == expected_lint.stdout.replace(" file)", f" file{warm})")


def test_a_planted_cache_never_runs_when_a_pool_loads(tmp_path, env):
    marker = tmp_path / "pwned"
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "scout.card.yaml").write_text(CARD)
    plant(tmp_path / "cache", marker)
    pool = CardPool("wonders").load([tmp_path / "cards"])
    assert not marker.exists()
    assert pool.diagnostics == [] and pool.cards["scout"].power == 1
    report = run_lint([tmp_path / "cards"])
    assert not marker.exists()
    assert report.internal_errors == []


def test_a_planted_cache_file_in_the_right_format_but_a_foreign_key_is_a_miss(tmp_path, env):
    """Even a file with our magic and version header is not unpickled unless its MAC is made
    with this user's key."""
    marker = tmp_path / "pwned"
    (tmp_path / "scout.card.yaml").write_text(CARD)
    path = CompileCache("wonders", enabled=False).path
    version = CompileCache("wonders", enabled=False,
                           fingerprint=cardpool.code_fingerprint(
                               CardPool("wonders", cache=False).registry)).version
    os.environ["CARDSCRIPT_CACHE_KEY_FILE"] = str(tmp_path / "attacker.key")
    assert cachefile.write(path, version, {"entries": Planted(marker)})
    os.environ["CARDSCRIPT_CACHE_KEY_FILE"] = env["CARDSCRIPT_CACHE_KEY_FILE"]
    pool = CardPool("wonders").load([tmp_path])
    assert not marker.exists() and pool.cards["scout"].power == 1


# -- damaged and foreign caches -------------------------------------------------------------

DAMAGE = {  # each still a cache file at the right place
    "tampered": lambda raw: raw.replace(b"Scout", b"Scrut"),  # still unpickles
    "truncated": lambda raw: raw[: len(raw) // 2],
    "corrupt": lambda raw: raw[:40] + bytes(b ^ 0x5A for b in raw[40:80]) + raw[80:],
    "empty": lambda raw: b"",
}


def test_a_damaged_compile_cache_is_a_miss(tmp_path, env, monkeypatch):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    path = CompileCache("wonders", enabled=False).path
    seen = compiles(monkeypatch)
    for damage, spoil in DAMAGE.items():
        CardPool("wonders").load([tmp_path])  # a good cache again
        raw = path.read_bytes()
        assert b"Scout" in raw
        path.write_bytes(spoil(raw))
        seen.clear()
        pool = CardPool("wonders").load([tmp_path])
        assert pool.diagnostics == [], damage
        assert (pool.cards["scout"].name, pool.cards["scout"].power) == ("Scout", 1), damage
        assert seen == ["scout.card.yaml"], damage  # a miss: compiled again


def test_a_damaged_lint_cache_is_a_miss(tmp_path, env):
    card = tmp_path / "good-knight.card.yaml"
    card.write_text(GOOD.replace("cost: 3", "cost: 99"))  # a finding to cache
    cold = run_lint([card])
    (path,) = (tmp_path / "cache").glob("lint-*")
    raw = path.read_bytes()
    assert b"above 15" in raw
    path.write_bytes(raw.replace(b"above 15", b"above 51"))  # still unpickles
    warm = run_lint([card])
    assert [str(f) for f in warm.findings] == [str(f) for f in cold.findings]
    assert "cost 99 is above 15" in str(warm.findings[0]) and warm.cached == 0


def test_a_cache_made_with_another_key_is_a_miss(tmp_path, env, monkeypatch):
    """A cache folder restored by CI or copied from another user comes without their key."""
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])
    seen = compiles(monkeypatch)
    CardPool("wonders").load([tmp_path])
    assert seen == []  # the same key: a hit
    monkeypatch.setenv("CARDSCRIPT_CACHE_KEY_FILE", str(tmp_path / "other" / "cache.key"))
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert seen == ["scout.card.yaml"]  # another key: a miss


def test_a_cache_of_another_version_or_too_large_is_a_miss(tmp_path, env, monkeypatch):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    version = CardPool("wonders").load([tmp_path]).cache.version
    path = CompileCache("wonders", enabled=False).path
    stored = cachefile.read(path, version)
    assert stored is not None
    assert cachefile.write(path, version + "-other", stored)  # our key, another version
    seen = compiles(monkeypatch)
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert seen == ["scout.card.yaml"]
    seen.clear()
    CardPool("wonders").load([tmp_path])
    assert seen == []
    monkeypatch.setattr(cachefile, "MAX_BYTES", path.stat().st_size - 1)
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert seen == ["scout.card.yaml"]  # too large to be read


def test_a_cache_file_that_is_a_fifo_is_a_miss_not_a_hang(tmp_path, env, monkeypatch):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    (tmp_path / "cache").mkdir(mode=0o700)
    os.mkfifo(CompileCache("wonders", enabled=False).path)
    pool = CardPool("wonders", cache=True)
    pool.load([tmp_path])
    assert pool.cards["scout"].power == 1


# -- the key -------------------------------------------------------------------------------

def test_the_key_is_private_and_outside_the_cache_folder(tmp_path, env):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])
    key = Path(env["CARDSCRIPT_CACHE_KEY_FILE"])
    st = key.stat()
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_size == 32
    assert stat.S_IMODE(key.parent.stat().st_mode) == 0o700
    assert list((tmp_path / "cache").iterdir()) == [CompileCache("wonders", False).path]


def test_the_default_key_lives_in_the_state_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("CARDSCRIPT_CACHE_KEY_FILE", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert cachefile.key_file() == tmp_path / "state" / "cardscript" / "cache.key"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cachefile.key_file() == tmp_path / "home" / ".local/state/cardscript/cache.key"


@pytest.mark.parametrize("kind", ["group-readable", "symlink", "folder", "short"])
def test_a_key_that_cannot_be_trusted_turns_caching_off(tmp_path, env, kind):
    key = Path(env["CARDSCRIPT_CACHE_KEY_FILE"])
    key.parent.mkdir(mode=0o700)
    victim = tmp_path / "victim"
    victim.write_bytes(b"v" * 32)
    victim.chmod(0o600)
    if kind == "group-readable":
        key.write_bytes(os.urandom(32))
        key.chmod(0o640)
    elif kind == "symlink":
        key.symlink_to(victim)
    elif kind == "folder":
        key.mkdir()
    else:
        key.write_bytes(b"short")
        key.chmod(0o600)
    (tmp_path / "scout.card.yaml").write_text(CARD)
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert victim.read_bytes() == b"v" * 32
    assert not any((tmp_path / "cache").glob("compiled-*"))  # no key: no cache


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user needs root")
def test_a_key_or_cache_file_of_another_user_is_not_used(tmp_path, env, monkeypatch):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])
    path = CompileCache("wonders", enabled=False).path
    os.chown(path, 4242, 4242)
    seen = compiles(monkeypatch)
    CardPool("wonders").load([tmp_path])
    assert seen == ["scout.card.yaml"]
    os.chown(Path(env["CARDSCRIPT_CACHE_KEY_FILE"]), 4242, 4242)
    assert cachefile.cache_key() is None


# -- the folder and the writes -------------------------------------------------------------

def test_the_cache_folder_is_created_private(tmp_path, env):
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])
    run_lint([tmp_path / "scout.card.yaml"])
    folder = tmp_path / "cache"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for f in folder.iterdir():
        assert stat.S_IMODE(f.stat().st_mode) == 0o600


def test_a_cache_path_through_a_regular_file_only_turns_caching_off(tmp_path, env):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    card = tmp_path / "good-knight.card.yaml"
    card.write_text(GOOD)
    bad = {**env, "CARDSCRIPT_CACHE": str(blocker / "sub")}
    sim = cli("simulate", "--games", "1", "--json", "--no-progress", env=bad)
    assert sim.returncode == 0, sim.stderr
    assert "Traceback" not in sim.stderr and '"games": 1' in sim.stdout
    lnt = cli("lint", "--color", "never", card.name, env=bad, cwd=tmp_path)
    assert lnt.returncode == 0 and "All checks passed" in lnt.stdout, lnt.stdout + lnt.stderr
    assert blocker.read_text() == "not a folder"
    assert cachefile.private_dir(blocker) is None
    assert cachefile.private_dir(blocker / "sub") is None


def test_a_planted_symlink_never_redirects_a_write(tmp_path, env, monkeypatch):
    """Every name an attacker could predict in the cache folder (the cache files, the temp
    names of older versions) holds a symlink to a victim file: saving leaves it intact."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    for path in cache_paths():
        path.symlink_to(victim)
        path.with_suffix(f".{os.getpid()}.tmp").symlink_to(victim)
    (tmp_path / "scout.card.yaml").write_text(CARD)
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    run_lint([tmp_path / "scout.card.yaml"])
    assert victim.read_bytes() == b"precious"
    for path in cache_paths():  # the symlinks themselves were replaced by real caches
        assert path.is_file() and not path.is_symlink()
    seen = compiles(monkeypatch)
    CardPool("wonders").load([tmp_path])
    assert seen == []


def test_a_failed_replace_leaves_no_temp_file(tmp_path, env, monkeypatch):
    (tmp_path / "scout.card.yaml").write_text(CARD)

    def failing(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing)
    pool = CardPool("wonders").load([tmp_path])
    report = run_lint([tmp_path / "scout.card.yaml"])
    assert pool.cards["scout"].power == 1 and report.internal_errors == []
    assert sorted(os.listdir(tmp_path / "cache")) == []


def test_temp_files_of_killed_processes_are_cleaned_on_save(tmp_path, env):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    old = time.time() - 2 * cachefile.STALE_TEMP_S
    stale = [folder / ".cstmp-compiled-wonders-v5.cache.ab12cd_9.tmp",
             folder / ".cstmp-lint-wonders.cache.zz00zz00.tmp",
             folder / "compiled-wonders-v4.31337.tmp",  # the name older versions used
             folder / "lint-wonders.31337.tmp"]
    young = folder / ".cstmp-lint-wonders.cache.young000.tmp"  # maybe being written now
    other = folder / "notes.tmp"  # not ours
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = folder / ".cstmp-compiled-x.cache.link0000.tmp"
    for f in [*stale, young, other]:
        f.write_bytes(b"partial")
        if f is not young:
            os.utime(f, (old, old))
    link.symlink_to(victim)
    os.utime(link, (old, old), follow_symlinks=False)
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])
    assert not any(f.exists() for f in stale)
    assert young.exists() and other.exists() and link.is_symlink()
    assert victim.read_text() == "precious"


# -- the stat shortcut ---------------------------------------------------------------------

INVALID = CARD.replace("power: 1", "pawer: 1")  # same size, not a valid card


def test_a_replaced_file_with_the_same_size_and_mtime_is_read_again(tmp_path, env,
                                                                     monkeypatch):
    """``cp -p`` / ``rsync -a``: another file put in place with the size and modification
    time of the cached one; its inode and change time differ, so it is read again."""
    monkeypatch.setattr(cardpool, "RACY_NS", 0)  # only the stat comparison can see it
    card = tmp_path / "scout.card.yaml"
    card.write_text(CARD)
    old = 1_000_000_000
    os.utime(card, ns=(old, old))
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    seen = compiles(monkeypatch)
    CardPool("wonders").load([tmp_path])
    assert seen == []  # cached, through the stat shortcut
    assert len(INVALID) == len(CARD)
    new = tmp_path / "incoming.tmp"
    new.write_text(INVALID)
    os.utime(new, ns=(old, old))
    os.replace(new, card)
    pool = CardPool("wonders").load([tmp_path])
    assert "scout" not in pool.cards
    assert [d.code for d in pool.diagnostics] and "pawer" in " ".join(map(str, pool.diagnostics))


def test_a_file_rewritten_in_place_with_the_same_size_and_mtime_is_read_again(tmp_path, env):
    """The same file rewritten, its modification time set back: only its change time
    tells, and that is always recent, so the racy rule reads it again."""
    card = tmp_path / "scout.card.yaml"
    card.write_text(CARD)
    old = 1_000_000_000
    os.utime(card, ns=(old, old))
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    card.write_text(INVALID)
    os.utime(card, ns=(old, old))
    pool = CardPool("wonders").load([tmp_path])
    assert "scout" not in pool.cards and "pawer" in " ".join(map(str, pool.diagnostics))
