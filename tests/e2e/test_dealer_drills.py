"""The commission and payout drills in a real browser, by keyboard only, at a phone's width
and a desktop's, in English and in Chinese: the amount box has the focus, Enter answers,
the verdict is read out in the live region, and the next question is ready to type."""

import html
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, expect

from baccarat.teaching import dealer_commission, dealer_payouts
from dealer import scoring

pytestmark = pytest.mark.same_on_any_database


def question_on(page, drill):
    token = html.unescape(page.locator('input[name="question"]').get_attribute("value"))
    data, _seconds = scoring.take(f"dealer:{drill}", token)
    engine = dealer_commission if drill == "commission" else dealer_payouts
    return engine.restore(data)


def typed(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


@pytest.mark.parametrize(("width", "prefix"), [(390, "/zh-hant"), (1280, "")])
def test_both_drills_by_keyboard(live_server, browser: Browser, width, prefix):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    for drill, query in (("commission", "?choice=round_25"), ("payouts", "?choice=dragon_7")):
        page.goto(f"{live_server.url}{prefix}/dealer/{drill}/{query}")
        page.wait_for_function("() => window.htmx !== undefined")
        amount = page.locator("#amount")
        expect(amount).to_be_focused()
        expect(amount).to_have_attribute("inputmode", "decimal")
        box = amount.bounding_box()
        assert box and box["height"] >= 48 and box["y"] + box["height"] <= 800  # first screen
        live = page.locator("#drill-feedback")
        expect(live).to_have_attribute("aria-live", "polite")
        url = page.url

        question = question_on(page, drill)
        page.keyboard.type(typed(question.answers[0]))
        page.keyboard.press("Enter")
        expect(live.locator('[data-verdict="right"]')).to_be_visible()
        expect(live).to_contain_text(question.worked if not prefix else "$")
        expect(page.locator("#amount")).to_be_focused()  # the next question, ready to type

        following = question_on(page, drill)
        page.keyboard.type("0.01")
        page.keyboard.press("Enter")
        expect(live.locator('[data-verdict="wrong"]')).to_be_visible()
        expect(live).to_contain_text(dealer_commission.dollars(following.answers[0]))

        page.keyboard.type("3,75")
        page.keyboard.press("Enter")
        expect(live.locator("[data-notice]")).to_be_visible()
        expect(page.locator("#amount")).to_have_attribute("aria-invalid", "true")
        # In place with htmx; an Enter pressed before htmx takes over a new form posts the
        # whole page instead, which keeps the chooser too (it rides with each answer).
        assert urlparse(page.url).path == urlparse(url).path
        expect(page.locator("#id_choice")).to_have_value(query.removeprefix("?choice="))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
