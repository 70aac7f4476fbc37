"""Steps a person takes in the browser tests (tests/e2e), shared by them."""

from django.urls import reverse
from playwright.sync_api import Page, expect


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
