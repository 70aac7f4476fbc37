// The colour-scheme switch (base.html, baccarat_site/theme.py). Without this script the
// switch is a form that stores the choice and reloads the page; with it the page changes
// scheme at once (site.css reads html[data-theme]) and the same POST goes in the background.
(function () {
  "use strict";
  // Chinese pages load the sentences' translations first (/zh-hant/jsi18n/).
  var gettext = window.gettext || function (text) { return text; };
  var root = document.documentElement;

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  function say(words) {
    var live = document.getElementById("live");
    if (live) live.textContent = words;
  }

  function show(theme) {
    if (theme === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
    // The browser's own bar follows too.
    document.querySelectorAll("meta[data-theme-color]").forEach(function (meta) {
      var scheme = meta.getAttribute("data-theme-color");
      if (theme === "system") meta.media = "(prefers-color-scheme: " + scheme + ")";
      else meta.media = scheme === theme ? "all" : "not all";
    });
    // The footer's way back to the system setting, offered while a choice is stored.
    document.querySelectorAll("form.theme-system").forEach(function (form) {
      form.hidden = theme === "system";
      // One whole sentence a scheme (so that each translates whole): show the chosen one.
      if (theme === "system") return;
      form.querySelectorAll("[data-theme-chosen]").forEach(function (sentence) {
        sentence.hidden = sentence.getAttribute("data-theme-chosen") !== theme;
      });
    });
  }

  // A page restored by Back or Forward was drawn with the scheme of its day.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    var stored = /(?:^|; )theme=(light|dark)(?:;|$)/.exec(document.cookie);
    var theme = stored ? stored[1] : "system";
    if ((root.getAttribute("data-theme") || "system") !== theme) show(theme);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    if (!form.matches("[data-theme-form]") || !button || button.name !== "theme") return;
    event.preventDefault();
    var theme = button.value;
    var body = new FormData(form);
    body.set("theme", theme);
    show(theme);
    // The button pressed is hidden now: focus goes to the one that takes it back.
    var other = Array.prototype.find.call(form.querySelectorAll("button"), function (each) {
      return each !== button && each.offsetParent !== null;
    });
    if (other) other.focus();
    say({
      system: gettext("Colours follow the system setting."),
      light: gettext("The light theme is on."),
      dark: gettext("The dark theme is on.")
    }[theme]);
    // A redirect is the view's answer: it is not followed (the page is already right).
    fetch(form.action, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": csrfToken() },
      credentials: "same-origin",
      redirect: "manual",
    })
      .then(function (response) {
        if (response.type !== "opaqueredirect" && !response.ok) throw new Error(response.status);
      })
      .catch(function () {
        say(gettext("The choice could not be saved: it lasts until this page is left."));
      });
  });
})();
