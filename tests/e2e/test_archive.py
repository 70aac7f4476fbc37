"""Your shoes kept, in a real browser: the list by day and the statistics across shoes fit a
phone and a desktop with no sideways scroll, the Big Road thumbnails show, and the filter
works from the keyboard alone (typed, then Enter), leaving a shareable address."""

import datetime
import os

import pytest
from browsing import settled, start_shoe
from playwright.sync_api import expect

from tracker.models import Shoe

WIDE = "() => document.scrollingElement.scrollWidth - window.innerWidth"


@pytest.mark.same_on_any_database
def test_the_archive_fits_and_filters_by_keyboard(live_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    hands = "BBPTPBPPBBBPTBPBBPPPBTBPBPPBBBBPBPPTBBPBPPBPBBPTBPPBBBBBBPPBPTPB"
    for number, name in enumerate(["Galaxy, Friday night", "Lisboa late", "Wynn"]):
        shoe = start_shoe(live_server, page, name)
        for outcome in hands[number * 7 :]:
            shoe.record(outcome)
        Shoe.objects.filter(pk=shoe.pk).update(
            created=datetime.datetime(2026, 11, 27 + number, 22, tzinfo=datetime.UTC)
        )
    shots = os.environ.get("ARCHIVE_SHOTS")
    try:
        for width, height in [(360, 740), (390, 844), (1280, 900)]:
            page.set_viewport_size({"width": width, "height": height})
            page.goto(live_server.url + "/tracker/")
            thumbs = page.locator("svg.thumb")
            expect(thumbs).to_have_count(3)
            for index in range(3):
                box = thumbs.nth(index).bounding_box()
                assert box and box["width"] > 20 and box["height"] == 36
            assert page.evaluate(WIDE) <= 0, f"/tracker/ scrolls sideways at {width} px"
            if shots:
                page.screenshot(path=f"{shots}/archive-{width}.png", full_page=True)
            page.goto(live_server.url + "/tracker/stats/")
            expect(page.locator("svg.archive-chart")).to_have_count(2)
            # The totals in the shoe page's stats panel, beside what only a set of shoes has.
            expect(page.locator(".archive-panel .stats-strip")).to_be_visible()
            expect(page.locator("dl.archive-across dd").first).to_have_text("3")
            assert page.evaluate(WIDE) <= 0, f"/tracker/stats/ scrolls sideways at {width} px"
            if shots:
                page.screenshot(path=f"{shots}/archive-stats-{width}.png", full_page=True)

        # By keyboard alone: Tab into the filter, type, Enter.
        page.goto(live_server.url + "/tracker/")
        page.wait_for_function("() => window.htmx !== undefined")
        page.get_by_role(
            "link", name="Statistics across your shoes, and your shoes against chance"
        ).focus()
        page.keyboard.press("Tab")
        expect(page.locator(".archive-filter-box > summary")).to_be_focused()
        page.keyboard.press("Enter")  # the filter opens
        page.keyboard.press("Tab")
        expect(page.get_by_label("Search your shoes")).to_be_focused()
        page.keyboard.type("lisboa")
        page.keyboard.press("Enter")
        expect(page.locator(".archive-name")).to_have_text(["Lisboa late"])
        expect(page.locator("#live")).to_have_text("1 shoe found")
        settled(page)
        assert "q=lisboa" in page.url
        page.get_by_label("Decks", exact=True).fill("9")
        page.get_by_label("Decks", exact=True).press("Enter")
        expect(page.locator(".archive-refused")).to_contain_text("Decks:")
        expect(page.locator("#live")).to_have_text("The filter could not be read.")
    finally:
        context.close()
