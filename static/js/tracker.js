// The tracker's few extras; every page works without them.
// - each road scrolls to its newest column, on load and after htmx redraws the board;
// - keyboard shortcuts: B, P, T record a hand, U or Backspace undoes the last one;
// - a refused hand (400) shows its message in the status region instead of being dropped.
(function () {
  "use strict";

  function scrollRoads(root) {
    root.querySelectorAll(".road-scroll").forEach(function (road) {
      road.scrollLeft = road.scrollWidth;
    });
  }

  function typing(target) {
    return target.closest("input[type=text], input[type=number], input:not([type]), textarea, select, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) {
      return;
    }
    var key = event.key.toUpperCase();
    var button = null;
    if (key === "B" || key === "P" || key === "T") {
      button = document.querySelector('#record-form button[name=outcome][value="' + key + '"]');
    } else if (key === "U" || key === "BACKSPACE") {
      button = document.querySelector(".undo-form button");
    }
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

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
