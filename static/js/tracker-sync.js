// What the device says of the hands queued by record-queue.js (docs/offline.md; the roads
// are tracker-roads.js's):
// - the status line: online and synced, offline with hands waiting, syncing k of n, synced;
//   and the queue's own line: a hand refused or dropped, a double tap merged, and a hand
//   that got no answer with its buttons (send it again, drop it);
// - after a sync, the check: the hands the device expected (the server's as they were, plus
//   those it sent, less those it undid) against the server's. Equal: "Synced". Different: a
//   report that stays until dismissed, naming the first hand that differs and why it can
//   (another device wrote the shoe meanwhile); the roads are the server's. The device's
//   version is never kept in place of the server's.
(function () {
  "use strict";
  var fill = window.Sentences.fill; // sentences.js

  var queue = window.TrackerQueue;
  var status = document.getElementById("sync-status");
  var report = document.getElementById("sync-report");
  var roads = window.TrackerRoads;
  if (!queue || !roads || !status || !document.getElementById("record-queue-failed")) {
    return;
  }
  var serverHands = roads.serverHands;
  var handOf = roads.handOf;
  var FLAGS = ["player_pair", "banker_pair", "natural"];
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };

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

  // --- the queue's own line: what just happened to a hand, and a hand that failed ---------
  var line = document.getElementById("record-queue-status");
  var failedBox = document.getElementById("record-queue-failed");
  var form = document.getElementById("record-form");

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
      queue.retry();
    } else {
      queue.dropFailed();
    }
    // The pressed button is hidden now: focus goes back to the result buttons.
    form.querySelector('button[name="outcome"]').focus({ preventScroll: true });
  });

  function drawQueueLine(online) {
    var items = queue.items();
    var said = queue.said();
    var failed = items.length && items[0].state === "failed" ? items[0] : null;
    var waiting = items.length - (failed ? 1 : 0);
    var words = [];
    if (failed && said.failure) {
      words.push(fill(gettext("Hand %(number)s not sent: %(reason)s Kept, to send again."), {
        number: failed.kind === "undo" ? failed.hand : (failed.seen || 0) + 1,
        reason: said.failure,
      }));
    } else if (failed) {
      words.push(fill(gettext("%(outcome)s not recorded: no answer from the site."),
        { outcome: failed.kind === "undo" ? gettext("Undo") : failed.label }));
    }
    if (said.note) {
      words.push(said.note);
    }
    if (waiting && failed) {
      words.push(fill(ngettext("%(count)s hand waiting.", "%(count)s hands waiting.", waiting),
        { count: waiting }));
    } else if (waiting && online && !queue.local) { // offline, the status line counts them
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
    drawQueueLine(detail.online);
  });

  if (queue.pending()) {
    expected = serverHands().slice(); // a queue kept from before: the shoe as it is now
  }

  drawStatus({ waiting: queue.pending(), sending: 0, failed: 0, online: queue.online() });
  drawQueueLine(queue.online());
})();
