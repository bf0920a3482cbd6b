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
  function blurWithin(element) {
    var active = document.activeElement;
    if (active && active !== document.body && element && element.contains(active)) active.blur();
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!changedParts(event.detail.xhr)) blurWithin(event.detail.target);
  });

  // The table's parts (games/entry_parts.py): the page says which it shows, and an answer that
  // holds only the changed ones (X-Entry-Parts: changed) is put in here, part for part, not by
  // htmx's swap: htmx cleans up and processes a swap element by element with two events each,
  // about 10 ms a tap on a throttled phone (benchmarks/host_tap_cost.py). The parts kept take the
  // new version. The part the tap came from is always sent again: a form the server did not
  // change keeps no input from before.
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail, entry = document.getElementById("entry");
    if (!entry || detail.target !== entry || !entry.dataset.part) return;
    var submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var from = (submitter || detail.elt);
    from = from && from.closest && from.closest("[data-part]");
    var shown = [entry].concat(Array.from(entry.querySelectorAll("[data-part]"))).map(function (part) {
      return part.dataset.part + ":" + (part === from && part !== entry ? "-" : part.dataset.digest);
    });
    detail.headers["X-Entry-Parts"] = shown.join(",");
  });

  function changedParts(xhr) { return !!xhr && xhr.getResponseHeader("X-Entry-Parts") === "changed"; }

  // A part of the same shape as the page's (the same elements in the same places: a seat's
  // fouls, the header's version) is brought up to date where it is, its attributes and texts: its
  // elements stay, the focus with them (a focused element removed costs a throttled phone a style
  // pass there and then), and htmx keeps what it set up on them. A part with fields the judge
  // fills in is put in new: a form the server drew anew keeps nothing from before. The
  // attributes the page's scripts keep on a part (host mode's clock shown, its taps awaiting an
  // answer: static/js/host.js) are not the server's to take away.
  var FIELDS = "input:not([type=hidden]), select, textarea";
  var KEPT_BY_THE_PAGE = ["data-shown", "data-awaiting"];
  function sameShape(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    var mine = a.childNodes, theirs = b.childNodes;
    if (mine.length !== theirs.length) return false;
    for (var i = 0; i < mine.length; i++) if (!sameShape(mine[i], theirs[i])) return false;
    return true;
  }
  function bringUp(a, b, touched) {  // touched: the elements whose hx- attributes changed
    if (a.nodeType === Node.TEXT_NODE || a.nodeType === Node.COMMENT_NODE) { if (a.data !== b.data) a.data = b.data; return; }
    if (a.nodeType !== Node.ELEMENT_NODE) return;
    var hx = false;
    Array.from(a.attributes).forEach(function (attribute) {
      if (b.hasAttribute(attribute.name) || KEPT_BY_THE_PAGE.indexOf(attribute.name) >= 0) return;
      a.removeAttribute(attribute.name); hx = hx || attribute.name.indexOf("hx-") === 0;
    });
    Array.from(b.attributes).forEach(function (attribute) {
      if (a.getAttribute(attribute.name) === attribute.value) return;
      a.setAttribute(attribute.name, attribute.value); hx = hx || attribute.name.indexOf("hx-") === 0;
    });
    if (hx) touched.push(a);
    for (var i = 0; i < a.childNodes.length; i++) bringUp(a.childNodes[i], b.childNodes[i], touched);
  }

  function putParts(entry, html, version) {
    var holder = document.createElement("template"), fresh = [];
    holder.innerHTML = html;
    var parts = Array.from(holder.content.children), missing = false;
    parts.forEach(function (part) {
      var old = entry.querySelector("[data-part='" + part.dataset.part + "']");
      if (!old) { missing = true; return; }
      if (!old.querySelector(FIELDS) && sameShape(old, part)) {
        bringUp(old, part, fresh);
        return;
      }
      blurWithin(old);
      old.replaceWith(part);
      fresh.push(part);
    });
    entry.dataset.version = version;
    entry.querySelectorAll("input[name=version]").forEach(function (field) { field.value = version; });
    fresh.forEach(function (part) { window.htmx.process(part); });
    entry.dispatchEvent(new CustomEvent("htmx:afterSwap", { bubbles: true, detail: { target: entry, elt: entry } }));
    // the settling (vote counts, a refusal's place) in a task of its own, as htmx's
    window.setTimeout(function () {
      entry.dispatchEvent(new CustomEvent("htmx:afterSettle", { bubbles: true, detail: { target: entry, elt: entry } }));
    }, 0);
    // a part the page no longer has (another script changed the table meanwhile): the whole table
    if (missing) window.htmx.ajax("GET", entry.dataset.refresh, { target: "#entry", swap: "outerHTML" });
  }
  window.entryParts = { put: putParts };  // host mode's panel comes back the same way (static/js/host.js)
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr, entry = document.getElementById("entry");
    if (!entry || !changedParts(xhr)) return;
    event.detail.shouldSwap = false;
    putParts(entry, xhr.responseText, xhr.getResponseHeader("X-Protocol-Version"));
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
