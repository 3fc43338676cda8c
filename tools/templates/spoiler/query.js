/* The query language of `cardscript find` (docs/find.md) in JavaScript, for the spoiler's
   search box: a port of tools/query.py (syntax) and tools/query_match.py (what a term
   matches), run over the cards' facts embedded in the page (<script id="card-facts">). A
   test checks that both agree on a table of queries, errors included, so change them
   together. No eval, no dependencies. It exposes window.cardscriptQuery; spoiler.js is the
   page that uses it. */
(function () {
  "use strict";
  var MAX_LENGTH = 1000, MAX_DEPTH = 50, SPACE = " \t\n\r\f\v";
  var FIELD = /([A-Za-z_][A-Za-z0-9_]*)(<=|>=|!=|:|=|<|>)/y;
  var INT = /^-?[0-9]{1,9}$/, SUGGEST_MAX = 60;
  var ORDERING = ["<", "<=", ">", ">="], TRUE = ["true", "yes"], FALSE = ["false", "no"];

  function QueryError(message, column) { this.message = message; this.column = column; }
  QueryError.prototype.toString = function () {
    return this.message + (this.column === null ? "" : " at column " + this.column);
  };
  function isSpace(ch) { return SPACE.indexOf(ch) >= 0; }

  // -- syntax (tools/query.py) -------------------------------------------------------------
  function readValue(q, i) {
    if (q[i] === '"') {
      var out = "", j = i + 1;
      while (j < q.length) {
        if (q[j] === "\\" && j + 1 < q.length) { out += q[j + 1]; j += 2; }
        else if (q[j] === '"') return [out, j + 1];
        else { out += q[j]; j++; }
      }
      throw new QueryError("unterminated quoted string", i + 1);
    }
    var k = i;
    while (k < q.length && !isSpace(q[k]) && '()"'.indexOf(q[k]) < 0) k++;
    return [q.slice(i, k), k];
  }

  function tokenize(q) {
    var tokens = [], i = 0, n = q.length;
    while (i < n) {
      var ch = q[i], col = i + 1, m = null, read;
      if (isSpace(ch)) { i++; continue; }
      if (ch === "(" || ch === ")") { tokens.push({ kind: ch, column: col }); i++; continue; }
      if (ch === "-") {
        if (i + 1 >= n || isSpace(q[i + 1]) || q[i + 1] === ")") {
          throw new QueryError("'-' must be followed by a term", col);
        }
        tokens.push({ kind: "-", column: col }); i++; continue;
      }
      if (ch !== '"') { FIELD.lastIndex = i; m = FIELD.exec(q); }
      if (m) {
        var j = FIELD.lastIndex;
        if (j >= n || isSpace(q[j]) || q[j] === "(" || q[j] === ")") {
          throw new QueryError("missing value after '" + m[0] + "'", j + 1);
        }
        read = readValue(q, j);
        tokens.push({ kind: "term", column: col, term: {
          field: m[1].toLowerCase(), op: m[2], value: read[0], column: col, valueColumn: j + 1 } });
        i = read[1];
        continue;
      }
      read = readValue(q, i);
      var word = read[0].toLowerCase();
      if (ch !== '"' && (word === "or" || word === "and")) tokens.push({ kind: word, column: col });
      else tokens.push({ kind: "term", column: col, term: {
        field: null, op: ":", value: read[0], column: col, valueColumn: col } });
      i = read[1];
    }
    return tokens;
  }

  /* What a value that is not text is, for the message refusing it. */
  function kindOf(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "a list";
    return typeof v === "object" ? "an object" : "a " + typeof v;
  }

  function parse(q) {
    if (typeof q !== "string") throw new QueryError("a query is text, not " + kindOf(q), null);
    if (q.length > MAX_LENGTH) {
      throw new QueryError("query too long (" + q.length + " characters; at most " +
                           MAX_LENGTH + ")", null);
    }
    var tokens = tokenize(q), pos = 0;
    function peek() { return pos < tokens.length ? tokens[pos] : null; }
    function fail(message, tok) { return new QueryError(message, tok ? tok.column : q.length + 1); }
    function orExpr(depth) {
      var parts = [andExpr(depth, null)], tok;
      while ((tok = peek()) !== null && tok.kind === "or") { pos++; parts.push(andExpr(depth, tok)); }
      return parts.length === 1 ? parts[0] : { or: parts };
    }
    function andExpr(depth, after) {
      var parts = [], tok, nxt;
      while ((tok = peek()) !== null && tok.kind !== ")" && tok.kind !== "or") {
        if (tok.kind === "and") {
          if (!parts.length) throw fail("'and' needs a term on each side", tok);
          pos++;
          nxt = peek();
          if (nxt === null || nxt.kind === ")" || nxt.kind === "or" || nxt.kind === "and") {
            throw fail("'and' needs a term on each side", tok);
          }
          continue;
        }
        parts.push(unary(depth));
      }
      if (!parts.length) {
        tok = peek();
        if (after) throw fail("'or' needs a term on each side", after);
        if (tok && tok.kind === "or") throw fail("'or' needs a term on each side", tok);
        throw fail(tok ? "unmatched ')'" : "expected a term", tok);
      }
      return parts.length === 1 ? parts[0] : { and: parts };
    }
    function unary(depth) {
      var tok = tokens[pos], nxt;
      if (depth >= MAX_DEPTH && (tok.kind === "(" || tok.kind === "-")) throw fail("query nests deeper than " + MAX_DEPTH + " levels", tok);
      pos++;
      if (tok.kind === "-") {
        nxt = peek();
        if (nxt === null || nxt.kind === ")" || nxt.kind === "or" || nxt.kind === "and") {
          throw fail("'-' must be followed by a term", tok);
        }
        return { not: unary(depth + 1) };
      }
      if (tok.kind === "(") {
        nxt = peek();
        if (nxt === null) throw fail("'(' is never closed", tok);
        if (nxt.kind === ")") throw fail("empty parentheses", tok);
        var inner = orExpr(depth + 1);
        if (peek() === null) throw fail("'(' is never closed", tok);
        pos++;
        return inner;
      }
      return { term: tok.term };
    }
    if (!tokens.length) throw new QueryError("empty query", null);
    var tree = orExpr(0);
    if (peek() !== null) throw fail("unmatched ')'", peek());
    return tree;
  }

  // -- did you mean: Python's difflib.get_close_matches(word, choices, n=1, cutoff=0.6) -----
  function matchingSize(a, b) {
    var b2j = {}, total = 0, queue = [[0, a.length, 0, b.length]];
    for (var j = 0; j < b.length; j++) (b2j[b[j]] = b2j[b[j]] || []).push(j);
    while (queue.length) {
      var r = queue.pop(), alo = r[0], ahi = r[1], blo = r[2], bhi = r[3];
      var besti = alo, bestj = blo, best = 0, j2len = {};
      for (var i = alo; i < ahi; i++) {
        var next = {}, js = b2j[a[i]] || [];
        for (var x = 0; x < js.length; x++) {
          var jj = js[x];
          if (jj < blo) continue;
          if (jj >= bhi) break;
          var k = next[jj] = (j2len[jj - 1] || 0) + 1;
          if (k > best) { besti = i - k + 1; bestj = jj - k + 1; best = k; }
        }
        j2len = next;
      }
      if (best) {
        total += best;
        if (alo < besti && blo < bestj) queue.push([alo, besti, blo, bestj]);
        if (besti + best < ahi && bestj + best < bhi) {
          queue.push([besti + best, ahi, bestj + best, bhi]);
        }
      }
    }
    return total;
  }
  function didYouMean(word, choices) {
    if (word.length > SUGGEST_MAX) return "";
    var best = null, bestScore = -1;
    choices.forEach(function (x) {
      var len = x.length + word.length;
      var score = len ? 2.0 * matchingSize(x, word) / len : 1.0;
      if (score >= 0.6 && (score > bestScore || (score === bestScore && x > best))) {
        best = x; bestScore = score;
      }
    });
    return best === null ? "" : " (did you mean '" + best + "'?)";
  }

  // -- meaning (tools/query_match.py) ------------------------------------------------------
  function lower(v) { return String(v).toLowerCase(); }
  function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
  function resolveChoice(t, spec) {
    var value = t.value.toLowerCase();
    if (spec.kind === "keyword") value = value.replace(/ /g, "_").replace(/-/g, "_");
    if (spec.choices.indexOf(value) >= 0) return value;
    if (t.op === ":" && value) {
      var starts = spec.choices.filter(function (c) { return c.indexOf(value) === 0; });
      if (starts.length === 1) return starts[0];
      if (starts.length) {
        throw new QueryError("'" + t.value + "' is ambiguous for '" + spec.name +
                             "': it begins " + starts.join(", "), t.valueColumn);
      }
    }
    var shown = spec.choices.length <= 20 ? spec.choices.join(", ")
      : spec.choices.slice(0, 20).join(", ") + ", \u2026";
    throw new QueryError("'" + spec.name + "' has no value '" + t.value + "'" +
                         didYouMean(value, spec.choices) + "; its values: " + (shown || "none"),
                         t.valueColumn);
  }

  function compileTerm(t, schema) {
    var name = t.field || "name";
    if (own(schema.aliases, name)) name = schema.aliases[name];
    // a field is the schema's own: "constructor" or "__proto__" is no field of any game
    var spec = own(schema.fields, name) ? schema.fields[name] : null;
    if (!spec) {
      throw new QueryError("unknown field '" + t.field + "'" + didYouMean(name, schema.names),
                           t.column);
    }
    var op = t.op, kind = spec.kind, negate = op === "!=", test;
    if (ORDERING.indexOf(op) >= 0 && kind !== "int") {
      throw new QueryError("'" + op + "' compares numbers and '" + spec.name +
                           "' is not a number: use ':', '=' or '!='",
                           t.column + (t.field || "").length);
    }
    if (kind === "int") {
      if (!INT.test(t.value)) {
        throw new QueryError("'" + spec.name + "' takes a whole number, not '" + t.value + "'",
                             t.valueColumn);
      }
      var n = parseInt(t.value, 10);
      var cmp = { ":": function (v) { return v === n; }, "=": function (v) { return v === n; },
        "!=": function (v) { return v !== n; }, "<": function (v) { return v < n; },
        "<=": function (v) { return v <= n; }, ">": function (v) { return v > n; },
        ">=": function (v) { return v >= n; } }[op];
      return function (card) { var v = card[name]; return typeof v === "number" && cmp(v); };
    }
    if (kind === "bool") {
      var w = t.value.toLowerCase();
      if (TRUE.indexOf(w) < 0 && FALSE.indexOf(w) < 0) {
        throw new QueryError("'" + spec.name + "' takes true or false, not '" + t.value + "'",
                             t.valueColumn);
      }
      var want = (TRUE.indexOf(w) >= 0) !== negate;
      return function (card) { return Boolean(card[name]) === want; };
    }
    if (kind === "keyword") {
      var label = t.value.toLowerCase();
      var normal = label.replace(/ /g, "_").replace(/-/g, "_");
      if (spec.choices.indexOf(normal) < 0 && schema.labels.indexOf(label) >= 0) {
        test = function (kws) { return kws.some(function (k) { return lower(k[1]) === label; }); };
      } else {
        var kw = resolveChoice(t, spec);
        test = function (kws) { return kws.some(function (k) { return k[0] === kw; }); };
      }
      return function (card) { return test(card[name] || []) !== negate; };
    }
    if (kind === "choice" || (kind === "list" && spec.choices.length)) {
      var chosen = resolveChoice(t, spec);
      test = kind === "choice" ? function (v) { return lower(v) === chosen; }
        : function (v) { return v.some(function (x) { return lower(x) === chosen; }); };
    } else {
      var text = t.value.toLowerCase();
      var one = op === ":" ? function (s) { return s.indexOf(text) >= 0; }
        : function (s) { return s === text; };
      test = kind === "list" ? function (v) { return v.some(function (x) { return one(lower(x)); }); }
        : function (v) { return one(lower(v)); };
    }
    return function (card) {
      var v = card[name];
      return v !== null && v !== undefined && test(v) !== negate;
    };
  }

  function compile(tree, schema) {
    if (tree.term) return compileTerm(tree.term, schema);
    if (tree.not) { var inner = compile(tree.not, schema); return function (c) { return !inner(c); }; }
    var parts = (tree.and || tree.or).map(function (p) { return compile(p, schema); });
    if (tree.and) return function (c) { return parts.every(function (p) { return p(c); }); };
    return function (c) { return parts.some(function (p) { return p(c); }); };
  }

  function loadSchema() {
    var blob = document.getElementById("card-facts");
    var data = JSON.parse(blob ? blob.textContent : "{}");
    var fields = {};
    (data.fields || []).forEach(function (f) { fields[f[0]] = { name: f[0], kind: f[1], choices: f[2] }; });
    return { fields: fields, aliases: data.aliases || {}, labels: data.labels || [],
             names: Object.keys(fields).concat(Object.keys(data.aliases || {})),
             cards: data.cards || {} };
  }

  /* The ids a query matches, or throws a QueryError; in the box (not strict) a blank query
     matches every card, where `cardscript find` calls it an error. */
  function run(schema, query, strict) {
    var ids = Object.keys(schema.cards);
    if (typeof query !== "string") parse(query);  // refused: a query is text
    if (!strict && !query.trim()) return ids;
    var match = compile(parse(query), schema);
    return ids.filter(function (id) { return match(schema.cards[id]); });
  }

  window.cardscriptQuery = { parse: parse, run: run, didYouMean: didYouMean,
                             QueryError: QueryError, loadSchema: loadSchema, lower: lower,
                             FIELD: FIELD };
})();
