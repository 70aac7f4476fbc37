// The service worker (/sw.js, baccarat_site/service_worker.py), registered from every page: the
// tracker's shell is kept on the first visit to any page, before the signal is lost at a
// table, and every open page hears of a new version of the site.
// Also the tracker's install button (templates/components/install_prompt.html).
(function () {
  var mine = document.documentElement.getAttribute("data-site-version");
  var registration = null;

  function nothing() {}

  function unsent() {
    // The tracker's queue, when the page has one: hands not yet sent are not to be lost to a
    // reload. A page without it has nothing waiting.
    var queue = window.TrackerQueue;
    if (!queue || typeof queue.pending !== "function") {
      return false;
    }
    var waiting = queue.pending();
    return waiting === true || Number(waiting) > 0 || (Array.isArray(waiting) && waiting.length > 0);
  }

  // A new version took over while this page was open: say so, with a button to reload, and
  // reload at once when nothing is waiting to be sent (the server refuses this page's writes
  // from now on: baccarat_site/site_version.py).
  function updated() {
    var notice = document.querySelector("[data-site-update] > p");
    if (notice) {
      notice.hidden = false;
    }
    // Nor while someone is typing into a field: their words would go with the page.
    var field = document.activeElement;
    var typing = field && field.matches && field.matches("input, textarea, select");
    if (!unsent() && !typing) {
      window.location.reload();
    }
  }

  function check() {
    if (registration) {
      registration.update().catch(nothing);
    }
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-site-reload]")) {
      window.location.reload();
    }
  });

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "site-version" && mine && data.version !== mine) {
        updated();
      }
    });
    navigator.serviceWorker.register("/sw.js").then(function (found) {
      registration = found;
    }, nothing);
    // A page loaded before the worker was there went past it, and was not kept: it is now
    // (the worker keeps only the tracker's pages), so a shoe opened once reopens offline.
    if (!navigator.serviceWorker.controller) {
      keepNow();
    }
    // Look for a new version when the signal comes back and when the page is looked at again.
    window.addEventListener("online", check);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") {
        check();
      }
    });
    // A write refused because this page is of another version: the new worker is fetched now.
    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail.xhr;
      var theirs = xhr && xhr.status === 409 && xhr.getResponseHeader("X-Site-Version");
      if (theirs && theirs !== mine) {
        check();
      }
      // A tracker page changed on the server (a hand recorded): its kept copy is taken again
      // once the taps stop, so that with no signal it reopens as it was left.
      if (xhr && xhr.status >= 200 && xhr.status < 300 && event.detail.requestConfig &&
          event.detail.requestConfig.verb !== "get") {
        keepLater();
      }
    });
  }

  // The tracker's queue emptied (static/js/record-queue.js): the shoe as the server has it now.
  document.addEventListener("tracker:queue-changed", function (event) {
    var detail = event.detail || {};
    if (!detail.waiting && !detail.sending && "serviceWorker" in navigator) {
      keepLater();
    }
  });

  var keepTimer = null;
  function keepLater() {
    window.clearTimeout(keepTimer);
    keepTimer = window.setTimeout(keepNow, 1500);
  }
  // Asked of the active worker even when it does not control this page yet (the page was
  // opened before the worker took over): its copy is kept all the same.
  function keepNow() {
    navigator.serviceWorker.ready.then(function (ready) {
      var worker = navigator.serviceWorker.controller || ready.active;
      if (worker) {
        worker.postMessage({ type: "keep-page", url: window.location.href });
      }
    }, nothing);
  }

  // The install button: shown only once the browser offers to install, gone once installed.
  var offer = null;
  function installed() {
    return window.navigator.standalone === true ||
      (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
  }
  function button() {
    return document.querySelector("[data-install-button]");
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault(); // the page's own button asks, when the person wants it
    offer = event;
    var shown = button();
    if (shown && !installed()) {
      shown.hidden = false;
    }
  });
  window.addEventListener("appinstalled", function () {
    offer = null;
    var shown = button();
    if (shown) {
      shown.hidden = true;
    }
  });
  document.addEventListener("click", function (event) {
    var pressed = event.target.closest && event.target.closest("[data-install-button]");
    if (!pressed || !offer) {
      return;
    }
    var asking = offer;
    offer = null;
    asking.prompt();
    asking.userChoice.then(function () {
      pressed.hidden = true;
    }, nothing);
  });
  // Safari on an iPhone or iPad offers no prompt: its own Share menu installs. Told apart by
  // what it has (navigator.standalone, Apple's alone) and lacks (the prompt event).
  document.addEventListener("DOMContentLoaded", function () {
    var hint = document.querySelector("[data-install-hint]");
    if (hint && "standalone" in window.navigator && !("onbeforeinstallprompt" in window) &&
        !installed()) {
      hint.hidden = false;
    }
  });

  window.SiteVersion = { version: mine, check: check };
})();
