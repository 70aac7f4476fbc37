// The hand page: ← and → step through the gates (the links work without this script).
// Keys pressed while a step is still loading wait their turn, so pressing → four times
// quickly really moves four gates. After Back or Next the new gate is brought into view
// (the gate below may be under the phone's button bar) and focus stays on the same button.
(() => {
  let loading = false;
  const waiting = [];
  let stepped = null; // "next" or "prev": the walk was moved by its own buttons or keys

  document.addEventListener("click", (event) => {
    const link = event.target.closest(".walk-nav a[data-key]");
    if (link) stepped = link.rel;
  });

  function showStep() {
    const gate = document.querySelector('#walk [aria-current="step"]');
    if (!gate) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    gate.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    // The pressed button was replaced: focus goes to its successor, so Enter goes on
    // stepping; at either end of the walk, to the gate itself (its live text is announced).
    const button = document.querySelector(`#walk .walk-nav a[rel="${stepped}"]`);
    const heading = gate.querySelector("h3");
    if (button) button.focus({ preventScroll: true });
    else if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }

  function step(key) {
    const link = document.querySelector(`#walk a[data-key="${key}"]`);
    if (!link) return;
    loading = true;
    link.click();
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.target.closest("input, select, textarea, [contenteditable]")) return;
    event.preventDefault();
    if (loading) waiting.push(event.key);
    else step(event.key);
  });

  document.addEventListener("htmx:afterSettle", (event) => {
    // Out-of-band swaps settle too; only the walk itself means the step has arrived.
    if (event.target.id !== "walk") return;
    loading = false;
    if (waiting.length) step(waiting.shift());
    else if (stepped) showStep();
    stepped = null;
  });
  document.addEventListener("htmx:responseError", () => {
    loading = false;
    stepped = null;
    waiting.length = 0;
  });
})();
