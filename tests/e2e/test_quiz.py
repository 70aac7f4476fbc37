"""The quiz in a real browser: questions answered by keyboard only, the feedback read from
the aria-live region."""

import itertools
import random

import pytest
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


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("phone", [(360, 740), (390, 844)], indirect=True, ids=["360", "390"])
@pytest.mark.parametrize("language", ["", "/zh-hant"])
def test_the_speed_drills_buttons_stay_put_whatever_the_question(
    live_server, phone, monkeypatch, language
):
    # The shortest and the longest questions, one after another: the Player stood (two cards
    # each), then the Player drew a picture card (its value spelt out).
    skills = itertools.cycle(["banker_stood:3", "banker:3:0", "banker:6:7", "banker:0:0"])
    monkeypatch.setattr(
        "quiz.speed.question_for_skill", lambda skill, rng: banker_rule(rng, next(skills))
    )
    page = phone
    page.goto(live_server.url + language + reverse("quiz:speed"))
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("button.speed-start").click()
    places = set()
    for answered in range(1, 7):
        answered_shown = page.locator('#speed [data-score="answered"]')
        expect(answered_shown).to_have_text(str(answered - 1))
        boxes = [b.bounding_box() for b in page.locator("#speed button.quiz-answer").all()]
        # Where they are on the page, however far it is scrolled; and on the first screen.
        scrolled = page.evaluate("scrollY")
        places.add(tuple((b["x"], b["y"] + scrolled, b["width"], b["height"]) for b in boxes))
        assert all(b["y"] + scrolled + b["height"] <= page.viewport_size["height"] for b in boxes)
        page.locator("#speed button.quiz-answer").first.click()
    assert len(places) == 1, places
