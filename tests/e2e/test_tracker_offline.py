"""The tracker with no signal (static/js/record-queue.js, static/js/tracker-sync.js,
docs/offline.md): hands recorded offline are kept on the device, drawn at once, and sent in
order under their own keys when the signal is back; the server's roads then replace the
device's and must be the same; a refused hand says why; two phones writing one shoe while
apart each see what happened; a request that dies on its way is sent again and recorded
once."""

import random
import re
from urllib.parse import parse_qs

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import KEPT_BEADS, beads, start_shoe
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

SYNCED = 60_000  # ms: sixty hands one after another on a loaded test machine


def sync_status(page: Page):
    return page.locator("#sync-status .sync-words")


def visible_beads(page: Page):
    """The Bead Plate as the page shows it: (href, place) of every bead, recorded or queued,
    less those a queued undo hides."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll(
            '#road-bead_plate use.bead:not(.undone-bead), #road-bead_plate use.pending-bead'))
          .map(bead => [bead.getAttribute('href'), bead.getAttribute('transform')])"""
    )


ROADS = ["bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"]


def road_marks(page: Page):
    """Every mark of the five roads as drawn: (href, place) by road."""
    return page.evaluate(
        """roads => Object.fromEntries(roads.map(key => [key, Array.from(
            document.querySelectorAll('#road-' + key + ' use:not(.pending-bead)'))
          .map(mark => [mark.getAttribute('href'), mark.getAttribute('transform')])]))""",
        ROADS,
    )


def axe_finds_nothing(page: Page):
    """axe on the scoreboard as it stands (refusals.js's notice, over the header, is its own)."""
    result = Axe().run(page, context=".scoreboard").response
    found = [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]]
    assert not found


# Hands as the card keypad hands them to the queue, each with what its cards decide.
KEYED = [
    {"outcome": "P", "player_pair": False, "banker_pair": False, "natural": True,
     "cards": ["9", "5", "K", "8"]},
    {"outcome": "B", "player_pair": False, "banker_pair": False, "natural": True,
     "cards": ["2", "3", "4", "5"]},
    {"outcome": "P", "player_pair": False, "banker_pair": False, "natural": True,
     "cards": ["8", "A", "K", "2"]},
    {"outcome": "B", "player_pair": False, "banker_pair": False, "natural": True,
     "cards": ["3", "9", "5", "K"]},
    {"outcome": "B", "player_pair": True, "banker_pair": False, "natural": True,
     "cards": ["4", "4", "4", "5"]},
]  # fmt: skip


def press(page: Page, outcomes):
    for outcome in outcomes:
        page.keyboard.press(outcome)


def test_sixty_hands_offline_arrive_once_and_in_order(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Offline shoe")
    expect(sync_status(page)).to_have_text("Online · synced")
    press(page, "BP")
    expect(beads(page)).to_have_count(2)
    expect(sync_status(page)).to_have_text("Synced")

    page.context.set_offline(True)
    page.locator("button.undo").click()  # no hand waiting: hand 2 is undone, by its number
    expect(sync_status(page)).to_have_text("Offline · 1 hand waiting")
    rng = random.Random(60)
    outcomes = "".join(rng.choice("BBBBPPPPT") for _ in range(55))
    press(page, outcomes[:30])
    # Hands keyed card by card come as the keypad gives them (static/js/dealing.js).
    page.evaluate("hands => hands.forEach(hand => TrackerQueue.add(hand))", KEYED[:3])
    press(page, outcomes[30:])
    page.evaluate("hands => hands.forEach(hand => TrackerQueue.add(hand))", KEYED[3:])
    page.locator("button.undo").click()  # the last waiting hand is taken back on the device
    keyed = "".join(hand["outcome"] for hand in KEYED)
    kept = "B" + outcomes[:30] + keyed[:3] + outcomes[30:] + keyed[3:-1]
    expect(sync_status(page)).to_have_text("Offline · 60 hands waiting")
    # Drawn on the device, all five roads: the hands not yet on the server faded.
    expect(page.locator("#road-bead_plate use.queued-bead")).to_have_count(59)
    expect(page.locator("#road-big_road use.big-road-cell")).not_to_have_count(0)
    drawn = visible_beads(page)
    on_the_device = road_marks(page)
    assert len(drawn) == 60
    assert [href[-1] for href, _place in drawn] == list(kept)
    assert shoe.hands.count() == 2  # nothing reached the server

    # The tab is closed with everything still on the device; another opens the shoe.
    again = page.context.new_page()
    page.close(run_before_unload=False)
    page.context.set_offline(False)
    again.goto(live_server.url + reverse("tracker:shoe", args=[shoe.pk]))
    expect(sync_status(again)).to_have_text("Synced", timeout=SYNCED)
    expect(again.locator("#sync-report")).to_be_hidden()
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == kept
    assert list(shoe.hands.values_list("seq", flat=True)) == list(range(1, 61))
    assert shoe.recorded_keys.filter(hand__isnull=False).count() == 60  # one key a hand
    with_cards = list(shoe.hands.filter(cards__isnull=False).values_list("seq", "cards", "natural"))
    assert with_cards == [
        (32, ["9", "5", "K", "8"], True),
        (33, ["2", "3", "4", "5"], True),
        (34, ["8", "A", "K", "2"], True),
        (60, ["3", "9", "5", "K"], True),
    ]
    assert shoe.hands.get(seq=60).outcome == "B"
    # The server's roads are the device's.
    expect(beads(again)).to_have_count(60)
    assert visible_beads(again) == drawn
    assert road_marks(again) == on_the_device


@pytest.mark.same_on_any_database  # nothing reaches the database
def test_a_hand_the_server_refuses_says_why(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Refused offline shoe")
    page.route(
        "**" + reverse("tracker:record", args=[shoe.pk]),
        lambda route: route.fulfill(
            status=400,
            headers={"HX-Retarget": "#tracker-status", "HX-Reswap": "innerHTML"},
            body='<p class="error">This shoe already holds 1,000 hands, the limit.</p>',
        ),
    )
    press(page, "B")
    expect(page.locator("#record-queue-status")).to_have_text(
        "Hand 1 refused: This shoe already holds 1,000 hands, the limit. Dropped: not recorded."
    )
    expect(sync_status(page)).to_have_text("Synced")
    assert shoe.hands.count() == 0


def test_an_answer_lost_as_the_signal_dies_is_sent_again_once(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Dying signal shoe")
    sent = []

    def signal_dies(route):
        sent.append(route.request.headers["idempotency-key"])
        if len(sent) == 1:
            # The signal goes while the hand is on its way: first, since on a loaded machine
            # the fetch below can outlast the page's give-up, whose retry would find it still.
            page.context.set_offline(True)
            route.fetch()  # the server records the hand, and its answer is lost
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), signal_dies)
    press(page, "P")
    expect(sync_status(page)).to_have_text("Offline · 1 hand waiting", timeout=20_000)
    press(page, "B")
    assert shoe.hands.count() == 1
    page.context.set_offline(False)
    expect(sync_status(page)).to_have_text("Synced", timeout=20_000)
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "PB"
    assert sent[0] == sent[1] and len(set(sent)) == 2  # the same key again, then the next


def signed_in_phone(browser, live_server, user):
    """A browser context signed in to `user` (as a second phone of the same account)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context


def test_two_phones_offline_on_one_shoe_keep_every_hand_and_say_so(live_server, browser):
    from tracker.models import Shoe

    user = get_user_model().objects.create_user("two-phones", password="a long pass phrase")
    shoe = Shoe.objects.create(owner=user, name="Shared table", decks=8)
    shoe.record("B")
    url = live_server.url + reverse("tracker:shoe", args=[shoe.pk])
    first, second = (signed_in_phone(browser, live_server, user) for _ in range(2))
    pages = []
    for context in (first, second):
        phone = context.new_page()
        phone.goto(url)
        phone.wait_for_function("() => window.TrackerQueue !== undefined")
        expect(beads(phone)).to_have_count(1)
        context.set_offline(True)
        pages.append(phone)
    one, two = pages
    press(one, "BBP")
    press(two, "PPT")
    two.locator("button.undo").click()  # T taken back on the device
    two.locator("button.undo").click()  # nothing waiting after P P: ...the second P goes too
    press(two, "T")
    expect(sync_status(two)).to_have_text("Offline · 2 hands waiting")

    first.set_offline(False)
    expect(sync_status(one)).to_have_text("Synced", timeout=20_000)
    second.set_offline(False)
    expect(sync_status(two)).to_have_text(
        "Synced · the shoe differs from this device", timeout=20_000
    )
    # The second phone's hands follow the first's, whole and in order, and it is told.
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BBBPPT"
    report = two.locator("#sync-report")
    expect(report).to_be_visible()
    expect(report).to_contain_text(
        "Hand 2 differs: this device expected Player, the shoe has Banker. "
        "3 hands from another device came first; yours follow them."
    )
    expect(two.locator("#tracker-status")).to_contain_text("3 hands from another device came first")
    expect(beads(two)).to_have_count(6)  # the server's roads, not the device's
    axe_finds_nothing(two)  # the report, the status line and the roads, on a phone
    two.get_by_role("button", name="Dismiss").click()
    expect(report).to_be_hidden()

    # A late undo of a hand that is no longer the last undoes nothing, and says why.
    first.set_offline(True)
    one.locator("button.undo").click()  # the first phone knows 4 hands: it undoes hand 4
    press(two, "B")  # meanwhile the second adds hand 7
    expect(beads(two)).to_have_count(7)
    first.set_offline(False)
    expect(one.locator("#record-queue-status")).to_have_text(
        "Undo of hand 4 refused: Hand 4 is no longer the last: another device added hands "
        "after it. Nothing was undone.",
        timeout=20_000,
    )
    assert shoe.hands.count() == 7
    first.close()
    second.close()


def test_hands_keyed_offline_go_to_the_keypad_with_their_cards(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Keyed offline shoe")
    sent = []
    page.route(
        "**" + reverse("tracker:deal", args=[shoe.pk]),
        lambda route: (sent.append(parse_qs(route.request.post_data or "")), route.continue_()),
    )
    page.context.set_offline(True)
    page.evaluate(
        """() => {
          TrackerQueue.add({outcome: 'P', player_pair: false, banker_pair: false,
                            natural: true, cards: ['9', '5', 'K', '8'],
                            key: '0123456789abcdef0123456789abcdef'});
          TrackerQueue.add({outcome: 'P', cards: null});
        }"""
    )
    expect(sync_status(page)).to_have_text("Offline · 2 hands waiting")
    assert page.evaluate("TrackerQueue.pending()") == 2
    assert page.evaluate("TrackerQueue.online()") is False
    page.context.set_offline(False)
    expect(sync_status(page)).to_have_text("Synced", timeout=20_000)
    assert list(shoe.hands.values_list("outcome", "cards")) == [
        ("P", ["9", "5", "K", "8"]),  # Player's 9 and King: a natural 9
        ("P", None),
    ]
    assert sent[0]["cards"] == ["9 5 K"] and sent[0]["card"] == ["8"]
    # Under the keypad's own key: a last card whose answer was lost recorded it under it.
    assert shoe.recorded_keys.get(seq=1).key == "0123456789abcdef0123456789abcdef"


def test_a_shoe_started_with_no_signal_is_created_once_when_it_is_back(live_server, page: Page):
    """The start form's POST reaches the site but its answer is lost: the shoe is started on
    the device, its hands recorded there, by the buttons and by the card keypad (kept over a
    reload, a hand half keyed included); back online, the same key gives the same shoe, never
    two, and the page moves to it with its hands and the keypad's hand so far."""
    from tracker.models import Shoe

    index = reverse("tracker:index")

    def answer_lost(route):
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch(max_redirects=0)  # the site makes the shoe...
        route.abort("internetdisconnected")  # ...and the answer never comes

    page.route("**" + index, answer_lost)
    page.route("**/healthz", lambda route: route.abort("internetdisconnected"))
    page.goto(live_server.url + index)
    page.get_by_label("Name").fill("Started offline")
    page.get_by_role("button", name="Start the shoe").click()
    expect(page).to_have_url(
        re.compile(re.escape(reverse("tracker:offline")) + "#[0-9a-f]{12}$"), timeout=20_000
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Started offline")
    page.wait_for_function("() => window.TrackerQueue !== undefined")
    press(page, "BPT")
    page.locator("button.undo").click()
    expect(sync_status(page)).to_have_text("Offline · 2 hands waiting")
    keyed = page.locator('#keypad-hand input[name="cards"]')
    page.locator(".card-keypad summary").click()
    press(page, "95K8")  # Player 9 and King against 5 and 8: a natural 9
    expect(page.locator("#tracker-status")).to_have_text("Hand 3: Player wins 9 to 3; a natural.")
    expect(sync_status(page)).to_have_text("Offline · 3 hands waiting")
    press(page, "23")
    expect(keyed).to_have_value("2 3")
    expect(page.locator("#road-bead_plate use.queued-bead")).to_have_count(3)
    page.reload()
    expect(sync_status(page)).to_have_text("Offline · 3 hands waiting")
    expect(page.locator("#road-bead_plate use.queued-bead")).to_have_count(3)
    expect(keyed).to_have_value("2 3")
    expect(page.locator("button.undo")).to_contain_text("Undo: clear the cards")
    axe_finds_nothing(page)
    press(page, "U")  # clears the cards, not a hand
    expect(keyed).to_have_value("")
    expect(sync_status(page)).to_have_text("Offline · 3 hands waiting")
    press(page, "4")
    assert Shoe.objects.filter(name="Started offline").count() == 1  # the lost answer's

    page.unroute("**" + index)
    page.unroute("**/healthz")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page).to_have_url(re.compile(r"/tracker/\d+/$"), timeout=20_000)
    expect(sync_status(page)).to_have_text("Synced", timeout=20_000)
    shoe = Shoe.objects.get(name="Started offline")  # one shoe, not two
    assert page.url.endswith(reverse("tracker:shoe", args=[shoe.pk]))
    assert list(shoe.hands.values_list("outcome", "cards")) == [
        ("B", None), ("P", None), ("P", ["9", "5", "K", "8"])
    ]
    expect(keyed).to_have_value("4")  # the hand so far, now on the shoe's own keypad
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('local'))") == []
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('offline'))") == []


def test_a_write_refused_for_an_older_page_keeps_the_hand(live_server, page: Page):
    """A 409 with no roads (the site was updated while the page was open) is no verdict on
    the hand: it is kept, the reason shown, and it goes once sent again."""
    shoe = start_shoe(live_server, page, "Updated site shoe")
    reason = "The site was updated while this page was open. Reload the page."
    refusals = []

    def refuse_once(route):
        if not refusals:
            refusals.append(route.request.headers["idempotency-key"])
            route.fulfill(status=409, content_type="text/plain", body=reason)
        else:
            route.continue_()

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), refuse_once)
    press(page, "T")
    expect(page.locator("#record-queue-status")).to_have_text(
        f"Hand 1 not sent: {reason} Kept, to send again."
    )
    expect(sync_status(page)).to_have_text("Stopped · 1 hand not sent")
    assert shoe.hands.count() == 0
    page.get_by_role("button", name="Send it again").click()
    expect(sync_status(page)).to_have_text("Synced")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "T"


def test_a_request_that_hangs_is_given_up_and_sent_again_once(live_server, page: Page):
    """No answer at all (the request hangs until its time-out): the hand is sent again by
    itself, under its key, and recorded once."""
    shoe = start_shoe(live_server, page, "Hanging shoe")
    held = []

    def hang_first(route):
        if not held:
            # Held first: on a loaded machine the hand may be sent again (the page's clock runs
            # ahead) before this fetch is back, and that one must reach the site.
            held.append(route)
            route.fetch()  # recorded; the answer is held until the page gives up on it
        else:
            route.continue_()

    page.route("**" + reverse("tracker:record", args=[shoe.pk]), hang_first)
    # The page's timers move only when told: on a loaded machine real seconds would otherwise
    # give up on the hand sent again before its answer came.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)
    press(page, "B")
    expect(page.locator("#record-queue-status")).to_contain_text("1 hand sending.")
    page.clock.run_for(11_000)  # past the request's time-out
    expect(page.locator("#record-queue-status")).to_contain_text(
        "Banker not recorded: no answer from the site."
    )
    page.clock.run_for(11_000)  # past the pause before it goes again by itself
    expect(sync_status(page)).to_have_text("Synced")
    held[0].abort("timedout")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "B"




@pytest.mark.same_on_any_database  # the recording itself is checked on each engine above
def test_with_the_service_worker_hands_survive_reloads_and_a_new_shoe_starts_offline(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    """The whole way with no signal, the pages coming from the service worker's copies: a
    shoe opened once records offline across a reload and a closed tab, a new shoe is started
    offline, and back online every hand arrives once and in order."""
    from tracker.models import Shoe

    # A profile of its own that lets the site's worker take over (the other tests block it).
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, service_workers="allow"
    )
    page = context.new_page()
    shoe = start_shoe(live_server, page, "Worker shoe")
    shoe_url = live_server.url + reverse("tracker:shoe", args=[shoe.pk])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    press(page, "B")
    expect(beads(page)).to_have_count(1)
    page.wait_for_function(  # the worker keeps the page again once the taps stop
        f"""(url) => {{
          ({KEPT_BEADS})(url).then((beads) => {{ window.keptBeads = beads; }});
          return window.keptBeads === 1;
        }}""",
        arg=shoe_url,
        polling=100,
    )

    context.set_offline(True)
    rng = random.Random(59)
    first, second = ("".join(rng.choice("BBBBPPPPT") for _ in range(count)) for count in (30, 30))
    press(page, first)
    page.locator("button.undo").click()
    page.reload()  # from the worker's copy
    expect(sync_status(page)).to_have_text("Offline · 29 hands waiting")
    press(page, second)
    again = context.new_page()
    page.close(run_before_unload=False)
    again.goto(shoe_url)  # a new tab, still with no signal
    expect(sync_status(again)).to_have_text("Offline · 59 hands waiting")
    expect(beads(again)).to_have_count(60)
    on_the_device = road_marks(again)

    # A new shoe, started with no signal from the tracker's kept index.
    again.goto(live_server.url + reverse("tracker:index"))
    again.get_by_label("Name").fill("Started in the worker")
    again.get_by_role("button", name="Start the shoe").click()
    expect(again.get_by_role("heading", level=1)).to_have_text("Started in the worker")
    again.wait_for_function("() => window.TrackerQueue !== undefined")
    press(again, "PPB")
    expect(sync_status(again)).to_have_text("Offline · 3 hands waiting")

    context.set_offline(False)
    expect(again).to_have_url(re.compile(r"/tracker/\d+/$"), timeout=20_000)
    expect(sync_status(again)).to_have_text("Synced", timeout=SYNCED)
    started = Shoe.objects.get(name="Started in the worker")
    assert "".join(started.hands.values_list("outcome", flat=True)) == "PPB"

    # The first shoe's hands wait on its own page: opened, they are sent.
    again.goto(shoe_url)
    expect(sync_status(again)).to_have_text("Synced", timeout=SYNCED)
    expected = "B" + first[:-1] + second
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == expected
    assert list(shoe.hands.values_list("seq", flat=True)) == list(range(1, 61))
    expect(beads(again)).to_have_count(60)
    assert road_marks(again) == on_the_device
    context.close()


def test_when_every_request_fails_the_hands_wait_and_go_once_it_answers(live_server, page: Page):
    """The browser thinks it is online, but nothing gets through (a casino's Wi-Fi with no way
    out): the page finds the site unreachable, keeps the hands, and sends them when it
    answers again, without the browser's `online` event."""
    shoe = start_shoe(live_server, page, "No way out shoe")
    page.route("**/*", lambda route: route.abort("internetdisconnected"))
    press(page, "BPB")
    expect(sync_status(page)).to_have_text("Offline · 3 hands waiting", timeout=20_000)
    assert shoe.hands.count() == 0
    page.unroute("**/*")
    expect(sync_status(page)).to_have_text("Synced", timeout=20_000)
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPB"


def test_an_undo_whose_answer_was_lost_is_not_refused_when_sent_again(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Lost undo shoe")
    press(page, "BP")
    expect(beads(page)).to_have_count(2)
    page.context.set_offline(True)
    page.locator("button.undo").click()  # queued: undo hand 2
    expect(beads(page)).to_have_count(1)
    tries = []

    def lose_the_first_answer(route):
        tries.append(parse_qs(route.request.post_data or "")["hand"])
        if len(tries) == 1:
            route.fetch()  # hand 2 comes off...
            route.abort("connectionreset")  # ...and the answer is lost
        else:
            route.continue_()

    page.route("**" + reverse("tracker:undo", args=[shoe.pk]), lose_the_first_answer)
    page.clock.install()
    page.context.set_offline(False)
    expect(sync_status(page)).to_have_text("Stopped · 1 hand not sent")
    page.clock.run_for(6_000)  # it goes again by itself
    expect(sync_status(page)).to_have_text("Synced")
    expect(page.locator("#record-queue-status")).to_have_text("")
    assert tries == [["2"], ["2"]]
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "B"
