"""Properties of the query language: any query tree prints to text that parses back to the
same tree, and on random subsets of every game's bundled set, `-` and `or` obey the laws of
not and or (double negation, union, intersection, De Morgan)."""
from __future__ import annotations

import dataclasses

import pytest
from cardscript.plugins import games
from cardscript.tools.facts import load_facts
from cardscript.tools.query import MAX_LENGTH, OPERATORS, And, Not, Or, QueryError, Term, parse
from cardscript.tools.query_match import schema, search
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

GAMES = sorted(games())
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

# -- printing and parsing ----------------------------------------------------------------------

names = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)
# any text: spaces, quotes, backslashes, parentheses, operators, unicode, or nothing
values = st.text(max_size=12) | st.sampled_from(
    ["or", "OR", "and", "-", "-x", "a:b", "x<=1", '"', "\\", "(", ")", "", " "])
terms = st.one_of(
    st.builds(Term, st.none(), st.just(":"), values),
    st.builds(Term, names, st.sampled_from(OPERATORS), values))


def _trees(children):
    group = st.lists(children, min_size=2, max_size=4).map(tuple)
    return st.one_of(st.builds(Not, children), st.builds(And, group), st.builds(Or, group))


trees = st.recursive(terms, _trees, max_leaves=12)


@given(trees)
@example(Term("_", "<", "="))  # the value was printed bare and read as the operator `<=`
@settings(max_examples=500, deadline=None)
def test_a_printed_query_parses_back_to_the_same_tree(tree):
    text = str(tree)
    if len(text) > MAX_LENGTH:
        return
    assert parse(text) == tree, text
    assert str(parse(text)) == text  # the printed form is canonical


@given(st.text(max_size=40) | st.text(alphabet='ab ()-":<=or', max_size=40))
@settings(max_examples=500, deadline=None)
def test_any_text_parses_or_fails_with_a_column(text):
    try:
        tree = parse(text)
    except QueryError as exc:
        assert exc.column is None or 1 <= exc.column <= len(text) + 1
        return
    assert parse(str(tree)) == tree


# -- laws on random sets --------------------------------------------------------------------

@pytest.fixture(scope="module")
def sets():
    return {g: load_facts([games()[g].cards_dir], g) for g in GAMES}


def atoms(facts) -> list[Term]:
    """Valid terms on every field of the game: its numbers, choices, flags and text."""
    sch = schema(facts)
    out: list[Term] = [Term(None, ":", w) for w in ("a", "e", "or", "the", "zz")]
    for f in sch.fields.values():
        if f.kind == "int":
            out += [Term(f.name, op, str(n)) for op in OPERATORS for n in (0, 2, 4)]
        elif f.kind == "bool":
            out += [Term(f.name, ":", "true"), Term(f.name, "!=", "true")]
        elif f.choices:
            out += [Term(f.name, op, c) for c in f.choices[:8] for op in (":", "!=")]
        else:
            out += [Term(f.name, op, w) for w in ("a", "e", "s") for op in (":", "!=")]
    return out


def _subset(draw, facts):
    keep = draw(st.lists(st.booleans(), min_size=len(facts.cards),
                         max_size=len(facts.cards)))
    return dataclasses.replace(facts, cards=[c for c, k in zip(facts.cards, keep, strict=True)
                                             if k])


def ids(tree, facts) -> set[str]:
    # through the text too: what a user types is what is searched
    assert parse(str(tree)) == tree
    return {c.id for c in search(str(tree), facts)}


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
@SETTINGS
def test_not_and_or_obey_their_laws(sets, game, data):
    facts = _subset(data.draw, sets[game])
    query = st.recursive(st.sampled_from(atoms(sets[game])), _trees, max_leaves=5)
    a, b = data.draw(query), data.draw(query)
    every = {c.id for c in facts.cards}
    A, B = ids(a, facts), ids(b, facts)
    assert ids(Not(a), facts) == every - A
    assert ids(Not(Not(a)), facts) == A
    assert ids(Or((a, b)), facts) == A | B
    assert ids(And((a, b)), facts) == A & B
    assert ids(Not(Or((a, b))), facts) == ids(And((Not(a), Not(b))), facts) == every - (A | B)
    assert ids(Not(And((a, b))), facts) == ids(Or((Not(a), Not(b))), facts)
