// The entry page works without this file; it only helps the judge.
(function () {
  "use strict";

  // Voting: a voter belongs to one candidate, and whoever is left is shown against the last one
  // before the vote is saved (the server counts missing votes the same way).
  function updateVote(form) {
    var alive = (form.dataset.alive || "").split(",").filter(Boolean);
    var taken = {};
    form.querySelectorAll(".vote-row").forEach(function (row) {
      var count = 0;
      row.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) { taken[box.value] = true; count++; });
      var output = row.querySelector(".count");
      if (output) output.textContent = count;
    });
    var rest = alive.filter(function (seat) { return !taken[seat]; });
    var last = form.querySelector(".vote-last .rest");
    if (last) last.textContent = rest.length + " — " + (rest.join(" ") || "–");
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    var form = box.closest && box.closest("form.vote");
    if (!form) return;
    if (box.checked) {
      form.querySelectorAll(".vote-row input[type=checkbox][value='" + box.value + "']").forEach(function (other) {
        if (other !== box) other.checked = false;
      });
    }
    updateVote(form);
  });

  function refreshAll() { document.querySelectorAll("form.vote").forEach(updateVote); }
  document.addEventListener("DOMContentLoaded", refreshAll);
  document.addEventListener("htmx:afterSettle", refreshAll);

  // A tablet waking up (or a connection coming back) reloads the table as it is on the server.
  function reloadTable() {
    var entry = document.getElementById("entry");
    if (!entry || !window.htmx || document.visibilityState !== "visible") return;
    window.htmx.ajax("GET", entry.dataset.refresh, { target: "#entry", swap: "outerHTML" });
  }
  document.addEventListener("visibilitychange", reloadTable);
  window.addEventListener("online", reloadTable);
})();
