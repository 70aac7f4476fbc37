"""The card keypad with no signal (static/js/dealing.js): the hand dealt on the device by the
rules shipped as data, exactly as baccarat/teaching/dealing.py deals it, drawn with the
server's markup, and a finished hand handed to window.TrackerQueue."""

import json
import re
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from browsing import beads, start_shoe
from django.conf import settings as django_settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat.game import cards as cards_module
from baccarat.game.cards import RANK_VALUES, RANKS
from baccarat.teaching.dealing import dealt
from tracker.dealing_data import keypad_words, tableau_data

DEALING_JS = Path(django_settings.BASE_DIR) / "static" / "js" / "dealing.js"
# One rank a value, 0 to 9: every sequence of values the rules can deal is walked with these.
BY_VALUE = "TA23456789"
CARD_NUMBER = {"first": 1, "second": 2, "third": 3}


def record(hand):
    """A hand so far in 12 characters: complete, the card due (seat and number), outcome,
    natural, pairs, point, both totals so far and how many cards each seat has."""
    resolution = hand.resolution
    needs = resolution.needs
    due = f"{needs[0]}{CARD_NUMBER[needs[needs.index('_') + 1 :]]}" if needs else "--"
    seats = [resolution.player.cards, resolution.banker.cards]
    totals = [
        str(sum(RANK_VALUES[card.rank] for card in cards) % 10) if cards else "-" for cards in seats
    ]
    complete = hand.complete
    winner = resolution.banker if resolution.winner == "banker" else resolution.player
    return "".join(
        [
            "1" if complete else "0",
            due,
            hand.outcome or "-",
            "1" if hand.natural else "0",
            "1" if hand.player_pair else "0",
            "1" if hand.banker_pair else "0",
            str(winner.final_total) if complete else "-",
            *totals,
            str(len(seats[0])),
            str(len(seats[1])),
        ]
    )


def python_walk():
    """Every hand so far the keypad can show, depth first, keys in BY_VALUE order: each
    record, and the cards of each (to name a difference)."""
    records, hands = [], []

    def walk(tokens):
        hand = dealt(tokens)
        records.append(record(hand))
        hands.append(tokens)
        if not hand.complete:
            for rank in BY_VALUE:
                walk([*tokens, rank])

    walk([])
    return records, hands


# The same record and walk in the page, each side following its own rules: a difference in
# which card is due or when a hand ends moves every record after it.
JS_COMPARE = """([expected, openings, summaries, byValue, data, words]) => {
  const deal = window.BaccaratDealing.dealt;
  const record = (hand) => [
    hand.complete ? "1" : "0",
    hand.due ? hand.due.seat[0] + hand.due.card : "--",
    hand.outcome || "-",
    hand.natural ? "1" : "0",
    hand.player_pair ? "1" : "0",
    hand.banker_pair ? "1" : "0",
    hand.point === null ? "-" : String(hand.point),
    hand.player.total === null ? "-" : String(hand.player.total),
    hand.banker.total === null ? "-" : String(hand.banker.total),
    String(hand.player.cards.length),
    String(hand.banker.cards.length),
  ].join("");
  const refused = (tokens) => {
    try { deal(tokens, data); } catch (error) { return error.code; }
    return null;
  };
  let index = 0;
  let problem = null;
  const walk = (tokens) => {
    if (problem) return;
    const hand = deal(tokens, data);
    const got = record(hand);
    if (got !== expected.slice(index * 12, index * 12 + 12)) {
      problem = {index, tokens, got};
      return;
    }
    index += 1;
    if (hand.complete) {
      if (refused(tokens.concat(["K"])) !== "over") problem = {index, tokens, got: "not over"};
      return;
    }
    for (const rank of byValue) walk(tokens.concat([rank]));
  };
  walk([]);
  if (problem) return {walk: problem};
  if (index * 12 !== expected.length) return {walk: {index, tokens: [], got: "ended early"}};
  for (const [tokens, want] of openings) {
    const got = record(deal(tokens, data));
    if (got !== want) return {openings: {tokens, got, want}};
  }
  for (const [tokens, want] of summaries) {
    const got = window.BaccaratDealing.summary(deal(tokens, data), words);
    if (got !== want) return {summaries: {tokens, got, want}};
  }
  return {walked: index, refusals: [refused(["Z"]), refused(["?"]), refused(["10"])]};
}"""


@pytest.mark.same_on_any_database
def test_the_js_deals_every_hand_as_python_does(page: Page, monkeypatch):
    """Every sequence of card values the rules can deal, every hand so far on the way (377,111
    of them), as one rank a value; every opening of four ranks (K Q is no pair, K K is); and
    the summary of a sample of finished hands, with their naturals and pairs."""
    # The same ten tokens are read some two million times: read each once (a pure function).
    monkeypatch.setattr(cards_module, "parse_card", cache(cards_module.parse_card))
    records, hands = python_walk()
    openings = [(list(cards), dealt(list(cards))) for cards in _openings()]
    opening_records = [[cards, record(hand)] for cards, hand in openings]
    finished = [tokens for tokens, said in zip(hands, records, strict=True) if said[0] == "1"]
    finished = finished[::97] + [cards for cards, hand in openings if hand.complete][::7]
    summaries = [[tokens, dealt(tokens).summary] for tokens in finished]
    page.set_content(
        '<script type="application/json" id="tableau-data">'
        + json.dumps(tableau_data())
        + "</script>"
    )
    for script in ("sentences.js", "hand-keys.js", "dealing.js"):  # as the shoe page has them
        page.add_script_tag(path=DEALING_JS.with_name(script))
    found = page.evaluate(
        JS_COMPARE,
        [
            "".join(records),
            opening_records,
            summaries,
            BY_VALUE,
            tableau_data(),
            keypad_words(),
        ],
    )
    if "walk" in found:
        at = found["walk"]
        want = records[at["index"]] if at["index"] < len(records) else "(none)"
        python_tokens = hands[at["index"]] if at["index"] < len(hands) else None
        pytest.fail(f"hand so far {at['tokens']} (Python's {python_tokens}): {at['got']} != {want}")
    assert found == {"walked": len(records), "refusals": ["rank", "rank", "rank"]}, found


def _openings():
    for first in RANKS:
        for second in RANKS:
            for third in RANKS:
                for fourth in RANKS:
                    yield first, second, third, fourth


STUB_QUEUE = """() => {
  window.added = [];
  window.TrackerQueue = {
    add: (hand) => window.added.push(hand),
    online: () => navigator.onLine,
    pending: () => 0,
  };
}"""


def key(page: Page, rank):
    page.locator(f'.card-keypad-keys button[value="{rank}"]').click()


# What it checks is the device's; the hands it records on the way are recorded on PostgreSQL
# by tests/web/tracker/test_keypad.py, and the lost answer's replay by the test after it.
@pytest.mark.same_on_any_database
def test_with_no_signal_the_keypad_deals_on_the_device(live_server, page: Page):
    """Keys that get no answer (a timeout, then the browser offline) are dealt on the device,
    drawn as the server draws them; ⌫ takes a card back; the finished hand goes to the queue
    with its cards and the keypad empties. With no queue, the last card is not taken, and
    pressed again once the signal is back, the server records the hand. A reload with no
    answer draws the hand kept on the device."""
    shoe = start_shoe(live_server, page, "No signal shoe")
    page.locator('#record-form button[value="B"]').click()
    expect(beads(page)).to_have_count(1)
    page.evaluate(STUB_QUEUE)
    page.locator(".card-keypad > summary").click()
    cards = page.locator('#keypad-hand input[name="cards"]')
    key(page, "9")  # the server's answer
    expect(cards).to_have_value("9")
    deal_url = reverse("tracker:deal", args=[shoe.pk])
    held = []
    page.route("**" + deal_url, lambda route: held.append(route))  # no answer, ever
    timeout = "(form, ms) => form.setAttribute('hx-request', JSON.stringify({timeout: ms}))"
    page.locator(".card-keypad-form").evaluate(timeout, 300)
    key(page, "5")  # times out: dealt here, and so is the rest of this hand
    expect(cards).to_have_value("9 5")
    assert len(held) == 1
    expect(page.locator("#request-error")).to_be_hidden()
    page.context.set_offline(True)
    key(page, "K")
    expect(cards).to_have_value("9 5 K")
    expect(page.locator("#keypad-next")).to_have_text("Next: the Banker's second card.")
    page.locator(".card-keypad-back").click()
    expect(cards).to_have_value("9 5")
    key(page, "K")
    expect(cards).to_have_value("9 5 K")
    assert page.evaluate(f"localStorage.getItem('tracker-keypad:{shoe.pk}')") == "9 5 K"
    shown = keypad_markup(page)
    key(page, "5")  # Banker 5 5: the hand is over
    expect(cards).to_have_value("")
    expect(page.locator("#tracker-status")).to_have_text(
        "Hand 2: Player wins 9 to 0; a natural and a Banker pair."
    )
    expect(page.locator("button.undo")).to_contain_text("Undo last hand")
    added = page.evaluate("window.added")
    assert len(added) == 1 and re.fullmatch("[0-9a-f]{32}", added[0].pop("key"))
    assert added == [
        {
            "outcome": "P",
            "player_pair": False,
            "banker_pair": True,
            "natural": True,
            "cards": ["9", "5", "K", "5"],
            "point": 9,
        }
    ]
    assert len(held) == 1  # nothing more was sent
    # No queue on the page: the hand's last card is not taken, and the page says why.
    page.evaluate("delete window.TrackerQueue")
    for rank in "95K5":
        key(page, rank)
    expect(cards).to_have_value("9 5 K")
    expect(page.locator("#tracker-status")).to_contain_text("the hand's last card (5) is not taken")
    # Reloaded while the keypad's address fails: the hand kept on the device is drawn there.
    page.unroute("**" + deal_url)
    page.route("**" + deal_url, lambda route: route.abort())
    page.context.set_offline(False)
    page.reload()
    expect(cards).to_have_value("9 5 K")
    expect(page.locator("#request-error")).to_be_hidden()
    # The server draws the hand so far as the device did.
    assert keypad_markup(page) == shown
    assert server_markup(page, deal_url, "9 5", "K") == shown
    page.unroute("**" + deal_url)
    key(page, "5")
    expect(beads(page)).to_have_count(2)
    expect(cards).to_have_value("")
    assert shoe.hands.order_by("seq").last().cards == ["9", "5", "K", "5"]


def test_a_last_card_whose_answer_is_lost_is_queued_under_the_key_it_was_sent_with(
    live_server, page: Page
):
    """The hand's last card reaches the server, which records the hand, and the answer is
    lost: the device deals the card and queues the hand under the key the card was sent
    with, so sending it again records nothing new. A gateway's 503 is no answer either, and a
    keypad with no server behind it deals every key on the device."""
    shoe = start_shoe(live_server, page, "Lost answer shoe")
    page.evaluate(STUB_QUEUE)
    page.locator(".card-keypad > summary").click()
    cards = page.locator('#keypad-hand input[name="cards"]')
    for rank in "88K":
        key(page, rank)
    expect(cards).to_have_value("8 8 K")
    deal_url = reverse("tracker:deal", args=[shoe.pk])
    sent = []

    def answer_lost(route):
        sent.append(parse_qs(route.request.post_data)["idempotency_key"][0])
        route.fetch()  # recorded by the server
        route.abort()

    page.route("**" + deal_url, answer_lost)
    key(page, "K")
    expect(cards).to_have_value("")
    expect(page.locator("#tracker-status")).to_have_text("Hand 1: Tie at 8; a natural.")
    queued = page.evaluate("window.added")
    assert [hand["key"] for hand in queued] == sent
    assert shoe.hands.count() == 1
    token = page.locator('.card-keypad-form input[name="csrfmiddlewaretoken"]').input_value()
    again = page.request.post(
        page.url.split("/tracker/")[0] + deal_url,
        form={"cards": "8 8 K", "card": "K", "csrfmiddlewaretoken": token},
        headers={"HX-Request": "true", "Idempotency-Key": sent[0], "Referer": page.url},
    )
    assert again.headers.get("idempotent-replayed") == "true"
    assert shoe.hands.count() == 1
    # A gateway's 503 is no answer from the site either: the key is dealt on the device.
    page.unroute("**" + deal_url)
    unavailable = []

    def gateway_down(route):
        unavailable.append(route.request.url)
        route.fulfill(status=503, body="Service Unavailable")

    page.route("**" + deal_url, gateway_down)
    key(page, "9")
    expect(cards).to_have_value("9")
    expect(page.locator("#request-error")).to_be_hidden()
    # Keys with no server behind them (no hx-post) are dealt on the device, none sent.
    page.locator(".card-keypad-keys button").evaluate_all(
        "keys => keys.forEach(key => key.removeAttribute('hx-post'))"
    )
    key(page, "4")
    page.locator(".card-keypad-back").click()
    expect(cards).to_have_value("9")
    assert len(unavailable) == 1


KEYPAD_MARKUP = """(root) => [
  root.querySelector("#keypad-hand .dealt-seats").innerHTML,
  root.querySelector("#keypad-next").innerHTML,
  root.querySelector("#undo-what button.undo").innerHTML,
]"""


def keypad_markup(page: Page):
    return page.evaluate(f"({KEYPAD_MARKUP})(document)")


def server_markup(page: Page, deal_url, so_far, card):
    """The server's answer to a key, through the page's own session, not the page's routes."""
    token = page.locator('.card-keypad-form input[name="csrfmiddlewaretoken"]').input_value()
    answer = page.request.post(
        page.url.split("/tracker/")[0] + deal_url,
        form={"cards": so_far, "card": card, "csrfmiddlewaretoken": token},
        headers={"HX-Request": "true", "Referer": page.url},
    )
    assert answer.ok, answer.text()
    return page.evaluate(
        f"""(html) => {{
          const root = document.createElement("div");
          root.innerHTML = html;
          return ({KEYPAD_MARKUP})(root);
        }}""",
        answer.text(),
    )


def test_a_hand_so_far_reopens_with_no_signal(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    """With the service worker: cards keyed, then no signal; the page reloaded and a new tab
    opened on it, both from the device's copy, draw the hand so far on the device, and take
    the next key there. Back in signal, its last card records the hand."""
    # A profile of its own lets the site's worker in (the other tests' contexts block it).
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, service_workers="allow"
    )
    try:
        page = context.new_page()
        shoe = start_shoe(live_server, page, "Reopened keypad shoe")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.reload()  # through the worker: the shoe's page is kept
        page.locator(".card-keypad > summary").click()
        cards = page.locator('#keypad-hand input[name="cards"]')
        for rank in "95":
            key(page, rank)
        expect(cards).to_have_value("9 5")
        context.set_offline(True)
        page.reload()
        expect(cards).to_have_value("9 5")
        expect(page.locator("#keypad-next")).to_have_text("Next: the Player's second card.")
        key(page, "K")
        expect(cards).to_have_value("9 5 K")
        page.close()
        page = context.new_page()
        page.goto(live_server.url + reverse("tracker:shoe", args=[shoe.pk]))
        cards = page.locator('#keypad-hand input[name="cards"]')
        expect(cards).to_have_value("9 5 K")
        context.set_offline(False)
        key(page, "5")
        expect(beads(page)).to_have_count(1)
        assert shoe.hands.get().cards == ["9", "5", "K", "5"]
    finally:
        context.close()
