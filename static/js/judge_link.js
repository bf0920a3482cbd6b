// The judge's link panel (templates/games/_judge_link.html): the "Copy" button. Without this
// file the link is still there, in a read-only field to select by hand.
(function () {
  "use strict";

  function selectAll(input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
  }

  function say(button, text) {
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.textContent = text;
    clearTimeout(button._restore);
    button._restore = setTimeout(function () { button.textContent = button.dataset.label; }, 2500);
  }

  // Without the clipboard permission (or outside HTTPS) the old copy command, and failing that the
  // text stays selected for the organizer to copy themselves.
  function copySelected(button) {
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    say(button, copied ? button.dataset.copied : button.dataset.selected);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    var input = document.getElementById(button.dataset.copy);
    if (!input) return;
    selectAll(input);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(
        function () { say(button, button.dataset.copied); },
        function () { selectAll(input); copySelected(button); });
    } else {
      copySelected(button);
    }
  });

  // A tap on the field selects the whole link.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-link-url]")) event.target.select();
  });

  document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) { button.hidden = false; });
})();
