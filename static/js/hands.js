// The hand page: ← and → step through the gates (the links work without this script).
// Keys pressed while a step is still loading wait their turn, so pressing → four times
// quickly really moves four gates.
(() => {
  let loading = false;
  const waiting = [];

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
  });
  document.addEventListener("htmx:responseError", () => {
    loading = false;
    waiting.length = 0;
  });
})();
