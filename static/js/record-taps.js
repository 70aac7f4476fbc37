// The result buttons' and Undo's taps, with JavaScript (templates/tracker/shoe.html and
// offline.html): each tap is a hand for window.TrackerQueue (record-queue.js, whose script
// runs just before this one), not a form post.
// - Only a real double tap (a pointer, same button, under DOUBLE ms) is one hand.
// - The ticks (pairs, natural) go with the tap's hand and are cleared for the next.
// - The same tap again, when the one hand waiting got no answer, sends that hand again.
// - Undo goes to the queue first; the server's own Undo answers only when the queue declines
//   (online, nothing waiting).
(function () {
  "use strict";

  var queue = window.TrackerQueue;
  var form = document.getElementById("record-form");
  if (!queue || !form) {
    return;
  }
  var gettext = window.gettext || function (text) { return text; };

  var DOUBLE = 150; // ms: a thumb bouncing, not two hands
  var FLAGS = ["player_pair", "banker_pair", "natural"];
  var lastTap = null;

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
      queue.say(gettext("Double tap: recorded once."));
      return;
    }
    lastTap = pointer ? { outcome: button.value, time: now } : null;
    var items = queue.items();
    var last = items[items.length - 1];
    if (items.length === 1 && last.state === "failed" && last.outcome === button.value) {
      queue.retry(); // the same tap again, after no answer came
      return;
    }
    var flags = takeFlags();
    var hand = { outcome: button.value, cards: null };
    flags.forEach(function (name) { hand[name] = true; });
    queue.add(hand);
  }, true);

  // Undo (a click, U or Backspace). Cards on the keypad are cleared first (the server's undo
  // does that, and the keypad's own script when offline).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".undo-form button");
    var cards = button && button.form.elements.namedItem("cards");
    if (!button || (cards && cards.value)) {
      return;
    }
    if (queue.undo()) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
