// The practice dealer's few extras; the page works without them.
// - keyboard shortcuts: each answer button's letter (shown in its <kbd>), H deals a hand;
// - after htmx redraws the panel, focus goes back into it instead of being lost;
// - a refused answer (400) is shown in the panel instead of being dropped.
(function () {
  "use strict";

  function typing(target) {
    return target.closest("input[type=text], input[type=number], input:not([type]), textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) {
      return;
    }
    var key = event.key.toUpperCase();
    if (key.length !== 1) {
      return;
    }
    // The letters belong to the buttons on the page now, so they can never disagree.
    var button = document.querySelector('#practice button[data-key="' + key + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // The button that was pressed has been replaced: without this, focus falls to <body>
  // and a keyboard user has to Tab back from the top of the page.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!document.activeElement || document.activeElement === document.body) {
      // The question itself, not its first answer: a focused answer would look chosen.
      var next = document.querySelector("#practice .practice-question, #practice .practice-deal");
      if (next) {
        next.focus({ preventScroll: true });
      }
    }
  });

})();
