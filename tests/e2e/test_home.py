import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import start_shoe
from django.urls import reverse
from playwright.sync_api import Page, expect


@pytest.mark.same_on_any_database
def test_keyboard_reaches_skip_link_then_nav(live_server, page: Page):
    page.goto(live_server.url + reverse("reference:home"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Learn punto banco")

    # The first Tab lands on the skip link, which becomes visible and jumps to <main>.
    page.keyboard.press("Tab")
    skip_link = page.get_by_role("link", name="Skip to main content")
    expect(skip_link).to_be_focused()
    expect(skip_link).to_be_in_viewport()

    # Then the site name, then the main navigation in order, starting with Rules.
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Baccarat School")).to_be_focused()
    page.keyboard.press("Tab")
    rules = page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules")
    expect(rules).to_be_focused()

    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + reverse("reference:rules"))
    expect(rules).to_have_attribute("aria-current", "page")


@pytest.mark.same_on_any_database
def test_htmx_loads_from_our_static_files(live_server, page: Page):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(live_server.url + reverse("reference:home"))
    page.wait_for_function("() => window.htmx !== undefined")
    assert all(url.startswith(live_server.url) for url in requests), requests


JOBS = ["Learn the game", "Track a shoe", "Take a quiz"]


def job_boxes(page):
    boxes = []
    for name in JOBS:
        link = page.locator(".home-jobs").get_by_role("link", name=re.compile(f"^{name}"))
        expect(link).to_be_in_viewport(ratio=1)
        boxes.append(link.bounding_box())
    return boxes


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("phone", [(360, 740)], indirect=True, ids=["360"])
def test_the_three_jobs_are_big_buttons_on_a_phones_first_screen(live_server, phone):
    phone.goto(live_server.url + reverse("reference:home"))
    boxes = job_boxes(phone)
    assert all(box["height"] >= 48 and box["width"] >= 300 for box in boxes), boxes
    # One column: one above the other, at the same left edge.
    assert len({round(box["x"]) for box in boxes}) == 1
    assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"]
    assert Axe().run(phone).response["violations"] == []


def test_on_a_desktop_the_jobs_are_a_row_and_the_last_shoe_is_offered(live_server, page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    start_shoe(live_server, page, "Evening table")
    page.goto(live_server.url + reverse("reference:home"))
    boxes = job_boxes(page)
    assert all(box["height"] >= 48 for box in boxes), boxes
    assert len({round(box["y"]) for box in boxes}) == 1
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
    resume = page.get_by_role("link", name="Your shoe “Evening table”")
    expect(resume).to_be_in_viewport()
    assert Axe().run(page).response["violations"] == []
    resume.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Evening table")
