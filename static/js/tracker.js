// The scoreboard roads' few extras (the tracker, and the road boards of lessons and quiz
// questions); every page works without them.
// - each road scrolls to its newest mark, on load, after htmx redraws the board and when the
//   window's width changes;
// (keyboard shortcuts B, P, T, U or Backspace: shortcuts.js, from the buttons)
// - a refused hand (400) shows its message in the status region instead of being dropped;
// (recording hands one tap at a time, in order: record-queue.js)
// - a derived mark's proof opens where the eye is (the scoreboard's dialog, or a lesson
//   board's own panel) and the two Big Road columns it compares are framed while it shows
//   (written on the device when the device drew the roads: roads/draw.js).
(function () {
  "use strict";

  // Each road's SVG says where its newest mark is (data-newest, a column) and how many
  // columns its marks take (data-extent): the end of the grid is no guide, as the roads draw
  // empty columns past their marks (MIN_COLUMNS), and a box scrolled to its end shows none
  // of them on a phone. Read from attributes, not from the marks themselves, so that a
  // long shoe's hundreds of marks cost nothing here (one layout read a road).
  var shown = new WeakSet(); // roads already scrolled to their newest mark

  function showNewest(box) {
    var svg = box.querySelector("svg[data-newest]");
    if (!svg || svg.dataset.newest === "") {
      return;
    }
    var newest = Number(svg.dataset.newest);
    var extent = Number(svg.dataset.extent);
    var boxRect = box.getBoundingClientRect();
    var svgRect = svg.getBoundingClientRect();
    var cell = svgRect.height / svg.viewBox.baseVal.height;
    var origin = svgRect.left - boxRect.left - box.clientLeft + box.scrollLeft;
    var visible = box.clientWidth / cell;
    // Everything fits: from the start. Else the newest mark and one column after it at the
    // right edge, the columns before it to its left (a dragon tail further right is cut).
    var left = extent <= visible ? 0 : newest + 2 - visible;
    // Instant, never smooth (the boxes set no scroll-behavior): a redrawn board would glide
    // from its start after every hand, and prefers-reduced-motion asks for no motion at all.
    box.scrollLeft = Math.max(0, origin + left * cell);
    shown.add(svg);
  }

  function showAll(onlyNew) {
    document.querySelectorAll(".road-scroll").forEach(function (box) {
      // After a swap, leave alone a road already shown (only a redrawn board is new): the
      // reader may have scrolled it back to open an older mark's proof.
      var svg = box.querySelector("svg[data-newest]");
      if (!onlyNew || (svg && !shown.has(svg))) {
        showNewest(box);
      }
    });
  }

  // A proof's own page draws the Big Road with its frames: show them, not the newest mark.
  function showFramed() {
    var proof = document.querySelector("article.proof[data-frames]");
    var svg = document.getElementById("road-big_road");
    if (proof && svg && svg.querySelector(".compared-frames use")) {
      showColumns(svg, framedCells(proof));
    }
  }

  function start() {
    showAll(false);
    showFramed();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  document.addEventListener("htmx:afterSettle", function () {
    showAll(true);
  });
  // Roads the device redrew itself (roads/draw.js, with no network): each newest mark in
  // view, as after a hand the server drew.
  document.addEventListener("roads:redrawn", function () {
    showAll(false);
  });

  // The Bead Plate folds (a <details>): the reader's choice is kept in this browser and
  // given back to the board each hand redraws (afterSwap, before it is painted).
  var FOLD = "tracker-bead-plate";
  function keepFold() {
    var fold = document.querySelector("#board .bead-fold");
    var stored = null;
    try {
      stored = window.localStorage.getItem(FOLD);
    } catch (e) { /* storage refused: the fold starts open each time */ }
    if (fold && stored) {
      fold.open = stored === "open";
    }
  }
  keepFold();
  document.addEventListener("htmx:afterSwap", keepFold);
  document.addEventListener("toggle", function (event) {
    var fold = event.target;
    if (!fold.classList || !fold.classList.contains("bead-fold")) {
      return;
    }
    try {
      window.localStorage.setItem(FOLD, fold.open ? "open" : "closed");
    } catch (e) { /* not kept: nothing else changes */ }
    if (fold.open) {
      // Hidden, its box had no width to scroll: show its newest bead now.
      showNewest(fold.querySelector(".road-scroll"));
    }
  }, true);

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

  // A hand is recorded under its form's key (tracker/idempotency.py): the result buttons' keys
  // are drawn by record-queue.js, one a tap; the keypad's come with each of its answers. The
  // header says what the field sent says, so a request sent again keeps its key.
  document.addEventListener("htmx:configRequest", function (event) {
    var sent = event.detail.parameters;
    var key = sent && sent.get && sent.get("idempotency_key");
    if (key) {
      event.detail.headers["Idempotency-Key"] = key;
    }
  });

  // --- a mark's proof --------------------------------------------------------------------
  var SVG = "http://www.w3.org/2000/svg";
  var dialog = document.getElementById("proof-dialog");
  var chosen = null; // the mark whose proof is open, to give focus back to

  // "proof" is the scoreboard's; a lesson board's panel is "<prefix>-proof", beside its
  // "<prefix>-road-big_road".
  function bigRoadFor(target) {
    var id = target.id === "proof" ? "road-big_road" : target.id.replace(/-proof$/, "-road-big_road");
    return document.getElementById(id);
  }

  function unframe(svg) {
    if (!svg) {
      return;
    }
    svg.querySelector(".compared-frames").replaceChildren();
    svg.querySelectorAll(".column-number.compared").forEach(function (number) {
      number.classList.remove("compared");
    });
  }

  // The proof carries the cells to frame ("col,row col,row"); the engine chose them.
  function framedCells(proof) {
    return proof.dataset.frames.split(" ").filter(Boolean).map(function (pair) {
      return pair.split(",").map(Number);
    });
  }

  function frame(target) {
    var proof = target.querySelector("[data-frames]");
    var svg = bigRoadFor(target);
    if (!proof || !svg) {
      return;
    }
    unframe(svg);
    var cells = framedCells(proof);
    var group = svg.querySelector(".compared-frames");
    cells.forEach(function (cell) {
      var use = document.createElementNS(SVG, "use");
      use.setAttribute("href", "#compared-frame");
      use.setAttribute("transform", "translate(" + cell[0] + " " + cell[1] + ")");
      group.appendChild(use);
    });
    proof.dataset.columns.split(" ").forEach(function (column) {
      var number = svg.querySelector('.column-number[data-column="' + column + '"]');
      if (number) {
        number.classList.add("compared");
      }
    });
    showColumns(svg, cells);
  }

  // Scroll the Big Road's box sideways to the framed columns, centred when they fit.
  function showColumns(svg, cells) {
    var box = svg.closest(".road-scroll");
    if (!box || !cells.length) {
      return;
    }
    var cols = cells.map(function (cell) { return cell[0]; });
    var first = Math.min.apply(null, cols);
    var last = Math.max.apply(null, cols) + 1;
    var boxRect = box.getBoundingClientRect();
    var svgRect = svg.getBoundingClientRect();
    var cell = svgRect.height / svg.viewBox.baseVal.height;
    var origin = svgRect.left - boxRect.left - box.clientLeft + box.scrollLeft;
    var visible = box.clientWidth / cell;
    var left = last - first <= visible ? (first + last - visible) / 2 : first - 0.5;
    box.scrollLeft = Math.max(0, origin + left * cell);
  }

  // Bring the Big Road into the part of the screen the proof's dialog leaves (above it on
  // a phone; all of it on a wide screen, where the dialog is beside the board), so that the
  // frames can be seen, and the chosen mark with it when both fit.
  function bringIntoView(svg, mark) {
    var big = svg.closest(".road-scroll").getBoundingClientRect();
    var sheet = dialog.getBoundingClientRect();
    var floor = (sheet.left >= big.right ? window.innerHeight : sheet.top) - 8;
    var top = big.top;
    var bottom = big.bottom;
    if (mark && mark.isConnected) {
      var own = mark.getBoundingClientRect();
      if (Math.max(bottom, own.bottom) - Math.min(top, own.top) <= floor - 8) {
        top = Math.min(top, own.top);
        bottom = Math.max(bottom, own.bottom);
      }
    }
    if (bottom > floor) {
      window.scrollBy(0, bottom - floor);
    } else if (top < 8) {
      window.scrollBy(0, top - 8);
    }
  }

  function isProof(target) {
    return target && /(^|-)proof$/.test(target.id);
  }

  function choose(mark) {
    if (chosen && chosen !== mark) {
      chosen.classList.remove("chosen");
    }
    chosen = mark;
    if (mark) {
      mark.classList.add("chosen");
    }
  }

  // A mark is a plain link to its proof's page. One listener for every mark (not hx-get on
  // each: htmx would process hundreds of them as the page loads) loads the proof where its
  // road's SVG says (data-proof-target). Clicks with a modifier still open the page.
  document.addEventListener("click", function (event) {
    var mark = event.target.closest && event.target.closest("a.mark");
    var road = mark && mark.closest("[data-proof-target]");
    if (!road || !window.htmx || event.button !== 0 || event.ctrlKey || event.metaKey ||
        event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    choose(mark);
    // Roads the device drew (roads/draw.js) may hold hands the server has not seen, and the
    // network may be gone: their proof is written here, the same as the server's.
    var local = window.BaccaratRoads && window.BaccaratRoads.drawnFor &&
      window.BaccaratRoads.drawnFor(road);
    var target = document.querySelector(road.dataset.proofTarget);
    var asked = /([a-z_]+)\/(\d+)\/$/.exec(mark.getAttribute("href"));
    if (local && target && asked) {
      var html = window.BaccaratRoads.proofPanel(local.board, asked[1], Number(asked[2]),
        local.words);
      if (html) {
        if (dialog && target.id === "proof" && !dialog.open) {
          dialog.show(); // first: the live region must be on screen when the proof arrives
        }
        target.innerHTML = html;
        proofShown(target);
        return;
      }
    }
    htmx.ajax("GET", mark.getAttribute("href"), {
      source: mark,
      target: road.dataset.proofTarget,
      swap: "innerHTML",
    });
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    // Open the dialog first: its live region must be on screen when the proof arrives.
    if (dialog && event.detail.target.id === "proof" && event.detail.xhr.status === 200) {
      if (!dialog.open) {
        dialog.show();
      }
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (isProof(event.detail.target)) {
      proofShown(event.detail.target);
    }
  });

  function proofShown(target) {
    frame(target);
    if (dialog && target.id === "proof") {
      var svg = bigRoadFor(target);
      if (svg) {
        bringIntoView(svg, chosen);
      }
      document.getElementById("proof-dialog-heading").focus({preventScroll: true});
    }
  }

  if (dialog) {
    dialog.addEventListener("close", function () {
      unframe(document.getElementById("road-big_road"));
      if (chosen && chosen.isConnected) {
        chosen.focus({preventScroll: true});
      }
      choose(null);
    });
    // A non-modal dialog has no Escape of its own; with no proof open, Escape closes the
    // card keypad (its cards so far stay in the form).
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") {
        return;
      }
      var keypad = document.querySelector(".card-keypad[open]");
      if (dialog.open) {
        event.preventDefault();
        dialog.close();
      } else if (keypad) {
        event.preventDefault();
        keypad.open = false;
        keypad.querySelector("summary").focus();
      }
    });
    // A hand recorded or undone redraws the roads: the proof may be of a mark now gone.
    document.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target.id === "board" && dialog.open) {
        choose(null);
        dialog.close();
      }
    });
  }
})();
