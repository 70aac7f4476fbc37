"""The dealt table in a real browser: the cards arrive one at a time without holding the
question back, lie as a dealer lays them, and stay still for anyone who asked for less
motion."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from baccarat.game.cards import parse_cards
from baccarat.teaching.practice import PracticeHand

# How the cards are dealt on the felt: the page's script and CSS, not the database.
pytestmark = pytest.mark.same_on_any_database

# Player 4 draws an 8; Banker 3 stands against an 8.
HAND = "4h 3s Ad Kc 8d"


@pytest.fixture
def practice_url(live_server, monkeypatch):
    monkeypatch.setattr("hands.practice.deal", lambda: PracticeHand(tuple(parse_cards(HAND))))
    return live_server.url + reverse("hands:practice")


def running_animations(page):
    return page.evaluate(
        "() => document.getAnimations().filter(a => a.effect.target.closest('.felt')).length"
    )


def test_cards_are_dealt_in_turn_and_the_question_is_answerable_at_once(
    browser: Browser, practice_url
):
    page = browser.new_page(reduced_motion="no-preference")
    page.goto(practice_url)
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Deal a hand").click()
    natural = page.get_by_role("button", name="No natural")
    # The answer is there and enabled while the cards are still arriving.
    expect(natural).to_be_enabled()
    assert running_animations(page) == 4
    delays = page.eval_on_selector_all(
        ".felt .playing-card", "cards => cards.map(c => getComputedStyle(c).animationDelay)"
    )
    # Player, Banker, Player, Banker: the Player's spot shows cards 1 and 3.
    assert delays == ["0s", "0.26s", "0.13s", "0.39s"]
    natural.click()
    page.get_by_role("button", name="Draw").click()
    third = page.locator(".spot.player .playing-card").nth(2)
    expect(third).to_have_attribute("aria-label", "8 of diamonds, counts 8, dealt sideways")
    box = third.bounding_box()
    assert box["width"] > box["height"], "the Player's third card lies crosswise"
    # Only the card the answer revealed arrives; the four already down stay put.
    expect(page.locator(".felt .deal-in")).to_have_count(1)
    page.close()


def test_no_card_moves_when_less_motion_is_asked_for(browser: Browser, practice_url):
    page = browser.new_page(reduced_motion="reduce")
    page.goto(practice_url)
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Deal a hand").click()
    expect(page.locator(".felt .playing-card")).to_have_count(4)
    assert running_animations(page) == 0
    expect(page.locator(".spot.player .spot-total")).to_have_text("Total 5")
    page.close()
