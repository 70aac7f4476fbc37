// A shoe started with no signal (docs/offline.md, "Recording with no signal").
// - On /tracker/, the start form is posted under an Idempotency-Key of its own; if the site
//   cannot be reached, the shoe is started on the device instead (its name, decks and that
//   key, in localStorage) and its page opens: /tracker/offline/#<id>.
// - On that page (templates/tracker/offline.html) the hands go to the device's queue
//   (record-queue.js, which sends nothing for a shoe the site does not have yet). Whenever the
//   site answers, the shoe is created there under its key (the same key twice gives the same
//   shoe: tracker/shoe_keys.py), its queue is handed to the shoe's real address, and the page
//   moves there, where the queue sends the hands in order under their own keys.
// Runs before record-keep.js (the page's script order), which reads the store it names.
(function () {
  "use strict";
  var newKey = window.HandKeys.next; // hand-keys.js

  var gettext = window.gettext || function (text) { return text; };
  var STORE = "tracker-offline-shoes";
  var RETRY = 10000; // ms between tries while the site cannot be reached
  var store = null;
  try {
    store = window.localStorage;
  } catch (error) {
    return; // nothing can be kept on this device: the start form posts as without this
  }

  function shoes() {
    try {
      var saved = JSON.parse(store.getItem(STORE) || "{}");
      return saved && typeof saved === "object" ? saved : {};
    } catch (error) {
      return {};
    }
  }

  function save(all) {
    try {
      if (Object.keys(all).length) {
        store.setItem(STORE, JSON.stringify(all));
      } else {
        store.removeItem(STORE);
      }
      return true;
    } catch (error) {
      return false;
    }
  }

  // The cookie's token (a page kept by the service worker may carry an older one), else the
  // page's own.
  function csrfToken(form) {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    var field = (form || document).querySelector('[name="csrfmiddlewaretoken"]');
    return match ? decodeURIComponent(match[1]) : (field ? field.value : "");
  }

  // POST the start form under `key`: the shoe's address, or null when the site refused it
  // (the reason then in `refused`); a rejected promise when it could not be reached.
  function create(action, name, decks, key, token) {
    var body = new FormData();
    body.append("name", name);
    body.append("decks", String(decks));
    body.append("csrfmiddlewaretoken", token);
    var headers = { "Idempotency-Key": key, "X-CSRFToken": token };
    var version = document.documentElement.dataset.siteVersion;
    if (version) {
      headers["X-Site-Version"] = version;
    }
    return fetch(action, {
      method: "POST",
      body: body,
      headers: headers,
      credentials: "same-origin",
    }).then(function (answer) {
      var path = new URL(answer.url).pathname;
      if (answer.ok && answer.redirected && /\/tracker\/\d+\/$/.test(path)) {
        return { url: path };
      }
      return answer.text().then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        var said = page.querySelector(".errorlist, .error") || page.body;
        return { url: null, refused: said ? said.textContent.replace(/\s+/g, " ").trim() : "" };
      });
    });
  }

  function offlinePage(index) {
    return index.replace(/\/?$/, "/") + "offline/";
  }

  // --- /tracker/: the start form -----------------------------------------------------------
  var startForm = document.querySelector("form.new-shoe");
  var onOfflinePage = document.getElementById("offline-shoe");
  if (startForm && !onOfflinePage) {
    startForm.addEventListener("submit", function (event) {
      var name = startForm.elements.namedItem("name");
      var decks = startForm.elements.namedItem("decks");
      if (!name || !decks || !startForm.checkValidity() || !window.fetch) {
        return;
      }
      event.preventDefault();
      var key = newKey();
      var action = startForm.getAttribute("action");
      var startLocally = function () {
        var id = key.slice(0, 12);
        var all = shoes();
        all[id] = { name: name.value, decks: Number(decks.value) || 8, key: key, time: Date.now() };
        if (!save(all)) {
          startForm.submit();
          return;
        }
        window.location.assign(offlinePage(action) + "#" + id);
      };
      if (navigator.onLine === false) {
        startLocally();
        return;
      }
      create(action, name.value, decks.value, key, csrfToken(startForm)).then(function (made) {
        if (made.url) {
          window.location.assign(made.url);
        } else {
          startForm.submit(); // refused: the site's page says why, the form filled again
        }
      }, startLocally); // no answer: started on the device, created later under the same key
    });
    return;
  }
  if (!onOfflinePage) {
    return;
  }

  // A shoe's page opened with no signal that the device never kept (the worker shows this
  // page in its place): what is on the device for it, and when it opens.
  function missing() {
    var waiting = 0;
    try {
      var kept = JSON.parse(store.getItem("tracker-queue:" + window.location.pathname +
        "hands/") || "null");
      waiting = kept && Array.isArray(kept.hands) ? kept.hands.length : 0;
    } catch (error) {
      waiting = 0;
    }
    var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
    document.getElementById("offline-shoe-name").textContent =
      gettext("This page is not on this device");
    document.getElementById("shoe-help").textContent = waiting ? ngettext(
      "It was not kept before the signal went, so it opens only with a signal. The %(count)s hand recorded on it is kept here, and is sent when it opens.",
      "It was not kept before the signal went, so it opens only with a signal. The %(count)s hands recorded on it are kept here, and are sent when it opens.",
      waiting).replace("%(count)s", String(waiting)) : gettext(
      "It was not kept before the signal went, so it opens only with a signal. Meanwhile you can start a new shoe here.");
  }

  // --- /tracker/offline/#<id>: the shoe on the device -------------------------------------
  var id = decodeURIComponent(window.location.hash.slice(1));
  var shoe = shoes()[id];
  var recordForm = document.getElementById("record-form");
  var controls = document.querySelector(".offline-scoreboard .controls");
  var start = document.getElementById("offline-start");
  var index = onOfflinePage.dataset.index;
  var status = document.getElementById("tracker-status");

  if (!shoe) {
    // No shoe of that id on this device: start one here. No roads to draw: a start page.
    start.hidden = false;
    onOfflinePage.classList.add("offline-no-shoe");
    document.getElementById("board").hidden = true;
    if (window.location.pathname !== offlinePage(index)) {
      missing(); // the service worker's stand-in for a page it did not keep
    }
    recordForm.removeAttribute("id"); // the queue has no shoe to keep hands for
    var form = start.querySelector("form");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var key = newKey();
      var all = shoes();
      var newId = key.slice(0, 12);
      all[newId] = {
        name: form.elements.namedItem("name").value || gettext("Shoe"),
        decks: Number(form.elements.namedItem("decks").value) || 8,
        key: key,
        time: Date.now(),
      };
      save(all);
      if (window.location.pathname !== offlinePage(index)) {
        window.location.assign(offlinePage(index) + "#" + newId); // its own page's address
        return;
      }
      window.location.hash = newId;
      window.location.reload();
    });
    return;
  }
  controls.hidden = false;
  recordForm.dataset.store = "tracker-queue:local:" + id;
  var keypadForm = document.querySelector(".card-keypad-form");
  if (keypadForm) {
    keypadForm.dataset.keep = "tracker-keypad:local:" + id; // keypad-keep.js's, for this shoe
  }
  document.getElementById("offline-shoe-name").textContent = shoe.name;
  document.title = shoe.name + " · " + document.title;

  var busy = false;
  function handOver() {
    if (busy || navigator.onLine === false) {
      return;
    }
    busy = true;
    create(index, shoe.name, shoe.decks, shoe.key, csrfToken(null)).then(function (made) {
      busy = false;
      if (!made.url) {
        status.textContent = made.refused;
        return;
      }
      // The queue moves to the shoe's own address, where its page sends it (record-queue.js).
      var local = "tracker-queue:local:" + id;
      var kept = store.getItem(local);
      if (kept) {
        store.setItem("tracker-queue:" + made.url + "hands/", kept);
        store.removeItem(local);
      }
      // And the card keypad's hand so far, to the keypad of the shoe's page (keypad-keep.js).
      var cards = store.getItem("tracker-keypad:local:" + id);
      var number = /\/(\d+)\/$/.exec(made.url);
      if (cards && number) {
        store.setItem("tracker-keypad:" + number[1], cards);
      }
      store.removeItem("tracker-keypad:local:" + id);
      var all = shoes();
      delete all[id];
      save(all);
      window.location.replace(made.url);
    }, function () {
      busy = false; // still no signal
    });
  }
  window.addEventListener("online", handOver);
  document.addEventListener("tracker:queue-changed", function (event) {
    if (event.detail.online) {
      handOver();
    }
  });
  window.setInterval(handOver, RETRY);
  document.addEventListener("DOMContentLoaded", handOver);
})();
