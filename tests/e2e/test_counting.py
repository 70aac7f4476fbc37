"""The exact edge at every hand in a real browser: another shoe is dealt in place, the page
never scrolls sideways on a phone (the table scrolls in its own region), and the keyboard
reaches that region."""

import os

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from baccarat.simulation.shoe_walk import dealt_walk

pytestmark = pytest.mark.same_on_any_database
SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set to keep a picture of each width


@pytest.mark.parametrize("width", [390, 1280])
def test_dealing_shoes_and_reading_their_edges(live_server, browser: Browser, width):
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=width < 800, has_touch=width < 800
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("odds:counting") + "?seed=7&decks=8")
    page.wait_for_function("() => window.htmx !== undefined")
    walk = dealt_walk(8, 7)
    rows = page.locator(".edges-table tbody tr")
    expect(rows).to_have_count(len(walk.hands))
    expect(page.locator(".edge-chart")).to_have_count(6)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/counting-{width}.png", full_page=False)
        page.locator("#edges-results").screenshot(path=f"{SHOTS}/counting-{width}-results.png")

    # A new seed typed and dealt: the results are swapped in place and the address follows.
    page.get_by_label("Seed").fill("12")
    page.get_by_role("button", name="Deal this shoe").click()
    expect(page.locator("#edges-h")).to_contain_text("seed 12")
    expect(rows).to_have_count(len(dealt_walk(8, 12).hands))
    expect(page.locator("#live")).not_to_be_empty()
    assert "seed=12" in page.url

    # A bad seed: the field says what is wrong, and nothing is dealt.
    page.get_by_label("Seed").fill("twelve")
    page.get_by_role("button", name="Deal this shoe").click()
    expect(page.locator("#seed-error")).to_contain_text("Seed:")
    expect(page.locator(".edges-table")).to_have_count(0)

    # The table's region takes the keyboard's focus, so it scrolls without a mouse.
    page.goto(live_server.url + reverse("odds:counting") + "?seed=7")
    region = page.get_by_role("region", name="Each bet's exact edge")
    region.focus()
    expect(region).to_be_focused()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
