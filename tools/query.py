"""The syntax of the card query language ``cardscript find`` and the spoiler's search box
share: a Scryfall-like query (``t:wonder cost<=3 -kw:flying (orbital:solfera or power>=4)``)
parsed into a small AST that prints back in a canonical form (``str(parse(q))`` parses to an
equal AST). What a field means for a game's cards (which fields exist, which values they
take, how a card matches) is :mod:`.query_match`; this module knows no game.

The grammar, loosest binding first::

    query  := or_expr
    or_expr  := and_expr ("or" and_expr)*
    and_expr := unary (["and"] unary)*      -- juxtaposition is "and"
    unary  := "-" unary | "(" or_expr ")" | term
    term   := FIELD OP value | value           -- a bare value searches the name
    OP     := ":" | "=" | "!=" | "<" | "<=" | ">" | ">="
    value  := WORD | '"' chars '"'             -- \\" and \\\\ escape inside quotes

The same parser is ported to the spoiler's JavaScript (templates/spoiler/query.js); a test
checks that both agree on a table of queries, errors included: change both together."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: bounds on what a user may type: no recursion blow-up, no unbounded work
MAX_LENGTH = 1000
MAX_DEPTH = 50
OPERATORS = (":", "=", "!=", "<", "<=", ">", ">=")
#: whitespace is ASCII only, as in the JavaScript port
SPACE = " \t\n\r\f\v"
_FIELD = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(<=|>=|!=|:|=|<|>)")
#: a value that prints without quotes: no space, parenthesis, quote or backslash
_PLAIN = re.compile(r"[^\s()\"\\]+", re.ASCII)


class QueryError(ValueError):
    """A query that cannot be parsed or does not fit the set's fields. ``column`` is 1-based
    (``None`` when the error is about the query as a whole)."""

    def __init__(self, message: str, query: str, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.query = query
        self.column = column

    def __str__(self) -> str:
        where = f" at column {self.column}" if self.column is not None else ""
        return f"{self.message}{where}"

    def pointer(self) -> str:
        """The query and a caret under the column, as Python shows a SyntaxError."""
        if self.column is None or "\n" in self.query:
            return ""
        return f"  {self.query}\n  {' ' * (self.column - 1)}^"


@dataclass(frozen=True)
class Term:
    """``key op value``: ``key`` is the field searched, ``None`` for a bare value (a name
    search)."""

    key: str | None
    op: str
    value: str
    #: where the field (or the bare value) and the value start, 1-based; not part of equality
    column: int = field(default=0, compare=False)
    value_column: int = field(default=0, compare=False)

    def __str__(self) -> str:
        if self.key is None:
            return _quote(self.value, bare=True)
        return f"{self.key}{self.op}{_quote(self.value)}"


@dataclass(frozen=True)
class Not:
    query: Query

    def __str__(self) -> str:
        inner = self.query
        return f"-({inner})" if isinstance(inner, And | Or) else f"-{inner}"


@dataclass(frozen=True)
class And:
    parts: tuple[Query, ...]

    def __str__(self) -> str:
        # a group inside a group keeps its parentheses, so the tree prints back the same
        return " ".join(f"({p})" if isinstance(p, And | Or) else str(p) for p in self.parts)


@dataclass(frozen=True)
class Or:
    parts: tuple[Query, ...]

    def __str__(self) -> str:
        return " or ".join(f"({p})" if isinstance(p, Or) else str(p) for p in self.parts)


Query = Term | Not | And | Or


def _quote(value: str, bare: bool = False) -> str:
    plain = bool(_PLAIN.fullmatch(value))
    if plain and bare:
        # a bare word that would read as an operator, a negation or a field term
        plain = (value.lower() not in ("or", "and") and not value.startswith("-")
                 and not _FIELD.match(value))
    elif plain and value[:1] in "=<>!":
        plain = False  # after an operator it would read as part of it: `a<` `=` is not `a<=`
    if plain:
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass
class _Token:
    kind: str  # "(" ")" "-" "or" "and" "term"
    column: int
    term: Term | None = None


def _read_quoted(query: str, i: int) -> tuple[str, int]:
    """The string quoted at ``query[i]`` and the index after its closing quote."""
    out, j = [], i + 1
    while j < len(query):
        ch = query[j]
        if ch == "\\" and j + 1 < len(query):
            out.append(query[j + 1])
            j += 2
        elif ch == '"':
            return "".join(out), j + 1
        else:
            out.append(ch)
            j += 1
    raise QueryError("unterminated quoted string", query, i + 1)


def _read_value(query: str, i: int) -> tuple[str, int]:
    if query[i] == '"':
        return _read_quoted(query, i)
    j = i
    while j < len(query) and query[j] not in SPACE and query[j] not in '()"':
        j += 1
    return query[i:j], j


def tokenize(query: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(query)
    while i < n:
        ch = query[i]
        col = i + 1
        if ch in SPACE:
            i += 1
        elif ch in "()":
            tokens.append(_Token(ch, col))
            i += 1
        elif ch == "-":
            if i + 1 >= n or query[i + 1] in SPACE or query[i + 1] == ")":
                raise QueryError("'-' must be followed by a term", query, col)
            tokens.append(_Token("-", col))
            i += 1
        else:
            m = _FIELD.match(query, i) if ch != '"' else None
            if m:
                j = m.end()
                if j >= n or query[j] in SPACE or query[j] in "()":
                    raise QueryError(f"missing value after '{m.group(0)}'", query, j + 1)
                value, end = _read_value(query, j)
                term = Term(m.group(1).lower(), m.group(2), value, col, j + 1)
                tokens.append(_Token("term", col, term))
                i = end
                continue
            value, end = _read_value(query, i)
            word = value.lower()
            if ch != '"' and word in ("or", "and"):
                tokens.append(_Token(word, col))
            else:
                tokens.append(_Token("term", col, Term(None, ":", value, col, col)))
            i = end
    return tokens


class _Parser:
    def __init__(self, query: str):
        self.query = query
        self.tokens = tokenize(query)
        self.pos = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def error(self, message: str, token: _Token | None) -> QueryError:
        column = token.column if token else len(self.query) + 1
        return QueryError(message, self.query, column)

    def parse(self) -> Query:
        if not self.tokens:
            raise QueryError("empty query", self.query, None)
        tree = self.or_expr(0)
        tok = self.peek()
        if tok is not None:  # only a ')' stops an or_expr early
            raise self.error("unmatched ')'", tok)
        return tree

    def or_expr(self, depth: int) -> Query:
        parts = [self.and_expr(depth)]
        while (tok := self.peek()) is not None and tok.kind == "or":
            self.pos += 1
            parts.append(self.and_expr(depth, after=tok))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_expr(self, depth: int, after: _Token | None = None) -> Query:
        parts: list[Query] = []
        while (tok := self.peek()) is not None and tok.kind not in (")", "or"):
            if tok.kind == "and":
                if not parts:
                    raise self.error("'and' needs a term on each side", tok)
                self.pos += 1
                nxt = self.peek()
                if nxt is None or nxt.kind in (")", "or", "and"):
                    raise self.error("'and' needs a term on each side", tok)
                continue
            parts.append(self.unary(depth))
        if not parts:
            tok = self.peek()
            if after is not None:
                raise self.error("'or' needs a term on each side", after)
            if tok is not None and tok.kind == "or":
                raise self.error("'or' needs a term on each side", tok)
            raise self.error("unmatched ')'" if tok else "expected a term", tok)
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self, depth: int) -> Query:
        tok = self.tokens[self.pos]
        if depth >= MAX_DEPTH and tok.kind in ("(", "-"):
            raise self.error(f"query nests deeper than {MAX_DEPTH} levels", tok)
        self.pos += 1
        if tok.kind == "-":
            nxt = self.peek()
            if nxt is None or nxt.kind in (")", "or", "and"):
                raise self.error("'-' must be followed by a term", tok)
            return Not(self.unary(depth + 1))
        if tok.kind == "(":
            nxt = self.peek()
            if nxt is None:
                raise self.error("'(' is never closed", tok)
            if nxt.kind == ")":
                raise self.error("empty parentheses", tok)
            inner = self.or_expr(depth + 1)
            close = self.peek()
            if close is None:
                raise self.error("'(' is never closed", tok)
            self.pos += 1
            return inner
        assert tok.term is not None
        return tok.term


def parse(query: str) -> Query:
    """The AST of ``query``; :class:`QueryError` with the column if it is malformed."""
    if len(query) > MAX_LENGTH:
        raise QueryError(f"query too long ({len(query)} characters; at most {MAX_LENGTH})",
                         query, None)
    return _Parser(query).parse()


def terms(tree: Query) -> list[Term]:
    """Every term of a query, left to right."""
    if isinstance(tree, Term):
        return [tree]
    if isinstance(tree, Not):
        return terms(tree.query)
    return [t for p in tree.parts for t in terms(p)]


__all__ = ["And", "MAX_DEPTH", "MAX_LENGTH", "Not", "OPERATORS", "Or", "Query", "QueryError",
           "Term", "parse", "terms"]
