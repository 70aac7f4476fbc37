// Keyboard shortcuts, for every page: a key pressed outside a text field clicks the button
// that declares it in aria-keyshortcuts (and shows it in its <kbd>), inside a region marked
// data-keys. The keys live on the buttons, so the shortcut and the label never disagree.
// With several regions (a lesson's checks), the one holding focus answers, else the first
// whose form is wholly on screen; a page with one region answers from it wherever it is.
(function () {
  "use strict";

  function typing(target) {
    return target.closest("input[type=text], input[type=number], input:not([type]), textarea, select, [contenteditable]");
  }

  function onScreen(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  // The first button for the key that is shown: a closed panel's keys (the tracker's card
  // keypad) must not answer, and an open one's come first (Backspace takes a card back
  // there, and undoes a hand otherwise).
  function shownButton(region, selector) {
    var buttons = region.querySelectorAll(selector);
    for (var i = 0; i < buttons.length; i++) {
      // checkVisibility: a closed <details> hides its content with content-visibility,
      // which leaves client rects behind.
      var shown = buttons[i].checkVisibility
        ? buttons[i].checkVisibility({visibilityProperty: true})
        : buttons[i].getClientRects().length > 0;
      if (shown) {
        return buttons[i];
      }
    }
    return null;
  }

  function buttonFor(key) {
    var selector = 'button[aria-keyshortcuts~="' + CSS.escape(key) + '"]';
    var focused = document.activeElement && document.activeElement.closest("[data-keys]");
    var button = focused && shownButton(focused, selector);
    if (button) {
      return button;
    }
    var regions = document.querySelectorAll("[data-keys]");
    for (var i = 0; i < regions.length; i++) {
      button = shownButton(regions[i], selector);
      if (button && (regions.length === 1 || onScreen(button.form || button))) {
        return button;
      }
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) {
      return;
    }
    var key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
    var button = buttonFor(key);
    if (button) {
      event.preventDefault();
      button.click();
    }
  });
})();
