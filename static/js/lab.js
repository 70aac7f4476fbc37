// The simulation lab. Typing a number of shoes picks "Other", so the number typed is the
// one dealt (without this script, pick Other yourself). When a run dealt in steps ends, or
// is cancelled, focus goes to what replaced its progress bar: the results' first heading,
// or the note that the run was cancelled above the form's values.
(() => {
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
})();
