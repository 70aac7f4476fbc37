"""The big-table lesson and the lesson on how much a bet swings, in the browser: axe finds
nothing on either, in English and in Chinese, at a phone's width and a desktop's, in both
colour schemes; nothing scrolls sideways on a 360 px phone; and on a phone each bet of the
swing tables is a block of labelled lines, every figure beside the name of what it is."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

# Lessons worked out by the engine from the address: nothing is stored or read back.
pytestmark = pytest.mark.same_on_any_database

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


def test_the_session_board_works_by_keyboard_and_says_its_result(live_server, browser: Browser):
    from baccarat.teaching.swings import result, session_of

    # A phone with a keyboard attached: a thumb's 48 px targets, and Enter submits.
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(live_server.url + SWINGS)
    board = page.locator("#session-1")
    board.get_by_label("Bet").select_option("tie_8_to_1")
    hands = board.get_by_label("Hands")
    hands.fill("80")
    hands.press("Enter")
    expected = result(session_of("tie_8_to_1", 10, 80).expected)
    expect(page.locator('#session-1 [data-figure="expected"]')).to_have_text(expected)
    expect(page.locator("#live")).to_contain_text("Tie at 8 to 1, 10 a hand for 80 hands")
    expect(page.locator("#session-1 .board-changed")).to_be_visible()
    assert "session-1-hands=80" in page.url  # the choice lives in the address
    button = page.locator("#session-1").get_by_role("button", name="Work it out")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 48
    assert not violations(page, Axe())
    context.close()
