// A lesson's few extras; the page works without them.
// (keyboard shortcuts for the inline checks: shortcuts.js, each check a data-keys region)
// - after htmx redraws a check or a board, focus goes back where it was instead of <body>:
//   to a check's next question, with the hand just answered and its feedback scrolled into
//   view above it; to a board's refused field (its error is by it), or the key pressed;
// - a refused answer (400) is shown in the check instead of being dropped;
// - a card picker's key tapped while the board is still on its way back waits its turn and
//   is pressed again on the new board (each key is sent with the cards the server last
//   returned, so a key sent early would lose the one before); the picker says how many wait.
(function () {
  "use strict";

  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var waiting = []; // {board: id, add: data-add} of keys tapped while their board was sending
  var sending = {}; // board id -> true while its request is out

  function sayWaiting(boardId) {
    var board = document.getElementById(boardId);
    var next = board && board.querySelector(".card-keypad-next");
    if (!next) {
      return;
    }
    var count = waiting.filter(function (key) { return key.board === boardId; }).length;
    var line = next.querySelector(".card-picker-waiting");
    if (!line) {
      line = document.createElement("span");
      line.className = "card-picker-waiting";
      next.appendChild(line);
    }
    line.textContent = count ? " " + ngettext("%s more card on its way.",
      "%s more cards on their way.", count).replace("%s", count) : "";
  }

  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest(".card-picker button[data-add]");
    var board = key && key.closest("[data-board]");
    if (!board || !sending[board.id]) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    waiting.push({ board: board.id, add: key.dataset.add });
    sayWaiting(board.id);
  }, true);

  function sendNext(boardId) {
    delete sending[boardId];
    var index = waiting.findIndex(function (key) { return key.board === boardId; });
    if (index < 0) {
      return;
    }
    var key = waiting.splice(index, 1)[0];
    var board = document.getElementById(boardId);
    var button = board && board.querySelector('.card-picker [data-add="' + key.add + '"]');
    if (button) {
      button.click();
    } else {
      waiting = waiting.filter(function (other) { return other.board !== boardId; });
    }
    sayWaiting(boardId);
  }

  // What was pressed is about to be replaced: remember it, to focus its successor.
  var pressed = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var check = source.closest(".lesson-check");
    var board = source.closest("[data-board]");
    var submitter = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent &&
      event.detail.requestConfig.triggeringEvent.submitter;
    if (board) {
      sending[board.id] = true;
    }
    pressed = {
      check: check ? check.id : null,
      board: board ? board.id : null,
      add: submitter && submitter.dataset ? submitter.dataset.add : (source.dataset.add || null),
      // A picker that changed (the tableau's selects) is redrawn with the same id.
      field: source.matches("select, input") ? source.id : null
    };
  });

  // A refused or lost request settles nothing: its board takes keys again.
  document.addEventListener("htmx:afterRequest", function (event) {
    var board = event.detail.elt.closest && event.detail.elt.closest("[data-board]");
    if (board && !event.detail.successful) {
      waiting = waiting.filter(function (key) { return key.board !== board.id; });
      sayWaiting(board.id);
      delete sending[board.id];
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    var settled = pressed && pressed.board;
    focusAfter();
    pressed = null; // settled once, however many pieces the swap had
    if (settled) {
      sendNext(settled);
    }
  });

  function focusAfter() {
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
  }

})();
