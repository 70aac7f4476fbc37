// The practice dealer's few extras; the page works without them.
// (keyboard shortcuts: shortcuts.js, from each button's aria-keyshortcuts)
// - after htmx redraws the panel, focus goes back into it instead of being lost;
// - a refused answer (400) is shown in the panel instead of being dropped.
(function () {
  "use strict";

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
