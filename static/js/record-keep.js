// The tracker's queue kept on the device (localStorage), one entry a shoe, so that a reload,
// a closed tab or a phone that killed the browser loses no hand (docs/offline.md).
// record-queue.js keeps its items here after every change and reads them back when the page
// opens; this file knows only how they are stored, window.TrackerKeep:
// - keep(items): the items' kept fields, or nothing once the queue is empty;
// - restore(): the items kept by this page or one before it, checked and in their kind's
//   shape, and the sentence that says they are being sent;
// - available: whether the device keeps anything (a private window may refuse);
// - storeName: where (a shoe started offline names its own store: offline-shoe.js, whose
//   script runs before this one).
(function () {
  "use strict";
  var fill = window.Sentences.fill; // sentences.js

  var form = document.getElementById("record-form");
  if (!form) {
    return;
  }
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var KEY = /^[!-~]{1,255}$/; // an Idempotency-Key as tracker/idempotency.py reads one
  // Kept as tapped, for half a day: a shoe is dealt in an hour or so, and a hand tapped
  // yesterday is not this shoe's next one.
  var KEEP_FOR = 12 * 3600 * 1000;
  var store = null;
  try {
    store = window.localStorage;
  } catch (error) {
    // storage refused (a private window's settings): the queue works as without this
  }
  var storeName = form.dataset.store || "tracker-queue:" + form.getAttribute("action");
  var KEPT = ["kind", "outcome", "label", "flags", "cards", "point", "key", "seen", "hand",
    "offline"];

  function keep(items) {
    if (!store) {
      return;
    }
    try {
      if (items.length) {
        store.setItem(storeName, JSON.stringify({
          time: Date.now(),
          hands: items.map(function (item) {
            var saved = {};
            KEPT.forEach(function (name) { saved[name] = item[name]; });
            return saved;
          }),
        }));
      } else {
        store.removeItem(storeName);
      }
    } catch (error) {
      // storage full or refused: nothing kept, nothing lost from the page
    }
  }

  function read() {
    try {
      var saved = store && JSON.parse(store.getItem(storeName) || "null");
      if (saved && Date.now() - saved.time < KEEP_FOR && Array.isArray(saved.hands)) {
        return saved.hands.filter(function (item) {
          var kind = item.kind || "hand";
          return KEY.test(item.key) && (kind === "undo" ?
            item.hand > 0 : /^[BPT]$/.test(item.outcome) && Array.isArray(item.flags));
        });
      }
    } catch (error) {
      // unreadable: treated as nothing kept
    }
    return [];
  }

  // The kept items in the queue's shape, less what only the queue knows (a button's label,
  // the ticks it has, the item's state), and the sentence saying they are being sent.
  function restore() {
    var offline = false;
    var items = read().map(function (item) {
      var kind = item.kind || "hand";
      offline = offline || Boolean(item.offline);
      return {
        kind: kind,
        outcome: item.outcome,
        flags: kind === "hand" ? item.flags : [],
        cards: Array.isArray(item.cards) ? item.cards.map(String) : null,
        point: typeof item.point === "number" ? item.point : null,
        key: item.key,
        seen: typeof item.seen === "number" ? item.seen : null, // kept by an older page
        hand: item.hand,
        offline: Boolean(item.offline), // kept again as it was: the next reload says the same
      };
    });
    var count = items.length;
    var note = !count ? "" : offline ? fill(ngettext(
      "%(count)s hand recorded with no signal is being sent.",
      "%(count)s hands recorded with no signal are being sent.", count),
      { count: count }) : fill(ngettext(
      "%(count)s hand tapped before the page closed is being sent again.",
      "%(count)s hands tapped before the page closed are being sent again.", count),
      { count: count });
    return { items: items, note: note };
  }

  window.TrackerKeep = {
    keep: keep,
    restore: restore,
    available: Boolean(store),
    storeName: storeName,
  };
})();
