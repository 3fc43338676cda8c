"""The compile cache is only used by the code that wrote it: a cache made by other code
(another version of the engine, a changed plugin) is a miss, never silently reused."""
from __future__ import annotations

from pathlib import Path

import cardscript.cardpool as cardpool
from cardscript.cardpool import CardPool

CARD = "id: scout\nname: Scout\ntype: wonder\norbital: solfera\ntier: primary\ncost: 1\n" \
       "power: 1\n"


def test_cache_from_other_code_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "scout.card.yaml").write_text(CARD)
    CardPool("wonders").load([tmp_path])  # writes the cache
    compiled = []
    real = CardPool.compile

    def spy(self, doc):
        compiled.append(doc.path)
        return real(self, doc)

    monkeypatch.setattr(CardPool, "compile", spy)
    CardPool("wonders").load([tmp_path])
    assert compiled == []  # same code: a hit
    monkeypatch.setattr(cardpool, "code_fingerprint", lambda registry: "other code")
    pool = CardPool("wonders").load([tmp_path])
    assert len(compiled) == 1 and pool.cards["scout"].power == 1  # other code: compiled again


def test_an_unpicklable_card_only_costs_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "scout.card.yaml").write_text(CARD)
    pool = CardPool("wonders")
    pool.load([tmp_path])
    pool.cache.entries["x"] = lambda: None  # not picklable
    pool.cache.dirty = True
    pool.cache.save()  # no exception, no temporary file left behind
    assert not list((tmp_path / "cache").glob("*.tmp"))


def test_an_edited_file_is_compiled_again_despite_the_stat_shortcut(tmp_path, monkeypatch):
    """A file whose size and modification time are unchanged is not re-read (as git's index
    does); an edit changes its time, so it is read and compiled again, even at the same
    size."""
    import os
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "cache"))
    card = tmp_path / "scout.card.yaml"
    card.write_text(CARD)
    old = 1_000_000_000  # long before the cache is written: trusted by the shortcut
    os.utime(card, ns=(old, old))
    # its change time, which nothing can set back, is the present: as if the file had been
    # written long before, no time counts as racy
    monkeypatch.setattr(cardpool, "RACY_NS", 0)
    CardPool("wonders").load([tmp_path])
    reads = []
    real_open = open

    def spy_open(path, *a, **kw):
        reads.append(os.fspath(path))
        return real_open(path, *a, **kw)

    monkeypatch.setattr("builtins.open", spy_open)
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 1
    assert str(card) not in reads  # unchanged: not read again
    card.write_text(CARD.replace("power: 1", "power: 7"))  # same size, new time
    assert CardPool("wonders").load([tmp_path]).cards["scout"].power == 7


def test_the_engines_own_files_are_part_of_the_fingerprint():
    """A change to any engine file (the core, a game) makes the compile cache a miss: the
    fingerprint covers the engine package by its installed name, whatever its folder is."""
    import cardscript
    from cardscript.cardpool import CardPool, fingerprint_files
    files = set(fingerprint_files(CardPool("wonders", cache=False).registry))
    engine = Path(cardscript.__file__).parent
    for module in ("game.py", "procedure.py", "bus.py", "games/wonders/rules.py"):
        assert str(engine / module) in files, module
