// The card keypad's hand so far (tracker/keypad.py), kept on this device for each shoe until
// it is recorded or cleared: a reload, or a phone that killed the tab, finds it again. The
// cards live in the page (the keypad's hidden field); this copies them to localStorage after
// every answer. A page the server drew with cards on the keypad (a key pressed without
// JavaScript, a hand taken back) is the truth; an empty one gets the kept cards back,
// drawn by the server (`restore`), which checks them as it does any key's. With no signal,
// dealing.js deals the keys (and the restore) on the device and says so ("tracker:keypad-changed"),
// as it does every key of a shoe kept on the device (offline.html).
(function () {
  "use strict";

  var form = document.querySelector(".card-keypad-form");
  // A shoe on the server is named by its keypad's address; one kept on the device names its
  // own store (offline-shoe.js).
  var shoe = form && /\/(\d+)\/cards\/$/.exec(form.getAttribute("action"));
  var name = form && (form.dataset.keep || (shoe && "tracker-keypad:" + shoe[1]));
  var store = null;
  try {
    store = window.localStorage;
  } catch (error) {
    // storage refused (a private window's settings): the keypad works as without this
  }
  if (!name || !store || !window.htmx) {
    return;
  }

  function field() {
    return document.querySelector('#keypad-hand input[name="cards"]');
  }

  function keep() {
    var cards = field() ? field().value.trim() : "";
    try {
      if (cards) {
        store.setItem(name, cards);
      } else {
        store.removeItem(name);
      }
    } catch (error) {
      // storage full or refused: nothing kept, nothing lost from the page
    }
  }

  // Every swap (the keypad's own, the roads' with the keypad out of band, Undo's), and every
  // key dealt on the device.
  document.addEventListener("htmx:afterSettle", keep);
  document.addEventListener("tracker:keypad-changed", keep);

  var kept = store.getItem(name);
  if (!kept || field().value.trim()) {
    keep();
    return;
  }
  form.addEventListener("htmx:afterRequest", function restored(event) {
    form.removeEventListener("htmx:afterRequest", restored);
    var answered = event.detail.xhr && event.detail.xhr.status >= 400;
    if (answered && !event.detail.successful) {
      store.removeItem(name); // kept cards the server will not take: forget them
    }
  });
  form.closest("details").open = true;
  if (form.dataset.keep) { // no server behind this keypad: the device deals them again
    window.BaccaratDealing.restore(kept);
    return;
  }
  htmx.ajax("POST", form.getAttribute("action"), {
    source: form,
    target: "#keypad-hand",
    swap: "outerHTML",
    values: { cards: kept, restore: "1" },
  });
})();
