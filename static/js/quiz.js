// The quiz's few extras; every page works without them.
// - Enter goes on to the next question once the feedback is shown (the answers' own keys:
//   shortcuts.js);
// - after htmx redraws a panel, focus goes back into it instead of being lost;
// - a refused answer (400) is shown in the panel instead of being dropped;
// - the speed drill's clock counts down, and fetches the result when the minute is up.
(function () {
  "use strict";

  function typing(target) {
    return target.closest("input, textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) {
      return;
    }
    // A focused button or link already does its own thing with Enter.
    if (event.key !== "Enter" || event.target.closest("button, a, summary")) {
      return;
    }
    var next = document.querySelector("[data-keys] [data-next]");
    if (next) {
      event.preventDefault();
      next.click();
    }
  });

  // The button that was pressed has been replaced: without this, focus falls to <body>
  // and a keyboard user has to Tab back from the top of the page.
  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (!active || active === document.body || !document.body.contains(active)) {
      // The Next button once answered; otherwise the question itself, not its first
      // answer (a focused answer would look chosen).
      var next = document.querySelector(
        "[data-keys] [data-next], [data-keys] .quiz-question, [data-keys] .speed-start"
      );
      if (next) {
        next.focus({ preventScroll: true });
      }
    }
    startClock();
  });

  // Refused answers are swapped by htmx itself (its responseHandling, base.html).
  document.addEventListener("DOMContentLoaded", function () {
    startClock();
  });

  // The speed drill's clock. The server keeps the real time (it refuses late answers);
  // this only shows it, and asks for the result when it runs out.
  var ticking = null;
  function startClock() {
    if (ticking) {
      clearInterval(ticking);
      ticking = null;
    }
    var clock = document.querySelector("[data-seconds-left]");
    if (!clock) {
      return;
    }
    var deadline = Date.now() + parseFloat(clock.dataset.secondsLeft) * 1000;
    function tick() {
      var left = Math.max(0, (deadline - Date.now()) / 1000);
      clock.textContent = String(Math.ceil(left));
      if (left <= 0) {
        clearInterval(ticking);
        ticking = null;
        // A little after the server's minute is up, so it has finished the drill.
        setTimeout(function () {
          if (window.htmx && document.body.contains(clock)) {
            window.htmx.ajax("GET", clock.dataset.expiredUrl, { target: "#speed", swap: "outerHTML" });
          }
        }, 300);
      }
    }
    tick();
    ticking = setInterval(tick, 250);
  }
})();
