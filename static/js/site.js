// Small progressive enhancements; every page works without them.
document.addEventListener("htmx:responseError", function (event) {
  var box = document.getElementById("messages");
  if (!box) return;
  var div = document.createElement("div");
  div.className = "message error";
  div.textContent = event.detail.xhr.status >= 500
    ? "The server could not finish that. Nothing was saved; try again."
    : "That was refused (" + event.detail.xhr.status + ").";
  box.appendChild(div);
});
document.addEventListener("htmx:sendError", function () {
  var box = document.getElementById("messages");
  if (!box) return;
  var div = document.createElement("div");
  div.className = "message warning";
  div.textContent = "No connection. Nothing was lost; try again when the network is back.";
  box.appendChild(div);
});
