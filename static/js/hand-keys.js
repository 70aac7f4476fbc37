// A hand's Idempotency-Key (tracker/idempotency.py): 32 hex digits drawn by the browser, the
// same for a hand tapped, keyed on the card keypad or recorded on a shoe started with no
// signal. Loaded before the tracker's scripts that draw one.
(function () {
  "use strict";

  function next() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes); // unlike randomUUID, also on a plain-http LAN
    return Array.prototype.map.call(bytes, function (byte) {
      return (byte + 256).toString(16).slice(1);
    }).join("");
  }

  window.HandKeys = { next: next };
})();
