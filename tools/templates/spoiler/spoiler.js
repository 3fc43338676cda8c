/* Search and filters of the set spoiler. The search box takes the query language of
   `cardscript find` (docs/find.md), which query.js runs (window.cardscriptQuery).
   The query is the state: it lives in the URL fragment (#q=t:wonder%20cost%3C%3D3), and the
   facet buttons write it: each button's data-query (tools/render/facets.py: orbital:solfera,
   domains:fury, world=ashmark, -(world=ashmark or world=vael) for "no world"), or an "or"
   of them with shift-click.
   Old links #filter=orbital:solfera;type:wonder,spell;q:word still open as the same query.
   "#selftest" checks every facet button; "#qtest=[...]" runs a JSON list of queries and
   writes their results on <body data-qtest> (for the tests). */
(function () {
  "use strict";
  var Q = window.cardscriptQuery;
  var parse = Q.parse, run = Q.run, QueryError = Q.QueryError, loadSchema = Q.loadSchema,
      lower = Q.lower, FIELD = Q.FIELD;
  if (!document.body) return;

  // -- the page ----------------------------------------------------------------------------
  var body = document.body;
  var schema = loadSchema();
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.card"));
  var chips = Array.prototype.slice.call(document.querySelectorAll(".chip"));
  var search = document.getElementById("search");
  var errorBox = document.getElementById("query-error");
  var state = { q: "" };

  function quote(v) { return /^[^\s()"\\]+$/.test(v) ? v : '"' + v.replace(/["\\]/g, "\\$&") + '"'; }

  /* Each facet button's query, by facet and value (lower case; "" is "no value"), and the
     same query printed canonically, to know it again in what the box holds. */
  var clauses = {};
  chips.forEach(function (chip) {
    if (chip.dataset.query === undefined) return;
    var f = chip.dataset.facet, canon;
    try { canon = show(parse(chip.dataset.query)).toLowerCase(); } catch (e) { return; }
    (clauses[f] = clauses[f] || []).push({ key: chip.dataset.value.toLowerCase(),
                                           query: chip.dataset.query, canon: canon });
  });
  function clauseOf(facet, key) {
    var found = (clauses[facet] || []).filter(function (c) { return c.key === key; })[0];
    return found ? found.query : facet + ":" + quote(key);
  }

  /* The values of `facet` chosen by a top-level part of the query: a button's query (as
     facet:v), or an "or" of them. Returns null if the part says something else. */
  function facetValues(part, facet) {
    var terms = part.or ? part.or : [part];
    var out = [];
    for (var i = 0; i < terms.length; i++) {
      var canon = show(terms[i]).toLowerCase(), t = terms[i].term;
      var known = (clauses[facet] || []).filter(function (c) { return c.canon === canon; })[0];
      if (known) out.push(known.key);
      else if (t && t.field === facet && t.op === ":") out.push(t.value.toLowerCase());
      else return null;
    }
    return out;
  }
  function topParts(query) {
    if (!query.trim()) return [];
    try { var tree = parse(query); } catch (e) { return null; }
    return tree.and ? tree.and : [tree];
  }
  function chosenFor(facet) {
    var parts = topParts(state.q) || [];
    for (var i = 0; i < parts.length; i++) {
      var values = facetValues(parts[i], facet);
      if (values) return values;
    }
    return [];
  }
  /* The query with `facet` set to `values`: its old clause replaced, the rest kept (a
     query that does not parse is kept as typed, its error still shown). */
  function withFacet(facet, values) {
    var parts = topParts(state.q), rest;
    if (parts === null) rest = [state.q.trim()];
    else {
      rest = parts.filter(function (p) { return !facetValues(p, facet); })
        .map(function (p) { return p.or ? "(" + show(p) + ")" : show(p); });
    }
    var clause = values.map(function (v) { return clauseOf(facet, v.toLowerCase()); });
    var text = clause.length > 1 ? "(" + clause.join(" or ") + ")" : clause.join("");
    return rest.concat([text]).filter(Boolean).join(" ");
  }
  /* A canonical text of a parsed query (tools/query.py's printer, without bare-word quirks). */
  function show(tree) {
    if (tree.term) {
      var t = tree.term;
      if (t.field !== null) return t.field + t.op + quote(t.value);
      FIELD.lastIndex = 0;
      var odd = /^(or|and)$/i.test(t.value) || t.value[0] === "-" || FIELD.test(t.value);
      return odd ? '"' + t.value.replace(/["\\]/g, "\\$&") + '"' : quote(t.value);
    }
    if (tree.not) return "-" + (tree.not.term || tree.not.not ? show(tree.not) : "(" + show(tree.not) + ")");
    if (tree.and) return tree.and.map(function (p) { return p.term || p.not ? show(p) : "(" + show(p) + ")"; }).join(" ");
    return tree.or.map(function (p) { return p.or ? "(" + show(p) + ")" : show(p); }).join(" or ");
  }

  /* Show the cards the query matches, and its error under the box (or `notice`, what was
     wrong with the link). A failure that is no QueryError (a bug, or input this page did not
     foresee) is shown as a message too, every card shown: the search box keeps working. */
  function apply(notice) {
    var error = notice || null, ids;
    try { ids = run(schema, state.q); } catch (e) {
      error = e instanceof QueryError ? e : new QueryError("the search failed: " + String(e), null);
      ids = Object.keys(schema.cards);
    }
    var wanted = {}, shown = 0;
    ids.forEach(function (id) { wanted[id] = true; });
    cards.forEach(function (card) {
      var visible = wanted[card.dataset.id] === true;
      card.classList.toggle("is-hidden", !visible);
      card.classList.toggle("is-visible", visible);
      if (visible) shown++;
    });
    chips.forEach(function (chip) {
      var chosen = chosenFor(chip.dataset.facet);
      var on = chip.dataset.query !== undefined
        ? chosen.indexOf(chip.dataset.value.toLowerCase()) >= 0 : !chosen.length;
      chip.classList.toggle("is-active", on);
      chip.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (search && search.value !== state.q) search.value = state.q;
    if (search) search.setAttribute("aria-invalid", error ? "true" : "false");
    if (errorBox) {
      errorBox.hidden = !error;
      errorBox.textContent = "";
      if (error) {
        var msg = document.createElement("span");
        msg.textContent = String(error);
        errorBox.appendChild(msg);
        if (error.column !== null) {
          var pre = document.createElement("pre");
          pre.textContent = state.q + "\n" + " ".repeat(error.column - 1) + "^";
          errorBox.appendChild(pre);
        }
      }
    }
    document.getElementById("shown").textContent = shown + " of " + cards.length + " cards";
    document.getElementById("empty").hidden = shown > 0;
    body.dataset.query = state.q;
    body.dataset.queryError = error ? error.message : "";
    body.dataset.queryColumn = error && error.column !== null ? String(error.column) : "";
    body.dataset.visible = String(shown);
    return shown;
  }

  function commit() {
    apply();
    try {
      history.replaceState(null, "", state.q ? "#q=" + encodeURIComponent(state.q) : "#");
    } catch (e) { /* some file:// contexts refuse; the view still filters */ }
  }

  /* An old link: #filter=orbital:solfera,thalwind;type:wonder;q:word, as a query. */
  function fromFilter(text) {
    var parts = [];
    text.split(";").forEach(function (part) {
      var i = part.indexOf(":");
      if (i < 0) return;
      var key = part.slice(0, i).trim(), value = part.slice(i + 1).trim();
      if (!value) return;
      if (key === "q") { parts.push(quote(value)); return; }
      var values = value.split(",").filter(Boolean).map(function (v) { return key + ":" + quote(v); });
      parts.push(values.length > 1 ? "(" + values.join(" or ") + ")" : values[0]);
    });
    return parts.join(" ");
  }

  function fromHash() {
    var raw = location.hash.replace(/^#/, ""), hash;
    try { hash = decodeURIComponent(raw); } catch (e) { hash = raw; }
    var notice = null;
    state.q = "";
    try {
      if (hash.indexOf("q=") === 0) state.q = hash.slice(2);
      else if (hash.indexOf("filter=") === 0) state.q = fromFilter(hash.slice(7));
      else if (hash.indexOf("qtest=") === 0) {
        var result = queryTest(hash.slice(6));
        body.dataset.qtest = JSON.stringify(result);
        if (result.error) notice = new QueryError(result.error, null);
      }
    } catch (e) {  // a link this page can't read: said so, and the page goes on
      notice = new QueryError("this link's search could not be read: " + String(e), null);
    }
    apply(notice);
    if (hash === "selftest") body.dataset.selftest = selfTest();
  }

  /* #qtest=[...]: each query's ids or error, for the tests. The list is input like any
     other: not JSON, not a list, or a query that is not text is an error, never a crash. */
  function queryTest(json) {
    var list;
    try { list = JSON.parse(json); } catch (e) { return { error: "#qtest= is not JSON: " + e.message }; }
    if (!Array.isArray(list)) return { error: "#qtest= takes a JSON list of queries" };
    return list.map(function (q) {
      try { return { ids: run(schema, q, true).sort() }; } catch (e) {
        if (!(e instanceof QueryError)) return { crash: String(e) };
        return { error: e.message, column: e.column };
      }
    });
  }

  /* A card's values of a field, lower case: none, one, or a list's. */
  function valuesOf(value) {
    if (value === null || value === undefined || value === "" || value === false) return [];
    return (Array.isArray(value) ? value : [value]).map(lower);
  }

  /* Every facet button alone shows exactly the cards whose fact is that value (its
     "no value" button: the cards with none), as many as the button's count says. */
  function selfTest() {
    var saved = state.q, problems = [], totals = {}, want = {};
    chips.forEach(function (chip) {
      var f = chip.dataset.facet, v = chip.dataset.value.toLowerCase();
      if (chip.dataset.query === undefined) return;
      state.q = "";
      state.q = withFacet(f, [v]);
      var shown = apply();
      totals[f] = (totals[f] || 0) + shown;
      if (String(shown) !== chip.dataset.count) problems.push(f + ":" + v + " shows " + shown + " cards, counts " + chip.dataset.count);
      cards.forEach(function (card) {
        var values = valuesOf((schema.cards[card.dataset.id] || {})[f]);
        var wanted = v ? values.indexOf(v) >= 0 : !values.length;
        if (wanted === card.classList.contains("is-hidden")) problems.push(f + ":" + v + " " + card.dataset.id);
      });
    });
    Object.keys(totals).forEach(function (f) {
      // a list field's card is under each of its values
      want[f] = cards.reduce(function (n, card) {
        return n + Math.max(1, valuesOf((schema.cards[card.dataset.id] || {})[f]).length);
      }, 0);
      if (totals[f] !== want[f]) problems.push(f + " filters cover " + totals[f] + " cards, not " + want[f]);
    });
    state.q = saved;
    apply();
    return problems.length ? "fail: " + problems.join("; ") : "pass";
  }

  chips.forEach(function (chip) {
    chip.addEventListener("click", function (event) {
      var f = chip.dataset.facet, v = chip.dataset.value.toLowerCase(), chosen = chosenFor(f).slice();
      if (chip.dataset.query === undefined) chosen = [];
      else if (event.shiftKey || event.ctrlKey || event.metaKey) {
        var i = chosen.indexOf(v.toLowerCase());
        if (i >= 0) chosen.splice(i, 1); else chosen.push(v);
      } else chosen = chosen.length === 1 && chosen[0] === v ? [] : [v];
      state.q = withFacet(f, chosen);
      commit();
    });
  });
  if (search) {
    search.addEventListener("input", function () { state.q = search.value; commit(); });
  }
  window.addEventListener("hashchange", fromHash);
  window.cardscriptSpoiler = { apply: apply, run: function (q) { return run(schema, q); },
                               withFacet: withFacet, selfTest: selfTest };
  fromHash();
})();
