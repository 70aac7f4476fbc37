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
