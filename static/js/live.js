// The live view (templates/games/live.html, the tournament's live tables): each [data-live-url]
// asks its fragment again every 1.5 s with the last ETag; an unchanged table answers 304 and
// nothing is redrawn. A hidden tab stops asking; a published result (data-final) ends it.
// Host mode's clock (.live-clock, games/live.py LiveSpeech) counts down here between polls: the
// fragment says when a running clock ends (data-ends, the server's epoch milliseconds) and every
// answer carries the server's time (X-Server-Time), so a phone whose clock is off still shows the
// hall's time left.
(function () {
  var PERIOD = 1500;
  var offset = 0;  // the server's clock minus this device's, in milliseconds

  function learnTime(response) {
    var now = parseInt(response.headers.get("X-Server-Time") || "", 10);
    if (!isNaN(now)) offset = now - Date.now();
  }

  function tick() {
    document.querySelectorAll(".live-clock[data-ends]").forEach(function (clock) {
      var left = Math.max(0, (parseInt(clock.dataset.ends, 10) - (Date.now() + offset)) / 1000);
      var output = clock.querySelector(".live-time");
      var text = String(Math.ceil(left));
      if (output && output.textContent !== text) output.textContent = text;
      clock.classList.toggle("warn", left <= 10 && left > 0);
      clock.classList.toggle("over", left <= 0);
    });
  }

  function follow(box) {
    var tag = null;
    function ask() {
      if (document.hidden) return schedule();
      var headers = tag ? { "If-None-Match": tag } : {};
      fetch(box.dataset.liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          learnTime(response);
          if (response.status === 200) {
            tag = response.headers.get("ETag");
            return response.text().then(function (html) { box.innerHTML = html; tick(); });
          }
        })
        .catch(function () { /* offline for a moment: the next tick tries again */ })
        .then(function () {
          var table = box.querySelector(".live-table");
          if (!(table && table.dataset.final)) schedule();
        });
    }
    function schedule() { window.setTimeout(ask, PERIOD); }
    // A clock already running on the page: ask at once, to learn the server's time.
    if (box.querySelector(".live-clock[data-ends]")) ask(); else schedule();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-live-url]").forEach(follow);
    tick();
    window.setInterval(tick, 250);
  });
})();
