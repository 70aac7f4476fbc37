// The scoreboard roads' few extras (the tracker, and the road boards of lessons and quiz
// questions); every page works without them.
// - each road scrolls to its newest mark, on load, after htmx redraws the board and when the
//   window's width changes;
// (keyboard shortcuts B, P, T, U or Backspace: shortcuts.js, from the buttons)
// - a refused hand (400) shows its message in the status region instead of being dropped.
(function () {
  "use strict";

  // The marks the road components draw, in the order the hands made them (bead plate by
  // hand, Big Road streak by streak, derived roads by mark), so the newest is the last. The
  // end of the grid is no guide: the roads draw empty columns past their marks
  // (MIN_COLUMNS), and a box scrolled to its end shows none of them on a phone.
  var MARKS = "use.bead, use.big-road-cell, use.leading-ties, a.mark";
  var shown = new WeakSet(); // newest marks already scrolled to

  // Each mark is placed with translate(col row), one SVG unit a cell.
  function column(mark) {
    return mark.transform.baseVal.consolidate().matrix.e;
  }

  function showNewest(box) {
    var marks = box.querySelectorAll(MARKS);
    var svg = box.querySelector("svg");
    if (!marks.length || !svg) {
      return;
    }
    var columns = Array.prototype.map.call(marks, column);
    var newest = columns[columns.length - 1];
    var boxRect = box.getBoundingClientRect();
    var svgRect = svg.getBoundingClientRect();
    var cell = svgRect.height / svg.viewBox.baseVal.height;
    var origin = svgRect.left - boxRect.left - box.clientLeft + box.scrollLeft;
    var visible = box.clientWidth / cell;
    // Everything fits: from the start. Else the newest mark and one column after it at the
    // right edge, the columns before it to its left (a dragon tail further right is cut).
    var left = Math.max.apply(null, columns) + 1 <= visible ? 0 : newest + 2 - visible;
    // Instant, never smooth (the boxes set no scroll-behavior): a redrawn board would glide
    // from its start after every hand, and prefers-reduced-motion asks for no motion at all.
    box.scrollLeft = Math.max(0, origin + left * cell);
    shown.add(marks[marks.length - 1]);
  }

  function showAll(onlyNew) {
    document.querySelectorAll(".road-scroll").forEach(function (box) {
      var marks = box.querySelectorAll(MARKS);
      // After a swap, leave alone a road whose newest mark was already shown: the reader
      // may have scrolled it back to open an older mark's proof.
      if (!onlyNew || (marks.length && !shown.has(marks[marks.length - 1]))) {
        showNewest(box);
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { showAll(false); });
  } else {
    showAll(false);
  }

  document.addEventListener("htmx:afterSettle", function () {
    showAll(true);
  });

  // A turned phone or a narrower window moves each box's right edge. Width only: a phone's
  // address bar hiding on scroll resizes the height, and must not undo the reader's scroll.
  var width = window.innerWidth;
  var pending = false;
  window.addEventListener("resize", function () {
    if (pending || window.innerWidth === width) {
      return;
    }
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      width = window.innerWidth;
      showAll(false);
    });
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.form;
    if (form && form.id === "record-form" && event.detail.successful) {
      form.reset(); // the pair and natural ticks belong to one hand only
    }
  });

})();
