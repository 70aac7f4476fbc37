"""The odds calculator in a real browser: type a rank count, and the figures follow."""

import re
from fractions import Fraction

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.odds.exact import odds, ranks_of_decks
from odds.views import percent

# The calculator is the engine's figures from the address: it stores and reads nothing.
pytestmark = pytest.mark.same_on_any_database


def test_typing_a_rank_count_updates_the_banker_figure_live(live_server, page: Page):
    page.goto(live_server.url + reverse("odds:calculator"))
    page.wait_for_function("() => window.htmx !== undefined")
    banker = page.locator('tr[data-odds="banker"] td').first
    expect(banker).to_have_text("45.8597%")

    # No button pressed: typing in the grid picks "rank by rank" and the results follow.
    kings = page.get_by_label("Cards of rank K")
    kings.select_text()
    page.keyboard.type("0")
    without_kings = odds(ranks={**ranks_of_decks(8), "K": 0})
    expect(banker).to_have_text(percent(without_kings.p("banker")))
    expect(page.get_by_role("radio", name="The cards left, rank by rank")).to_be_checked()
    expect(page.locator("#odds-results")).to_contain_text("384 cards")
    # The address is the shareable URL of this shoe.
    expect(page).to_have_url(re.compile(r"shoe=ranks.*K=0"))

    # A wrong count: a message beside it, and the figures wait for a correction.
    kings.select_text()
    page.keyboard.type("40")
    expect(page.locator("#rank-K-error")).to_have_text("Over 32")
    expect(kings).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#odds-results")).to_contain_text("No odds yet")
    kings.select_text()
    page.keyboard.type("0")
    expect(banker).to_have_text(percent(without_kings.p("banker")))
    expect(page.locator("#rank-K-error")).to_have_text("")
    expect(kings).not_to_have_attribute("aria-invalid", "true")


def in_first_screen(page, locator):
    """Wholly inside the viewport as the page stands (scrolled or not)."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("phone", [(390, 844)], indirect=True, ids=["390"])
def test_on_a_phone_the_edges_stay_in_view_and_a_submit_opens_at_the_results(live_server, phone):
    page = phone
    page.goto(live_server.url + reverse("odds:calculator"))
    page.wait_for_function("() => window.htmx !== undefined")
    summary = page.locator("#odds-summary")
    banker = summary.locator('[data-summary="banker"] dd')
    expect(banker).to_have_text(percent(float(odds(decks=8).edges["banker"].per_unit)))

    # The commission, far down the form: the summary is on screen while it changes.
    commission = page.get_by_label("Commission on Banker wins (%)")
    commission.fill("4")
    four = odds(decks=8, commission=Fraction(4, 100))
    expect(banker).to_have_text(percent(float(four.edges["banker"].per_unit)))
    expect(commission).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 1000  # the form really is scrolled down
    assert in_first_screen(page, summary)
    tie = summary.locator('[data-summary="tie_8_to_1"] dd')
    expect(tie).to_have_text(percent(float(four.edges["tie_8_to_1"].per_unit)))
    # The field being typed in is not under the summary.
    assert commission.bounding_box()["y"] >= summary.bounding_box()["height"]

    # Submitting loads the page at the results, their first table on the first screen.
    page.get_by_role("button", name="Work out the odds").click()
    expect(page).to_have_url(re.compile(r"commission=4.*#odds-results$"))
    heading = page.get_by_role("heading", name="Banker, Player and Tie")
    expect(heading).to_be_in_viewport()
    assert in_first_screen(page, heading)
    assert in_first_screen(page, page.locator("#main-odds"))
    assert in_first_screen(page, summary)
    assert heading.bounding_box()["y"] >= summary.bounding_box()["height"]
    assert Axe().run(page).response["violations"] == []


def test_without_javascript_a_submit_opens_at_the_results(live_server, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("odds:calculator"))
    page.get_by_label("Decks in a full shoe").select_option("6")
    page.get_by_role("button", name="Work out the odds").click()
    expect(page).to_have_url(re.compile(r"decks=6.*#odds-results$"))
    expect(page.locator("#odds-results")).to_contain_text("A full 6-deck shoe")
    expect(page.get_by_role("heading", name="Banker, Player and Tie")).to_be_in_viewport()
    six = percent(float(odds(decks=6).edges["player"].per_unit))
    expect(page.locator('#odds-summary [data-summary="player"] dd')).to_have_text(six)
    context.close()
