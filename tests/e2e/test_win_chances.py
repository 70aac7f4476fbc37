"""The win chances on the hand page, in a browser: on a phone and a desktop, nothing scrolls
sideways; the squeeze is used from the keyboard alone, the new chances come in place and
are announced, and focus stays where it was. CHANCES_SHOTS=<folder> keeps screenshots."""

import os
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

# The hand page is the engine's, from the address: it stores and reads nothing.
pytestmark = pytest.mark.same_on_any_database

WIDE = "() => document.scrollingElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_squeeze_the_next_card_by_keyboard(live_server, page: Page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + reverse("hands:walkthrough") + "?cards=3,K,2,6")
    here = page.locator(".chance-here")
    expect(here).to_contain_text("From this gate: After the Banker's second card (a 6)")
    expect(here).to_contain_text("Banker")
    assert page.evaluate(WIDE) <= 0, f"the hand page scrolls sideways at {width} px"
    small = page.evaluate(
        """() => [...document.querySelectorAll('.squeeze-form button, .squeeze-form label,'
                                             + ' .chance-steps summary')]
            .filter(e => e.getBoundingClientRect().height < 48).map(e => e.textContent.trim())"""
    )
    assert small == [], f"targets under 48 px at {width} px: {small}"

    picture = page.get_by_role("button", name="A picture or ten")
    picture.focus()
    page.keyboard.press("Enter")
    live = page.locator("#live")
    expect(live).to_have_text(
        "If the Player's third card is a picture or ten, the Banker wins, for certain."
    )
    expect(page.locator("#chance-squeeze")).to_contain_text("Squeezed:")
    expect(page).to_have_url(re.compile(r"squeeze=picture"))
    expect(picture).to_be_focused()  # only the chances were swapped

    # Tick a 7 and a 9 with the space bar, then narrow to them.
    for rank in ("7", "9"):
        box = page.get_by_role("checkbox", name=rank, exact=True)
        box.focus()
        page.keyboard.press("Space")
        expect(box).to_be_checked()
    narrow = page.get_by_role("button", name="Narrow to the ranks ticked")
    narrow.focus()
    page.keyboard.press("Enter")
    expect(live).to_contain_text("If the Player's third card is one of 7, 9, Banker wins")
    expect(page.locator("#chance-squeeze .chance-figures")).to_contain_text("Tie")
    assert page.evaluate(WIDE) <= 0, f"the squeezed chances scroll sideways at {width} px"
    if width < 400:  # the narrowest phone the site is drawn for, too
        page.set_viewport_size({"width": 360, "height": 740})
        assert page.evaluate(WIDE) <= 0, "the squeezed chances scroll sideways at 360 px"
    shots = os.environ.get("CHANCES_SHOTS")
    if shots:
        page.locator(".chances").screenshot(path=f"{shots}/chances-{width}.png")

    # The list after every card opens from the keyboard, the row for this gate marked.
    summary = page.get_by_text("The chances after every card")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator('.chance-steps li[aria-current="true"]')).to_contain_text(
        "After the Banker's second card (a 6)"
    )
