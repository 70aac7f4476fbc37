"""The tracker's result buttons on a slow or failing network (static/js/record-queue.js,
its taps static/js/record-taps.js and its copy on the device static/js/record-keep.js):
every tap is one hand, in order, shown dimmed where it will land until the site confirms it;
a hand that gets no answer waits to be sent again or dropped; only a true double tap is
merged, and the page says so. And the card keypad: Undo clears its cards first, and its
hand so far survives a reload (static/js/keypad-keep.js)."""

import re
from urllib.parse import parse_qs

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import a_moment_later, beads, start_shoe
from django.urls import reverse
from playwright.sync_api import Page, expect

SLOW = {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1}


def pending(page: Page):
    return page.locator("#road-bead_plate use.pending-bead")


def slow_network(page: Page):
    """400 ms round trip for every request, as on a phone at a table."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)


def tap(page: Page, outcome):
    page.locator(f'#record-form button[value="{outcome}"]').click()
    a_moment_later(page, 200)  # the next tap comes 200 ms later, by the page's clock


def test_quick_taps_on_a_slow_network_are_all_recorded_in_order(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Slow shoe")
    slow_network(page)
    held, sent = [], []  # the first answer is held until the page has been looked at

    def record(route):
        form = parse_qs(route.request.post_data or "")
        sent.append((form["idempotency_key"][0], route.request.headers["idempotency-key"]))
        if not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), record)
    taps = "BBPBT"
    for outcome in taps:
        tap(page, outcome)
    # Before any answer: each hand dimmed where it will land, and how many are on their way.
    expect(pending(page)).to_have_count(5)
    expect(pending(page).nth(2)).to_have_attribute("href", "#bead-P")
    expect(pending(page).nth(4)).to_have_attribute("transform", "translate(0 4)")
    expect(page.locator("#record-queue-status")).to_have_text("5 hands sending.")
    # On the Big Road too, where the road's rule puts them: a streak down, a new column,
    # and the tie written on the bead before it.
    on_big_road = page.locator("#road-big_road use.pending-bead")
    expect(on_big_road).to_have_count(5)
    landed = [
        (mark.get_attribute("href"), mark.get_attribute("transform")) for mark in on_big_road.all()
    ]
    assert landed == [
        ("#ring-B", "translate(0 0)"),
        ("#ring-B", "translate(0 1)"),
        ("#ring-P", "translate(1 0)"),
        ("#ring-B", "translate(2 0)"),
        ("#tie-slash", "translate(2 0)"),
    ]
    expect(beads(page)).to_have_count(0)
    assert len(sent) == 1  # one hand at a time: the next goes after its answer
    held[0].continue_()

    expect(beads(page)).to_have_count(5)
    expect(pending(page)).to_have_count(0)
    expect(on_big_road).to_have_count(0)
    expect(page.locator("#record-queue-status")).to_have_text("")
    expect(page.locator("#tracker-status")).to_have_text("Hand 5: Tie recorded.")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == taps
    keys = [field for field, header in sent]
    assert all(field == header for field, header in sent)  # the header says what the field says
    assert len(set(keys)) == 5  # a key of its own for every hand


@pytest.mark.parametrize("failure", ["error", "lost answer"])
def test_a_hand_that_fails_midway_is_sent_again_and_recorded_once(live_server, page, failure):
    shoe = start_shoe(live_server, page, f"Failing shoe {failure}")
    sent = []

    def record(route):
        form = parse_qs(route.request.post_data or "")
        sent.append(form["idempotency_key"][0])
        if len(sent) != 2:
            route.continue_()
        elif failure == "error":
            route.fulfill(status=500, body="<main><h1>Server error</h1></main>")
        else:
            route.fetch()  # the server stores the hand...
            route.abort("connectionreset")  # ...and its answer dies on the way back

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), record)
    for outcome in "BPT":
        tap(page, outcome)
    status = page.locator("#record-queue-status")
    said = {
        # An answer, though an error: the line says which, not that none came.
        "error": "Hand 2 not sent: The site answered with error 500. Kept, to send again.",
        "lost answer": "Player not recorded: no answer from the site.",
    }[failure]
    expect(status).to_have_text(f"{said} 1 hand waiting.", timeout=20_000)
    expect(beads(page)).to_have_count(1)
    expect(pending(page)).to_have_count(2)  # nothing lost from the screen
    again = page.get_by_role("button", name="Send it again")
    expect(again).to_be_visible()
    assert shoe.hands.count() == (2 if failure == "lost answer" else 1)

    again.click()
    expect(beads(page)).to_have_count(3)
    expect(status).to_have_text("")
    expect(again).to_be_hidden()
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPT"
    assert sent[1] == sent[2]  # sent again under its own key
    assert len(set(sent)) == 3


def test_a_failed_hand_can_be_dropped(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Dropping shoe")
    page.route(
        "**" + reverse("tracker:record", args=[shoe.pk]),
        lambda route: route.fulfill(status=503, body="busy"),
    )
    tap(page, "B")
    page.get_by_role("button", name="Drop it").click()
    expect(page.locator("#record-queue-status")).to_have_text("Banker dropped: not recorded.")
    expect(pending(page)).to_have_count(0)
    assert shoe.hands.count() == 0


def test_a_double_tap_is_one_hand_and_says_so(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Double shoe")
    page.locator('#record-form button[value="B"]').dblclick()
    expect(page.locator("#record-queue-status")).to_have_text("Double tap: recorded once.")
    expect(beads(page)).to_have_count(1)
    a_moment_later(page, 200)
    page.locator('#record-form button[value="B"]').click()  # a second hand, not a bounce
    expect(beads(page)).to_have_count(2)
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BB"


def open_keypad(page: Page):
    page.locator(".card-keypad > summary").click()


def key(page: Page, rank):
    page.locator(f'.card-keypad-keys button[value="{rank}"]').click()


def test_undo_with_cards_on_the_keypad_clears_them_not_the_last_hand(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Undo cards shoe")
    tap(page, "B")
    expect(beads(page)).to_have_count(1)
    undo = page.locator("button.undo")
    expect(undo).to_contain_text("Undo last hand")
    open_keypad(page)
    key(page, "9")
    expect(undo).to_contain_text("Undo: clear the cards")
    undo.click()
    expect(page.locator("#tracker-status")).to_have_text(
        "The cards were cleared; no hand was undone."
    )
    expect(page.locator('#keypad-hand input[name="cards"]')).to_have_value("")
    expect(undo).to_contain_text("Undo last hand")
    expect(beads(page)).to_have_count(1)
    assert shoe.hands.count() == 1


def test_the_keypad_hand_survives_a_reload(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Reload shoe")
    open_keypad(page)
    key(page, "9")
    key(page, "K")
    cards = page.locator('#keypad-hand input[name="cards"]')
    expect(cards).to_have_value("9 K")
    page.reload()
    expect(cards).to_have_value("9 K")
    expect(page.locator(".card-keypad")).to_have_attribute("open", "")
    expect(page.locator("button.undo")).to_contain_text("Undo: clear the cards")
    key(page, "5")
    key(page, "8")  # Banker's 8: a natural, the hand is over and recorded
    expect(beads(page)).to_have_count(1)
    expect(cards).to_have_value("")
    page.reload()
    expect(cards).to_have_value("")
    assert page.evaluate(f"localStorage.getItem('tracker-keypad:{shoe.pk}')") is None
    assert re.fullmatch("[BP]", shoe.hands.get().outcome)


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_axe_finds_nothing_with_hands_waiting_and_one_failed(live_server, browser, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    shoe = start_shoe(live_server, page, "Audited queue shoe")
    page.route(
        "**" + reverse("tracker:record", args=[shoe.pk]),
        lambda route: route.fulfill(status=503, body="busy"),
    )
    tap(page, "B")
    tap(page, "P")
    expect(page.get_by_role("button", name="Send it again")).to_be_visible()
    expect(pending(page)).to_have_count(2)
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        # The scoreboard only: refusals.js's notice, fixed over the site's header, is its own.
        result = Axe().run(page, context=".scoreboard").response
        found += [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]]
    context.close()
    assert not found


def test_hands_still_queued_when_the_tab_is_killed_are_sent_again_once(live_server, page: Page):
    """The first hand reaches the shoe but its answer never comes back; two more wait behind
    it; the phone kills the tab. Opened again, the page sends all three again under their own
    keys, in order: each is recorded once, and the page says why they are being sent."""
    shoe = start_shoe(live_server, page, "Killed tab shoe")
    sent, held = [], []

    def store_and_hold(route):
        sent.append(parse_qs(route.request.post_data or "")["idempotency_key"][0])
        route.fetch()  # stored, and the answer is never delivered
        held.append(route)

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), store_and_hold)
    for outcome in "PBB":
        tap(page, outcome)
    expect(pending(page)).to_have_count(3)
    expect(page.locator("#record-queue-status")).to_have_text("3 hands sending.")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "P"

    again = page.context.new_page()  # the same phone, the same storage
    # The answer dies with the tab (a route left unanswered would outlive the page, and its
    # pending task be reported by a later test).
    for route in held:
        route.abort("connectionreset")
    page.close(run_before_unload=False)  # killed: no chance to warn
    again.goto(live_server.url + reverse("tracker:shoe", args=[shoe.pk]))
    expect(again.locator("#record-queue-status")).to_contain_text(
        "3 hands tapped before the page closed are being sent again."
    )
    expect(beads(again)).to_have_count(3)
    expect(pending(again)).to_have_count(0)
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "PBB"
    # Sent, nothing is kept: the next visit sends nothing.
    again.reload()
    again.wait_for_function("() => window.htmx !== undefined")  # record-queue.js has run
    expect(again.locator("#record-queue-status")).to_have_text("")
    expect(beads(again)).to_have_count(3)
    assert shoe.hands.count() == 3
    assert (
        again.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tracker-queue'))") == []
    )
