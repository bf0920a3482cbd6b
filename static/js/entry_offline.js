// Offline entry (docs/entry.md, "Offline entry"). Every entry the page sends carries a key of its
// own (request_key): the server applies a key once, so an entry sent again — after an answer lost
// on the way back, or from the queue below — is never recorded twice. Without a connection, an
// entry is kept on this device (IndexedDB, in order, with its key and the version of the table it
// was made on) and listed as waiting; when the connection returns the entries go out one by one,
// each on the version the one before it made. If another device changed the table meanwhile, the
// server refuses the first one ("conflict"): the table as it is now is shown above, the waiting
// entries here, and the judge chooses to send them on top of it or to discard them. Nothing is
// dropped without the judge's word. The service worker (entry-sw.js) keeps the page itself.
(function () {
  "use strict";
  var DB_NAME = "mafia-entry", STORE = "waiting", RETRY_MS = 5000;
  var panel = null, sending = false, stopped = "", retryTimer = null, keepTimer = null;
  var queued = 0;  // how many entries wait (kept in step by draw, for the synchronous checks)

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // --- IndexedDB: one store, each entry {key, table, seq, url, fields, label, version} ----------
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = window.indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          var store = request.result.createObjectStore(STORE, { keyPath: "key" });
          store.createIndex("table", "table");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function run(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode), result;
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
        work(tx.objectStore(STORE), function (value) { result = value; });
      });
    });
  }
  function tableKey() { return panel ? panel.dataset.table : location.pathname; }
  function waiting() {
    return run("readonly", function (store, done) {
      var request = store.index("table").getAll(tableKey());
      request.onsuccess = function () {
        done(request.result.sort(function (a, b) { return a.seq - b.seq; }));
      };
    });
  }
  function keep(item) { return run("readwrite", function (store) { store.put(item); }); }
  function forget(key) { return run("readwrite", function (store) { store.delete(key); }); }

  // --- what the judge sees ----------------------------------------------------------------------
  function words(name) { return (panel && panel.dataset[name]) || ""; }

  function describe(form, submitter) {
    var parts = [];
    var title = form.querySelector("h2");
    if (submitter) parts.push((submitter.getAttribute("aria-label") || submitter.textContent).trim());
    else if (title) parts.push(title.textContent.trim());
    form.querySelectorAll("fieldset").forEach(function (set) {
      var chosen = Array.from(set.querySelectorAll("input:checked")).map(function (box) { return box.value; });
      var legend = set.querySelector("legend");
      if (chosen.length && legend) parts.push(legend.textContent.replace(/\s+\d+$/, "").trim() + ": " + chosen.join(", "));
    });
    return parts.filter(Boolean).join(" · ").replace(/\s+/g, " ");
  }

  function draw(items) {
    queued = items.length;
    if (!panel) return;
    panel.hidden = items.length === 0 && !stopped;
    panel.querySelector(".queue-count").textContent = words("waitingLabel") + " " + items.length;
    var state = panel.querySelector(".queue-state");
    state.textContent = stopped === "conflict" ? words("conflict") : stopped === "refused" ? words("refused")
      : stopped === "confirm" ? words("confirm") : navigator.onLine ? words("sending") : words("offline");
    panel.dataset.state = stopped || (navigator.onLine ? "sending" : "offline");
    var list = panel.querySelector(".queue-list");
    list.textContent = "";
    items.forEach(function (item, index) {
      var row = document.createElement("li");
      row.dataset.key = item.key;
      row.appendChild(document.createTextNode(item.label));
      if (index === 0 && stopped === "refused") {
        var drop = document.createElement("button");
        drop.type = "button"; drop.className = "small secondary queue-drop-one";
        drop.textContent = words("dropOne");
        row.appendChild(document.createTextNode(" "));
        row.appendChild(drop);
      }
      list.appendChild(row);
    });
    panel.querySelector(".queue-conflict").hidden = stopped !== "conflict";
    panel.querySelector(".queue-retry").hidden = !stopped || stopped === "conflict";
  }
  function refresh() { return waiting().then(draw); }

  // --- sending ----------------------------------------------------------------------------------
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (error) { return ""; }
  }
  function swapTable(html) {
    var entry = document.getElementById("entry");
    if (!entry) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#entry");
    if (!fresh) return;
    entry.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("htmx:afterSettle", { bubbles: true, detail: { target: fresh, elt: fresh } }));
  }
  function currentVersion() {
    var entry = document.getElementById("entry");
    return entry ? entry.dataset.version : "";
  }

  // Send the waiting entries in order; ``base``: the version the first one is to be applied on
  // (none: the version it was made on).
  function send(base) {
    if (sending || !navigator.onLine) return Promise.resolve();
    sending = true; stopped = "";
    var chain = base || null;
    function next() {
      return waiting().then(function (items) {
        draw(items);
        if (!items.length) return null;
        var item = items[0], body = new URLSearchParams();
        item.fields.forEach(function (pair) {
          if (pair[0] === "version") body.append("version", chain || pair[1]);
          else if (pair[0] === "csrfmiddlewaretoken") body.append(pair[0], csrfToken() || pair[1]);
          else body.append(pair[0], pair[1]);
        });
        return fetch(item.url, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "HX-Request": "true", "HX-Target": "entry", "X-CSRFToken": csrfToken() },
        }).then(function (response) {
          return response.text().then(function (html) {
            var refused = response.headers.get("X-Entry-Refused");
            if (!response.ok && !refused) throw new Error("answer " + response.status);
            swapTable(html);
            if (refused) { stopped = refused === "conflict" ? "conflict" : refused === "confirm" ? "confirm" : "refused"; return null; }
            chain = response.headers.get("X-Request-Version") || response.headers.get("X-Protocol-Version");
            return forget(item.key).then(next);
          });
        });
      });
    }
    return next().catch(function () { scheduleRetry(); }).then(function () {
      sending = false;
      return refresh();
    });
  }
  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = window.setTimeout(function () { retryTimer = null; send(); }, RETRY_MS);
  }

  // --- the page's requests ------------------------------------------------------------------------
  function inEntry(elt) { return elt && elt.closest && elt.closest("#entry"); }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb !== "post" || !inEntry(detail.elt)) return;
    if (!detail.formData.get("request_key")) detail.formData.set("request_key", newKey());
  });

  function enqueue(detail) {
    var elt = detail.elt, form = elt.tagName === "FORM" ? elt : elt.closest("form");
    var fields = Array.from(detail.requestConfig.formData.entries()).filter(function (pair) { return typeof pair[1] === "string"; });
    var key = detail.requestConfig.formData.get("request_key");
    var submitter = detail.requestConfig.triggeringEvent && detail.requestConfig.triggeringEvent.submitter;
    return waiting().then(function (items) {
      var seq = items.length ? items[items.length - 1].seq + 1 : Date.now();
      return keep({
        key: key, table: tableKey(), seq: seq, url: detail.requestConfig.path, fields: fields,
        label: form ? describe(form, submitter) : key, version: currentVersion(),
      });
    }).then(refresh);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    if (detail.requestConfig.verb !== "post" || !inEntry(detail.elt)) return;
    var form = detail.elt.tagName === "FORM" ? detail.elt : detail.elt.closest("form");
    // online, the queue empty or stopped for the judge's answer: straight to the server (an
    // answered question, or the judge mending the table before trying the queue again)
    if (navigator.onLine && (!queued || stopped)) return;
    event.preventDefault();  // kept here and sent after the entries before it
    if (form && form.getAttribute("action") && /\/undo\/$/.test(form.getAttribute("action")) && queued) {
      dropLast();  // "Undo" takes back the last entry still waiting, not one already recorded
      return;
    }
    enqueue(detail);
  });
  document.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail;
    if (detail.requestConfig.verb !== "post" || !inEntry(detail.elt)) return;
    enqueue(detail).then(function () { if (navigator.onLine) scheduleRetry(); });
  });

  function dropLast() {
    return waiting().then(function (items) {
      if (items.length) return forget(items[items.length - 1].key);
      return null;
    }).then(refresh);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!panel || !target.closest || !panel.contains(target)) return;
    if (target.closest(".queue-send-on-top")) { stopped = ""; send(currentVersion()); }
    else if (target.closest(".queue-retry")) { stopped = ""; send(currentVersion()); }  // on the table as it is now
    else if (target.closest(".queue-drop-one")) {
      if (window.confirm(words("dropOneQuestion"))) {
        forget(target.closest("li").dataset.key).then(function () { stopped = ""; return refresh(); });
      }
    } else if (target.closest(".queue-drop-all")) {
      if (window.confirm(words("dropAllQuestion"))) {
        waiting().then(function (items) {
          return Promise.all(items.map(function (item) { return forget(item.key); }));
        }).then(function () { stopped = ""; return refresh(); });
      }
    }
  });

  window.addEventListener("online", function () { send(); });
  window.addEventListener("offline", function () { refresh(); });
  // an answered question (or a refusal the judge mended by hand) lets the rest go on
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (!detail.successful || detail.requestConfig.verb !== "post" || !inEntry(detail.elt)) return;
    var key = detail.requestConfig.formData.get("request_key");
    var refused = detail.xhr.getResponseHeader("X-Entry-Refused");
    if (!refused && key) {
      forget(key).then(function () {
        if (stopped !== "confirm") return refresh();
        stopped = "";  // the question about the first entry is answered: the rest go on from there
        return send(detail.xhr.getResponseHeader("X-Request-Version"));
      });
    }
    scheduleKeep();
  });

  // The service worker keeps this page and its files; after entries, the page's copy is renewed.
  function keepPage() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller || !navigator.onLine) return;
    var files = Array.from(document.querySelectorAll("script[src], link[rel=stylesheet][href]"))
      .map(function (node) { return node.src || node.href; });
    navigator.serviceWorker.controller.postMessage({ keep: [location.pathname].concat(files) });
  }
  function scheduleKeep() {
    if (keepTimer) window.clearTimeout(keepTimer);
    keepTimer = window.setTimeout(keepPage, 3000);
  }

  function init() {
    panel = document.getElementById("entry-queue");
    if (!panel || !window.indexedDB) return;
    if (navigator.serviceWorker && panel.dataset.worker) {
      var scope = location.pathname.indexOf("/t/") === 0 ? "/t/" : "/judge/";
      navigator.serviceWorker.register(panel.dataset.worker, { scope: scope }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function () {
        if (navigator.serviceWorker.controller) keepPage();
        else navigator.serviceWorker.addEventListener("controllerchange", keepPage, { once: true });
      }).catch(function () { /* no worker: the entries are still kept */ });
    }
    refresh().then(function () { if (queued && navigator.onLine) send(); });
  }
  document.addEventListener("DOMContentLoaded", init);
})();
