// The live view (templates/games/live.html, the tournament's live tables): each [data-live-url]
// asks its fragment again every 1.5 s with the last ETag; an unchanged table answers 304 and
// nothing is redrawn. A hidden tab stops asking; a published result (data-final) ends it.
(function () {
  var PERIOD = 1500;
  function follow(box) {
    var tag = null;
    function ask() {
      if (document.hidden) return schedule();
      var headers = tag ? { "If-None-Match": tag } : {};
      fetch(box.dataset.liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status === 200) {
            tag = response.headers.get("ETag");
            return response.text().then(function (html) { box.innerHTML = html; });
          }
        })
        .catch(function () { /* offline for a moment: the next tick tries again */ })
        .then(function () {
          var table = box.querySelector(".live-table");
          if (!(table && table.dataset.final)) schedule();
        });
    }
    function schedule() { window.setTimeout(ask, PERIOD); }
    schedule();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-live-url]").forEach(follow);
  });
})();
