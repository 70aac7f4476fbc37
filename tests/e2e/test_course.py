"""A lesson in a real browser: answer its inline checks by keyboard and hear the feedback."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from lessons.course import load_course

LESSON = load_course().lesson("foundations", "card-values")


def key_for(question, value):
    return question.choice(value).key


def test_answer_inline_checks_by_keyboard(live_server, page: Page):
    king = LESSON.check("king").question(LESSON.key, 0)
    ace = LESSON.check("ace").question(LESSON.key, 0)
    page.goto(live_server.url + reverse("lessons:lesson", args=["foundations", "card-values"]))
    page.wait_for_function("() => window.htmx !== undefined")
    url = page.url

    # With no check focused, the keys answer the first unanswered check on screen.
    page.locator("#check-king").scroll_into_view_if_needed()
    feedback = page.locator("#check-king-feedback")
    expect(feedback).to_have_attribute("aria-live", "polite")
    expect(feedback).to_be_empty()
    page.keyboard.press(key_for(king, king.answer))
    expect(feedback).to_contain_text("Right.")
    expect(feedback).to_contain_text(king.explanation)
    expect(page.locator("#check-king-panel")).to_contain_text("Passed.")
    expect(page.locator("#lesson-status")).to_contain_text("1 of 3 checks passed")

    # Focus inside a check sends the keys to it; a wrong answer is explained, and a new
    # question takes its place.
    page.locator("#check-ace button.check-answer").first.focus()
    wrong = next(c for c in ace.choices if c.value != ace.answer)
    page.keyboard.press(wrong.key)
    ace_feedback = page.locator("#check-ace-feedback")
    expect(ace_feedback).to_contain_text("Not quite.")
    expect(ace_feedback).to_contain_text(f"the answer is {ace.answer_label}")
    expect(page.locator("#check-ace input[name=attempt]")).to_have_value("1")
    expect(page.locator("#lesson-status")).to_contain_text("1 of 3 checks passed")
    # Focus came back to the check, so the next key answers the next question.
    expect(page.locator("#check-ace-panel")).to_be_focused()
    again = LESSON.check("ace").question(LESSON.key, 1)
    page.keyboard.press(key_for(again, again.answer))
    expect(ace_feedback).to_contain_text("Right.")
    expect(page.locator("#lesson-status")).to_contain_text("2 of 3 checks passed")
    assert page.url == url  # answered in place, no page loads
