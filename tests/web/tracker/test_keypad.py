"""The card keypad on a shoe's page: a hand entered card by card is recorded
once the rules end it, with the outcome, natural and pairs its cards make."""

import re
from html import unescape

import pytest
from django.test import Client
from htmx import HTMX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANKS
from baccarat.game.shoe import Shoe as Deck
from baccarat.teaching.dealing import dealt
from guards.throttles import anonymous_writes, signed_in_writes
from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db


def start_shoe(client):
    """A new shoe of this client's, through the page's own form."""
    response = client.post("/tracker/", {"name": "Keypad shoe", "decks": 8})
    assert response.status_code == 302
    return Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))


def deal_url(shoe):
    return f"/tracker/{shoe.pk}/cards/"


def hidden_cards(html):
    return re.search(r'<input type="hidden" name="cards" value="([^"]*)">', html).group(1)


def enter(client, shoe, ranks, **headers):
    """Press each key in turn, as the page does: the cards so far come back in the form."""
    so_far, response = "", None
    for rank in ranks:
        response = client.post(deal_url(shoe), {"cards": so_far, "card": rank}, **headers)
        if response.status_code == 200 and "HX-Retarget" not in response:
            so_far = hidden_cards(response.content.decode())
    return response


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10**9))
def test_a_dealt_hand_is_recorded_as_its_cards_make_it(client, seed):
    shoe = start_shoe(client)
    cards = [card.rank for card in Deck(8, seed).deal_hand()]
    hand = dealt(cards)
    response = enter(client, shoe, cards, **HTMX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#board"
    html = response.content.decode()
    recorded = Hand.objects.filter(shoe=shoe).order_by("-seq").first()
    assert recorded.cards == cards
    assert (
        recorded.outcome
        == hand.outcome
        == {"banker": "B", "player": "P", "tie": "T"}[hand.resolution.winner]
    )
    assert recorded.natural == bool(hand.resolution.natural)
    player, banker = hand.resolution.player.cards, hand.resolution.banker.cards
    assert recorded.player_pair == (player[0].rank == player[1].rank)
    assert recorded.banker_pair == (banker[0].rank == banker[1].rank)
    # The roads, the stats and the emptied keypad in one answer; the result announced.
    assert (
        '<div id="board"' in html
        and 'id="keypad-hand" class="card-keypad-hand" hx-swap-oob' in html
    )
    assert hidden_cards(html) == ""
    assert f"Hand 1: {hand.summary}." in html
    shoe.delete()


def test_a_hand_sent_from_the_queue_leaves_the_keypad_alone(client):
    """The device's queue sends a hand keyed earlier (aimed at the roads, not the keypad):
    the answer redraws the roads, and not the keypad, where the next hand may be half keyed."""
    shoe = start_shoe(client)
    fields = {"cards": "9 5 K", "card": "8", "idempotency_key": "q" * 32}
    queued = client.post(deal_url(shoe), fields, HTTP_HX_TARGET="board", **HTMX)
    assert queued.status_code == 200
    html = queued.content.decode()
    assert '<div id="board"' in html and 'id="keypad-hand"' not in html
    assert 'id="undo-what"' not in html
    assert list(shoe.hands.values_list("cards", flat=True)) == [["9", "5", "K", "8"]]
    fields = {"cards": "2 3 4", "card": "5", "idempotency_key": "k" * 32}
    keyed = client.post(deal_url(shoe), fields, HTTP_HX_TARGET="keypad-hand", **HTMX)
    assert 'id="keypad-hand" class="card-keypad-hand" hx-swap-oob' in keyed.content.decode()


def test_each_key_asks_for_the_card_the_rules_deal_next(client):
    shoe = start_shoe(client)
    # Player 9 + 5 = 4 draws a 2 (6); Banker K + 3 = 3 draws against a 2, a 4 (7).
    keys = ["9", "K", "5", "3", "2", "4"]
    asked = [
        "the Banker's first card",
        "the Player's second card",
        "the Banker's second card",
        "the Player's third card",
        "the Banker's third card",
    ]
    so_far = ""
    for key, needed in zip(keys, asked, strict=False):
        response = client.post(deal_url(shoe), {"cards": so_far, "card": key}, **HTMX)
        html = response.content.decode().replace("&#x27;", "'")
        assert response.status_code == 200 and f"Next: {needed}." in html
        so_far = hidden_cards(html)
        assert so_far == " ".join(keys[: len(so_far.split())])
        assert Hand.objects.count() == 0, "nothing is stored before the hand is over"
    response = client.post(deal_url(shoe), {"cards": so_far, "card": "4"}, **HTMX)
    assert "Hand 1: Banker wins 7 to 6." in response.content.decode()
    assert list(Hand.objects.values_list("outcome", "cards")) == [("B", keys)]


def test_the_hand_so_far_is_drawn_by_seat(client):
    shoe = start_shoe(client)
    html = client.post(deal_url(shoe), {"cards": "9 K", "card": "T"}, **HTMX).content.decode()
    assert hidden_cards(html) == "9 K T"
    player = re.search(r"Player</span>(.*?)</p>", html).group(1)
    banker = re.search(r"Banker</span>(.*?)</p>", html).group(1)
    assert re.findall(r'aria-label="([^"]+)"', player) == ["9, counts 9", "10, counts 0"]
    assert re.findall(r'aria-label="([^"]+)"', banker) == ["King, counts 0"]
    assert "dealt-card due" in banker and "dealt-card due" not in player
    assert "Next: the Banker&#x27;s second card." in html


def test_back_and_clear(client):
    shoe = start_shoe(client)
    back = client.post(deal_url(shoe), {"cards": "9 K 5", "back": "1"}, **HTMX)
    assert hidden_cards(back.content.decode()) == "9 K"
    clear = client.post(deal_url(shoe), {"cards": "9 K 5", "clear": "1"}, **HTMX)
    assert hidden_cards(clear.content.decode()) == ""
    assert Hand.objects.count() == 0


def test_without_javascript_the_page_keeps_the_hand_so_far_then_redirects(client):
    shoe = start_shoe(client)
    page = client.post(deal_url(shoe), {"cards": "8 8", "card": "K"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "<html" in html and '<details class="card-keypad" open>' in html
    assert hidden_cards(html) == "8 8 K"
    done = client.post(deal_url(shoe), {"cards": "8 8 K", "card": "8"})
    assert done.status_code == 302 and done.url == f"/tracker/{shoe.pk}/"
    hand = Hand.objects.get()
    # Player 8 + K = 8, a natural; Banker 8 + 8 = 6; both 8s first cards: a pair of each?
    # The Player's cards are the 1st and 3rd (8, K), the Banker's the 2nd and 4th (8, 8).
    assert (hand.outcome, hand.natural, hand.player_pair, hand.banker_pair) == (
        "P",
        True,
        False,
        True,
    )


@pytest.mark.parametrize(
    "data, words",
    [
        ({"cards": "", "card": "1"}, "Choose a card's rank"),
        ({"cards": "", "card": "10"}, "Choose a card's rank"),
        ({"cards": "", "card": "k"}, "Choose a card's rank"),
        ({"cards": "", "card": "K"}, None),  # fine
        ({"cards": "", "card": "\x00"}, "Choose a card's rank"),
        ({"cards": "9 Z", "card": "K"}, "is not a card"),
        ({"cards": "9 ? 5", "card": "K"}, "unknown card"),
        ({"cards": "4 4 4 5", "card": "K"}, "already over"),  # naturals: the hand ended
        ({"cards": "4 4 2 3 7", "card": "K"}, "no place"),  # both stood after four
        ({"cards": "K " * 30, "card": "K"}, "more than a hand"),
        ({"cards": "9 K", "card": ""}, "Choose a card's rank"),
        ({"cards": "9 K"}, "Choose a card's rank"),
    ],
)
def test_bad_keys_are_refused_by_name_and_nothing_is_stored(client, data, words):
    shoe = start_shoe(client)
    response = client.post(deal_url(shoe), data, **HTMX)
    if words is None:
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#tracker-status"
    message = unescape(response.content.decode())
    assert words in message and "Nothing was recorded" in message
    assert Hand.objects.count() == 0
    plain = client.post(deal_url(shoe), data)
    assert plain.status_code == 400 and words in unescape(plain.content.decode())


def test_someone_elses_shoe_is_404_and_get_is_405(client):
    shoe = start_shoe(client)
    assert Client().post(deal_url(shoe), {"cards": "4 4 4", "card": "5"}).status_code == 404
    assert client.get(deal_url(shoe)).status_code == 405
    assert Hand.objects.count() == 0


def test_only_the_key_that_records_counts_as_a_write(client, monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 2)
    monkeypatch.setattr(signed_in_writes, "num_requests", 2)
    shoe = start_shoe(client)  # one write
    # Five keys, one write: allowed (the limit is two, the shoe took one).
    for so_far, rank in [("", "9"), ("9", "K"), ("9 K", "5"), ("9 K 5", "3"), ("9 K 5 3", "2")]:
        assert (
            client.post(deal_url(shoe), {"cards": so_far, "card": rank}, **HTMX).status_code == 200
        )
    assert (
        client.post(deal_url(shoe), {"cards": "9 K 5 3 2", "card": "4"}, **HTMX).status_code == 200
    )
    assert Hand.objects.count() == 1
    # Past the limit, the hand's last key is refused and nothing is stored; keys before it
    # still answer.
    assert client.post(deal_url(shoe), {"cards": "", "card": "4"}, **HTMX).status_code == 200
    refused = client.post(deal_url(shoe), {"cards": "4 4 4", "card": "5"}, **HTMX)
    assert refused.status_code == 429 and Hand.objects.count() == 1


def test_the_page_offers_the_keypad_with_every_rank(client):
    shoe = start_shoe(client)
    html = client.get(f"/tracker/{shoe.pk}/").content.decode()
    keys = re.findall(r'<button type="submit" name="card" value="(\w+)"', html)
    assert keys == list(RANKS)
    assert re.search(r'aria-label="Ace" aria-keyshortcuts="A">A<', html)
    assert re.search(r'value="T"[^>]*aria-label="10" aria-keyshortcuts="0">10<', html)
    assert '<details class="card-keypad">' in html  # closed: a result stays one tap
    assert "Enter the cards" in html


def test_back_on_an_empty_keypad_takes_the_last_hand_back_less_its_last_card(client):
    shoe = start_shoe(client)
    client.post(deal_url(shoe), {"cards": "9 K 5 3 2", "card": "4"}, **HTMX)  # hand 1
    assert Hand.objects.count() == 1
    response = client.post(deal_url(shoe), {"cards": "", "back": "1"}, **HTMX)
    assert response.status_code == 200 and response["HX-Retarget"] == "#board"
    html = unescape(response.content.decode())
    assert Hand.objects.count() == 0
    assert hidden_cards(html) == "9 K 5 3 2"  # back on the keypad, the Banker's third due
    assert "Next: the Banker's third card." in html
    assert "Hand 1 taken back" in html
    # The right card ends it again.
    client.post(deal_url(shoe), {"cards": "9 K 5 3 2", "card": "5"}, **HTMX)
    assert list(Hand.objects.values_list("outcome", "cards")) == [
        ("B", ["9", "K", "5", "3", "2", "5"])
    ]


def test_back_on_an_empty_keypad_never_takes_a_hand_recorded_without_cards(client):
    shoe = start_shoe(client)
    shoe.record("B")
    response = client.post(deal_url(shoe), {"cards": "", "back": "1"}, **HTMX)
    assert response.status_code == 400
    assert "No card to take back" in unescape(response.content.decode())
    assert Hand.objects.count() == 1
    empty = client.post(deal_url(start_shoe(client)), {"cards": "", "back": "1"})
    assert empty.status_code == 400


def test_take_back_without_javascript_shows_the_page_with_the_cards(client):
    shoe = start_shoe(client)
    assert client.post(deal_url(shoe), {"cards": "4 4 4", "card": "5"}).status_code == 302
    page = client.post(deal_url(shoe), {"cards": "", "back": "1"})
    html = unescape(page.content.decode())
    assert page.status_code == 200 and '<details class="card-keypad" open>' in html
    assert hidden_cards(html) == "4 4 4" and "Hand 1 taken back" in html
    assert Hand.objects.count() == 0


def test_take_back_leaves_a_hand_another_tab_added(client, monkeypatch):
    """The hand checked is the hand removed, or none is: Shoe.undo(only=...)."""
    shoe = start_shoe(client)
    client.post(deal_url(shoe), {"cards": "4 4 4", "card": "5"}, **HTMX)
    first = Hand.objects.get()
    shoe.record("P")  # another tab, between the check and the removal
    assert shoe.undo(only=first) is None
    assert Hand.objects.count() == 2


def undo_url(shoe):
    return f"/tracker/{shoe.pk}/undo/"


def undo_button(html):
    return re.search(r'<button type="submit" class="undo"[^>]*>(.*?)</button>', html, re.S).group(1)


def test_undo_with_cards_on_the_keypad_clears_them_not_the_last_hand(client):
    """Without JavaScript: the page with cards on the keypad offers to clear them, and Undo
    does only that; with the keypad empty it removes the last hand as before."""
    shoe = start_shoe(client)
    client.post(f"/tracker/{shoe.pk}/hands/", {"outcome": "B"})
    page = client.post(deal_url(shoe), {"cards": "9", "card": "K"}).content.decode()
    assert "Undo: clear the cards" in undo_button(page)
    assert re.search(
        r'<input type="hidden" name="cards" value="9 K">\s*<button type="submit" '
        r'class="undo"',
        page,
    )

    cleared = client.post(undo_url(shoe), {"cards": "9 K"})
    html = cleared.content.decode()
    assert cleared.status_code == 200
    assert "The cards were cleared; no hand was undone." in html
    assert hidden_cards(html) == "" and "Undo: clear the cards" not in undo_button(html)
    assert "last hand" in undo_button(html)
    assert shoe.hands.count() == 1

    assert client.post(undo_url(shoe), {"cards": ""}).status_code == 302
    assert shoe.hands.count() == 0


def test_undo_with_cards_by_htmx_redraws_the_keypad_and_the_button(client):
    shoe = start_shoe(client)
    client.post(f"/tracker/{shoe.pk}/hands/", {"outcome": "P"})
    key = client.post(deal_url(shoe), {"cards": "", "card": "4"}, **HTMX).content.decode()
    assert 'id="undo-what" class="undo-what" hx-swap-oob="true"' in key
    assert "Undo: clear the cards" in undo_button(key)

    cleared = client.post(undo_url(shoe), {"cards": "4"}, **HTMX)
    assert cleared["HX-Retarget"] == "#keypad-hand"
    html = cleared.content.decode()
    assert hidden_cards(html) == ""
    assert "last hand" in undo_button(html)
    assert "The cards were cleared" in html
    assert shoe.hands.count() == 1


def test_undo_refuses_cards_longer_than_a_hand(client):
    shoe = start_shoe(client)
    client.post(f"/tracker/{shoe.pk}/hands/", {"outcome": "P"})
    response = client.post(undo_url(shoe), {"cards": "K " * 40}, **HTMX)
    assert response.status_code == 400
    assert "more than a hand" in response.content.decode()
    assert shoe.hands.count() == 1


def test_restore_draws_the_kept_hand_and_records_nothing(client):
    shoe = start_shoe(client)
    response = client.post(deal_url(shoe), {"cards": "9 K", "restore": "1"}, **HTMX)
    assert hidden_cards(response.content.decode()) == "9 K"
    # A complete hand kept by mistake is not recorded from a restore: the keypad starts empty.
    response = client.post(deal_url(shoe), {"cards": "9 K 5 8", "restore": "1"}, **HTMX)
    assert hidden_cards(response.content.decode()) == ""
    bad = client.post(deal_url(shoe), {"cards": "9 Z", "restore": "1"}, **HTMX)
    assert bad.status_code == 400
    assert Hand.objects.count() == 0
