from django.urls import reverse
from playwright.sync_api import Page, expect


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


def test_htmx_loads_from_our_static_files(live_server, page: Page):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(live_server.url + reverse("reference:home"))
    page.wait_for_function("() => window.htmx !== undefined")
    assert all(url.startswith(live_server.url) for url in requests), requests
