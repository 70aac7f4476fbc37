import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

# The hand walkthrough is the engine's, from the address: it stores and reads nothing.
pytestmark = pytest.mark.same_on_any_database


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


IN_VIEW_ABOVE_THE_BAR = """() => {
    const gate = document.querySelector('#walk [aria-current="step"]').getBoundingClientRect();
    const bar = document.querySelector(".walk-nav").getBoundingClientRect();
    return gate.top >= -1 && gate.bottom <= Math.min(bar.top, innerHeight) + 1;
}"""


@pytest.mark.parametrize(
    "phone, language, motion",
    [
        ((360, 740), "", "reduce"),
        ((360, 740), "/zh-hant", "reduce"),
        ((360, 740), "/zh-hans", "no-preference"),
        ((390, 844), "/zh-hant", "no-preference"),
    ],
    indirect=["phone"],
)
def test_next_brings_the_new_gate_into_view_on_a_phone(live_server, phone, language, motion):
    page = phone
    page.emulate_media(reduced_motion=motion)
    page.goto(live_server.url + language + reverse("hands:walkthrough") + "?cards=4h,3s,Ad,Kc,8c")
    page.wait_for_function("() => window.htmx !== undefined")
    bar = page.locator(".walk-nav")
    for step in range(2, 7):
        # The bar is one row: its three parts side by side, "2/6" rather than the words.
        parts = [part.bounding_box() for part in bar.locator("> *").all()]
        assert len(parts) == 3
        middles = {round(box["y"] + box["height"] / 2) for box in parts}
        assert max(middles) - min(middles) <= 2, parts
        assert bar.bounding_box()["height"] <= 72
        expect(bar.locator(".walk-where-short")).to_have_text(f"{step - 1}/6")
        bar.locator("a[rel=next]").click()
        expect(page.locator('#walk [aria-current="step"] h3')).to_contain_text(f"{step}.")
        page.wait_for_function(IN_VIEW_ABOVE_THE_BAR)
        if step < 6:
            expect(page.locator(".walk-nav a[rel=next]")).to_be_focused()
    expect(page.locator('#walk [aria-current="step"] h3')).to_be_focused()
