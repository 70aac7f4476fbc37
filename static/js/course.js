// A lesson's few extras; the page works without them.
// (keyboard shortcuts for the inline checks: shortcuts.js, each check a data-keys region)
// - after htmx redraws a check or a board, focus goes back where it was instead of <body>:
//   to a check's next question, with the hand just answered and its feedback scrolled into
//   view above it; to a board's refused field (its error is by it), or the key pressed;
// - a refused answer (400) is shown in the check instead of being dropped.
(function () {
  "use strict";

  // What was pressed is about to be replaced: remember it, to focus its successor.
  var pressed = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var check = source.closest(".lesson-check");
    var board = source.closest("[data-board]");
    var submitter = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent &&
      event.detail.requestConfig.triggeringEvent.submitter;
    pressed = {
      check: check ? check.id : null,
      board: board ? board.id : null,
      add: submitter && submitter.dataset ? submitter.dataset.add : (source.dataset.add || null),
      // A picker that changed (the tableau's selects) is redrawn with the same id.
      field: source.matches("select, input") ? source.id : null
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
      var result = document.querySelector("#" + pressed.check + " .check-result");
      if (next && result && result.textContent.trim()) {
        result.scrollIntoView({ block: "start", behavior: "instant" });
      }
    } else if (pressed.board) {
      var board = document.getElementById(pressed.board);
      next = board && (board.querySelector('[aria-invalid="true"]') ||
        (pressed.field && document.getElementById(pressed.field)) ||
        board.querySelector('[data-add="' + pressed.add + '"]') ||
        board.querySelector("button[data-add]"));
    }
    if (next) {
      next.focus({ preventScroll: true });
    }
    pressed = null;
  });

})();
