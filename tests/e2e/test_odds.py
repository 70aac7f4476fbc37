"""The odds calculator in a real browser: type a rank count, and the figures follow."""

import re

from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.odds.exact import odds, ranks_of_decks
from odds.views import percent


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
