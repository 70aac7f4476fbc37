// The odds calculator. Typing in the dealt cards or in a rank count picks that kind of
// shoe, so the live results follow what you type (without this script, pick it yourself
// and press the button). After each update, a field whose message says it is wrong is
// marked invalid for screen readers, as the page does when it is loaded whole; a link to a
// field in error focuses it.
(() => {
  document.addEventListener(
    "input",
    (event) => {
      const option = event.target.closest("[data-shoe]");
      const form = event.target.form;
      if (option && form && form.elements.shoe) form.elements.shoe.value = option.dataset.shoe;
    },
    true, // before htmx reads the form
  );

  // "No odds yet: the message beside Commission says…": the link takes focus to the field
  // itself (a fragment link only scrolls), with its message beside it.
  document.addEventListener("click", (event) => {
    const link = event.target.closest(".results-blocked a[href^='#']");
    const field = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: "center" });
  });

  document.addEventListener("htmx:afterSettle", () => {
    for (const slot of document.querySelectorAll("[data-error-for]")) {
      const field = document.getElementById(slot.dataset.errorFor);
      if (!field) continue;
      if (slot.textContent.trim()) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    }
  });
})();
