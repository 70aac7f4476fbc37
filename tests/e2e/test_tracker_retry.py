"""The tracker in a real browser when an answer is lost (tracker/idempotency.py): the hand
was stored, its answer never came; the same tap again sends the same key and the hand is
recorded once, and the next hand goes with a new key."""

from urllib.parse import parse_qs

from browsing import a_moment_later, beads, settled, start_shoe
from django.urls import reverse
from playwright.sync_api import Page, expect


def test_a_tap_sent_again_after_a_lost_answer_records_its_hand_once(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Lost answer shoe")
    sent = []  # (header, field, outcome) of every hand the page sent

    def lose_the_first_answer(route):
        request = route.request
        form = parse_qs(request.post_data or "")
        sent.append(
            (
                request.headers.get("idempotency-key"),
                form.get("idempotency_key", [None])[0],
                form.get("outcome", [None])[0],
            )
        )
        if len(sent) == 1:
            route.fetch()  # the server stores the hand...
            route.abort("connectionreset")  # ...and its answer dies on the way back
        else:
            route.continue_()

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), lose_the_first_answer)
    page.keyboard.press("B")
    # The notice comes after the server has stored the hand (route.fetch): a whole write, which
    # on a loaded machine can take longer than expect's usual 5 s.
    expect(page.get_by_role("alert")).to_contain_text("could not be reached", timeout=20_000)
    assert shoe.hands.count() == 1
    expect(beads(page)).to_have_count(0)  # the page never heard

    page.keyboard.press("B")  # the same tap again
    expect(beads(page)).to_have_count(1)
    expect(page.locator("#tracker-status")).to_have_text("Hand 1: Banker recorded.")
    assert shoe.hands.count() == 1

    page.keyboard.press("P")  # the next hand
    expect(beads(page)).to_have_count(2)
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BP"

    (first, first_field, _), (again, again_field, _), (nxt, nxt_field, _) = sent
    assert first == first_field == again == again_field  # the header says what the field says
    assert nxt == nxt_field and nxt != first


def test_a_double_tap_on_a_phone_records_one_hand(live_server, browser):
    """Two taps on Banker in quick succession (a thumb bouncing, or a tap the screen seemed to
    miss) are one hand; a tap on Banker after a pause, or on another outcome, is a new one."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    shoe = start_shoe(live_server, page, "Double tap shoe")
    banker = page.locator('#record-form button[value="B"]')
    banker.dblclick()
    expect(beads(page)).to_have_count(1)
    a_moment_later(page)  # the second hand's tap: after the first was recorded and seen
    banker.tap()
    expect(beads(page)).to_have_count(2)
    page.locator('#record-form button[value="P"]').tap()
    expect(beads(page)).to_have_count(3)
    settled(page)  # no request left on its way to add a hand
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BBP"
    context.close()
