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


def test_a_learner_deals_a_hand_and_picks_a_tableau_cell_on_a_phone(live_server, browser):
    """On a phone: type cards into a lesson's hand, see the engine's result in place and hear
    it; a hand that is not complete is refused at the board; a tableau cell picked with the
    selects redraws at once, with focus kept on the select."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    lesson = reverse("lessons:lesson", args=["foundations", "who-wins"])
    page.goto(live_server.url + lesson)
    page.wait_for_function("() => window.htmx !== undefined")
    field = page.locator("#hand-1-cards")
    field.fill("")
    field.click()
    # Letters typed into the field are cards, not the checks' answer keys.
    page.keyboard.type("9h 7s K K")
    expect(page.locator("#check-first-winner-feedback")).to_be_empty()
    page.locator("#hand-1 button[data-add=show]").tap()
    expect(page.locator("#hand-1")).to_have_attribute("data-cards", "9h 7s K K")
    expect(page.locator("#hand-1 [data-gate=result]")).to_contain_text(
        "Player 9, Banker 7: Player wins"
    )
    expect(page.locator("#live")).to_have_text(
        "Player 9, Banker 7: Player wins with the higher total."
    )
    assert "hand-1=9h" in page.url  # the back button and a shared link keep the hand
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.locator("#hand-1-cards").fill("3h 7s K K")
    page.locator("#hand-1 button[data-add=show]").tap()
    expect(page.locator("#hand-1 .error")).to_contain_text("needs the Player's third card")
    expect(page.locator("#hand-1")).to_have_attribute("data-cards", "3h 7s Kd Kc 3d")

    page.goto(live_server.url + reverse("lessons:lesson", args=["banker-rule", "two-branches"]))
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#tableau-1-row").focus()
    page.select_option("#tableau-1-row", "3")
    expect(page.locator("#tableau-1 .tableau-cell")).to_contain_text("Banker 3 draws unless")
    expect(page.locator("#tableau-1-row")).to_be_focused()
    page.locator("#tableau-1-card").focus()  # as a tap on it does
    page.select_option("#tableau-1-card", "8")
    expect(page.locator("#tableau-1 .tableau-cell")).to_contain_text(
        "Banker 3 against a Player's third card of 8: the Banker stands."
    )
    expect(page.locator("#tableau-1-card")).to_be_focused()
    context.close()
