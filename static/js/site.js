// Small progressive enhancements; every page works without them. Messages come translated from
// data attributes on <body> (templates/base.html).
(function () {
  function say(kind, text) {
    var box = document.getElementById("messages");
    if (!box || !text) return;
    var div = document.createElement("div");
    div.className = "message " + kind;
    div.textContent = text;
    box.appendChild(div);
  }
  document.addEventListener("htmx:responseError", function (event) {
    var data = document.body.dataset;
    if (event.detail.xhr.status >= 500) say("error", data.msgServerError);
    else say("error", data.msgRefused + " (" + event.detail.xhr.status + ")");
  });
  document.addEventListener("htmx:sendError", function () {
    say("warning", document.body.dataset.msgOffline);
  });
})();
