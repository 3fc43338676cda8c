"""Agents on the command line: `cardscript simulate --agents A [B] -o AGENT.KEY=VALUE` names
them in its summary, records and job; `cardscript strength` plays paired seeds with seats
swapped and reports the first agent's score with its Wilson interval."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from cardscript.tools.common import load_decks, pool_with
from cardscript.tools.records import play_game
from cardscript.tools.simulate import wilson


def test_simulate_names_the_agents_in_summary_records_and_job(cli, tmp_path: Path):
    out = tmp_path / "games.jsonl"
    rc, text, _ = cli("simulate", "--games", "2", "--jobs", "1", "--json",
                      "--agents", "greedy", "mcts", "-o", "mcts.iterations=3",
                      "-o", "greedy.width=4", "--out", str(out))
    assert rc == 0
    summary = json.loads(text)
    assert summary["agents"] == ["greedy(width=4)", "mcts(iterations=3)"]
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["agents"] for r in recs] == [["greedy(width=4)", "mcts(iterations=3)"]] * 2
    job = json.loads((tmp_path / "games.jsonl.job.json").read_text())
    assert job["agents"] == ["greedy(width=4)", "mcts(iterations=3)"]
    # one name plays both seats
    rc, text, _ = cli("simulate", "--games", "1", "--jobs", "1", "--json",
                      "--agents", "greedy")
    assert rc == 0 and json.loads(text)["agents"] == ["greedy", "greedy"]


@pytest.mark.parametrize("argv, message", [
    (["--agents", "random", "greedy", "mcts"], "--agents takes one or two names, not 3"),
    (["--agents", "gredy"], "unknown agent 'gredy' (did you mean 'greedy'?)"),
    (["--agents", "greedy", "-o", "mcts.ms=50"], "--agent-option for 'mcts', which does not"),
    (["--agents", "mcts", "-o", "mcts.budget=5"], "agent 'mcts' has no option 'budget'"),
    (["--agents", "mcts", "-o", "mcts.ms"], "expected AGENT.KEY=VALUE"),
    (["--agents", "mcts", "-o", "mcts.ms=-1"], "must be positive"),
])
def test_bad_agent_arguments_are_usage_errors(cli, argv, message):
    rc, _, err = cli("simulate", "--games", "1", "--jobs", "1", *argv)
    assert rc == 2 and message in err and "Traceback" not in err


def test_paired_games_share_a_seed_and_swap_seats():
    pool = pool_with("wonders")
    decks = load_decks(pool, None)
    agents = (("greedy", ()), ("random", ()))
    a, b = (play_game(pool, decks, ("A", "B"), i, 4, agents=agents, paired=True)
            for i in (0, 1))
    assert a["seed"] == b["seed"]
    assert a["agents"] == ["greedy", "random"] and b["agents"] == ["random", "greedy"]


def test_strength_reports_the_first_agents_score_with_its_interval(cli):
    rc, text, _ = cli("strength", "--agents", "greedy", "random", "--pairs", "3",
                      "--jobs", "1", "--json")
    assert rc == 0
    fig = json.loads(text)
    s = fig["paired"]
    assert fig["games"] == 6 and fig["agents"] == ["greedy", "random"]
    assert s["wins"] + s["losses"] + s["draws"] + s["errors"] == 6
    n = s["wins"] + s["losses"] + s["draws"]
    assert s["rate"] == pytest.approx((s["wins"] + s["draws"] / 2) / n)
    assert s["low"] <= s["rate"] <= s["high"]
    rc, text, _ = cli("strength", "--agents", "mcts", "--pairs", "1", "--jobs", "1",
                      "-o", "mcts.iterations=3", "--rate")
    assert rc == 0 and "mcts(iterations=3) against mcts(iterations=3)" in text
    assert "iterations/s at mid-game" in text


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
