"""Dark mode in a real browser: the page follows the system's colour scheme with no
cookie; the header's switch changes it at once and it stays changed after a reload; without
JavaScript the switch is a form that does the same; the mastery heatmap passes axe's
contrast check in both schemes."""

import random
from types import SimpleNamespace

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from progress.learner import Learner

# The scheme lives in a cookie and the colours in site.css: the database cannot change them.
pytestmark = pytest.mark.same_on_any_database

LIGHT_PAPER = "rgb(255, 255, 255)"
DARK_PAPER = "rgb(18, 21, 25)"


def paper(page):
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def theme_cookie(context):
    return next((c["value"] for c in context.cookies() if c["name"] == "theme"), None)


def theme_posted(request):
    """The switch's background POST (static/js/theme.js), which sets the cookie."""
    return request.method == "POST" and request.url.split("?")[0].endswith("/theme/")


@pytest.fixture
def desktop(browser: Browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def test_the_switch_changes_the_scheme_at_once_and_it_is_remembered(live_server, desktop):
    page = desktop.new_page()
    page.goto(live_server.url + "/rules/")
    assert paper(page) == LIGHT_PAPER
    dark = page.get_by_role("button", name="Switch to the Dark theme")
    expect(page.get_by_role("button", name="Switch to the Light theme")).to_be_hidden()
    with page.expect_request_finished(theme_posted):
        dark.click()
    # No reload: the page is the same document, now dark, and focus is on the way back.
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert paper(page) == DARK_PAPER
    light = page.get_by_role("button", name="Switch to the Light theme")
    expect(light).to_be_focused()
    expect(dark).to_be_hidden()
    expect(page.locator("#live")).to_have_text("The dark theme is on.")
    assert theme_cookie(page.context) == "dark"

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert paper(page) == DARK_PAPER
    # The footer offers the way back to the system setting.
    system = page.get_by_role("button", name="Use the system setting")
    expect(system).to_be_visible()
    with page.expect_request_finished(theme_posted):
        system.click()
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert paper(page) == LIGHT_PAPER  # this browser's system setting is light
    expect(system).to_be_hidden()
    assert theme_cookie(page.context) is None
    page.reload()
    assert page.evaluate("document.documentElement.hasAttribute('data-theme')") is False


def test_a_page_come_back_to_shows_the_scheme_chosen_since(live_server, desktop):
    page = desktop.new_page()
    page.goto(live_server.url + "/rules/")
    page.get_by_role("link", name="Glossary").click()
    page.wait_for_url(live_server.url + "/glossary/")
    with page.expect_request_finished(theme_posted):
        page.get_by_role("button", name="Switch to the Dark theme").click()
    assert theme_cookie(page.context) == "dark"
    page.go_back()  # from the back-forward cache, if the browser kept the page
    page.wait_for_url(live_server.url + "/rules/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert paper(page) == DARK_PAPER


def test_a_dark_system_setting_gives_a_dark_page_with_no_cookie(live_server, browser: Browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, color_scheme="dark"
    )
    page = context.new_page()
    page.goto(live_server.url + "/")
    assert theme_cookie(context) is None
    assert paper(page) == DARK_PAPER
    assert page.evaluate("document.documentElement.hasAttribute('data-theme')") is False
    # On a phone the switch is in the menu, a thumb tall, and offers the light theme.
    page.locator("summary", has_text="Menu").click()
    light = page.get_by_role("button", name="Switch to the Light theme")
    expect(light).to_be_visible()
    assert light.bounding_box()["height"] >= 48
    expect(page.get_by_role("button", name="Switch to the Dark theme")).to_be_hidden()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    light.click()
    assert paper(page) == LIGHT_PAPER
    context.close()


def test_without_javascript_the_switch_is_a_form(live_server, browser: Browser):
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(live_server.url + "/glossary/")
    page.get_by_role("button", name="Switch to the Dark theme").click()
    page.wait_for_url(live_server.url + "/glossary/")
    assert theme_cookie(context) == "dark"
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert paper(page) == DARK_PAPER
    page.get_by_role("button", name="Use the system setting").click()
    page.wait_for_url(live_server.url + "/glossary/")
    assert theme_cookie(context) is None
    assert paper(page) == LIGHT_PAPER
    context.close()


def test_the_heatmap_is_legible_in_both_schemes(live_server, browser: Browser):
    """Every band of the heatmap, and the home page's small copy, against axe's contrast rule."""
    user = User.objects.create_user("heat", password="a long enough password 1")
    learner = Learner(SimpleNamespace(user=user, session={}))
    draw = random.Random(14)
    for banker in range(8):
        for third in range(10):
            if (banker + third) % 7 == 0:
                continue  # some cells never tried
            right = draw.random()
            for _ in range(draw.randint(1, 5)):
                learner.review(f"banker:{banker}:{third}", draw.random() < right)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("heat")
    page.get_by_label("Password").fill("a long enough password 1")
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("navigation", name="Account")).to_contain_text("Signed in as heat")
    axe = Axe()
    found = []
    for path in ("/quiz/progress/", "/"):
        page.goto(live_server.url + path)
        bands = page.evaluate(
            "[...new Set([...document.querySelectorAll('td.heat')].map(td => td.className))]"
        )
        assert {"heat heat-low", "heat heat-good", "heat heat-high"} <= set(bands), bands
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            result = axe.run(page, options={"runOnly": ["color-contrast"]}).response
            if result["violations"]:
                found.append(
                    (path, scheme, [v["nodes"][0]["target"] for v in result["violations"]])
                )
    context.close()
    assert found == []
