// htmx leaves 4xx responses unswapped, and django-htmx's debug helper would replace the
// page with them. A refusal the server wants shown (a stale answer, a junk outcome) comes
// as a 400 naming its place with HX-Retarget: swap it there like any answer.
(function () {
  function refusal(event) {
    var xhr = event.detail.xhr;
    return Boolean(xhr && xhr.status === 400 && xhr.getResponseHeader("HX-Retarget"));
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
// table would think the hand was recorded. Say so where it is seen and heard: the error
// page's own heading and first paragraph, else the status.
(function () {
  function box() {
    return document.getElementById("request-error");
  }
  function said(xhr) {
    try {
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var heading = page.querySelector("main h1");
      var lead = page.querySelector("main .lead");
      if (heading) {
        return heading.textContent.trim() + (lead ? ": " + lead.textContent.trim() : ".");
      }
    } catch (error) {
      // not HTML: fall through to the status
    }
    return "The site answered with error " + xhr.status + ", so nothing was saved.";
  }
  function show(text) {
    var element = box();
    if (element) {
      element.textContent = text + " Reload the page if it happens again.";
      element.hidden = false;
    }
  }
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!(xhr.status === 400 && xhr.getResponseHeader("HX-Retarget"))) {
      show(said(xhr));
    }
  });
  document.addEventListener("htmx:sendError", function () {
    show("The site could not be reached, so nothing was saved: check the connection.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var element = box();
    if (element && event.detail.successful) {
      element.hidden = true;
    }
  });
})();
