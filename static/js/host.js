// Host mode (templates/games/_host.html, games/host.py): the clock runs here, the state lives on the
// server. A tap posts to the page's host/ address; the clock's own taps are drawn here at once, the
// others draw the panel again from the server, so a reload or a second device shows the same
// speaker with the same time left. Without this file
// the buttons are plain forms. At 10 s left the clock warns; at 0 it sounds and vibrates once; the
// screen stays awake while the clock runs (where the browser allows).
(function () {
  "use strict";
  var ticker = null, wakeLock = null;  // one ticker for whichever panel is on the page

  function beep(high) {
    try {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      var audio = new Context(), tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = high ? 1200 : 800;
      gain.gain.value = 0.15;
      tone.connect(gain); gain.connect(audio.destination);
      tone.start(); tone.stop(audio.currentTime + (high ? 0.6 : 0.15));
    } catch (error) { /* no sound: the colour still says it */ }
  }
  function buzz(pattern) { if (navigator.vibrate) navigator.vibrate(pattern); }
  function keepAwake(on) {
    if (on && !wakeLock && navigator.wakeLock) {
      navigator.wakeLock.request("screen").then(function (lock) { wakeLock = lock; }).catch(function () {});
    } else if (!on && wakeLock) {
      wakeLock.release().catch(function () {}); wakeLock = null;
    }
  }

  // The clock of the panel on the page now, whichever it is: each panel the server draws (after a
  // tap, an entry, a reload) starts from its own "time left", noted when the script first sees it;
  // a panel the page brought up to date where it was (static/js/entry.js) starts again from its
  // new time left.
  var clocks = new WeakMap();
  function clockOf(panel) {
    var clock = clocks.get(panel), drawn = panel.dataset.left + "|" + panel.dataset.running;
    if (!clock || clock.drawn !== drawn) {
      var left = parseFloat(panel.dataset.left || "0");
      clock = { left: left, running: panel.dataset.running === "1", since: Date.now(), warned: left <= 10,
                ended: left <= 0, drawn: drawn };
      clocks.set(panel, clock);
    }
    return clock;
  }

  function timeLeft(clock) {
    return clock.running ? Math.max(0, clock.left - (Date.now() - clock.since) / 1000) : clock.left;
  }

  function draw() {
    var panel = document.getElementById("host");
    if (!panel) { window.clearInterval(ticker); ticker = null; keepAwake(false); return; }
    var clock = clockOf(panel), output = panel.querySelector(".host-time");
    var now = timeLeft(clock);
    panel.dataset.shown = now;
    if (output) output.textContent = String(Math.ceil(now));
    panel.classList.toggle("warn", now <= 10 && now > 0);
    panel.classList.toggle("over", now <= 0);
    if (clock.running && !clock.warned && now <= 10) { clock.warned = true; beep(false); buzz(100); }
    if (clock.running && !clock.ended && now <= 0) { clock.ended = true; beep(true); buzz([200, 100, 200]); }
    keepAwake(clock.running && now > 0);
  }

  function run() {
    draw();
    if (!ticker && document.getElementById("host")) ticker = window.setInterval(draw, 200);
  }

  // A tap changes host mode's state only (games.services.game_host_tap), never the protocol: only
  // the panel is drawn again, which keeps the tap's work in the browser within a frame.
  function redraw() {
    var entry = document.getElementById("entry");
    if (!window.entryParts || !entry || !entry.dataset.refresh || !document.getElementById("host")) {
      window.location.reload();
      return;
    }
    fetch(entry.dataset.refresh, { credentials: "same-origin", headers: { "HX-Request": "true", "HX-Target": "host" } })
      .then(function (response) {
        if (!response.ok) throw new Error("answer " + response.status);
        return response.text().then(function (html) {
          window.entryParts.put(entry, html, response.headers.get("X-Protocol-Version") || entry.dataset.version);
        });
      }).catch(function () { /* no answer: the panel stays as it is until the next tap or entry */ });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.closest || !form.closest(".host-panel")) return;
    if (form.hasAttribute("hx-post")) return;  // a nomination or a foul in the speech: an entry action, htmx's
    event.preventDefault();
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) data.append(event.submitter.name, event.submitter.value);
    var panel = form.closest(".host-panel");
    var local = clockTap(panel, data.get("op"));  // the clock answers the tap at once
    if (local) afterPaint(function () { send(form, data, panel, local); });  // the frame shows it first
    else send(form, data, panel, local);
  });

  function afterPaint(task) {
    window.requestAnimationFrame(function () { window.setTimeout(task, 0); });
  }

  // Taps the server has not answered yet, per panel: data-awaiting says so on the page (and to the
  // browser tests, which wait for it before they move a fake clock).
  var awaiting = new WeakMap();
  function await_(panel, change) {
    var count = (awaiting.get(panel) || 0) + change;
    awaiting.set(panel, count);
    if (count > 0) panel.dataset.awaiting = String(count); else delete panel.dataset.awaiting;
    return count;
  }

  function send(form, data, panel, local) {
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    await_(panel, +1);
    fetch(form.action, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": token ? token.value : "" },
    }).then(function (response) {
      return response.json().then(function (body) {
        var later = await_(panel, -1) > 0;  // a later tap's answer will say where the clock is
        if (!response.ok) {
          if (body.error) window.alert(body.error);
          redraw();
        } else if (local) {
          if (!later) agree(panel, body);
        } else {
          redraw();
        }
      });
    }).catch(function () {
      await_(panel, -1);
      if (navigator.onLine) form.submit();
      else if (!local) window.alert(panel.dataset.offline);
    });
  }

  // Start, pause and reset change the clock and nothing else (games/host.py, host_step): this
  // device runs them itself at the tap, with or without a connection, as the server will; the
  // speaker and the other timers move on the server's state, so they wait for its answer.
  function clockTap(panel, op) {
    if (!panel || panel !== document.getElementById("host")) return false;
    var shown = panel.dataset.shown || panel.dataset.left;
    if (op === "start" && parseFloat(shown) > 0) { panel.dataset.left = shown; panel.dataset.running = "1"; }
    else if (op === "pause") { panel.dataset.left = shown; panel.dataset.running = ""; }
    else if (op === "reset") { panel.dataset.left = panel.dataset.seconds; panel.dataset.running = ""; }
    else return false;
    var toggle = panel.querySelector("button[name=op][value=start], button[name=op][value=pause]");
    if (toggle) {
      var running = panel.dataset.running === "1", left = parseFloat(panel.dataset.left);
      toggle.value = running ? "pause" : "start";
      toggle.textContent = running ? panel.dataset.pauseWord
        : (left > 0 && left < parseFloat(panel.dataset.seconds) ? panel.dataset.resumeWord : panel.dataset.startWord);
      toggle.classList.toggle("host-pause", running);
      toggle.classList.toggle("host-start", !running);
      toggle.classList.toggle("secondary", running);
    }
    clocks.delete(panel);  // its data changed on this device: its clock starts from them again
    run();
    return true;
  }

  // The server's answer to a tap this device already ran: the same clock, unless they part by more
  // than the tap's round trip can explain (another device tapped meanwhile): then the server's. The
  // server read its clock when the tap arrived, somewhere between the tap (this clock's "left") and
  // now; a slow answer is no disagreement, however far this clock has run meanwhile.
  var SLACK = 1.5;  // seconds: the two clocks' starts differ by the earlier taps' trips
  function agree(panel, state) {
    if (panel !== document.getElementById("host")) return;
    var clock = clockOf(panel);
    var trip = (Date.now() - clock.since) / 1000;  // since the tap, when this clock was set
    var ahead = clock.left - state.left;  // what the server's clock ran between the tap and its reading
    if (state.running === clock.running && ahead > -SLACK && ahead < trip + SLACK) return;
    redraw();
  }

  document.addEventListener("DOMContentLoaded", run);
  document.addEventListener("htmx:afterSwap", run);  // a new panel counts at once, not after htmx's settle
  document.addEventListener("htmx:afterSettle", run);
})();
