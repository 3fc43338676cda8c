// Sortable tables: a click on a heading (its data-col names the column) sorts the rows by that column (numbers by their
// data-sort value or text; a second click reverses). No network, no library.
(function () {
  function key(cell, text) {
    var v = cell.getAttribute("data-sort");
    if (v === null) v = cell.textContent.trim();
    if (text) return v.toLowerCase();
    var n = parseFloat(String(v).replace(/[%+]/g, ""));
    return isNaN(n) ? -Infinity : n;
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead.querySelectorAll("th[data-col]");
    Array.prototype.forEach.call(heads, function (th) {
      var col = parseInt(th.getAttribute("data-col"), 10);
      th.addEventListener("click", function () {
        var text = th.getAttribute("data-type") === "text";
        var down = th.getAttribute("aria-sort") !== "descending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", down ? "descending" : "ascending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a.cells[col], text), y = key(b.cells[col], text);
          var c = x < y ? -1 : x > y ? 1 : 0;
          return down ? -c : c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  document.body.setAttribute("data-ready", "yes");
})();
