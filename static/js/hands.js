// The hand page: ← and → step through the gates (the links work without this script).
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, select, textarea, [contenteditable]")) return;
  const link = document.querySelector(`#walk a[data-key="${event.key}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
