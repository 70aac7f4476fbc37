// Whether the site can be reached, for the tracker's queue (record-queue.js; docs/offline.md).
// A request with no answer may be a lost hand or a lost signal: only the site's answer to a
// cheap GET of /healthz, which no cache may answer, tells them apart.
// window.TrackerReach.watch(url, {lost, back}) starts watching and gives:
// - online(): whether the site answered last (at first, what the browser says);
// - checking(): whether an ask is on its way;
// - check(afterFailure): ask now; back({afterFailure, wasOffline}) or lost() is called with
//   the answer;
// - lost(): the device is offline (and `lost` is called): asked again after 1, 2, 4, 8 s,
//   then every PROBE ms, and at once on the browser's `online` event or when the page is
//   looked at again;
// - askSoon(): a person using the page while offline: ask at once, at most every FIRST_PROBE ms.
(function () {
  "use strict";

  var PROBE = 10000; // ms between asks whether the site is back, after the first few
  var FIRST_PROBE = 1000;
  var PROBE_TIMEOUT = 5000;

  function watch(url, told) {
    var reachable = navigator.onLine !== false;
    var probing = false;
    var probeTimer = null;
    var lastAsked = 0;

    function probe(afterFailure) {
      if (probing) {
        return;
      }
      probing = true;
      var controller = window.AbortController ? new AbortController() : null;
      var timer = window.setTimeout(function () {
        if (controller) {
          controller.abort();
        }
      }, PROBE_TIMEOUT);
      fetch(url, { cache: "no-store", signal: controller ? controller.signal : undefined })
        .then(function (answer) { return answer.status < 500 || answer.status === 503; })
        .catch(function () { return false; })
        .then(function (up) {
          window.clearTimeout(timer);
          probing = false;
          if (!up) {
            lost();
            return;
          }
          var wasOffline = !reachable;
          reachable = true;
          window.clearTimeout(probeTimer);
          probeTimer = null;
          told.back({ afterFailure: afterFailure, wasOffline: wasOffline });
        });
    }

    function lost() {
      reachable = false;
      if (!probeTimer) {
        probeAgain(FIRST_PROBE);
      }
      told.lost();
    }

    // Asked again sooner at first (a tunnel, a lift), then every PROBE ms.
    function probeAgain(wait) {
      probeTimer = window.setTimeout(function () {
        probeTimer = null;
        if (!reachable) {
          probe(false);
          if (!probeTimer && !reachable) {
            probeAgain(Math.min(wait * 2, PROBE));
          }
        }
      }, wait);
    }

    function askSoon() {
      if (!reachable && Date.now() - lastAsked > FIRST_PROBE) {
        lastAsked = Date.now();
        probe(false);
      }
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") {
        askSoon();
      }
    });
    window.addEventListener("online", function () { probe(false); });

    return {
      online: function () { return reachable; },
      checking: function () { return probing; },
      check: probe,
      lost: lost,
      askSoon: askSoon,
    };
  }

  window.TrackerReach = { watch: watch };
})();
