// What the device shows of the hands queued by record-queue.js (docs/offline.md):
// - the roads: the server's hands (the board's `board-hands` data) followed by the queue's,
//   drawn on the device by window.BaccaratRoads.redraw (static/js/roads/) when the page has
//   it; else each queued hand dimmed where it will land (the Bead Plate: hand n is column
//   n / 6, row n % 6; the Big Road: the cells the page lists in data-landing,
//   baccarat/roads/landing.py), and a hand a queued undo takes off hidden;
// - the status line: online and synced, offline with hands waiting, syncing k of n, synced;
// - after a sync, the check: the hands the device expected (the server's as they were, plus
//   those it sent, less those it undid) against the server's. Equal: "Synced". Different: a
//   report that stays until dismissed, naming the first hand that differs and why it can
//   (another device wrote the shoe meanwhile); the roads are the server's. The device's
//   version is never kept in place of the server's.
(function () {
  "use strict";

  var queue = window.TrackerQueue;
  var status = document.getElementById("sync-status");
  var report = document.getElementById("sync-report");
  if (!queue || !status) {
    return;
  }
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values[name]; });
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

  // --- the check after a sync ------------------------------------------------------------
  var expected = null; // the device's shoe as it should be once the queue is empty
  var answered = 0;

  document.addEventListener("tracker:queue-round", function () {
    expected = serverHands().slice();
    answered = 0;
  });
  document.addEventListener("tracker:queue-answered", function (event) {
    if (!expected) {
      expected = serverHands().slice(); // a queue kept from before this page
    }
    answered += 1;
    var item = event.detail.item;
    if (event.detail.how !== "done") {
      return;
    }
    if (item.kind === "undo") {
      expected.pop();
    } else {
      expected.push(handOf(item));
    }
  });

  function nameOf(hand) {
    var names = {
      B: gettext("Banker"),
      P: gettext("Player"),
      T: gettext("Tie"),
    };
    if (!hand) {
      return gettext("no hand");
    }
    var flags = FLAGS.filter(function (name) { return hand[name]; }).map(function (name) {
      return { player_pair: gettext("Player pair"), banker_pair: gettext("Banker pair"),
        natural: gettext("natural") }[name];
    });
    return [names[hand.outcome] || hand.outcome].concat(flags).join(", ");
  }

  function same(mine, theirs) {
    if (!mine || !theirs || mine.outcome !== theirs.outcome) {
      return false;
    }
    return FLAGS.every(function (name) {
      return !(name in theirs) || !(name in mine) || Boolean(mine[name]) === Boolean(theirs[name]);
    });
  }

  function firstDifference(mine, theirs) {
    var most = Math.max(mine.length, theirs.length);
    for (var index = 0; index < most; index += 1) {
      if (!same(mine[index], theirs[index])) {
        return index;
      }
    }
    return -1;
  }

  function check() {
    var mine = expected;
    var theirs = serverHands();
    var at = firstDifference(mine, theirs);
    expected = null;
    if (at < 0) {
      return true;
    }
    var others = queue.round().others;
    var text = fill(gettext("Hand %(number)s differs: this device expected %(mine)s, the shoe has %(theirs)s."), {
      number: at + 1,
      mine: nameOf(mine[at]),
      theirs: nameOf(theirs[at]),
    });
    var why = others ? fill(ngettext(
      "%(count)s hand from another device came first; yours follow it.",
      "%(count)s hands from another device came first; yours follow them.", others),
      { count: others })
      : gettext("Another device may have written this shoe while this one was offline.");
    showReport(text + " " + why + " " +
      gettext("The roads show the shoe as the site has it."));
    return false;
  }

  function showReport(text) {
    if (!report) {
      return;
    }
    report.hidden = false;
    report.querySelector(".sync-report-text").textContent = text;
  }

  if (report) {
    var words = document.createElement("p");
    words.className = "sync-report-text";
    var dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "secondary";
    dismiss.textContent = gettext("Dismiss");
    report.append(words, dismiss);
    dismiss.addEventListener("click", function () {
      report.hidden = true;
      words.textContent = "";
      var button = document.querySelector('#record-form button[name="outcome"]');
      if (button) {
        button.focus({ preventScroll: true });
      }
    });
  }

  // --- the status line -------------------------------------------------------------------
  // true: a sync just ended and its check found nothing; false: it found a difference.
  var synced = null;

  function say(icon, text) {
    var glyph = status.querySelector(".sync-icon");
    var words = status.querySelector(".sync-words");
    if (!glyph) {
      glyph = document.createElement("span");
      glyph.className = "sync-icon";
      glyph.setAttribute("aria-hidden", "true");
      words = document.createElement("span");
      words.className = "sync-words";
      status.append(glyph, words);
    }
    status.dataset.state = icon;
    glyph.textContent = {
      online: "●", offline: "○", syncing: "↻", synced: "✓", stopped: "!", differs: "!",
    }[icon];
    if (words.textContent !== text) {
      words.textContent = text;
    }
  }

  function drawStatus(detail) {
    var waiting = detail.waiting + detail.sending + detail.failed;
    if (detail.failed) {
      say("stopped", fill(ngettext("Stopped · %(count)s hand not sent",
        "Stopped · %(count)s hands not sent", waiting), { count: waiting }));
    } else if (!detail.online || queue.local) {
      say("offline", fill(ngettext("Offline · %(count)s hand waiting",
        "Offline · %(count)s hands waiting", waiting), { count: waiting }));
    } else if (waiting) {
      var round = queue.round();
      say("syncing", fill(gettext("Syncing · %(done)s of %(total)s"), {
        done: Math.min(round.sent + 1, round.total),
        total: Math.max(round.total, 1),
      }));
    } else if (synced === false) {
      say("differs", gettext("Synced · the shoe differs from this device"));
    } else if (synced) {
      say("synced", gettext("Synced"));
    } else {
      say("online", gettext("Online · synced"));
    }
  }

  document.addEventListener("tracker:queue-changed", function (event) {
    var detail = event.detail;
    if (!detail.waiting && !detail.sending && !detail.failed && detail.online && expected &&
        answered) {
      synced = check();
      answered = 0;
    } else if (detail.waiting || detail.sending) {
      synced = null;
    }
    drawStatus(detail);
    drawRoads();
  });

  // A redrawn board (the queue's answer, the keypad's, Undo's) is the server's: the queue's
  // hands are drawn on it again.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "board" || event.detail.target.id === "tracker-status") {
      redrawn = redrawn && event.detail.target.id !== "board";
      drawRoads();
    }
  });

  if (queue.pending()) {
    expected = serverHands().slice(); // a queue kept from before: the shoe as it is now
  }
  window.TrackerSync = { serverHands: serverHands, redraw: drawRoads };
  drawStatus({ waiting: queue.pending(), sending: 0, failed: 0, online: queue.online() });
})();
