"""A whole table in a real browser, by keyboard alone: the losers ticked and taken, the
winners paid in the house's order, the box marked, in English and Chinese, on a phone and a
desktop, with nothing scrolling sideways."""

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from baccarat.odds.payouts import money
from baccarat.teaching import table_settlement as engine

# The drill's state lives in the session; what is checked is the page and its flow.
pytestmark = pytest.mark.same_on_any_database

SEED = "0000000000000002"  # hand 1: Banker wins; losers, winners and three boxes
SHOTS = os.environ.get("TABLE_SHOTS")  # a folder for screenshots, when wanted


def axe_finds(page):
    """What axe-core finds on the page as it stands, in the light and the dark scheme."""
    page.evaluate(Axe().axe_script)
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        result = page.evaluate("o => axe.run(document, o)", {"resultTypes": ["violations"]})
        found += [f"{scheme}: {v['id']} at {v['nodes'][0]['target']}" for v in result["violations"]]
    return found


def fits(page):
    return page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def tab_to(page, selector, most=60):
    """Press Tab until the element matching `selector` has the focus."""
    for _press in range(most):
        if page.evaluate(f"() => document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize(
    ("width", "prefix"), [(390, ""), (1280, ""), (390, "/zh-hant"), (360, "/zh-hant")]
)
def test_a_whole_table_settled_by_keyboard(
    browser: Browser, live_server, monkeypatch, width, prefix
):
    monkeypatch.setattr("dealer.table.secrets.token_hex", lambda n: SEED)
    settled = engine.settle_table(engine.deal(SEED, 0, "box"))
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}{prefix}/dealer/table/")
    expect(page.locator(".table-seat")).to_have_count(len(engine.SEATS))
    assert fits(page)
    # The hand comes first on a phone: the cards and the step before the time limit.
    felt = page.locator(".table-drill .felt").first.bounding_box()
    assert felt["y"] < 450
    limit = page.locator(".drill-limit").bounding_box()
    assert limit["y"] > page.locator(".table-answer").bounding_box()["y"]
    assert axe_finds(page) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/take-{width}{prefix.strip('/')}.png", full_page=True)
    # Step 1: tick each loser with the space bar, then the button with Enter.
    for line in settled.taken:
        tab_to(page, f'input[name="take"][value="{line.bet.key}"]')
        page.keyboard.press("Space")
    tab_to(page, ".table-answer .table-submit")
    page.keyboard.press("Enter")
    expect(page.locator('[data-verdict="right"]')).to_be_visible()
    # The verdict has the focus, in view: the step answered is gone, the next is below it.
    expect(page.locator('[data-verdict="right"]')).to_be_focused()
    expect(page.locator('[data-verdict="right"]')).to_be_in_viewport()
    # Step 2: the payouts, typed in the house's order.
    expect(page.locator(".table-drill")).to_have_attribute("data-step", "pay")
    for line in settled.paid:
        tab_to(page, f'input[name="pay-{line.bet.key}"]')
        page.keyboard.type(money(line.pay))
    page.keyboard.press("Enter")
    expect(page.locator(".table-drill")).to_have_attribute("data-step", "box")
    expect(page.locator('[data-verdict="right"]')).to_be_visible()
    # Step 3: the box, with one entry wrong: the worked answer says what it should be.
    seats = sorted(settled.boxed)
    for seat in seats:
        tab_to(page, f'input[name="box-{seat}"]')
        page.keyboard.type("1" if seat == seats[0] else money(settled.boxed[seat]))
    page.keyboard.press("Enter")
    expect(page.locator('[data-verdict="wrong"]')).to_be_visible()
    expect(page.locator(".table-drill")).to_have_attribute("data-step", "done")
    expect(page.locator(".table-worked li.wrong")).to_have_count(1)
    expect(page.locator('[data-verdict="wrong"]')).to_be_focused()
    expect(page.locator('[data-verdict="wrong"]')).to_be_in_viewport()
    if not prefix:
        typed = f"You typed {money(1)}."
        expect(page.locator(".table-worked li.wrong")).to_contain_text(typed)
    assert fits(page)
    assert axe_finds(page) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/done-{width}{prefix.strip('/')}.png", full_page=True)
    page.close()
