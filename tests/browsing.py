"""Steps a person takes in the browser tests (tests/e2e), shared by them."""

from django.urls import reverse
from playwright.sync_api import Page, expect

TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

# axe-core's options in each colour scheme a page is audited in. A scheme changes colours and
# nothing else: every rule in the light scheme, and in the dark one the rules that read
# colours (the rest would find the same again, at twice the cost).
AXE_SCHEMES = {
    "light": {"resultTypes": ["violations"]},
    "dark": {
        "resultTypes": ["violations"],
        "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    },
}


def start_shoe(live_server, page: Page, name):
    """Start a shoe through the tracker's own form; the Shoe once its page has loaded."""
    from tracker.models import Shoe

    page.goto(live_server.url + reverse("tracker:index"))
    page.get_by_label("Name").fill(name)
    page.get_by_role("button", name="Start the shoe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    # htmx takes over the buttons at DOMContentLoaded, after every deferred script has run
    # (shortcuts.js's keys included): a key pressed before then submits the form natively,
    # and the page reloads under the keys that follow. "load" comes after.
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.htmx !== undefined")
    return Shoe.objects.get(name=name)


def beads(page: Page):
    """The Bead Plate's beads: one for each hand the page shows recorded."""
    return page.locator("#road-bead_plate use.bead")


def a_moment_later(page: Page, milliseconds=300):
    """Move the page's clock (Date.now) on, as a person's pause before the next tap would,
    instead of the test waiting: record-taps.js takes a second tap on the same outcome within
    150 ms for a double tap. The clock then stays where it is put; timers run as usual."""
    now = page.evaluate("Date.now()")
    page.clock.set_fixed_time((now + milliseconds) / 1000)


def settled(page: Page):
    """Once htmx has no request on its way and has settled its last swap, and two frames
    have been drawn since: what the page's scripts do after htmx:afterSettle or in the frame
    after a resize is done."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    page.evaluate(TWO_FRAMES)


# The kept copy of a page, as the service worker has it: how many beads its Bead Plate shows
# (-1: no copy). For page.evaluate(KEPT_BEADS, url).
KEPT_BEADS = """async (url) => {
  for (const name of await caches.keys()) {
    const copy = await (await caches.open(name)).match(url, { ignoreVary: true });
    if (copy) {
      const page = new DOMParser().parseFromString(await copy.text(), "text/html");
      return page.querySelectorAll("#road-bead_plate use.bead").length;
    }
  }
  return -1;
}"""
