"""Compact pickles (core/slots.py): a compact class's objects load back with every slot, its
subclasses and odd objects fall back to pickle's own way, and every compiled card of the
bundled games survives the compile cache's pickling unchanged."""
from __future__ import annotations

import pickle

import pytest
from cardscript.cardpool import CardPool
from cardscript.plugins import games
from cardscript.slots import compact, slots_of


@compact
class Point:
    __slots__ = ("x", "y", "label")

    def __init__(self, x, y, label=None):
        self.x, self.y, self.label = x, y, label


class PlainPoint:
    __slots__ = ("x", "y", "label")


class Point3(Point):  # not made compact itself: pickles the default way
    __slots__ = ("z",)


@compact
class One:
    __slots__ = ("only",)


class Own:
    __slots__ = ("a",)

    def __getstate__(self):
        return {"a": self.a * 10}

    def __setstate__(self, state):
        self.a = state["a"]


def _same_slots(a, b) -> bool:
    return type(a) is type(b) and all(
        getattr(a, n, "unset") == getattr(b, n, "unset") for n in slots_of(type(a)))


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_a_compact_object_loads_back_with_every_slot(protocol):
    p = Point(1, (2, 3), "here")
    data = pickle.dumps(p, protocol=protocol)
    assert b"_unpickle" in data, "it pickles as a call of the class's own _unpickle"
    assert _same_slots(pickle.loads(data), p)
    one = One()
    one.only = [1, 2]
    assert pickle.loads(pickle.dumps(one, protocol=protocol)).only == [1, 2]


def test_it_is_smaller_than_the_default_pickle():
    def plain(i):
        o = PlainPoint()
        o.x, o.y, o.label = i, i, "l"
        return o
    compact_size = len(pickle.dumps([Point(i, i, "l") for i in range(50)]))
    assert compact_size < 0.8 * len(pickle.dumps([plain(i) for i in range(50)]))


def test_a_subclass_a_slot_not_set_or_its_own_pickling_fall_back_to_the_default():
    p3 = Point3(1, 2)
    p3.z = 3
    assert _same_slots(pickle.loads(pickle.dumps(p3)), p3)
    half = Point.__new__(Point)
    half.x = 1
    back = pickle.loads(pickle.dumps(half))
    assert back.x == 1 and not hasattr(back, "y")
    assert compact(Own) is Own and "_unpickle" not in Own.__dict__
    own = Own()
    own.a = 2
    assert pickle.loads(pickle.dumps(own)).a == 20


def test_a_class_with_a_dict_is_left_alone():
    class Loose:
        pass
    assert compact(Loose) is Loose and "__reduce_ex__" not in Loose.__dict__


def _tree(x, seen=None):
    """A compiled object as nested plain data: class names and slot values."""
    seen = set() if seen is None else seen
    if isinstance(x, (str, int, float, bool, type(None), type)):
        return x
    if id(x) in seen:
        return "<cycle>"
    seen = seen | {id(x)}
    if isinstance(x, dict):
        return {k: _tree(v, seen) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):  # no order of its own: a rebuilt one may differ
        return [type(x).__name__, sorted((_tree(v, seen) for v in x), key=repr)]
    if isinstance(x, (list, tuple)):
        return [type(x).__name__, [_tree(v, seen) for v in x]]
    names = slots_of(type(x)) or tuple(getattr(x, "__dict__", {}))
    return [type(x).__qualname__, {n: _tree(getattr(x, n, "<unset>"), seen) for n in names}]


@pytest.mark.parametrize("game", sorted(games()))
def test_every_compiled_card_survives_the_cache_pickling(game):
    pool = CardPool.bundled(game, cache=False)
    cards = list(pool.cards.values())
    assert cards
    back = pickle.loads(pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL))
    for a, b in zip(cards, back, strict=True):
        assert _tree(a) == _tree(b), a.id
