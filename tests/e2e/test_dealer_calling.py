"""Calling the hand and the shoe procedure in a real browser, by keyboard only, on a phone
and a desktop, in English and Chinese: the calls swap in place, the feedback is read out,
and nothing scrolls sideways."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.game.cards import parse_cards
from baccarat.teaching.calling import CalledHand

# Player 4 + A = 5 draws an 8; Banker 2 + A = 3 stands against it; 3 against 3: a tie.
BANKER_3_V_8 = "4h 2s Ad Ac 8d"

pytestmark = pytest.mark.slow


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


# The answers the drill stores are the same at any width and in any language: the first
# case is enough for the PostgreSQL pass.
ONCE_ON_POSTGRESQL = pytest.mark.same_on_any_database


@pytest.mark.parametrize(
    ("width", "prefix"),
    [
        (390, ""),
        pytest.param(1280, "", marks=ONCE_ON_POSTGRESQL),
        pytest.param(390, "/zh-hant", marks=ONCE_ON_POSTGRESQL),
    ],
)
def test_call_a_whole_hand_by_keyboard(live_server, page: Page, monkeypatch, width, prefix):
    monkeypatch.setattr(
        "dealer.calling.new_hand", lambda request: CalledHand(tuple(parse_cards(BANKER_3_V_8)))
    )
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(live_server.url + prefix + reverse("dealer:calling"))
    page.wait_for_function("() => window.htmx !== undefined")
    live = page.locator("#drill-feedback")
    expect(live).to_have_attribute("aria-live", "polite")
    assert no_sideways_scroll(page)
    # The totals and the result are offered ordered by total: "Player five, Banker three" is
    # the third, "Tie, three" the first.
    for key in ["3", "o", "d", "s", "1"]:
        verdicts = page.locator("#drill-feedback [data-verdict]")
        before = page.locator("#drill form").get_attribute("data-kind")
        page.keyboard.press(key)
        expect(verdicts).to_have_attribute("data-verdict", "right")
        expect(page.locator("#drill form")).not_to_have_attribute("data-kind", before or "")
        assert no_sideways_scroll(page)
    expect(live).to_contain_text("13 → 3" if prefix else "Tie, three")


def test_the_burn_is_typed_and_enter_submits(live_server, page: Page, monkeypatch):
    from baccarat.teaching.shoe_procedure import question

    monkeypatch.setattr("dealer.procedure.next_question", lambda request: question("burn", 12))
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server.url + reverse("dealer:procedure"))
    page.wait_for_function("() => window.htmx !== undefined")
    box = page.locator("#id_answer")
    expect(box).to_have_attribute("inputmode", "numeric")
    box.fill("10")
    box.press("Enter")
    expect(page.locator("#drill-feedback [data-verdict]")).to_have_attribute(
        "data-verdict", "right"
    )
    assert no_sideways_scroll(page)
