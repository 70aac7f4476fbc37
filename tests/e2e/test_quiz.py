"""The quiz in a real browser: questions answered by keyboard only, the feedback read from
the aria-live region."""

import random

from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.game.rules import resolve
from baccarat.teaching.questions import banker_rule


def test_answer_quiz_questions_by_keyboard(live_server, page: Page, monkeypatch):
    # live_server runs in this process, so the quiz can be told what to ask: Banker 3
    # against a Player's third card of 8, which stands.
    dealt = []

    def banker_3_v_8(rng, kind=None):
        dealt.append(banker_rule(random.Random(len(dealt)), "banker:3:8"))
        return dealt[-1]

    monkeypatch.setattr("quiz.views.random_question", banker_3_v_8)
    page.goto(live_server.url + reverse("quiz:topic", args=["banker-rule"]))
    page.wait_for_function("() => window.htmx !== undefined")
    live = page.locator("#quiz-feedback")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_attribute("role", "status")
    expect(live).to_have_text("")  # no hint before the answer
    expect(page.locator("#quiz .quiz-prompt")).to_have_text(dealt[0].prompt)
    expect(page.get_by_role("button", name="Stand S")).to_be_visible()
    url = page.url

    page.keyboard.press("s")
    expect(live).to_contain_text("Right: Stand.")
    sentence = next(s.text for s in resolve(list(dealt[0].cards)).steps if s.gate == "banker")
    expect(live).to_contain_text(sentence)
    expect(live).to_contain_text("Banker 3, Player's third card 8: familiar, 1 of 1 right")
    expect(page.locator('#quiz-next [data-score="answered"]')).to_have_text("1")
    # Focus is on Next, so Enter moves on.
    expect(page.locator("[data-next]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#quiz .quiz-step")).to_contain_text("Question 2")
    expect(live).to_have_text("")
    expect(page.locator("#quiz .quiz-question")).to_be_focused()

    page.keyboard.press("d")  # wrong: Banker 3 stands against an 8
    expect(live).to_contain_text("Not quite — the answer is Stand. You answered Draw.")
    expect(live).to_contain_text("next review in 1 minute")
    expect(page.locator('#quiz [data-choice="stand"]')).to_contain_text("✓ the answer")
    expect(page.locator('#quiz [data-choice="draw"]')).to_contain_text("✗ your answer")
    expect(page.locator('#quiz-next [data-score="right"]')).to_have_text("1")
    expect(page.locator('#quiz-next [data-score="answered"]')).to_have_text("2")
    assert page.url == url  # answered in place, no page loads
