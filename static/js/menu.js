// The header's menu is a <details>: the compact Menu button on a phone, and on a wide screen
// simply open (the CSS hides its button and shows the navigation there even before this
// runs). Keeping `open` in step with the width keeps the button's expanded state true.
(function () {
  "use strict";
  var wide = window.matchMedia("(min-width: 80rem)");

  function fit() {
    document.querySelectorAll("details[data-site-menu]").forEach(function (menu) {
      menu.open = wide.matches;
    });
  }

  document.addEventListener("DOMContentLoaded", fit);
  wide.addEventListener("change", fit);
})();
