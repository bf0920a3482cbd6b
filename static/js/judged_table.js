// The auto-judged table: the speech's word count, the countdown, and each candidate's vote
// window (the server measures the windows too: a hand outside its window is refused).
(function () {
  function countUnits(text, unit) {
    var pattern = unit === "tokens" ? /\w+|[^\w\s]/gu : /\S+/g;
    var found = text.match(pattern);
    return found ? found.length : 0;
  }
  function setUp(root) {
    var speech = root.querySelector("#speech");
    var counter = root.querySelector("#word-count");
    if (speech && counter) {
      var update = function () {
        var n = countUnits(speech.value, speech.dataset.unit);
        counter.textContent = n;
        counter.parentNode.classList.toggle("over", n > Number(speech.dataset.limit));
      };
      speech.addEventListener("input", update);
      update();
    }
    var started = Date.now();
    var countdowns = root.querySelectorAll("[data-countdown]");
    var windows = root.querySelectorAll(".vote-window");
    function tick() {
      var elapsed = Date.now() - started;
      countdowns.forEach(function (countdown) {
        var seconds = Math.max(0, Math.ceil((Number(countdown.dataset.countdown) - elapsed) / 1000));
        countdown.textContent = (countdown.dataset.format || "{n} s").replace("{n}", seconds);
      });
      windows.forEach(function (button) {
        var closed = elapsed >= Number(button.dataset.closesIn);
        var open = elapsed >= Number(button.dataset.opensIn) && !closed;
        button.disabled = !open;
        button.classList.toggle("open", open);
        button.classList.toggle("closed", closed);
        button.classList.toggle("upcoming", !open && !closed);
      });
    }
    tick();
    if (root._tableTimer) clearInterval(root._tableTimer);
    root._tableTimer = setInterval(tick, 100);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("table");
    if (table) setUp(table);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("table");
    if (table) setUp(table);
  });
})();
