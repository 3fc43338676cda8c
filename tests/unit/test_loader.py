"""Safe loading (docs/architecture.md, the pipeline): every bad file gives a CardError whose
diagnostic names file:line:col of the problem, never another exception, never a traceback,
and never an object built from a tag."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest
from cardscript.cardpool import CardPool
from cardscript.errors import CardError
from cardscript.loader import MAX_DEPTH, MAX_NODES, load_file, load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def error_of(text: str, path: str = "bad.card.yaml") -> CardError:
    with pytest.raises(CardError) as info:
        load_text(text, path)
    assert info.type is CardError
    assert info.value.diagnostics, "a CardError must carry at least one diagnostic"
    return info.value


def where(err: CardError) -> tuple[str, int, int]:
    pos = err.diagnostics[0].pos
    return pos.file, pos.line, pos.col


# -- a well-formed file, for contrast ------------------------------------------------------

def test_good_file_loads_with_positions_of_every_node():
    doc = load_text("id: pebble\nabilities:\n  - trigger: on_play\n    effect: {draw: 2}\n",
                    "ok.card.yaml")
    assert doc.data == {"id": "pebble",
                        "abilities": [{"trigger": "on_play", "effect": {"draw": 2}}]}
    assert str(doc.pos(("abilities", 0, "effect", "draw"))) == "ok.card.yaml:4:20"
    assert str(doc.key_pos(("abilities", 0, "trigger"))) == "ok.card.yaml:3:5"


# -- duplicate keys ------------------------------------------------------------------------

def test_a_number_key_has_its_position_asked_by_number():
    """Mapping keys are strings in the data ('1'); a model keys the same mapping by number
    (a scenario's realms), and a path from it must find the node, not stop at its parent."""
    doc = load_text("realms:\n  1:\n    A: [x, y]\n  2: {B: []}\nlist: [a, b]\n", "s.yaml")
    assert doc.data["realms"].keys() == {"1", "2"}
    assert str(doc.pos(("realms", 1, "A", 1))) == "s.yaml:3:12"
    assert str(doc.key_pos(("realms", 2))) == "s.yaml:4:3"
    assert str(doc.key_pos(("realms", 1, "A"))) == "s.yaml:3:5"
    assert str(doc.pos(("list", 1))) == "s.yaml:5:11"  # list indices stay indices


def test_duplicate_key_at_top_level_points_at_the_second_key():
    err = error_of("id: a\nname: b\nid: c\n")
    assert where(err) == ("bad.card.yaml", 3, 1)
    assert err.diagnostics[0].code == "CS004"
    assert "duplicate key 'id'" in err.diagnostics[0].message


def test_duplicate_key_deep_in_an_ability_points_at_it():
    err = error_of(textwrap.dedent("""\
        id: a
        abilities:
          - trigger: on_play
            effect: {draw: 1}
            trigger: on_arrival
        """))
    assert where(err)[1:] == (5, 5)
    assert "duplicate key 'trigger'" in str(err)


def test_duplicate_key_in_a_flow_mapping():
    err = error_of("effect: {draw: 1, draw: 2}\n")
    assert where(err)[1:] == (1, 19)
    assert err.diagnostics[0].code == "CS004"


# -- tabs ----------------------------------------------------------------------------------

def test_tab_indentation_is_reported_where_the_tab_is():
    err = error_of("id: a\nabilities:\n\t- trigger: on_play\n")
    assert where(err)[1:] == (3, 1)
    assert "tab" in str(err)


def test_tab_after_some_spaces_is_reported_at_its_column():
    err = error_of("id: a\nb:\n  \tc: 1\n")
    assert where(err)[1:] == (3, 3)


def test_a_tab_inside_a_value_is_not_indentation():
    assert load_text("text: 'a\tb'\n").data == {"text": "a\tb"}


# -- tags that would build objects ---------------------------------------------------------

@pytest.mark.parametrize("tag", [
    "!!python/object:os.system {}",
    "!!python/object/apply:os.system ['true']",
    "!!python/name:os.system",
    "!!python/object/new:builtins.dict {}",
])
def test_python_tags_are_refused_at_the_tagged_node(tag):
    err = error_of(f"id: a\nx: {tag}\n")
    assert where(err)[1:] == (2, 4)
    assert "tag" in str(err)


def test_a_python_tag_never_runs_code(tmp_path):
    marker = tmp_path / "pwned"
    text = f"id: a\nx: !!python/object/apply:os.mkdir ['{marker}']\n"
    with pytest.raises(CardError):
        load_text(text)
    assert not marker.exists(), "loading a card file executed code"


@pytest.mark.parametrize("text,line,col", [
    ("a: !foo bar\n", 1, 4),
    ("a: 1\nb: !!binary aGVsbG8=\n", 2, 4),
    ("a: 1\nb:\n  c: !!set {x, y}\n", 3, 6),
])
def test_other_tags_are_refused(text, line, col):
    assert where(error_of(text))[1:] == (line, col)


def test_dates_are_plain_strings_under_the_yaml_1_2_core_schema():
    # no implicit timestamps: nothing but str, int, float, bool and null is ever built
    assert load_text("a: 1\nb: 2001-12-14\n").data == {"a": 1, "b": "2001-12-14"}


def test_merge_keys_are_refused_where_written():
    err = error_of("base: &b {cost: 1}\ncard:\n  <<: *b\n")
    assert where(err)[1:] == (3, 3)


# -- alias bomb ----------------------------------------------------------------------------

def _billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for name, prev in zip("bcdefghi", "abcdefgh", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_quickly_with_cs003():
    """Billion laughs: 9**9 strings if expanded; refused under the node budget in well under
    a second instead of eating memory."""
    text = _billion_laughs()
    start = time.perf_counter()
    err = error_of(text)
    elapsed = time.perf_counter() - start
    assert elapsed < 2.0, f"alias bomb took {elapsed:.2f}s to refuse"
    assert err.diagnostics[0].code == "CS003"
    file, line, col = where(err)
    assert file == "bad.card.yaml" and 1 <= line <= 9 and col >= 1
    assert "alias" in err.diagnostics[0].message


def test_alias_bomb_points_at_an_alias():
    text = _billion_laughs()
    _, line, col = where(error_of(text))
    assert text.splitlines()[line - 1][col - 1] == "*", f"{line}:{col} is not an alias"


def test_aliases_under_the_budget_still_work():
    doc = load_text("a: &x [1, 2]\nb: *x\n")
    assert doc.data == {"a": [1, 2], "b": [1, 2]}


def test_the_node_budget_counts_expanded_aliases():
    # 60 aliases of a 1,000-item list: small text, but 60,000 nodes once expanded
    items = "[" + ",".join(["1"] * 1000) + "]"
    text = f"a: &x {items}\nb: [" + ",".join(["*x"] * 60) + "]\n"
    assert MAX_NODES < 60 * 1000
    assert error_of(text).diagnostics[0].code == "CS003"


# -- deep nesting --------------------------------------------------------------------------

def test_deep_flow_nesting_is_refused_at_the_first_level_too_deep():
    n = MAX_DEPTH + 30
    err = error_of("[" * n + "]" * n)
    assert err.diagnostics[0].code == "CS003"
    # the root is depth 0 at column 1: the first node deeper than MAX_DEPTH is one further
    assert where(err)[1:] == (1, MAX_DEPTH + 2)


def test_deep_block_nesting_is_refused_at_its_line():
    n = MAX_DEPTH + 10
    text = "".join("  " * i + "k:\n" for i in range(n)) + "  " * n + "v\n"
    err = error_of(text)
    assert err.diagnostics[0].code == "CS003"
    line = where(err)[1]
    assert line == MAX_DEPTH + 2  # line i+1 holds the value of the key on line i


def test_nesting_at_the_limit_is_accepted():
    n = MAX_DEPTH
    assert load_text("[" * n + "]" * n).data is not None


def test_very_deep_nesting_is_a_card_error_not_a_crash(tmp_path):
    """A hostile file must not take the process down (run in a child so a crash cannot
    take pytest with it)."""
    n = 200_000  # 400 KB, under the 1 MB size limit
    path = tmp_path / "deep.card.yaml"
    path.write_text("[" * n + "]" * n)
    code = textwrap.dedent(f"""
        from cardscript.errors import CardError
        from cardscript.loader import load_file
        try:
            load_file({str(path)!r})
        except CardError as e:
            print(e.diagnostics[0].code)
        """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, f"loader crashed: exit {proc.returncode} {proc.stderr[-300:]}"
    assert proc.stdout.strip() == "CS003"


# -- encodings -----------------------------------------------------------------------------

def test_invalid_utf8_is_reported_at_the_bad_byte(tmp_path):
    path = tmp_path / "bytes.card.yaml"
    path.write_bytes(b"id: a\nname: caf\xe9\n")
    with pytest.raises(CardError) as info:
        load_file(path)
    d = info.value.diagnostics[0]
    assert (d.pos.file, d.pos.line, d.pos.col) == (str(path), 2, 10)
    assert d.code == "CS002"
    assert "UTF-8" in d.message


def test_invalid_utf8_on_the_first_line(tmp_path):
    path = tmp_path / "bytes.card.yaml"
    path.write_bytes(b"\xff\xfeid: a\n")
    with pytest.raises(CardError) as info:
        load_file(path)
    pos = info.value.diagnostics[0].pos
    assert (pos.line, pos.col) == (1, 1)


def test_a_utf8_bom_is_accepted_and_does_not_shift_columns(tmp_path):
    path = tmp_path / "bom.card.yaml"
    path.write_bytes("\ufeffid: a\nid: b\n".encode())
    with pytest.raises(CardError) as info:
        load_file(path)
    pos = info.value.diagnostics[0].pos
    assert (pos.line, pos.col) == (2, 1)


def test_a_control_character_is_reported_where_it_is():
    err = error_of("id: a\nname: b\ntext: 'x\x01y'\n")
    assert where(err)[1:] == (3, 9)


def test_a_control_character_is_still_a_card_error():
    err = error_of("id: a\ntext: 'x\x01y'\n")
    assert "control character" in str(err)


def test_unreadable_file_is_a_card_error(tmp_path):
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "missing.card.yaml")
    assert info.value.diagnostics[0].code == "CS002"


def test_oversized_file_is_refused():
    err = error_of("text: '" + "a" * 1_000_001 + "'\n")
    assert err.diagnostics[0].code == "CS003"


# -- empty files ---------------------------------------------------------------------------

@pytest.mark.parametrize("content", ["", "\n\n", "# only a comment\n"])
def test_empty_file_is_a_card_error_at_its_start(tmp_path, content):
    path = tmp_path / "empty.card.yaml"
    path.write_text(content)
    doc = load_file(path)  # an empty document is not a YAML error ...
    assert doc.data is None
    spec = load_game("wonders")
    with pytest.raises(CardError) as info:  # ... but it is not a card
        validate_document(doc, spec.card_model)
    d = info.value.diagnostics[0]
    assert (d.pos.file, d.pos.line, d.pos.col) == (str(path), 1, 1)
    assert "empty" in d.message


def test_empty_file_in_a_pool_is_a_diagnostic_not_an_exception(tmp_path):
    (tmp_path / "empty.card.yaml").write_text("")
    pool = CardPool("wonders", cache=False).load([tmp_path])
    assert pool.cards == {}
    assert [str(d.pos) for d in pool.diagnostics] == [f"{tmp_path / 'empty.card.yaml'}:1:1"]


# -- syntax errors -------------------------------------------------------------------------

@pytest.mark.parametrize("text,line,col", [
    ("id: a\nname: b: c\n", 2, 8),             # a second ':' on one line
    ("id: a\n  name: b\n", 2, 7),              # indented key after a scalar
    ("id: [a, b\nname: x\n", 1, 5),            # unclosed flow sequence: at its '['
    ("id: a\ntext: 'open\n", 2, 7),            # unclosed quote: at the quote
    ("- a\nb: c\n", 2, 1),                     # a mapping after a sequence
    ("id: a\n---\nid: b\n", 2, 1),             # two documents in one card file
    ("id: a\nx: *nowhere\n", 2, 4),            # an alias to no anchor
])
def test_syntax_errors_name_the_line_and_column(text, line, col):
    err = error_of(text)
    assert where(err) == ("bad.card.yaml", line, col)
    assert err.diagnostics[0].code == "CS001"


@pytest.mark.parametrize("text,line,col", [
    ("? [a, b]\n: 1\n", 1, 3),
    ("id: a\n~: 1\n", 2, 1),
    ("id: a\n1.5: x\n", 2, 1),
])
def test_keys_that_are_not_names_are_refused(text, line, col):
    assert where(error_of(text))[1:] == (line, col)


def test_a_huge_integer_gets_a_sensible_message():
    err = error_of("cost: " + "9" * 5000 + "\n")
    msg = err.diagnostics[0].message
    assert where(err)[1:] == (1, 7)
    assert "unsupported YAML tag" not in msg
    assert len(msg) < 300


# -- fuzz: nothing but CardError -----------------------------------------------------------

_PIECES = list("ab:-[]{}&*!?|>'\"#%@`,\n \t0.1~<=") + [
    "!!python/object:os.system ", "&a ", "*a", "<<: ", "!!binary ", "---\n", "...\n",
    "%YAML 1.1\n", "!!int ", "!!float ", "!!str ", "!!map ", "!!seq ", "\ufeff", "\x85",
    "0x", "1e9", ".inf", "0o", "id: ", "  - ", "\x00"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_any_text_loads_or_gives_a_card_error(text):
    try:
        doc = load_text(text, "fuzz.card.yaml")
    except CardError as exc:
        for d in exc.diagnostics:
            assert d.pos.file == "fuzz.card.yaml" and d.pos.line >= 1 and d.pos.col >= 1
    else:
        assert doc.data is None or isinstance(doc.data, (dict, list, str, int, float, bool))


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_any_bytes_load_or_give_a_card_error(tmp_path, raw):
    path = tmp_path / "fuzz.card.yaml"
    path.write_bytes(raw)
    try:
        load_file(path)
    except CardError as exc:
        assert exc.diagnostics[0].pos.line >= 1
