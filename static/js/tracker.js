// The tracker's few extras; every page works without them.
// - each road scrolls to its newest column, on load and after htmx redraws the board;
// (keyboard shortcuts B, P, T, U or Backspace: shortcuts.js, from the buttons)
// - a refused hand (400) shows its message in the status region instead of being dropped.
(function () {
  "use strict";

  function scrollRoads(root) {
    root.querySelectorAll(".road-scroll").forEach(function (road) {
      road.scrollLeft = road.scrollWidth;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    scrollRoads(document);
  });

  document.addEventListener("htmx:afterSettle", function () {
    scrollRoads(document);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.form;
    if (form && form.id === "record-form" && event.detail.successful) {
      form.reset(); // the pair and natural ticks belong to one hand only
    }
  });

})();
