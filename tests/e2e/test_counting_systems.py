"""Counting systems side by side on a phone: a run of your own count stepped with htmx to
its end, nothing wider than the screen, the form's refusal beside its field."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.same_on_any_database


@pytest.mark.parametrize("phone", [(390, 844)], indirect=True, ids=["390"])
def test_a_stepped_run_of_your_count_on_a_phone(live_server, phone):
    page = phone
    url = live_server.url + reverse("odds:counting_systems")
    page.goto(url + "?decks=8&shoes=45&seed=5&tag_8=-2&tag_9=-2&tag_4=1&tag_5=1&bet=tie")
    # 40 shoes are dealt with the page; htmx asks for the last 5 by itself.
    expect(page.locator("#counting-run-h")).to_contain_text("45 of 45 shoes", timeout=30_000)
    expect(page.locator("#counting-run")).to_contain_text("Your count")
    expect(page.locator("#live")).to_contain_text("Dealt 45 of 45 shoes")
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1]
    # Each figure carries its column's name on a phone.
    first = page.locator("#counting-run tbody tr").first
    expect(first.locator("td").nth(1)).to_have_attribute("data-label", "Correlation with the edge")
    page.screenshot(path="/tmp/counting-390.png", full_page=False)

    page.goto(url + "?tag_A=9")
    expect(page.locator("#tag_A-error")).to_contain_text("Tag for A")
    expect(page.get_by_label("A", exact=True)).to_have_attribute("aria-invalid", "true")
