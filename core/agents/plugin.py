"""Registers the built-in agents through the ``cardscript`` entry-point group, exactly as a
third-party agent package would."""
from __future__ import annotations

from ..plugins import hookimpl


@hookimpl
def cardscript_agents() -> dict[str, type]:
    from ..decisions import RandomAgent
    from .greedy import GreedyAgent
    from .mcts import MctsAgent
    return {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}
