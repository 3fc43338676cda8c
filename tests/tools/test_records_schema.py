"""The schemas a resumed run checks its records and sidecar against (tools/records.py:
``Record``, ``Job``, ``not_of_job``) accept everything the writers write, for every installed
game: a game won or drawn with its per-card rows, a game that reached a limit, a crash, the
paired seats of a strength run. A schema that drifts from :func:`play_game` or
:func:`job_of` would refuse a run's own file."""
from __future__ import annotations

import pytest
from cardscript import jsonfile
from cardscript.limits import Limits
from cardscript.plugins import games
from cardscript.tools.common import load_decks, pool_with
from cardscript.tools.records import (
    RECORD,
    Job,
    Record,
    job_of,
    not_of_job,
    play_game,
)
from cardscript.tools.simulate import deck_names

AGENTS = (("random", ()), ("greedy", (("width", 2),)))


def accepted(rec: dict, job: Job) -> None:
    checked = jsonfile.check(rec, Record, "games.jsonl", RECORD)
    assert not_of_job(checked, job, {}) is None, rec


@pytest.fixture(scope="module", params=sorted(games()))
def run(request):
    pool = pool_with(request.param)
    decks = load_decks(pool, None)
    return pool, decks, deck_names(decks)


def test_a_runs_records_and_job_pass_their_schemas(run):
    pool, decks, names = run
    job = Job.model_validate(job_of(pool, decks, names, 4, 9, (), Limits()))
    for i in range(2):
        rec = play_game(pool, decks, names, i, 9, limits=Limits(), cards=True)
        assert rec["outcome"] in ("win", "draw") and rec["cards"]
        accepted(rec, job)


def test_a_game_that_reached_a_limit_and_a_crash_pass(run, monkeypatch):
    pool, decks, names = run
    limits = Limits(resolutions=1)
    job = Job.model_validate(job_of(pool, decks, names, 4, 9, (), limits))
    rec = play_game(pool, decks, names, 0, 9, limits=limits, cards=True)
    assert rec["outcome"] == "error" and rec["how"]
    accepted(rec, job)

    def crash(self, agents):
        raise RuntimeError("boom")
    monkeypatch.setattr(pool.spec.game_class, "play", crash)
    rec = play_game(pool, decks, names, 1, 9, limits=limits, cards=True)
    assert rec["traceback"] and rec["rounds"] is None
    accepted(rec, job)


def test_paired_seats_pass_and_the_other_seating_does_not(run):
    pool, decks, names = run
    job = Job.model_validate(job_of(pool, decks, names, 4, 9, (), None, AGENTS, paired=True))
    recs = [play_game(pool, decks, names, i, 9, agents=AGENTS, paired=True) for i in (0, 1)]
    assert recs[0]["seed"] == recs[1]["seed"] and recs[0]["agents"] == recs[1]["agents"][::-1]
    for rec in recs:
        accepted(rec, job)
    recs[1]["agents"] = recs[0]["agents"]
    why = not_of_job(jsonfile.check(recs[1], Record, "g", RECORD), job, {})
    assert why and why.startswith("game 1 has agents")
