"""The big-table lesson and the lesson on how much a bet swings, in the browser: axe finds
nothing on either, in English and in Chinese, at a phone's width and a desktop's, in both
colour schemes; nothing scrolls sideways on a 360 px phone; and on a phone each bet of the
swing tables is a block of labelled lines, every figure beside the name of what it is."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

BIG_TABLE = "/lessons/settlement/the-big-table/"
SWINGS = "/lessons/play-responsibly/how-much-a-bet-swings/"
PAGES = [BIG_TABLE, SWINGS, f"/zh-hant{SWINGS}", f"/zh-hans{BIG_TABLE}"]


def violations(page, axe):
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for v in axe.run(page).response["violations"]:
            targets = ", ".join(str(node["target"]) for node in v["nodes"][:3])
            found.append(f"{page.url} ({scheme}): {v['id']} at {targets}")
    return found


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["390", "1280"])
def test_axe_finds_nothing_on_the_new_lessons(live_server, browser: Browser, width, height):
    phone = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
    )
    page = context.new_page()
    axe = Axe()
    found = []
    for path in PAGES:
        assert page.goto(live_server.url + path).status == 200, path
        found += violations(page, axe)
    context.close()
    assert not found, "\n".join(found)


def test_on_a_phone_the_swing_tables_are_labelled_lines_and_nothing_scrolls_sideways(
    live_server, browser: Browser
):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True)  # fmt: skip
    page = context.new_page()
    for path in PAGES:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    page.goto(live_server.url + SWINGS)
    banker = page.locator("table.swings").first.locator('tr[data-bet="banker"]')
    expect(banker).to_be_visible()
    cell = banker.locator("td").nth(2)
    label = cell.evaluate("td => getComputedStyle(td, '::before').content")
    assert label == '"Within one standard deviation"'
    # The cell and its label sit on one line of the block, inside the screen.
    box = cell.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    expect(cell).to_contain_text("from a loss of")
    context.close()
