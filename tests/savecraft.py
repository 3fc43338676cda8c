"""Crafting save documents as someone editing one by hand would (tests of core/save.py): the
body taken out, changed, and the checksum made right again, so what a test shows is what the
loader itself refuses, not the checksum."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from cardscript import loadable
from cardscript import save as saves
from hypothesis import strategies as st


def body_text(text: str) -> str:
    head = saves._HEAD.match(text.encode())
    assert head is not None, "not a save document"
    return text[head.end():-1]


def body(text: str) -> dict:
    return json.loads(body_text(text))


def document(body_text: str) -> str:
    """A save document around ``body_text``, its checksum right."""
    checksum = hashlib.blake2b(body_text.encode(), digest_size=16).hexdigest()
    return (f'{{"format":"{saves.FORMAT}","version":{saves.VERSION},'
            f'"checksum":"{checksum}","body":{body_text}}}')


def rewrite(text: str, change: Callable[[dict], object]) -> str:
    """The document with its body changed in place by ``change``, resealed."""
    b = body(text)
    change(b)
    return document(json.dumps(b, separators=(",", ":")))


def reseal(text: str) -> str:
    """A document edited as text, its checksum made right again."""
    return document(body_text(text))


# -- real saves, and what an attacker or a careless editor does to them --------------------

#: names that would run code or reach outside the engine, were a save allowed to name them:
#: what the loader walked to before (a module's own imports), and the plain dangerous ones
DANGEROUS = ("cardscript.cachefile:os.popen", "cardscript.cachefile:os.system",
             "cardscript.tools.common:importlib.import_module", "os:system", "builtins:eval",
             "builtins:exec", "subprocess:Popen", "cardscript.save:json.loads",
             "cardscript.game:Game.__init__", "cardscript.save:__builtins__")


def game_at(game: str, seed: int, stop: int):
    """A game of ``game``'s two reference decks after ``stop`` random decisions (or at its
    last decision, if it ends sooner), as ``cardscript play`` makes one."""
    from cardscript.cardpool import CardPool, bundled_decks
    from cardscript.decisions import RandomAgent
    pool = CardPool.bundled(game)
    decks = [pool.load_deck(p)[1] for p in bundled_decks(pool.spec)[:2]]
    g = pool.spec.game_class(decks, seed, tokens=pool.tokens, names=("You", "Bot"),
                             deck_names=("a", "b"))
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    d = g.advance()
    for _ in range(stop):
        i = agents[d.player.index].choose(g, d)
        if g.clone().choose_index(i) is None:  # that answer ends the game: stop before it
            break
        d = g.choose_index(i)
    return g


def places(state: dict) -> list[tuple[object, object]]:
    """Every place in a save's state where a value sits, as (container, key): the class
    table's names, each object's fields, and everything inside them."""
    out: list[tuple[object, object]] = []
    for entry in state["classes"]:
        out.append((entry, 0))
    stack: list = [spec[1] for spec in state["objects"]]
    while stack:
        x = stack.pop()
        items = enumerate(x) if isinstance(x, list) else x.items() if isinstance(x, dict) \
            else ()
        for k, v in items:
            out.append((x, k))
            if isinstance(v, (list, dict)):
                stack.append(v)
    return out


def frame(name: str, *args) -> dict:
    """A step still to do as a save writes one: a function by name and its arguments."""
    return {"tuple": [{"function": name}, {"tuple": list(args)}]}


def todo_of(body: dict) -> list:
    """The game's list of steps still to do, in a save's body."""
    state = body["state"]
    root = state["objects"][state["root"]["@"]]
    names = state["classes"][root[0]][1]
    return root[1][names.index("todo")]


def field_of(body: dict, name: str) -> tuple[list, int]:
    """The game object's field ``name`` in a save's body, as (values, index)."""
    state = body["state"]
    root = state["objects"][state["root"]["@"]]
    return root[1], state["classes"][root[0]][1].index(name)


# -- mutations (hypothesis) ----------------------------------------------------------------
def names(draw) -> str:
    """A name a save might give a class, a value, a step or a function."""
    return draw(st.sampled_from([*DANGEROUS, *sorted(loadable.STATE)[:8],
                                 *sorted(loadable.STEPS)[:8], *loadable.VALUES,
                                 *loadable.RECIPES, "", "x:y", "cardscript.game:Game"]))


def values(draw, marker: str):
    """A value of any kind a save holds: atoms of each type, extremes, tagged values of every
    tag the loader knows (with hostile names in them), junk."""
    name = names(draw)
    return draw(st.sampled_from([
        None, True, 0, -5, 10 ** 4000, 1.5, "", "x" * 300, [], {}, [[[[]]]],
        {"@": 0}, {"@": -1}, {"@": 10 ** 9}, {"@": "0"}, {"function": name},
        {"method": [{"@": 0}, name.rpartition(".")[2]]}, {"method": [{"@": 0}, "__class__"]},
        {"value": [name, {}]}, {"value": ["cardscript.limits:Limits", {"objects": -1}]},
        {"derived": [{"function": name}, None]}, {"constant": name}, {"card": name},
        {"node": [name, 0]}, {"unseen": [1, name]}, {"random": [3, [1, 2], None]},
        {"tuple": [{"function": name}, {"tuple": [f"touch {marker}"]}]}, {"nope": 1},
        {"dict": [[[], 1]]}, {"set": [[1]]}, {"log": [[{"@": 0}]]}, {"a": 1, "b": 2},
    ]))


def mutate(draw, body: dict, marker: str) -> None:
    """Change one thing in a save's body in place, as hypothesis draws it (``draw``); each
    hostile name's arguments would touch ``marker``."""
    state = body["state"]
    kind = draw(st.sampled_from(["value", "value", "class", "step", "nest", "frame", "ref",
                                 "drop", "fields"]))
    where = places(state)
    if kind == "class":
        entry = draw(st.sampled_from(state["classes"]))
        entry[0] = names(draw)
    elif kind == "fields":
        entry = draw(st.sampled_from(state["classes"]))
        if entry[1]:
            entry[1][draw(st.integers(0, len(entry[1]) - 1))] = draw(st.sampled_from(
                ["__class__", "__dict__", "then", "save", "x", entry[1][0], ""]))
    elif kind == "step":
        steps = [(c, k) for c, k in where if isinstance(c, dict) and k == "method"]
        if steps:
            c, _ = draw(st.sampled_from(steps))
            c["method"][1] = names(draw).rpartition(".")[2]
    elif kind == "frame":
        todo_of(body).append(frame(names(draw), f"touch {marker}"))
    elif kind == "drop":
        if len(state["objects"]) > 1:
            state["objects"].pop(draw(st.integers(0, len(state["objects"]) - 1)))
    else:
        container, key = draw(st.sampled_from(where))
        if kind == "nest":
            for _ in range(draw(st.integers(1, 70))):
                container[key] = [container[key]]
        elif kind == "ref":
            refs = [(c, k) for c, k in where if isinstance(c, dict) and k == "@"]
            if refs:
                c, _ = draw(st.sampled_from(refs))
                c["@"] = draw(st.integers(-2, len(state["objects"]) + 2))
        else:
            container[key] = values(draw, marker)
