// The tracker's roads while hands wait on the device (record-queue.js; docs/offline.md):
// the server's hands (the board's `board-hands` data) followed by the queue's. Offline (or a
// shoe the site does not have yet, or an undo of a recorded hand waiting) the device draws
// every road itself with window.BaccaratRoads.redraw (static/js/roads/), the hands not yet on
// the server faded; online, the answers come within moments, so the server's roads stay and
// each waiting hand is dimmed where it will land (the Bead Plate: hand n is column n / 6, row
// n % 6; the Big Road: the cells the page lists in data-landing, baccarat/roads/landing.py),
// and a hand a queued undo takes off is hidden.
(function () {
  "use strict";

  var queue = window.TrackerQueue;
  if (!queue) {
    return;
  }
  var SVG = "http://www.w3.org/2000/svg";
  var ROWS = 6;
  var FLAGS = ["player_pair", "banker_pair", "natural"];

  function data(id) {
    var element = document.getElementById(id);
    try {
      return element ? JSON.parse(element.textContent) : null;
    } catch (error) {
      return null;
    }
  }

  // The shoe's hands as the server last drew them: its data, else read from the Bead Plate.
  function serverHands() {
    var hands = data("board-hands");
    if (Array.isArray(hands)) {
      return hands;
    }
    var svg = document.getElementById("road-bead_plate");
    if (!svg) {
      return [];
    }
    return Array.prototype.map.call(svg.querySelectorAll("use.bead"), function (bead) {
      var outcome = /([BPT])$/.exec(bead.getAttribute("href") || "");
      return { outcome: outcome ? outcome[1] : "?" };
    });
  }

  function handOf(item) {
    var hand = { outcome: item.outcome, point: item.point === undefined ? null : item.point };
    FLAGS.forEach(function (name) { hand[name] = item.flags.indexOf(name) >= 0; });
    return hand;
  }

  // The device's shoe: the server's hands, then the queue applied in order.
  function deviceList(server) {
    var list = server.map(function (hand, index) { return { server: index, hand: hand }; });
    queue.items().forEach(function (item) {
      if (item.kind === "undo") {
        list.pop();
      } else {
        list.push({ item: item, hand: handOf(item) });
      }
    });
    return list;
  }

  // --- the roads -------------------------------------------------------------------------
  // Offline (or a shoe the site does not have yet, or an undo of a recorded hand waiting),
  // the device draws every road itself, the hands not yet on the server faded. Online, the
  // answers come within moments: the server's roads stay, each hand on its way dimmed where
  // it will land.
  var redrawn = false; // the roads on the page are the device's, not the server's

  function drawRoads() {
    var server = serverHands();
    var list = deviceList(server);
    var roads = window.BaccaratRoads;
    var words = data("road-words");
    var canRedraw = roads && roads.redraw && document.getElementById("board-hands") && words;
    var cut = kept(list) < server.length;
    if (canRedraw && queue.pending() && (!queue.online() || queue.local || cut)) {
      roads.redraw(document, list.map(function (entry) { return entry.hand; }), words);
      redrawn = true;
      var left = kept(list);
      document.querySelectorAll("#road-bead_plate use.bead").forEach(function (bead, index) {
        bead.classList.toggle("queued-bead", index >= left);
      });
      return;
    }
    if (redrawn && canRedraw) {
      roads.redraw(document, server, words); // the server's roads again, before the dim marks
    }
    redrawn = false;
    drawPendingBeads(list, server.length);
    drawPendingBigRoad(list, server.length);
  }

  function grow(svg, col) {
    var box = svg.viewBox.baseVal;
    if (col + 1 > box.width) { // a road drawn just wide enough: make room
      svg.setAttribute("viewBox", box.x + " " + box.y + " " + (col + 1) + " " + box.height);
      svg.style.setProperty("--cols", col + 1);
    }
  }

  function pendingMark(svg, href, col, row, item) {
    var mark = document.createElementNS(SVG, "use");
    mark.setAttribute("href", href);
    mark.setAttribute("transform", "translate(" + col + " " + row + ")");
    mark.setAttribute("class", "pending-bead" + (item.state === "failed" ? " failed" : ""));
    svg.appendChild(mark);
    grow(svg, col);
    return mark;
  }

  function kept(list) {
    return list.filter(function (entry) { return entry.item === undefined; }).length;
  }

  function drawPendingBeads(list, recorded) {
    var svg = document.getElementById("road-bead_plate");
    if (!svg) {
      return;
    }
    svg.querySelectorAll(".pending-bead").forEach(function (mark) { mark.remove(); });
    var left = kept(list);
    svg.querySelectorAll("use.bead").forEach(function (bead, index) {
      bead.classList.toggle("undone-bead", index >= left); // taken off by a queued undo
    });
    list.forEach(function (entry, at) {
      if (entry.item) {
        pendingMark(svg, "#bead-" + entry.item.outcome, Math.floor(at / ROWS), at % ROWS,
          entry.item);
      }
    });
    return recorded;
  }

  function drawPendingBigRoad(list, recorded) {
    var svg = document.getElementById("road-big_road");
    var landing = svg && svg.dataset.landing ? JSON.parse(svg.dataset.landing) : null;
    if (!landing) {
      return;
    }
    svg.querySelectorAll(".pending-bead").forEach(function (mark) { mark.remove(); });
    if (kept(list) < recorded) {
      return; // a recorded hand is being undone: where the rest land is the server's to say
    }
    var run = "";
    var newest = null;
    list.forEach(function (entry) {
      if (!entry.item) {
        return;
      }
      if (entry.item.outcome !== "T") {
        run += entry.item.outcome;
      }
      var cell = landing[run]; // none past the few hands looked ahead: the count says them
      if (cell) {
        newest = pendingMark(svg, entry.item.outcome === "T" ? "#tie-slash"
          : "#ring-" + entry.item.outcome, cell[0], cell[1], entry.item);
      }
    });
    var scroller = svg.closest(".road-scroll");
    if (newest && scroller) { // the newest column in view, as after a hand is recorded
      var box = newest.getBoundingClientRect();
      var view = scroller.getBoundingClientRect();
      if (box.right > view.right) {
        scroller.scrollLeft += box.right - view.right + box.width;
      }
    }
  }


  // A redrawn board (the queue's answer, the keypad's, Undo's) is the server's: the queue's
  // hands are drawn on it again.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "board" || event.detail.target.id === "tracker-status") {
      redrawn = redrawn && event.detail.target.id !== "board";
      drawRoads();
    }
  });
  document.addEventListener("tracker:queue-changed", drawRoads);

  window.TrackerRoads = { serverHands: serverHands, handOf: handOf, redraw: drawRoads };
})();
