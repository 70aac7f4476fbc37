"""One shoe written from two phones of one account, each of which may have been offline
(tracker/sync.py, docs/offline.md "Two phones, one shoe"), and a shoe started offline and
created later under its own Idempotency-Key (tracker/shoe_keys.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from htmx import HTMX

from tracker.models import Shoe

pytestmark = pytest.mark.django_db


@pytest.fixture
def phones():
    """Two clients (two phones) signed in to one account."""
    user = get_user_model().objects.create_user("dealer", password="a long pass phrase")
    first, second = Client(), Client()
    first.force_login(user)
    second.force_login(user)
    return first, second


def start(client, key=None, name="Table 3"):
    headers = {"headers": {"Idempotency-Key": key}} if key is not None else {}
    return client.post(reverse("tracker:index"), {"name": name, "decks": 8}, **headers)


def record(client, shoe, outcome, key, seen=None):
    data = {"outcome": outcome, "idempotency_key": key}
    if seen is not None:
        data["seen"] = seen
    return client.post(reverse("tracker:record", args=[shoe.pk]), data, **HTMX)


def outcomes(shoe):
    return "".join(shoe.hands.values_list("outcome", flat=True))


def test_hands_from_both_phones_are_all_kept_in_the_order_they_arrive(phones):
    first, second = phones
    shoe = Shoe.objects.get(pk=int(start(first).url.strip("/").split("/")[-1]))
    assert record(first, shoe, "B", "a1", seen=0).status_code == 200
    # The second phone was offline: it tapped two hands knowing of none.
    answer = record(second, shoe, "P", "b1", seen=0)
    assert answer.status_code == 200
    assert answer["X-Hands-First"] == "1"
    assert "1 hand from another device came first; yours follows it." in answer.text
    answer = record(second, shoe, "P", "b2", seen=1)  # its own first hand counts as known
    assert answer["X-Hands-First"] == "1"
    answer = record(first, shoe, "T", "a2", seen=1)
    assert answer["X-Hands-First"] == "2"
    assert "2 hands from another device came first; yours follow them." in answer.text
    assert outcomes(shoe) == "BPPT"
    # A replay is never a second hand, and says the same.
    again = record(second, shoe, "P", "b1", seen=0)
    assert again["Idempotent-Replayed"] == "true"
    assert outcomes(shoe) == "BPPT"


def test_a_hand_that_knew_the_whole_shoe_says_nothing_of_others(phones):
    first, _second = phones
    shoe = Shoe.objects.get(pk=int(start(first).url.strip("/").split("/")[-1]))
    answer = record(first, shoe, "B", "k1", seen=0)
    assert answer["X-Hands-First"] == "0"
    assert "another device" not in answer.text
    assert "X-Hands-First" not in record(first, shoe, "B", "k2")  # no `seen`, no claim


@pytest.mark.parametrize("seen", ["-1", "many", "100000"])
def test_a_bad_seen_is_a_400_naming_the_field(client, seen):
    shoe = Shoe.objects.get(pk=int(start(client).url.strip("/").split("/")[-1]))
    answer = record(client, shoe, "B", "k1", seen=seen)
    assert answer.status_code == 400
    assert "seen:" in answer.text
    assert shoe.hands.count() == 0


def test_the_keypad_takes_seen_too(phones):
    first, second = phones
    shoe = Shoe.objects.get(pk=int(start(first).url.strip("/").split("/")[-1]))
    record(first, shoe, "B", "a1", seen=0)
    url = reverse("tracker:deal", args=[shoe.pk])
    data = {"cards": "9 5 K", "card": "8", "idempotency_key": "c1", "seen": "0"}
    answer = second.post(url, data, **HTMX)
    assert answer.status_code == 200
    assert answer["X-Hands-First"] == "1"
    assert list(shoe.hands.values_list("seq", "cards")) == [(1, None), (2, ["9", "5", "K", "8"])]
    assert second.post(url, {**data, "seen": "x"}, **HTMX).status_code == 400


def undo(client, shoe, hand):
    return client.post(reverse("tracker:undo", args=[shoe.pk]), {"hand": hand}, **HTMX)


def test_a_late_undo_takes_off_its_hand_only_while_it_is_the_last(phones):
    first, second = phones
    shoe = Shoe.objects.get(pk=int(start(first).url.strip("/").split("/")[-1]))
    for number, outcome in enumerate("BPB", 1):
        record(first, shoe, outcome, f"a{number}")
    # The second phone, offline, undid hand 2 when it was the last; the first added hand 3.
    answer = undo(second, shoe, 2)
    assert answer.status_code == 409
    assert (
        "Hand 2 is no longer the last: another device added hands after it. Nothing was undone."
        in answer.text
    )
    assert outcomes(shoe) == "BPB"
    answer = undo(second, shoe, 3)
    assert answer.status_code == 200
    assert "Hand 3 (Banker) removed." in answer.text
    assert outcomes(shoe) == "BP"
    # Sent again (its answer lost): the hand is gone already, and nothing more is undone.
    answer = undo(second, shoe, 3)
    assert answer.status_code == 409
    assert "Hand 3 is not on the shoe any more" in answer.text
    assert outcomes(shoe) == "BP"


@pytest.mark.parametrize("hand", ["0", "two", "-3"])
def test_a_bad_hand_number_is_a_400_naming_the_field(client, hand):
    shoe = Shoe.objects.get(pk=int(start(client).url.strip("/").split("/")[-1]))
    shoe.record("B")
    answer = undo(client, shoe, hand)
    assert answer.status_code == 400
    assert "hand:" in answer.text
    assert shoe.hands.count() == 1


def test_a_shoe_started_offline_is_created_once_under_its_key(phones):
    first, second = phones
    made = start(first, key="offline-shoe-1")
    assert made.status_code == 302
    again = start(first, key="offline-shoe-1")  # the answer was lost: sent again
    assert again.url == made.url
    other_phone = start(second, key="offline-shoe-1")  # the same account: the same shoe
    assert other_phone.url == made.url
    assert Shoe.objects.count() == 1
    assert start(first, key="offline-shoe-2").url != made.url
    assert start(first).url != made.url  # no key: a new shoe every time
    assert Shoe.objects.count() == 3


def test_a_shoe_key_is_never_a_hand_key(client):
    made = start(client, key="same")
    shoe = Shoe.objects.get(pk=int(made.url.strip("/").split("/")[-1]))
    assert record(client, shoe, "B", "same").status_code == 200
    assert shoe.hands.count() == 1
    assert start(client, key="same").url == made.url


def test_keys_are_per_owner(client):
    made = start(client, key="k")
    stranger = Client()
    assert start(stranger, key="k").url != made.url
    assert Shoe.objects.count() == 2


@pytest.mark.parametrize("key", ["", "x" * 300, "caf\u00e9"])
def test_a_bad_creation_key_is_a_400_and_no_shoe(client, key):
    answer = start(client, key=key)
    assert answer.status_code == 400
    assert "Idempotency-Key" in answer.text
    assert Shoe.objects.count() == 0


@pytest.mark.parametrize("prefix", ["", "/zh-hant", "/zh-hans"])
def test_the_offline_page_is_the_shoe_pages_shell_with_nothing_of_anyones(client, prefix):
    start(client, name="A private shoe")
    answer = client.get(f"{prefix}/tracker/offline/")
    assert answer.status_code == 200
    html = answer.text
    for part in (
        'id="record-form"',
        'id="board-hands"',
        'id="road-words"',
        'id="sync-status"',
        'id="road-big_eye_boy"',
        "data-offline-shoe",
        "js/offline-shoe.js",
    ):
        assert part in html
    assert "A private shoe" not in html  # the service worker keeps it for anyone on the device
    assert f'action="{prefix}/tracker/"' in html
