// The tracker's hands on any network, and with none (templates/tracker/shoe.html, and the
// page of a shoe started with no signal, templates/tracker/offline.html; docs/offline.md).
// Without this script each tap is a plain form post.
// - Every hand joins a queue (window.TrackerQueue.add: the result buttons, the keyboard and
//   the card keypad all come here), with its own Idempotency-Key (tracker/idempotency.py), its
//   ticks (pairs, natural), its cards if keyed, and `seen`: how many hands this device knew
//   the shoe had (tracker/sync.py). The queue sends one at a time, in order, each only after
//   the one before was answered; a hand with cards goes to the keypad's address.
// - No answer: if the site itself cannot be reached (record-reach.js), the device is
//   offline: the queue keeps everything and sends nothing until the site answers again, then
//   sends the same hands under the same keys: the server records each once. If the site
//   answers, the hand is the one that failed: the page says so, and it can be sent again
//   under its key or dropped, and goes again by itself after RETRY ms. An error the site
//   cannot show in place (5xx, 429, 403, or a refusal with no roads, such as the page's
//   version being older than the site's) stops the queue until the person sends the hand
//   again or drops it. A refusal of the hand itself (400, 422, 409 with the roads) drops it,
//   and says why.
// - Undo takes back the last hand still waiting. If none is, and hands are on their way or the
//   device is offline, an undo of the shoe's last hand is queued, naming its number: the
//   server undoes it only if it is still the last (tracker/sync.py).
// - The queue is kept on the device for each shoe (record-keep.js) until every item is
//   answered: a reload, a closed tab or a phone that killed it sends them again, in order.
// The buttons' and Undo's taps come through record-taps.js. tracker-sync.js draws the queue
// (the roads, the status lines, the check after a sync); this file says what changed (the
// tracker:queue-changed event).
(function () {
  "use strict";
  var fill = window.Sentences.fill; // sentences.js
  var newKey = window.HandKeys.next; // hand-keys.js

  var form = document.getElementById("record-form");
  if (!form || !window.htmx || !window.crypto || !window.TrackerReach) {
    return;
  }
  var gettext = window.gettext || function (text) { return text; };

  var KEY = /^[!-~]{1,255}$/; // an Idempotency-Key as tracker/idempotency.py reads one
  var TIMEOUT = 10000; // ms a hand's request may take
  var RETRY = 5000; // ms before a hand that got no answer, the site answering, goes again
  var FLAGS = ["player_pair", "banker_pair", "natural"];
  var local = form.hasAttribute("data-offline-shoe"); // a shoe not yet on the server
  // {kind: "hand" | "undo", outcome, label, flags, cards, point, key, seen, hand, state:
  // "waiting" | "sending" | "failed"}
  var queue = [];
  var note = ""; // said once beside the count: a merged double tap, a dropped hand
  var round = { sent: 0, total: 0, others: 0 }; // this sync: answered, in all, hands first
  var failure = ""; // why the head failed, when the site said

  function labelOf(outcome) {
    var button = form.querySelector('button[name="outcome"][value="' + outcome + '"]');
    return button ? button.firstChild.textContent.trim() : outcome;
  }

  // The shoe's hands as the server last drew them (tracker-roads.js reads them from the page).
  function serverCount() {
    var roads = window.TrackerRoads;
    return roads ? roads.serverHands().length : 0;
  }

  // How many hands the device shows before the queue's item `index` (or after the queue).
  function deviceCount(upTo) {
    var count = serverCount();
    queue.slice(0, upTo === undefined ? queue.length : upTo).forEach(function (item) {
      count += item.kind === "undo" ? -1 : 1;
    });
    return count;
  }

  // Where the queue is kept on the device; without record-keep.js, nowhere.
  var keeping = window.TrackerKeep || {
    keep: function () {}, restore: function () { return { items: [], note: "" }; },
    available: false,
    storeName: form.dataset.store || "tracker-queue:" + form.getAttribute("action"),
  };

  function changed() {
    keeping.keep(queue);
    var waiting = 0;
    var sending = 0;
    var failed = 0;
    queue.forEach(function (item) {
      if (item.state === "failed") {
        failed += 1;
      } else if (item.state === "sending") {
        sending += 1;
      } else {
        waiting += 1;
      }
    });
    document.dispatchEvent(new CustomEvent("tracker:queue-changed", {
      detail: { waiting: waiting, sending: sending, failed: failed, online: reach.online() },
    }));
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : null;
  }

  function send() {
    var head = queue[0];
    if (!head || head.state !== "waiting" || local || reach.checking()) {
      changed();
      return;
    }
    if (!reach.online() || navigator.onLine === false) {
      reach.lost();
      return;
    }
    head.state = "sending";
    var url = form.getAttribute("action");
    var values = { idempotency_key: head.key };
    if (typeof head.seen === "number") {
      values.seen = head.seen;
    }
    if (head.kind === "undo") {
      url = form.dataset.undo;
      values = { hand: head.hand };
    } else if (head.cards && head.cards.length) {
      url = form.dataset.deal;
      values.cards = head.cards.slice(0, -1).join(" ");
      values.card = head.cards[head.cards.length - 1];
    } else {
      values.outcome = head.outcome;
      head.flags.forEach(function (name) { values[name] = "on"; });
    }
    var headers = { "Idempotency-Key": head.key };
    var version = document.documentElement.dataset.siteVersion;
    if (version) {
      headers["X-Site-Version"] = version;
    }
    var token = csrfToken(); // the cookie's: a page kept offline may carry an older one
    if (token) {
      headers["X-CSRFToken"] = token;
    }
    // Through htmx, so that the answer is swapped, refused or reported as any other is
    // (refusals.js), and waits its turn behind the keypad's and Undo's (hx-sync).
    htmx.ajax("POST", url, {
      source: form,
      target: "#board",
      swap: "outerHTML",
      values: values,
      headers: headers,
    });
    changed();
  }

  // What the site said, as text: a refusal's sentence (the status region's, or the page's).
  function reasonOf(xhr) {
    var text = xhr && xhr.responseText ? xhr.responseText : "";
    var page = new DOMParser().parseFromString(text, "text/html");
    var said = page.querySelector(".error") || page.querySelector("main") || page.body;
    return said ? said.textContent.replace(/\s+/g, " ").trim().slice(0, 300) : "";
  }

  // With the browser offline the status line says so: the site-wide notice that the site
  // could not be reached (refusals.js) would only repeat it.
  form.addEventListener("htmx:sendError", function (event) {
    if (navigator.onLine === false) {
      event.stopPropagation();
    }
  });

  // A request with no answer in TIMEOUT ms is given up (an answer may yet be on its way; the
  // hand's key makes sending it again safe).
  var giveUp = null;
  form.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail.xhr;
    window.clearTimeout(giveUp);
    if (queue.length && queue[0].state === "sending" && xhr) {
      giveUp = window.setTimeout(function () { xhr.abort(); }, TIMEOUT);
    }
  });

  form.addEventListener("htmx:afterRequest", function (event) {
    var head = queue[0];
    if (event.detail.elt !== form) {
      return;
    }
    window.clearTimeout(giveUp);
    if (!head || head.state !== "sending") {
      return;
    }
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    var withRoads = xhr && /id="board"/.test(xhr.responseText || "");
    if (status >= 200 && status < 300) {
      var first = Number(xhr.getResponseHeader("X-Hands-First") || 0);
      round.others = Math.max(round.others, first || 0); // each hand counts them all
      finish(head, "done", first);
    } else if (status === 409 && withRoads && head.kind === "undo" && head.lost &&
        window.TrackerRoads && window.TrackerRoads.serverHands().length === head.hand - 1) {
      finish(head, "done", 0); // its first try, whose answer was lost, undid the hand
    } else if (status === 400 || status === 422 || (status === 409 && withRoads)) {
      finish(head, "refused", 0, reasonOf(xhr));
    } else if (status === 0) {
      head.lost = true;
      head.state = "waiting"; // no answer: is it the hand, or the signal?
      reach.check(true);
    } else {
      head.state = "failed";
      // An answer, though not a verdict on the hand (a 409 of another version, a 429, a
      // 500): what it was, not that none came.
      failure = status === 409 ? reasonOf(xhr)
        : fill(gettext("The site answered with error %(status)s."), { status: status });
      changed();
    }
  });

  function finish(head, how, first, reason) {
    queue.shift();
    round.sent += 1;
    if (!queue.length && restored && note === restored) {
      note = "";
    }
    if (how === "refused") {
      reason = reason || gettext("the site gave no reason.");
      note = head.kind === "undo"
        ? fill(gettext("Undo of hand %(number)s refused: %(reason)s"),
          { number: head.hand, reason: reason })
        : fill(gettext("Hand %(number)s refused: %(reason)s Dropped: not recorded."),
          { number: (head.seen || 0) + 1, reason: reason });
    }
    document.dispatchEvent(new CustomEvent("tracker:queue-answered", {
      detail: { item: head, how: how, first: first, reason: reason || "" },
    }));
    failure = "";
    send();
  }

  // Whether the site answers at all (record-reach.js). The site answering after a hand got
  // none means that hand failed, not the signal.
  var reach = window.TrackerReach.watch(form.dataset.health || "/healthz", {
    lost: function () {
      queue.forEach(function (item) {
        if (item.state === "sending") {
          item.state = "waiting";
        }
      });
      changed();
    },
    back: function (how) {
      var head = queue[0];
      if (how.afterFailure && !how.wasOffline && head && head.state === "waiting") {
        head.state = "failed"; // the site answers: it was this hand that got none
        failure = "";
        // Sent again by itself in a moment (its key records it once), unless the person
        // sends or drops it first: a phone at the table is not watched.
        var failed = head;
        window.setTimeout(function () {
          if (queue[0] === failed && failed.state === "failed" && !failure) {
            retry();
          }
        }, RETRY);
      }
      send();
    },
  });
  window.addEventListener("offline", function () {
    if (!queue.length || queue[0].state !== "sending") {
      reach.lost();
    }
  });

  function retry() {
    if (queue.length && queue[0].state === "failed") {
      queue[0].state = "waiting";
      note = "";
      failure = "";
      send();
    }
  }

  function drop(index) {
    var item = queue.splice(index, 1)[0];
    round.total = Math.max(round.total - 1, round.sent);
    note = item.kind === "undo" ? gettext("Undo dropped: nothing was undone.")
      : fill(gettext("%(outcome)s dropped: not recorded."), { outcome: item.label });
    send();
  }

  function startRound() {
    if (!queue.length) {
      round = { sent: 0, total: 0, others: 0 };
      document.dispatchEvent(new CustomEvent("tracker:queue-round"));
    }
  }

  // One hand for the queue: {outcome, player_pair, banker_pair, natural, cards, point, key}
  // (point and key optional).
  function add(hand) {
    if (!hand || !/^[BPT]$/.test(hand.outcome)) {
      throw new Error("TrackerQueue.add: outcome must be B, P or T");
    }
    startRound();
    note = "";
    queue.push({
      kind: "hand",
      outcome: hand.outcome,
      label: labelOf(hand.outcome),
      flags: FLAGS.filter(function (name) { return Boolean(hand[name]); }),
      cards: Array.isArray(hand.cards) && hand.cards.length ? hand.cards.map(String) : null,
      point: typeof hand.point === "number" ? hand.point : null,
      // The keypad's own key when it gives one: a last card whose answer was lost may have
      // recorded the hand under it already.
      key: typeof hand.key === "string" && KEY.test(hand.key) ? hand.key : newKey(),
      seen: deviceCount(),
      offline: !reach.online() || local,
      state: "waiting",
    });
    round.total += 1;
    send();
    reach.askSoon();
  }

  // Undo on the device: the last waiting hand, else the shoe's last hand, by its number.
  // False when the server's own Undo should do it (online, nothing queued).
  function undo() {
    var last = queue[queue.length - 1];
    if (last && last.state !== "sending" && last.kind === "hand") {
      drop(queue.length - 1);
      return true;
    }
    if (!queue.length && reach.online() && !local) {
      return false;
    }
    var number = deviceCount();
    if (number < 1) {
      note = gettext("The shoe is empty: nothing to undo.");
      changed();
      return true;
    }
    startRound();
    note = "";
    queue.push({ kind: "undo", hand: number, key: newKey(), offline: !reach.online() || local,
      state: "waiting" });
    round.total += 1;
    send();
    return true;
  }

  window.TrackerQueue = {
    add: add,
    undo: undo,
    // Not yet answered by the server.
    pending: function () { return queue.length; },
    // Whether the last request reached the server.
    online: function () { return reach.online(); },
    // The queue as the device draws it (copies), and this sync's progress.
    items: function () {
      return queue.map(function (item) { return Object.assign({}, item); });
    },
    round: function () { return Object.assign({}, round); },
    // What to say beside the count (a merged double tap, a dropped or refused hand), and why
    // the head failed when the site said.
    said: function () { return { note: note, failure: failure }; },
    // A note of the taps' own (a merged double tap), said beside the count.
    say: function (text) {
      note = text;
      changed();
    },
    // The head that failed: sent again under its key, or dropped.
    retry: retry,
    dropFailed: function () {
      if (queue.length && queue[0].state === "failed") {
        drop(0);
      }
    },
    local: local,
    storeName: keeping.storeName,
  };

  // Hands tapped before the page was closed or reloaded are sent again, in order.
  var before = keeping.restore();
  before.items.forEach(function (item) {
    item.label = item.kind === "hand" ? labelOf(item.outcome) : "";
    item.flags = item.flags.filter(function (name) { return FLAGS.indexOf(name) >= 0; });
    item.state = "waiting";
    queue.push(item);
  });
  // Said while they go, not while the device is offline (the status line counts them then),
  // and no more once they have all gone.
  var restored = "";
  if (before.items.length) {
    round.total = queue.length;
    if (!local && navigator.onLine !== false) {
      note = restored = before.note;
    }
  }
  // After tracker-sync.js has read the page (deferred scripts run in order; this one first).
  document.addEventListener("DOMContentLoaded", function () {
    if (!reach.online()) {
      reach.lost();
    } else {
      send();
    }
  });

  // Leaving with hands not yet recorded would lose them, unless the device keeps them.
  window.addEventListener("beforeunload", function (event) {
    if (queue.length && !keeping.available) {
      event.preventDefault();
    }
  });
})();
