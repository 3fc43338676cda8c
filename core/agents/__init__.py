"""Agents by name: the registry of the ``cardscript_agents`` hook (docs/architecture.md,
"Agents"). An agent is any class behind the :class:`~cardscript.decisions.Agent` protocol,
made as ``cls(seed, **options)``; the built-in ones (``random``, ``greedy``, ``mcts``) are
registered by :mod:`cardscript.agents.plugin` exactly as a third-party package's would be.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..decisions import Agent
from ..errors import did_you_mean
from ..plugins import agents


class AgentError(ValueError):
    """An agent name or option that is not known, or an option value that is not valid."""


def agent_class(name: str) -> type:
    known = agents()
    if name not in known:
        raise AgentError(f"unknown agent '{name}'{did_you_mean(name, known)}; installed: "
                         f"{', '.join(known)}")
    return known[name]


def make_agent(name: str, seed: int, options: Mapping[str, Any] | None = None) -> Agent:
    """The agent ``name`` with its own ``seed`` and ``options`` (checked against the names
    its class lists in ``OPTIONS``)."""
    cls = agent_class(name)
    allowed: Mapping[str, str] = getattr(cls, "OPTIONS", {})
    for key in options or {}:
        if key not in allowed:
            offered = ", ".join(allowed) or "none"
            raise AgentError(f"agent '{name}' has no option '{key}'"
                             f"{did_you_mean(key, allowed)}; its options: {offered}")
    try:
        agent: Agent = cls(seed, **(options or {}))
    except (TypeError, ValueError) as exc:
        raise AgentError(f"agent '{name}': {exc}") from None
    return agent


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_options(items: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``AGENT.KEY=VALUE`` items (``mcts.ms=50``) as options by agent name; a value is an
    int, a float or else a string."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        target, eq, value = item.partition("=")
        name, dot, key = target.partition(".")
        if not (eq and dot and name and key):
            raise AgentError(f"agent option '{item}': expected AGENT.KEY=VALUE, as in "
                             "mcts.ms=50")
        agent_class(name)
        out.setdefault(name, {})[key] = _value(value)
    return out
