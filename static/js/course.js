// A lesson's few extras; the page works without them.
// - keyboard shortcuts for the inline checks: each answer's key (shown in its <kbd>) answers
//   the check that has focus, or else the first unanswered check fully on screen;
// - after htmx redraws a check or a board, focus goes back where it was instead of <body>;
// - a refused answer (400) is shown in the check instead of being dropped.
(function () {
  "use strict";

  function typing(target) {
    return target.closest("input[type=text], input[type=number], input:not([type]), textarea, select, [contenteditable]");
  }

  function onScreen(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  function checkForKeys() {
    var focused = document.activeElement && document.activeElement.closest(".lesson-check");
    if (focused && focused.querySelector("form.check-form")) {
      return focused;
    }
    var forms = document.querySelectorAll(".lesson-check form.check-form");
    for (var i = 0; i < forms.length; i++) {
      if (onScreen(forms[i])) {
        return forms[i].closest(".lesson-check");
      }
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) {
      return;
    }
    var key = event.key.toUpperCase();
    if (key.length !== 1) {
      return;
    }
    var check = checkForKeys();
    var button = check && check.querySelector('button[data-key="' + key + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // What was pressed is about to be replaced: remember it, to focus its successor.
  var pressed = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var check = source.closest(".lesson-check");
    var board = source.closest(".lesson-road");
    var submitter = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent &&
      event.detail.requestConfig.triggeringEvent.submitter;
    pressed = {
      check: check ? check.id : null,
      board: board ? board.id : null,
      add: submitter && submitter.dataset ? submitter.dataset.add : null
    };
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!pressed || (document.activeElement && document.activeElement !== document.body)) {
      return;
    }
    var next = null;
    if (pressed.check) {
      // The next question itself, not its first answer: a focused answer would look chosen.
      next = document.querySelector("#" + pressed.check + "-panel");
    } else if (pressed.board) {
      var board = document.getElementById(pressed.board);
      next = board && (board.querySelector('button[data-add="' + pressed.add + '"]') ||
        board.querySelector("button[data-add]"));
    }
    if (next) {
      next.focus({ preventScroll: true });
    }
    pressed = null;
  });

})();
