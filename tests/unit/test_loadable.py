"""The table of what a save may name (core/loadable.py) is complete: every step the rules
procedure is given is declared one, and every state a bundled scenario reaches saves and
loads back as itself — so a save never fails for want of a declaration, and the loader
never needs to name anything else."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import types
from pathlib import Path

import cardscript
import pytest
from cardscript import loadable, procedure
from cardscript import save as saves
from cardscript.save import dumps, loads
from cardscript.tools.scenarios import find_scenarios, run_scenarios

CORE = Path(cardscript.__file__).parent
RULINGS = Path(__file__).parents[1] / "rulings"


#: the names a module calls the game and its parts by, in the engine's code
_OWNERS = frozenset({"self", "g", "game"})


def _step_names(tree: ast.AST) -> set[tuple[str, int]]:
    """The callables a module hands the procedure by name: ``then(f, ...)``, the first of each
    ``sequence((f, ...), ...)``, ``until(duration, f, ...)``, and the first of any tuple of
    ``self.f``/``g.f`` and its arguments given to a call (``ask(..., then=(f, ...))``,
    ``destroy_all(cards, (f,))``): a step and what it will be called with."""
    found = set()
    for n in ast.walk(tree):
        if not isinstance(n, ast.Call):
            continue
        given = [a.elts[0] for a in [*n.args, *(k.value for k in n.keywords)]
                 if isinstance(a, ast.Tuple) and a.elts]
        if isinstance(n.func, ast.Attribute):
            if n.func.attr == "then" and n.args:
                given.append(n.args[0])
            elif n.func.attr == "until" and len(n.args) >= 2:
                given.append(n.args[1])
        for g in given:
            if isinstance(g, ast.Attribute) and isinstance(g.value, ast.Name) and \
                    g.value.id in _OWNERS:
                found.add((g.attr, n.lineno))
    return found


def test_every_step_named_in_the_engine_is_declared_one():
    """A reader's check of the sources: each callable handed to the procedure is a function
    declared with @step somewhere in the engine (by its name)."""
    for info in pkgutil.walk_packages(cardscript.__path__, "cardscript."):
        if not info.name.startswith("cardscript.tools"):
            importlib.import_module(info.name)  # each module declares its steps
    declared = {fn.__name__ for fn in loadable.STEPS.values()}
    functions = {n.name for f in CORE.rglob("*.py")
                 for n in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                 if isinstance(n, ast.FunctionDef)}
    missing = [f"{f.relative_to(CORE)}:{line}: {name}"
               for f in sorted(CORE.rglob("*.py"))
               for name, line in sorted(_step_names(ast.parse(f.read_text(encoding="utf-8"))))
               if name in functions and name not in declared]
    assert not missing, "not declared with @step: " + ", ".join(missing)


@pytest.fixture(scope="module")
def given_steps():
    """Every callable the procedure is handed while the bundled scenarios run, and every
    state they reach at a decision (saved and loaded back)."""
    seen: dict[object, str] = {}
    states = []
    P = procedure.Procedure
    then, sequence, ask, run_steps = P.then, P.sequence, P.ask, P.run_steps

    def note(fn):
        f = fn.__func__ if isinstance(fn, types.MethodType) else fn
        seen[f] = f"{f.__module__}:{f.__qualname__}"

    def then_(self, step, *args):
        note(step)
        return then(self, step, *args)

    def sequence_(self, *frames):
        for f in frames:
            note(f[0])
        return sequence(self, *frames)

    def ask_(self, player, kind, options, prompt, then, behalf=None):
        note(then[0])
        return ask(self, player, kind, options, prompt, then, behalf)

    def run_steps_(self):
        d = run_steps(self)
        if d is not None:
            enc = saves._Encoder(self)
            enc.run()
            cards = {**enc.addresses.cards, **enc.other_cards}
            text = dumps(self)
            states.append((text, dumps(loads(text, cards, self.game_name))))
        return d
    with pytest.MonkeyPatch.context() as mp:
        for name, fn in (("then", then_), ("sequence", sequence_), ("ask", ask_),
                         ("run_steps", run_steps_)):
            mp.setattr(P, name, fn)
        for f in find_scenarios([RULINGS]):
            run_scenarios(f)
    return seen, states


def test_every_step_the_scenarios_run_is_declared(given_steps):
    seen, _ = given_steps
    assert seen, "no steps were seen"
    undeclared = sorted(name for f, name in seen.items() if not loadable.is_step(f))
    assert not undeclared, undeclared


def test_every_state_a_scenario_reaches_saves_and_loads_back_as_itself(given_steps):
    _, states = given_steps
    assert len(states) > 1000, len(states)  # each bundled scenario's decisions
    for text, again in states:
        assert again == text
