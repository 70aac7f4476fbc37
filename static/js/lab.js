// The simulation lab. Typing a number of shoes picks "Other", so the number typed is the
// one dealt (without this script, pick Other yourself). When a run dealt in steps ends, or
// is cancelled, focus goes to what replaced its progress bar: the results' first heading,
// or the note that the run was cancelled above the form's values.
//
// A step that fails never stops the run silently: the progress bar (the shoes dealt so far)
// stays, and the step's form carries the run's state, so the same step can be asked again.
// Refused as busy (429), the page counts the Retry-After seconds down aloud and carries on;
// answered with an error, or not answered at all, it says so and offers Continue.
(() => {
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const fill = window.Sentences.fill; // sentences.js
  let timer = null;

  document.addEventListener("input", (event) => {
    if (!event.target.matches("[data-lab-other]")) return;
    const other = document.getElementById("shoes-other");
    if (other && event.target.value.trim()) other.checked = true;
  });

  document.addEventListener("htmx:afterSettle", (event) => {
    const path = (event.detail.requestConfig && event.detail.requestConfig.path) || "";
    if (!path.startsWith("/lab/") || document.getElementById("lab-step")) return;
    const place = document.getElementById("lab-cancelled") || document.getElementById("run-h");
    if (place) place.focus();
  });

  function say(text) {
    const status = document.getElementById("lab-step-status");
    if (status) status.textContent = text;
  }

  function again(form) {
    const button = document.getElementById("lab-continue");
    if (button) button.hidden = true;
    say(gettext("Carrying on dealing."));
    htmx.trigger(form, "lab-retry");
  }

  function offerContinue(text) {
    say(text);
    const button = document.getElementById("lab-continue");
    if (button) {
      button.hidden = false;
      button.focus();
    }
  }

  function countDown(form, seconds) {
    let left = seconds;
    const tick = () => {
      if (!form.isConnected) return;
      if (left <= 0) {
        timer = null;
        again(form);
        return;
      }
      say(fill(ngettext(
        "The lab is busy: it has dealt as many shoes as it may for now. Dealing carries on in %(wait)s second.",
        "The lab is busy: it has dealt as many shoes as it may for now. Dealing carries on in %(wait)s seconds.",
        left), { wait: left.toLocaleString() }));
      left -= 1;
      timer = window.setTimeout(tick, 1000);
    };
    tick();
  }

  function stepFailed(event, xhr) {
    const form = event.target.closest && event.target.closest("[data-lab-step]");
    if (!form) return;
    // Said here, in the lab's words, not by the site's general notice (refusals.js).
    event.stopPropagation();
    window.clearTimeout(timer);
    if (xhr && xhr.status === 429) {
      const wait = parseInt(xhr.getResponseHeader("Retry-After"), 10);
      countDown(form, wait > 0 ? wait : 60);
    } else if (xhr && xhr.status) {
      offerContinue(fill(gettext(
        "Dealing stopped: the site answered with error %(status)s. The shoes dealt so far are kept: press Continue dealing to carry on from here."),
        { status: xhr.status }));
    } else {
      offerContinue(gettext(
        "Dealing stopped: the site could not be reached. The shoes dealt so far are kept: check the connection, then press Continue dealing to carry on from here."));
    }
  }

  // Capturing, so the lab's step is handled before the site's general notice hears of it.
  document.addEventListener("htmx:responseError", (event) => stepFailed(event, event.detail.xhr), true);
  document.addEventListener("htmx:sendError", (event) => stepFailed(event, null), true);

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-lab-continue]");
    const form = button && button.closest("[data-lab-step]");
    if (form) again(form);
  });
})();
