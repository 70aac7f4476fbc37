// The tracker's result buttons, one tap one hand on any network (templates/tracker/shoe.html).
// Without this script each tap is a plain form post.
// - Every tap joins a queue, with its own Idempotency-Key (tracker/idempotency.py) and the
//   ticks (pairs, natural) it was made with; the queue sends one hand at a time, in order,
//   each only after the one before was recorded. A dim bead shows at once where each hand
//   will land on the Bead Plate (hand n is column n / 6, row n % 6: no guessing), and a
//   live region counts the hands on their way.
// - A hand that gets no answer, or an error the site cannot show in place (5xx, 429, 403),
//   stops the queue: it says so, and the hand can be sent again under its own key (the
//   server records it once even if the lost answer was for a stored hand) or dropped. The
//   same tap again is a retry too. A refusal the site shows (400, 409, 422) is dropped.
// - Only a real double tap (a pointer, same button, under DOUBLE ms) is one hand, and the
//   page says so; keyboard shortcuts and quick taps on a slow network are all recorded.
// - Undo while hands are still waiting takes back the last one not yet sent.
// - The queue is kept on the device for each shoe (localStorage) until every hand in it is
//   answered: a reload, or a phone that killed the tab, sends them again under their own
//   keys, so each is recorded once whether or not it had reached the shoe.
(function () {
  "use strict";

  var form = document.getElementById("record-form");
  var line = document.getElementById("record-queue-status");
  var failedBox = document.getElementById("record-queue-failed");
  if (!form || !line || !failedBox || !window.htmx || !window.crypto) {
    return;
  }
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values[name]; });
  }

  var SVG = "http://www.w3.org/2000/svg";
  var ROWS = 6;
  var DOUBLE = 150; // ms: a thumb bouncing, not two hands
  var FLAGS = ["player_pair", "banker_pair", "natural"];
  var queue = []; // {outcome, label, flags, key, state: "waiting" | "sending" | "failed"}
  var lastTap = null;
  var note = ""; // said once beside the count: a merged double tap, a dropped hand

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes); // unlike randomUUID, also on a plain-http LAN
    return Array.prototype.map.call(bytes, function (byte) {
      return (byte + 256).toString(16).slice(1);
    }).join("");
  }

  // The outcome's name as its button says it (translated by the page), without the <kbd>.
  function label(button) {
    return button.firstChild.textContent.trim();
  }

  function takeFlags() {
    return FLAGS.filter(function (name) {
      var box = form.elements.namedItem(name);
      var ticked = box && box.checked;
      if (box) {
        box.checked = false; // the ticks belong to this hand only
      }
      return ticked;
    });
  }

  // Kept as tapped (outcome, ticks, key), for half a day: a shoe is dealt in an hour or so,
  // and a hand tapped yesterday is not this shoe's next one.
  var KEEP_FOR = 12 * 3600 * 1000;
  var store = null;
  try {
    store = window.localStorage;
  } catch (error) {
    // storage refused (a private window's settings): the queue works as without this
  }
  var storeName = "tracker-queue:" + form.getAttribute("action");

  function keep() {
    if (!store) {
      return;
    }
    try {
      if (queue.length) {
        store.setItem(storeName, JSON.stringify({
          time: Date.now(),
          hands: queue.map(function (item) {
            return { outcome: item.outcome, label: item.label, flags: item.flags, key: item.key };
          }),
        }));
      } else {
        store.removeItem(storeName);
      }
    } catch (error) {
      // storage full or refused: nothing kept, nothing lost from the page
    }
  }

  function kept() {
    try {
      var saved = store && JSON.parse(store.getItem(storeName) || "null");
      if (saved && Date.now() - saved.time < KEEP_FOR && Array.isArray(saved.hands)) {
        return saved.hands.filter(function (hand) {
          return /^[BPT]$/.test(hand.outcome) && /^[0-9a-f]{32}$/.test(hand.key) &&
            Array.isArray(hand.flags);
        });
      }
    } catch (error) {
      // unreadable: treated as nothing kept
    }
    return [];
  }

  function send() {
    keep();
    var head = queue[0];
    if (!head || head.state !== "waiting") {
      draw();
      return;
    }
    head.state = "sending";
    var values = { outcome: head.outcome, idempotency_key: head.key };
    head.flags.forEach(function (name) { values[name] = "on"; });
    // Through htmx, so that the answer is swapped, refused or reported as any other is
    // (refusals.js), and waits its turn behind the keypad's and Undo's (hx-sync).
    htmx.ajax("POST", form.getAttribute("action"), {
      source: form,
      target: "#board",
      swap: "outerHTML",
      values: values,
      headers: { "Idempotency-Key": head.key },
    });
    draw();
  }

  form.addEventListener("htmx:afterRequest", function (event) {
    var head = queue[0];
    if (event.detail.elt !== form || !head || head.state !== "sending") {
      return;
    }
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if ((status >= 200 && status < 300) || status === 400 || status === 409 || status === 422) {
      queue.shift();
      send();
    } else {
      head.state = "failed";
      keep();
      draw();
    }
  });

  function retry() {
    if (queue.length && queue[0].state === "failed") {
      queue[0].state = "waiting";
      note = "";
      send();
    }
  }

  function drop(index) {
    var item = queue.splice(index, 1)[0];
    note = fill(gettext("%(outcome)s dropped: not recorded."), { outcome: item.label });
    send();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest &&
      event.target.closest('#record-form button[name="outcome"]');
    if (!button) {
      return;
    }
    event.preventDefault(); // the queue posts it, not the form or htmx
    event.stopImmediatePropagation();
    var now = Date.now();
    var pointer = event.isTrusted && event.detail > 0; // not a shortcut, Enter or Space
    if (pointer && lastTap && lastTap.outcome === button.value && now - lastTap.time < DOUBLE) {
      note = gettext("Double tap: recorded once.");
      draw();
      return;
    }
    lastTap = pointer ? { outcome: button.value, time: now } : null;
    var last = queue[queue.length - 1];
    if (queue.length === 1 && last.state === "failed" && last.outcome === button.value) {
      retry(); // the same tap again, after no answer came
      return;
    }
    note = "";
    queue.push({
      outcome: button.value,
      label: label(button),
      flags: takeFlags(),
      key: newKey(),
      state: "waiting",
    });
    send();
  }, true);

  // Undo (a click, U or Backspace) while hands wait: the last one not yet sent is taken back
  // here, as it never reached the shoe. Cards on the keypad are cleared first (the server's
  // undo does that), and a hand on its way is undone after it, in turn (hx-sync).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".undo-form button");
    var last = queue[queue.length - 1];
    var cards = button && button.form.elements.namedItem("cards");
    if (!button || !last || last.state === "sending" || (cards && cards.value)) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    drop(queue.length - 1);
  }, true);

  [["retry", gettext("Send it again")], ["drop", gettext("Drop it")]].forEach(function (pair) {
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.queue = pair[0];
    button.textContent = pair[1];
    failedBox.appendChild(button);
  });
  failedBox.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-queue]");
    if (!button) {
      return;
    }
    if (button.dataset.queue === "retry") {
      retry();
    } else if (queue.length && queue[0].state === "failed") {
      drop(0);
    }
    // The pressed button is hidden now: focus goes back to the result buttons.
    form.querySelector('button[name="outcome"]').focus({ preventScroll: true });
  });

  // The hands not yet recorded, dimmed where they will land: on the Bead Plate, and on the
  // Big Road (the cells the page lists in data-landing for every run of the next few Banker
  // and Player results: baccarat/roads/landing.py; a tie is written on the bead before it).
  function drawPending() {
    drawPendingBeads();
    drawPendingBigRoad();
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

  function drawPendingBeads() {
    var svg = document.getElementById("road-bead_plate");
    if (!svg) {
      return;
    }
    svg.querySelectorAll(".pending-bead").forEach(function (mark) { mark.remove(); });
    var recorded = svg.querySelectorAll("use.bead").length;
    queue.forEach(function (item, index) {
      var at = recorded + index;
      pendingMark(svg, "#bead-" + item.outcome, Math.floor(at / ROWS), at % ROWS, item);
    });
  }

  function drawPendingBigRoad() {
    var svg = document.getElementById("road-big_road");
    var landing = svg && svg.dataset.landing ? JSON.parse(svg.dataset.landing) : null;
    if (!landing) {
      return;
    }
    svg.querySelectorAll(".pending-bead").forEach(function (mark) { mark.remove(); });
    var run = "";
    var newest = null;
    queue.forEach(function (item) {
      if (item.outcome !== "T") {
        run += item.outcome;
      }
      var cell = landing[run]; // none past the few hands looked ahead: the count says them
      if (cell) {
        newest = pendingMark(svg, item.outcome === "T" ? "#tie-slash" : "#ring-" + item.outcome,
          cell[0], cell[1], item);
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

  function draw() {
    drawPending();
    var failed = queue.length && queue[0].state === "failed" ? queue[0] : null;
    var waiting = queue.length - (failed ? 1 : 0);
    var words = [];
    if (failed) {
      words.push(fill(gettext("%(outcome)s not recorded: no answer from the site."),
        { outcome: failed.label }));
    }
    if (note) {
      words.push(note);
    }
    if (waiting && failed) {
      words.push(fill(ngettext("%(count)s hand waiting.", "%(count)s hands waiting.", waiting),
        { count: waiting }));
    } else if (waiting) {
      words.push(fill(ngettext("%(count)s hand sending.", "%(count)s hands sending.", waiting),
        { count: waiting }));
    }
    var text = words.join(" ");
    if (line.textContent !== text) {
      line.textContent = text;
    }
    failedBox.hidden = !failed;
    form.classList.toggle("queue-stopped", Boolean(failed));
  }

  // A redrawn board (this queue's answer, the keypad's, Undo's) has no pending beads.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "board" || event.detail.target.id === "tracker-status") {
      drawPending();
    }
  });

  // Hands tapped before the page was closed or reloaded are sent again, in order.
  var before = kept();
  if (before.length) {
    before.forEach(function (hand) {
      queue.push({
        outcome: hand.outcome,
        label: String(hand.label || hand.outcome),
        flags: hand.flags.filter(function (name) { return FLAGS.indexOf(name) >= 0; }),
        key: hand.key,
        state: "waiting",
      });
    });
    note = fill(ngettext(
      "%(count)s hand tapped before the page closed is being sent again.",
      "%(count)s hands tapped before the page closed are being sent again.", before.length),
      { count: before.length });
    send();
  }

  // Leaving with hands not yet recorded would lose them.
  window.addEventListener("beforeunload", function (event) {
    if (queue.length) {
      event.preventDefault();
    }
  });
})();
