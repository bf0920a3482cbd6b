{% load static %}// The entry page's service worker (docs/entry.md, "Offline entry"): the judge's tables and the
// site's static files stay on the phone, so a table reloaded without a connection still opens.
// Pages: from the network when it answers within a few seconds, else the copy kept here (each
// answer from the network renews the copy). Static files: the copy kept here at once, renewed in
// the background. Nothing the judge enters goes through here: static/js/entry.js keeps the entries
// waiting in IndexedDB and sends them itself.
"use strict";
var CACHE = "mafia-entry-v1";
var PAGE_WAIT_MS = 4000;

function isTablePage(url) {
  return url.origin === self.location.origin &&
    (/^\/judge\/games\/\d+\/$/.test(url.pathname) || /^\/t\/[^/]+\/$/.test(url.pathname));
}
function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf("{% get_static_prefix as prefix %}{{ prefix|escapejs }}") === 0;
}

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf("mafia-entry-") === 0 && name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page asks to keep itself and its files (its first visit happens before this worker runs).
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(address, self.location.origin);
      if (!isTablePage(url) && !isStatic(url)) return null;
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(url.pathname, response);
        return null;
      }).catch(function () { return null; });
    }));
  }));
});

function fromNetworkOrKept(request, url) {
  return caches.open(CACHE).then(function (cache) {
    var network = fetch(request).then(function (response) {
      if (response.ok) cache.put(url.pathname, response.clone());
      return response;
    });
    var waited = new Promise(function (resolve) { setTimeout(resolve, PAGE_WAIT_MS); });
    var kept = function () { return cache.match(url.pathname); };
    return Promise.race([network, waited.then(kept)]).then(function (answer) {
      return answer || network;
    }).catch(function () {
      return kept().then(function (copy) { return copy || Promise.reject(new Error("offline")); });
    });
  });
}

function keptThenRenewed(event, url) {
  var renewed = caches.open(CACHE).then(function (cache) {
    return fetch(event.request).then(function (response) {
      if (response.ok) cache.put(url.pathname, response.clone());
      return response;
    });
  });
  return caches.match(url.pathname).then(function (copy) {
    if (copy) { event.waitUntil(renewed.catch(function () {})); return copy; }
    return renewed;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (request.mode === "navigate" && isTablePage(url) && !url.search) {
    event.respondWith(fromNetworkOrKept(request, url));
  } else if (isStatic(url)) {
    event.respondWith(keptThenRenewed(event, url));
  }
});
