"""The tracker in a real browser: record by keyboard and by click, undo, open a mark's proof."""

import re

from browsing import beads, start_shoe
from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.roads.scoreboard import scoreboard
from tracker.models import Shoe

TWENTY = "PPBTBBBPPTTBPBBBBBBB"  # the first 20 hands of the worked example in docs/roads.md


def expect_count(page: Page, key, value):
    expect(page.locator(f'[data-count="{key}"]')).to_have_text(str(value))


def test_record_by_keyboard_undo_and_open_a_proof(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Keyboard shoe")
    shoe_url = page.url

    for outcome in TWENTY:
        page.keyboard.press(outcome)
    expect(beads(page)).to_have_count(20, timeout=30_000)  # 20 queued hands, a busy machine
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == TWENTY
    expect_count(page, "banker", TWENTY.count("B"))
    expect_count(page, "player", TWENTY.count("P"))
    expect_count(page, "tie", TWENTY.count("T"))
    expect(page.locator("#tracker-status")).to_have_text("Hand 20: Banker recorded.")
    expect(page.locator("#road-big_eye_boy a.mark")).to_have_count(
        len(scoreboard(TWENTY).derived["big_eye_boy"].marks)
    )

    page.keyboard.press("u")
    expect(beads(page)).to_have_count(19)
    expect_count(page, "banker", TWENTY.count("B") - 1)
    expect(page.locator("#tracker-status")).to_have_text("Hand 20 (Banker) removed.")
    assert shoe.hands.count() == 19

    marks = scoreboard(TWENTY[:19]).derived["big_eye_boy"].marks
    mark = page.locator("#road-big_eye_boy a.mark").nth(3)
    mark.focus()
    expect(mark).to_be_focused()
    page.keyboard.press("Enter")
    proof = page.locator("#proof")
    expect(proof).to_contain_text(marks[3].proof)
    expect(proof).to_contain_text(marks[3].watch_out)
    expect(proof).to_have_attribute("aria-live", "polite")
    assert page.url == shoe_url  # loaded into the panel, not a new page


def test_record_by_click_with_a_pair_then_backspace(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Click shoe")
    page.get_by_role("checkbox", name="Banker pair").check()
    page.get_by_role("button", name=re.compile("^Banker")).click()
    expect(beads(page)).to_have_count(1)
    expect(page.locator("#road-bead_plate use.pair")).to_have_count(1)
    # The ticks are for one hand.
    expect(page.get_by_role("checkbox", name="Banker pair")).not_to_be_checked()
    page.get_by_role("button", name=re.compile("^Player")).click()
    expect(beads(page)).to_have_count(2)
    assert [(h.outcome, h.banker_pair) for h in shoe.hands.all()] == [("B", True), ("P", False)]

    page.keyboard.press("Backspace")
    expect(beads(page)).to_have_count(1)
    assert shoe.hands.count() == 1


def test_shortcuts_leave_text_fields_alone(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Typing shoe")
    page.locator("summary", has_text="Rename").click()
    field = page.get_by_label("New name")
    field.fill("")
    field.press_sequentially("BPT")
    expect(field).to_have_value("BPT")
    assert shoe.hands.count() == 0


def test_a_refused_hand_is_announced_not_drawn(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Refusal shoe")
    page.keyboard.press("B")
    expect(beads(page)).to_have_count(1)
    # Only a tampered request can send a junk outcome; the page shows the refusal in its
    # live region and keeps the board (django-htmx's debug helper would replace the page).
    page.evaluate(
        """url => htmx.ajax("POST", url, {source: "#record-form", target: "#board",
                                          swap: "outerHTML", values: {outcome: "X"}})""",
        reverse("tracker:record", args=[shoe.pk]),
    )
    status = page.locator("#tracker-status")
    expect(status).to_have_text("Choose Banker (B), Player (P) or Tie (T); nothing was recorded.")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(beads(page)).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Refusal shoe")
    assert shoe.hands.count() == 1


def test_a_bare_400_is_said_in_the_notice_not_swapped(live_server, page: Page):
    """htmx swaps a 400 by its status (base.html's responseHandling); one that names no
    place with HX-Retarget (an error page, not a refusal drawn for its place) must not
    replace the board, and is said like any other error (refusals.js)."""
    refusing = []

    def hands(route):
        # Registered before the page loads, so no request can slip past it; it refuses
        # only once told to.
        if not refusing:
            route.continue_()
            return
        route.fulfill(
            status=400,
            content_type="text/html; charset=utf-8",
            body='<main><h1>Bad request</h1><p class="lead">Not a hand.</p></main>',
        )

    page.route("**/tracker/*/hands/", hands)
    shoe = start_shoe(live_server, page, "Bare shoe")
    page.keyboard.press("B")
    expect(beads(page)).to_have_count(1)
    expect(page.locator(".pending-bead")).to_have_count(0)
    refusing.append(True)
    page.keyboard.press("P")
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(
        "Bad request: Not a hand. Nothing was saved. Reload the page if it happens again."
    )
    expect(beads(page)).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Bare shoe")
    assert shoe.hands.count() == 1


def test_everything_works_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + reverse("tracker:index"))
    page.get_by_label("Name").fill("Plain shoe")
    page.get_by_role("button", name="Start the shoe").click()
    for outcome in ("Player", "Player", "Banker", "Banker", "Player"):
        page.get_by_role("button", name=re.compile(f"^{outcome}")).click()
    expect(beads(page)).to_have_count(5)
    page.get_by_role("button", name=re.compile("^Undo")).click()
    expect(beads(page)).to_have_count(4)

    page.locator("#road-big_eye_boy a.mark").first.click()
    mark = scoreboard("PPBB").derived["big_eye_boy"].marks[0]
    expect(page.get_by_text(mark.proof)).to_be_visible()
    page.get_by_role("link", name=re.compile("Back to the scoreboard")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Plain shoe")
    context.close()


def test_a_refused_hand_is_said_on_the_page_not_lost_silently(live_server, page: Page, settings):
    """htmx swaps nothing on a 429: the page must still say the hand was not recorded."""
    from guards.throttles import anonymous_writes

    limit = anonymous_writes.num_requests
    anonymous_writes.num_requests = 2  # before the first write, which counts at this rate
    try:
        start_shoe(live_server, page, "Busy shoe")  # one write
        page.keyboard.press("B")  # the second write: recorded
        expect(beads(page)).to_have_count(1)
        page.keyboard.press("P")  # the third: refused with 429
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("Too many requests")
        expect(alert).to_contain_text("more changes in a minute than a person makes")
        expect(alert).to_contain_text("Nothing was saved: try again in")
        # Fixed at the top of the screen, wherever the page is scrolled.
        page.mouse.wheel(0, 2000)
        expect(alert).to_be_in_viewport()
        expect(beads(page)).to_have_count(1)
        assert Shoe.objects.get(name="Busy shoe").hands.count() == 1
    finally:
        anonymous_writes.num_requests = limit
