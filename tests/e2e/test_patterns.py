"""The players' road patterns in a browser: the vocabulary and a pattern's page on a phone
(360 px) and a desktop (1280 px), with no sideways scroll, the drawn example on screen with
its framed beads, the figures' table reachable, and the links a thumb tall."""

import pytest
from playwright.sync_api import Browser, expect

from baccarat.roads.patterns import PATTERNS

SCREENS = [(360, 740), (1280, 800)]
NARROW_LINKS = """() => [...document.querySelectorAll('.pattern-list h2 a, .pattern-headline a')]
  .filter(e => e.getBoundingClientRect().height < 48).map(e => e.textContent.trim())"""


@pytest.mark.slow
@pytest.mark.same_on_any_database
@pytest.mark.parametrize("width, height", SCREENS, ids=["360", "1280"])
def test_the_patterns_fit_and_show_their_example(live_server, browser: Browser, width, height):
    phone = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    assert page.goto(live_server.url + "/patterns/").status == 200
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert page.locator(".pattern-item").count() == len(PATTERNS)
    assert page.evaluate(NARROW_LINKS) == []
    page.screenshot(path=f"/tmp/patterns-index-{width}.png", full_page=False)

    page.get_by_role("link", name="Double hops", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Double hops")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    board = page.locator(".pattern-board .road-svg")
    board.scroll_into_view_if_needed()
    expect(board).to_be_in_viewport(ratio=0.9)
    box, screen = board.bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"] + 0.5
    # The pattern's beads are framed: eight beads of double hops.
    assert page.locator(".pattern-board .compared-frames use").count() == 8
    page.screenshot(path=f"/tmp/patterns-detail-{width}.png", full_page=True)
    table = page.locator("#next-hand-table")
    expect(table.get_by_role("rowheader", name="Banker")).to_be_visible()
    expect(page.locator(".pattern-verdict")).to_contain_text("The next hand does not care.")
    context.close()
