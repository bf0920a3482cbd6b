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
  // A form that asks for it (data-refocus: ids, the first found wins) gives the keyboard's focus
  // back once htmx has redrawn the part of the page the form was in (the Mafia 1923 roster's menus).
  document.addEventListener("htmx:afterSettle", function (event) {
    var form = event.detail.requestConfig && event.detail.requestConfig.elt;
    var ids = (form && form.dataset && form.dataset.refocus || "").split(" ");
    for (var i = 0; i < ids.length; i++) {
      var target = ids[i] && document.getElementById(ids[i]);
      if (target) { target.focus(); return; }
    }
  });
  // The account's menu in the top bar (a <details>) closes on a click elsewhere or on Escape.
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.account[open]").forEach(function (menu) {
      if (!menu.contains(event.target)) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("details.account[open]").forEach(function (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    });
  });
  // A fold that a phone closes at load (data-fold-on-phone: the record's filters), so that what
  // the page is for comes first; a wider screen and a page without JavaScript keep it open.
  if (window.matchMedia && window.matchMedia("(max-width: 40rem)").matches) {
    document.querySelectorAll("details[data-fold-on-phone][open]").forEach(function (fold) {
      fold.open = false;
    });
  }
  document.addEventListener("htmx:sendError", function () {
    say("warning", document.body.dataset.msgOffline);
  });
})();
