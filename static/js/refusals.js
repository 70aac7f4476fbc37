// A refusal the server wants shown (a stale answer, a junk outcome, a form whose key already
// recorded another hand) comes as a 400, 409 or 422 naming its place with HX-Retarget, and
// htmx swaps it there like any answer (responseHandling, the htmx-config in base.html). That
// config goes by the status alone: an error of the same status that names no place (a bare
// 400 page) is not a refusal to show in place, so it is not swapped, and is said below.
document.addEventListener("htmx:beforeSwap", function (event) {
  var xhr = event.detail.xhr;
  if (xhr.status >= 400 && event.detail.shouldSwap && !xhr.getResponseHeader("HX-Retarget")) {
    event.detail.shouldSwap = false;
    event.detail.isError = true;
  }
});

// Any other refusal of a request htmx made (429 too many writes, 403 an expired CSRF token,
// 500, or no answer at all) would otherwise change nothing on the page, so a person at a
// table would think the hand was recorded. Say so where it is seen and heard: a notice
// fixed at the top of the screen (wherever the page is scrolled, and without pushing the
// buttons away), in an alert region, with the error page's own heading and first sentence.
(function () {
  // Chinese pages load the sentences' translations first (/zh-hant/jsi18n/); English pages
  // have none to load and say them as written.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var fill = window.Sentences.fill; // sentences.js
  function box() {
    return document.getElementById("request-error");
  }
  function heading(xhr) {
    try {
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var title = page.querySelector("main h1");
      var lead = page.querySelector("main .lead");
      if (title) {
        if (!lead) {
          return fill(gettext("%(title)s."), { title: title.textContent.trim() });
        }
        return fill(gettext("%(title)s: %(lead)s"), {
          title: title.textContent.trim(),
          lead: lead.textContent.trim()
        });
      }
    } catch (error) {
      // not HTML: the status says it
    }
    return fill(gettext("The site answered with error %(status)s."), { status: xhr.status });
  }
  function advice(xhr) {
    if (xhr.status === 429) {
      var wait = parseInt(xhr.getResponseHeader("Retry-After"), 10);
      if (!(wait > 0)) {
        return gettext("Nothing was saved: try again in a minute.");
      }
      return fill(ngettext("Nothing was saved: try again in %(wait)s second.",
        "Nothing was saved: try again in %(wait)s seconds.", wait), { wait: wait });
    }
    if (xhr.status === 403) {
      return gettext("Nothing was saved: reload this page, then try again.");
    }
    return gettext("Nothing was saved. Reload the page if it happens again.");
  }
  function said(xhr) {
    // A write from a page of an older version of the site: the server's reason says it all
    // (baccarat_site/site_version.py), in plain text.
    if (xhr.status === 409 && xhr.getResponseHeader("X-Site-Version") && xhr.responseText) {
      return xhr.responseText.trim();
    }
    return fill(gettext("%(what)s %(advice)s"), { what: heading(xhr), advice: advice(xhr) });
  }
  function show(text) {
    var element = box();
    if (!element) {
      return;
    }
    // Emptied first, so that the same words said twice are announced twice.
    element.textContent = "";
    element.hidden = false;
    window.setTimeout(function () {
      element.textContent = text;
    }, 50);
  }
  document.addEventListener("htmx:responseError", function (event) {
    // Refusals swapped in place are not errors to htmx (above), so they never come here.
    show(said(event.detail.xhr));
  });
  document.addEventListener("htmx:sendError", function () {
    // With no answer the page cannot know whether the request arrived: say so, not that
    // nothing was saved. Trying again is safe for a hand: the same key records it once.
    // One literal, so that makemessages finds the sentence whole.
    show(gettext("The site could not be reached, so this page cannot tell whether that was saved: check the connection and try again (a hand sent twice is recorded once)."));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var element = box();
    if (element && event.detail.successful) {
      element.hidden = true;
    }
  });
})();
