/* Filters of the set spoiler. State lives in the URL fragment, so a filtered view is a link:
   #filter=orbital:solfera,thalwind;type:wonder;q:dragon
   Within a facet the values are alternatives; facets combine. "#selftest" checks that every
   single-value filter shows exactly the matching cards and reports on <body data-selftest>. */
(function () {
  "use strict";
  var body = document.body;
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.card"));
  var chips = Array.prototype.slice.call(document.querySelectorAll(".chip"));
  var search = document.getElementById("search");
  var facets = Array.prototype.map.call(
    document.querySelectorAll(".filter-group"), function (g) { return g.dataset.facet; });
  var state = { q: "" };
  facets.forEach(function (f) { state[f] = []; });

  function serialize() {
    var parts = [];
    facets.forEach(function (f) {
      if (state[f].length) parts.push(f + ":" + state[f].join(","));
    });
    if (state.q) parts.push("q:" + state.q);
    return parts.join(";");
  }

  function parse(text) {
    facets.forEach(function (f) { state[f] = []; });
    state.q = "";
    (text || "").split(";").forEach(function (part) {
      var i = part.indexOf(":");
      if (i < 0) return;
      var key = part.slice(0, i).trim(), value = part.slice(i + 1).trim();
      if (key === "q") state.q = value.toLowerCase();
      else if (state[key]) state[key] = value.split(",").filter(Boolean);
    });
  }

  function matches(card) {
    for (var i = 0; i < facets.length; i++) {
      var chosen = state[facets[i]];
      if (chosen.length && chosen.indexOf(card.dataset[facets[i]]) < 0) return false;
    }
    return !state.q || card.dataset.search.indexOf(state.q) >= 0;
  }

  function apply() {
    var shown = 0;
    cards.forEach(function (card) {
      var visible = matches(card);
      card.classList.toggle("is-hidden", !visible);
      card.classList.toggle("is-visible", visible);
      if (visible) shown++;
    });
    chips.forEach(function (chip) {
      var chosen = state[chip.dataset.facet];
      var on = chip.dataset.value ? chosen.indexOf(chip.dataset.value) >= 0 : !chosen.length;
      chip.classList.toggle("is-active", on);
      chip.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (search && search.value.toLowerCase() !== state.q) search.value = state.q;
    document.getElementById("shown").textContent = shown + " of " + cards.length + " cards";
    document.getElementById("empty").hidden = shown > 0;
    body.dataset.filter = serialize();
    body.dataset.visible = String(shown);
    return shown;
  }

  function commit() {
    apply();
    var text = serialize();
    try {
      history.replaceState(null, "", text ? "#filter=" + encodeURI(text) : "#");
    } catch (e) { /* some file:// contexts refuse; the view still filters */ }
  }

  function fromHash() {
    var hash = decodeURIComponent(location.hash.replace(/^#/, ""));
    parse(hash.indexOf("filter=") === 0 ? hash.slice(7) : "");
    apply();
    if (hash === "selftest") body.dataset.selftest = selfTest();
  }

  function selfTest() {
    var saved = serialize(), problems = [];
    facets.forEach(function (f) {
      var total = 0;
      chips.forEach(function (chip) {
        if (chip.dataset.facet !== f || !chip.dataset.value) return;
        parse(f + ":" + chip.dataset.value);
        var shown = apply();
        total += shown;
        cards.forEach(function (card) {
          var want = card.dataset[f] === chip.dataset.value;
          if (want === card.classList.contains("is-hidden")) {
            problems.push(f + ":" + chip.dataset.value + " " + card.dataset.id);
          }
        });
      });
      if (total !== cards.length) problems.push(f + " filters cover " + total + " cards");
    });
    parse(saved);
    apply();
    return problems.length ? "fail: " + problems.join("; ") : "pass";
  }

  chips.forEach(function (chip) {
    chip.addEventListener("click", function (event) {
      var f = chip.dataset.facet, v = chip.dataset.value, chosen = state[f];
      if (!v) state[f] = [];
      else if (event.shiftKey || event.ctrlKey || event.metaKey) {
        var i = chosen.indexOf(v);
        if (i >= 0) chosen.splice(i, 1); else chosen.push(v);
      } else state[f] = chosen.length === 1 && chosen[0] === v ? [] : [v];
      commit();
    });
  });
  if (search) {
    search.addEventListener("input", function () {
      state.q = search.value.trim().toLowerCase();
      commit();
    });
  }
  window.addEventListener("hashchange", fromHash);
  window.cardscriptSpoiler = { apply: apply, parse: parse, serialize: serialize, selfTest: selfTest };
  fromHash();
})();
