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

  // The button just tapped has the focus, and a swap removes it after putting the new table in:
  // removing the focused element makes the browser compute the new table's style there and then
  // (a few frames on a slow phone). Blurred first, the removal costs next to nothing.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement, target = event.detail.target;
    if (active && active !== document.body && target && target.contains(active)) active.blur();
  });

  function refreshAll() { document.querySelectorAll("form.vote").forEach(updateVote); }
  document.addEventListener("DOMContentLoaded", refreshAll);
  document.addEventListener("htmx:afterSettle", refreshAll);

  // A refusal or a question goes right after the form that caused it, with the judge's input
  // put back as it was and the field at fault marked; then it is scrolled into view and focused
  // (role=alert announces it). The server renders it at the top of the table (without this
  // script it stays there); the form is found again by its action and classes.
  var sent = null;

  function formKey(form) {
    return (form.getAttribute("action") || "") + "|" +
      form.className.split(/\s+/).filter(function (name) { return name && name.indexOf("htmx-") !== 0; }).sort().join(" ");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt.tagName === "FORM" ? elt : elt.closest && elt.closest("form");
    if (!form || !form.closest("#entry") || event.detail.requestConfig.verb === "get") return;
    if (form.classList.contains("question")) return;  // "yes" keeps the asking form's input
    sent = { key: formKey(form), data: Array.from(new FormData(form).entries()) };
  });

  function restore(form, entries) {
    var values = {};
    entries.forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" || pair[0] === "version") return;
      (values[pair[0]] = values[pair[0]] || []).push(pair[1]);
    });
    Array.from(form.elements).forEach(function (field) {
      if (!field.name || !(field.name in values) || field.type === "hidden" || field.tagName === "BUTTON") return;
      if (field.type === "checkbox" || field.type === "radio") field.checked = values[field.name].indexOf(field.value) >= 0;
      else field.value = values[field.name][0];
    });
  }

  function placeRefusal(event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "entry") return;  // the nickname search's options, not the table
    var entry = document.getElementById("entry");
    var refusal = document.getElementById("entry-refusal");
    var asked = sent;
    if (!entry) return;
    if (!refusal) {
      sent = null;
      var tally = asked && asked.key.indexOf("/vote/|") >= 0 && entry.querySelector(".vote-tally");
      if (tally) tally.scrollIntoView({ block: "center" });  // the day moves on: the round's tally
      return;
    }
    var form = null;
    if (asked && refusal.dataset.code !== "conflict") {
      form = Array.from(entry.querySelectorAll("form")).filter(function (candidate) {
        return formKey(candidate) === asked.key;
      })[0] || null;
    }
    if (form) {
      restore(form, asked.data);
      for (var open = form.closest("details"); open; open = open.parentElement.closest("details")) open.open = true;
      form.after(refusal);
      var name = refusal.dataset.field;
      if (name) {
        form.querySelectorAll("[name='" + name + "']").forEach(function (field) {
          field.setAttribute("aria-invalid", "true");
          field.setAttribute("aria-describedby", "entry-refusal");
          (field.closest(".tiles") || field).classList.add("invalid");
        });
      }
      if (form.classList.contains("vote")) updateVote(form);
    }
    refusal.scrollIntoView({ block: "center" });
    refusal.focus({ preventScroll: true });
    refusal.dataset.placed = form ? "form" : "top";
  }
  document.addEventListener("htmx:afterSettle", placeRefusal);

  // "No, go back": the question goes away and the form keeps its input.
  document.addEventListener("click", function (event) {
    var back = event.target.closest && event.target.closest(".question-back");
    if (!back) return;
    event.preventDefault();
    var refusal = back.closest("#entry-refusal");
    var form = refusal && refusal.previousElementSibling;
    refusal.remove();
    var button = form && form.querySelector("button[type=submit]");
    if (button) button.focus();
  });

  // A tablet waking up (or a connection coming back) reloads the table as it is on the server.
  function reloadTable() {
    var entry = document.getElementById("entry");
    if (!entry || !window.htmx || document.visibilityState !== "visible") return;
    window.htmx.ajax("GET", entry.dataset.refresh, { target: "#entry", swap: "outerHTML" });
  }
  document.addEventListener("visibilitychange", reloadTable);
  window.addEventListener("online", reloadTable);
})();
