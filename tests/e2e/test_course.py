"""A lesson in a real browser: answer its inline checks by keyboard and hear the feedback."""

import pytest
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


WHO_WINS = load_course().lesson("foundations", "who-wins")


def open_on_phone(browser, live_server, path):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(live_server.url + path)
    page.wait_for_function("() => window.htmx !== undefined")
    return context, page


def test_a_checked_hand_keeps_its_feedback_beside_it_and_the_next_hand_below(live_server, browser):
    """At 390 × 844: the hand just answered is drawn again with its verdict, the next hand
    comes below them, both on the screen, and focus is on the next question."""
    check = WHO_WINS.check("first-winner")
    asked, following = check.question(WHO_WINS.key, 0), check.question(WHO_WINS.key, 1)
    context, page = open_on_phone(
        browser, live_server, reverse("lessons:lesson", args=["foundations", "who-wins"])
    )
    wrong = next(c for c in asked.choices if c.value != asked.answer)
    page.locator("#check-first-winner button.check-answer", has_text=wrong.label).tap()
    feedback = page.locator("#check-first-winner-feedback")
    expect(feedback).to_contain_text("Not quite.")
    expect(feedback).to_have_attribute("aria-live", "polite")
    answered = page.locator("#check-first-winner-answered")
    expect(answered.locator("[data-card]")).to_have_count(len(asked.cards))
    panel = page.locator("#check-first-winner-panel")
    expect(panel).to_contain_text("Here is another one to try.")
    expect(panel.locator("[data-card]")).to_have_count(len(following.cards))
    expect(panel).to_be_focused()
    hand, verdict, next_hand = (
        answered.locator(".check-hand").bounding_box(),
        feedback.bounding_box(),
        panel.locator(".check-hand").bounding_box(),
    )
    # Answered hand, then its verdict, then the next hand: in that order down the page.
    assert hand["y"] + hand["height"] <= verdict["y"] + 1
    assert verdict["y"] + verdict["height"] <= next_hand["y"] + 1
    # The answered hand and its verdict are on the screen together after the answer (the
    # boxes are the viewport's).
    assert hand["y"] >= 0 and verdict["y"] + verdict["height"] <= 844
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_cards_go_into_a_lesson_hand_by_tap_and_by_keyboard(live_server, browser):
    context, page = open_on_phone(
        browser, live_server, reverse("lessons:lesson", args=["foundations", "who-wins"])
    )
    board = page.locator("#hand-1")
    field = page.locator("#hand-1-cards")
    # By tap: a key after the lesson's whole hand starts a new one; the card due is said.
    board.locator("button[name='hand-1-key'][value='9']").tap()
    expect(field).to_have_value("9")
    expect(page.locator("#hand-1-cards-next")).to_have_text("Next: the Banker's first card.")
    expect(page.locator("#live")).to_have_text("Next: the Banker's first card.")
    # Keys tapped faster than the board comes back wait their turn: none is lost, and
    # they go in in the order tapped.
    for rank in ("8", "K"):
        board.locator(f"button[name='hand-1-key'][value='{rank}']").tap()
    expect(field).to_have_value("9 8 K")
    expect(board).to_have_attribute("data-cards", "3h 7s Kd Kc 3d")  # not whole yet
    # By keyboard: the focus stays on the key pressed, so Enter on another key follows.
    board.locator("button[name='hand-1-key'][value='Q']").focus()
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-cards", "9 8 K Q")
    expect(board.locator("button[name='hand-1-key'][value='Q']")).to_be_focused()
    page.keyboard.press("Tab")  # K, then ⌫
    expect(board.locator("button[name='hand-1-key'][value='K']")).to_be_focused()
    page.keyboard.press("Tab")
    expect(board.locator("button[value='back']")).to_be_focused()
    page.keyboard.press("Space")
    expect(field).to_have_value("9 8 K")
    # Enter in the field shows the hand typed: it presses "Show this hand", not a key.
    field.fill("9h 7s K K")
    field.press("Enter")
    expect(board).to_have_attribute("data-cards", "9h 7s K K")
    expect(field).to_have_value("9h 7s K K")
    key = board.locator("button[name='hand-1-key'][value='A']").bounding_box()
    assert key["width"] >= 48 and key["height"] >= 48
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_a_bad_card_is_said_by_its_field_which_gets_the_focus(live_server, browser):
    context, page = open_on_phone(
        browser, live_server, reverse("lessons:lesson", args=["foundations", "who-wins"])
    )
    field = page.locator("#hand-1-cards")
    field.fill("3h 7s K Z")
    field.press("Enter")
    error = page.locator("#hand-1-cards-error")
    expect(error).to_contain_text("Those cards could not be used: Card 4:")
    expect(error).not_to_contain_text("..")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value("3h 7s K Z")  # as typed, to be corrected
    expect(field).to_be_focused()
    described = field.get_attribute("aria-describedby").split()
    assert "hand-1-cards-error" in described
    field_box, error_box = field.bounding_box(), error.bounding_box()
    assert 0 <= error_box["y"] - (field_box["y"] + field_box["height"]) <= 24  # right under it
    context.close()


@pytest.mark.same_on_any_database
def test_axe_finds_nothing_on_a_lesson_board_being_picked_and_refused(live_server, browser):
    from axe_playwright_python.sync_playwright import Axe

    path = reverse("lessons:lesson", args=["foundations", "who-wins"])
    context, page = open_on_phone(browser, live_server, path + "?hand-1=9+8&hand-1-key=K")
    expect(page.locator("#hand-1-cards-next")).to_have_text("Next: the Banker's second card.")
    page.locator("#hand-1-cards").fill("3h 7s K Z")
    page.locator("#hand-1-cards").press("Enter")
    expect(page.locator("#hand-1-cards-error")).to_contain_text("could not be used")
    check = WHO_WINS.check("first-winner").question(WHO_WINS.key, 0)
    wrong = next(c for c in check.choices if c.value != check.answer)
    page.locator("#check-first-winner button.check-answer", has_text=wrong.label).tap()
    expect(page.locator("#check-first-winner-feedback")).to_contain_text("Not quite.")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        violations = Axe().run(page).response["violations"]
        assert not violations, [
            (v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations
        ]
    context.close()


def test_picker_keys_tapped_on_a_slow_network_all_go_in_in_order(live_server, browser):
    """A slow round trip, keys tapped one after another, at 360 × 740: every card lands, in
    order, and the picker says how many are still on their way; every key is 48 px square or
    more."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("lessons:lesson", args=["foundations", "who-wins"]))
    page.wait_for_function("() => window.htmx !== undefined")
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        # Long enough that the taps are all in before the first key's answer, however
        # loaded the machine.
        {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    board = page.locator("#hand-1")
    for rank in ("4", "5", "6", "7"):
        board.locator(f"button[name='hand-1-key'][value='{rank}']").tap()
    expect(page.locator("#hand-1-cards-next")).to_contain_text("on their way")
    expect(page.locator("#hand-1-cards")).to_have_value("4 5 6 7", timeout=30_000)
    expect(page.locator("#hand-1-cards-next")).not_to_contain_text("on its way")
    for key in board.locator("button[name='hand-1-key']").all():
        box = key.bounding_box()
        assert box["width"] >= 48 and box["height"] >= 48, key.get_attribute("value")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
