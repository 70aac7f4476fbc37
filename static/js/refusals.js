// htmx leaves 4xx responses unswapped, and django-htmx's debug helper would replace the
// page with them. A refusal the server wants shown (a stale answer, a junk outcome, a form
// whose key already recorded another hand) comes as a 400, 409 or 422 naming its place
// with HX-Retarget: swap it there like any answer.
(function () {
  function refusal(event) {
    var xhr = event.detail.xhr;
    return Boolean(xhr && [400, 409, 422].indexOf(xhr.status) >= 0 &&
      xhr.getResponseHeader("HX-Retarget"));
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.body.addEventListener("htmx:beforeOnLoad", function (event) {
      if (refusal(event)) {
        event.stopPropagation();
      }
    });
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (refusal(event)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();

// Any other refusal of a request htmx made (429 too many writes, 403 an expired CSRF token,
// 500, or no answer at all) would otherwise change nothing on the page, so a person at a
// table would think the hand was recorded. Say so where it is seen and heard: a notice
// fixed at the top of the screen (wherever the page is scrolled, and without pushing the
// buttons away), in an alert region, with the error page's own heading and first sentence.
(function () {
  function box() {
    return document.getElementById("request-error");
  }
  function heading(xhr) {
    try {
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var title = page.querySelector("main h1");
      var lead = page.querySelector("main .lead");
      if (title) {
        return title.textContent.trim() + (lead ? ": " + lead.textContent.trim() : ".");
      }
    } catch (error) {
      // not HTML: the status says it
    }
    return "The site answered with error " + xhr.status + ".";
  }
  function said(xhr) {
    if (xhr.status === 429) {
      var wait = parseInt(xhr.getResponseHeader("Retry-After"), 10);
      var when = wait > 0 ? "in " + wait + " second" + (wait === 1 ? "" : "s") : "in a minute";
      return heading(xhr) + " Nothing was saved: try again " + when + ".";
    }
    if (xhr.status === 403) {
      return heading(xhr) + " Nothing was saved: reload this page, then try again.";
    }
    return heading(xhr) + " Nothing was saved. Reload the page if it happens again.";
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
    var xhr = event.detail.xhr;
    if (!([400, 409, 422].indexOf(xhr.status) >= 0 && xhr.getResponseHeader("HX-Retarget"))) {
      show(said(xhr));
    }
  });
  document.addEventListener("htmx:sendError", function () {
    // With no answer the page cannot know whether the request arrived: say so, not that
    // nothing was saved. Trying again is safe for a hand: the same key records it once.
    show("The site could not be reached, so this page cannot tell whether that was saved: " +
      "check the connection and try again (a hand sent twice is recorded once).");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var element = box();
    if (element && event.detail.successful) {
      element.hidden = true;
    }
  });
})();
