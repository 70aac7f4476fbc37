"""The practice dealer in a real browser: one whole hand answered by keyboard only, with the
win chances coming in as the answers allow."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve
from baccarat.teaching.practice import PracticeHand
from baccarat.teaching.win_chances import chance_steps

# Player 4 draws an 8; Banker 3 stands only against an 8; 3 against 3 is a tie.
BANKER_3_V_8 = "4h 3s Ad Kc 8d"


def test_answer_a_whole_hand_by_keyboard(live_server, page: Page, monkeypatch):
    # live_server runs in this process, so the dealer can be told what to deal.
    monkeypatch.setattr(
        "hands.practice.deal", lambda: PracticeHand(tuple(parse_cards(BANKER_3_V_8)))
    )
    sentences = {step.gate: step.text for step in resolve(BANKER_3_V_8).steps}
    chances = [step.text for step in chance_steps(resolve(BANKER_3_V_8))]
    page.goto(live_server.url + reverse("hands:practice"))
    page.wait_for_function("() => window.htmx !== undefined")
    live = page.locator("#practice-feedback")
    expect(live).to_have_attribute("aria-live", "polite")
    player = page.locator("#practice section.spot.player .playing-card")
    answered = page.locator('[data-score="answered"]')
    right = page.locator('[data-score="right"]')
    url = page.url

    page.keyboard.press("h")
    expect(live).to_contain_text("Hand 1 dealt.")
    expect(page.locator("#practice .prompt")).to_have_text("Is there a natural?")
    expect(player).to_have_count(2)
    expect(player.first).to_have_attribute("aria-label", "4 of hearts, counts 4")
    here = page.locator("#practice .chance-here")
    expect(here).to_have_count(0)  # no chances before the first answer
    expect(player.nth(1)).to_have_attribute("data-card", "A♦")

    page.keyboard.press("o")  # nO natural
    expect(live).to_contain_text("Right.")
    expect(live).to_contain_text(sentences["natural"])
    expect(answered).to_have_text("1")
    expect(right).to_have_text("1")
    expect(player).to_have_count(2)  # the Player's third card waits for the Player gate
    # The chances after each card but the last on the table; the four-card ones wait.
    expect(here).to_contain_text(chances[3])
    expect(live).to_contain_text(chances[3])
    expect(page.locator("#practice .practice-chances")).not_to_contain_text(chances[4])

    page.keyboard.press("d")
    expect(live).to_contain_text(sentences["player"])
    expect(player).to_have_count(3)
    expect(player.nth(2)).to_have_attribute("data-card", "8♦")
    expect(page.locator("#practice .prompt")).to_have_text("Does the Banker draw a third card?")
    expect(here).to_contain_text(chances[4])
    page.locator("#practice .chance-steps > summary").click()
    expect(page.locator("#practice .chance-steps li")).to_have_count(5)

    page.keyboard.press("d")  # wrong: Banker 3 stands against an 8
    expect(live).to_contain_text("Not quite.")
    expect(live).to_contain_text("the answer is Stand")
    expect(live).to_contain_text(sentences["banker"])
    expect(answered).to_have_text("3")
    expect(right).to_have_text("2")
    expect(page.locator('[data-score="banker-right"]')).to_have_text("0")
    # Banker 3 stands against the 8: the chances after the 8 are certain, so they still wait.
    expect(here).to_contain_text(chances[4])
    expect(page.locator("#practice")).not_to_contain_text("the hand is decided")

    page.keyboard.press("t")
    expect(live).to_contain_text(sentences["result"])
    expect(live).to_contain_text("Hand complete: 3 of 4 right.")
    expect(here).to_contain_text(
        "After the Player's third card (an 8), the hand is decided: it is a tie."
    )
    expect(answered).to_have_text("4")
    expect(right).to_have_text("3")
    expect(page.get_by_role("link", name="Open this hand in the walkthrough")).to_have_attribute(
        "href", "/hands/?cards=4h,3s,Ad,Kc,8d"
    )
    # Focus was not lost with the redrawn panel: the next hand is one key (or Enter) away.
    expect(page.locator("#practice .practice-deal")).to_be_focused()
    assert page.url == url  # answered in place, no page loads
