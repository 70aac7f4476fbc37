import re

from django.urls import reverse
from playwright.sync_api import Page, expect


def test_step_through_banker_3_against_8_by_keyboard(live_server, page: Page):
    page.goto(live_server.url + reverse("hands:walkthrough"))
    box = page.get_by_label("Cards")
    box.focus()
    page.keyboard.type("4h 3s Ad Kc 8c")
    page.keyboard.press("Enter")
    walk = page.locator("#walk")
    expect(walk.locator('[aria-current="step"]')).to_contain_text("1. Card values")

    # Leave the text box, then walk with the arrow keys.
    page.locator("h1").click()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    current = walk.locator('[aria-current="step"]')
    expect(current).to_contain_text("5. The Banker's rule")
    expect(current).to_contain_text("Banker 3 stands only against an 8.")
    cell = current.locator("td.highlight-cell")
    expect(cell).to_have_count(1)
    expect(cell).to_have_attribute("data-cell", "3-8")
    expect(cell).to_contain_text("S")
    # The step is announced, and the address is the hand's permalink at that gate.
    expect(page.locator("#live")).to_contain_text("Gate 5, The Banker's rule")
    expect(page).to_have_url(re.compile(r"step=5"))

    page.keyboard.press("ArrowLeft")
    expect(walk.locator('[aria-current="step"]')).to_contain_text("4. The Player's rule")


def test_keypad_builds_a_hand_without_typing(live_server, page: Page):
    page.goto(live_server.url + reverse("hands:walkthrough"))
    for rank in ["4", "3", "A", "K"]:
        page.get_by_role("button", name=f"Add {rank}", exact=True).click()
        expect(page.get_by_label("Cards")).to_have_value(re.compile(rf"{rank}$"))
    expect(page.get_by_label("Cards")).to_have_value("4, 3, A, K")
    page.get_by_role("link", name="Show every gate").click()
    expect(page.locator('[data-gate="result"]')).to_contain_text(
        "Waiting for the Player's third card"
    )


def test_works_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + reverse("hands:walkthrough") + "?cards=4,3,A,K,8")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator('[aria-current="step"]')).to_contain_text("2. Two-card totals")
    page.get_by_role("button", name="Deal a random hand").click()
    expect(page.locator('[data-gate="values"]')).to_be_visible()
    context.close()
