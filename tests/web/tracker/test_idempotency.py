"""The tracker page's forms record a hand under a key (tracker/idempotency.py): the page draws
one into the result buttons' form and the card keypad, each answer that changes the shoe
draws a new one, and a POST sent again with the same key (a double submit, or a tap sent
again after an answer that never came) records its hand once and answers as the first time.
A different hand under a used key, or a key whose hand was undone since, is refused with the
board as it is and a new key; a key that is no key is a 400; two tabs racing with one key
record one hand."""

import re
import threading

import fuzzing
import pytest
from django.db import connections
from django.test import Client
from fuzzing import hands_and_keys
from htmx import HTMX
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tracker.models import Hand, RecordedKey, Shoe

pytestmark = pytest.mark.django_db
REPLAYED = "Idempotent-Replayed"


def start_shoe(client, name="Keyed shoe"):
    response = client.post("/tracker/", {"name": name, "decks": 8})
    assert response.status_code == 302
    return Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))


def record_key(html):
    """The key the result buttons' form sends: its field, and on a whole page its
    hx-headers (equal; an htmx answer redraws the field alone)."""
    field = re.search(
        r'<input type="hidden" name="idempotency_key" value="([^"]*)" id="record-key"', html
    ).group(1)
    form = re.search(r'<form [^>]*id="record-form"[^>]*>', html)
    if form is not None:
        assert f'hx-headers=\'{{"Idempotency-Key": "{field}"}}\'' in form.group(0)
    return field


def keypad_key(html):
    match = re.search(
        r'<input type="hidden" name="cards" value="[^"]*">\s*'
        r'<input type="hidden" name="idempotency_key" value="([^"]*)">',
        html,
    )
    return match.group(1)


def page(client, shoe):
    return client.get(f"/tracker/{shoe.pk}/").content.decode()


def record(client, shoe, outcome="B", key=None, htmx=True, header=None, **flags):
    data = {"outcome": outcome, **{flag: "on" for flag, on in flags.items() if on}}
    if key is not None:
        data["idempotency_key"] = key
    headers = {"HTTP_IDEMPOTENCY_KEY": header} if header is not None else {}
    return client.post(f"/tracker/{shoe.pk}/hands/", data, **(HTMX if htmx else {}), **headers)


def outcomes(shoe):
    return "".join(shoe.hands.values_list("outcome", flat=True))


# --- the page draws a key, and a new one for each hand ------------------------------------------


def test_the_page_draws_a_key_into_the_form_and_a_new_one_with_every_page(client):
    shoe = start_shoe(client)
    html = page(client, shoe)
    first = record_key(html)
    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert 'hx-headers=\'{"Idempotency-Key": "' + first + "\"}'" in html
    assert re.fullmatch(r"[0-9a-f]{32}", keypad_key(html)) and keypad_key(html) != first
    assert record_key(page(client, shoe)) != first


def test_every_answer_that_changes_the_shoe_draws_a_new_key(client):
    shoe = start_shoe(client)
    key = record_key(page(client, shoe))
    answer = record(client, shoe, "B", key=key).content.decode()
    # Out of band, the field alone: the buttons stay, and a tap queued meanwhile keeps its own.
    assert '<input type="hidden" name="idempotency_key" value="' in answer
    assert 'id="record-key" hx-swap-oob="true">' in answer
    after_record = record_key(answer)
    assert after_record != key
    after_undo = record_key(client.post(f"/tracker/{shoe.pk}/undo/", **HTMX).content.decode())
    assert after_undo not in (key, after_record)
    # And the next hand under the new key is a new hand.
    assert record(client, shoe, "P", key=after_undo).status_code == 200
    assert outcomes(shoe) == "P"


def test_a_plain_post_redirects_to_a_page_with_a_new_key(client):
    shoe = start_shoe(client)
    key = record_key(page(client, shoe))
    response = record(client, shoe, "T", key=key, htmx=False)
    assert response.status_code == 302
    assert record_key(client.get(response.url).content.decode()) != key


# --- the same key again --------------------------------------------------------------------------


def test_the_same_key_twice_with_htmx_records_once_and_answers_alike(client):
    shoe = start_shoe(client)
    key = record_key(page(client, shoe))
    first = record(client, shoe, "B", key=key, banker_pair=True)
    again = record(client, shoe, "B", key=key, banker_pair=True)
    assert first.status_code == again.status_code == 200
    assert REPLAYED not in first and again[REPLAYED] == "true"
    for response in (first, again):
        assert "Hand 1: Banker recorded." in response.content.decode()
        assert '<div id="board"' in response.content.decode()
    assert outcomes(shoe) == "B" and shoe.hands.get().banker_pair
    assert record_key(again.content.decode()) not in (key, record_key(first.content.decode()))


def test_a_double_submit_without_javascript_records_once(client):
    shoe = start_shoe(client)
    key = record_key(page(client, shoe))
    first = record(client, shoe, "P", key=key, htmx=False)
    again = record(client, shoe, "P", key=key, htmx=False)
    assert first.status_code == again.status_code == 302 and first.url == again.url
    assert again[REPLAYED] == "true"
    assert outcomes(shoe) == "P"


def test_the_header_alone_is_a_key_too(client):
    shoe = start_shoe(client)
    assert record(client, shoe, "B", header="from-a-program").status_code == 200
    assert record(client, shoe, "B", header="from-a-program")[REPLAYED] == "true"
    assert outcomes(shoe) == "B"


def test_the_forms_field_wins_over_a_stale_header(client):
    # htmx sends both; should they differ, the field (drawn by the latest answer) is the key.
    shoe = start_shoe(client)
    record(client, shoe, "B", key="k1", header="k1")
    second = record(client, shoe, "P", key="k2", header="k1")
    assert second.status_code == 200 and REPLAYED not in second
    assert outcomes(shoe) == "BP"


def test_without_a_key_every_post_is_a_hand(client):
    shoe = start_shoe(client)
    assert record(client, shoe, "B").status_code == 200
    assert record(client, shoe, "B", htmx=False).status_code == 302
    assert outcomes(shoe) == "BB" and not RecordedKey.objects.exists()


def test_keys_are_per_shoe(client):
    one, two = start_shoe(client, "One"), start_shoe(client, "Two")
    assert record(client, one, "B", key="same").status_code == 200
    other = record(client, two, "P", key="same")
    assert other.status_code == 200 and REPLAYED not in other
    assert outcomes(one) == "B" and outcomes(two) == "P"


# --- a used key for another hand, or for a hand undone ----------------------------------------


def test_a_used_key_for_another_hand_is_refused_with_the_board_and_a_new_key(client):
    shoe = start_shoe(client)
    key = record_key(page(client, shoe))
    record(client, shoe, "B", key=key)
    before = hands_and_keys()
    response = record(client, shoe, "P", key=key, natural=True)
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#board" and response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert "Nothing was recorded: this form had already recorded hand 1" in html
    assert '<p class="error">' in html and '<div id="board"' in html
    assert record_key(html) != key
    assert hands_and_keys() == before
    # The new key records the hand.
    assert record(client, shoe, "P", key=record_key(html)).status_code == 200
    assert outcomes(shoe) == "BP"


def test_a_used_key_for_another_hand_without_javascript_is_a_422_page(client):
    shoe = start_shoe(client)
    record(client, shoe, "B", key="k", htmx=False)
    before = hands_and_keys()
    response = record(client, shoe, "B", key="k", htmx=False, player_pair=True)
    assert response.status_code == 422
    html = response.content.decode()
    assert "this form had already recorded hand 1" in html and record_key(html) != "k"
    assert hands_and_keys() == before


def test_a_key_whose_hand_was_undone_is_refused_not_recorded_again(client):
    shoe = start_shoe(client)
    record(client, shoe, "P", key="k1")
    record(client, shoe, "B", key="k2")
    client.post(f"/tracker/{shoe.pk}/undo/", **HTMX)  # another tab's undo
    before = hands_and_keys()
    late = record(client, shoe, "B", key="k2")
    assert late.status_code == 409 and late["HX-Retarget"] == "#board"
    assert "(hand 2) was undone since" in late.content.decode()
    assert hands_and_keys() == before and outcomes(shoe) == "P"


# --- keys that are no keys -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, problem",
    [("", "empty"), ("k" * 256, "256 characters is too long"), ("clé", "U+00E9"),
     ("a\nb", "U+000A"), ("a\x00b", "U+0000")],
)  # fmt: skip
@pytest.mark.parametrize("htmx", [True, False])
def test_a_key_that_is_no_key_is_a_400_naming_the_field(client, key, problem, htmx):
    shoe = start_shoe(client)
    before = hands_and_keys()
    response = record(client, shoe, "B", key=key, htmx=htmx)
    assert response.status_code == 400
    html = response.content.decode()
    assert "idempotency_key: " in html and problem in html and "Nothing was recorded" in html
    assert hands_and_keys() == before


def test_a_header_that_is_no_key_is_a_400_naming_the_header(client):
    shoe = start_shoe(client)
    response = record(client, shoe, "B", header="x" * 300)
    assert response.status_code == 400
    assert "Idempotency-Key: 300 characters is too long" in response.content.decode()
    assert not Hand.objects.exists()


# --- the card keypad ---------------------------------------------------------------------------

NATURAL = ["9", "2", "K", "3"]  # Player 9, Banker 5: over after four cards


def last_card(client, shoe, card="3", key="keypad-key", so_far="9 2 K"):
    return client.post(
        f"/tracker/{shoe.pk}/cards/",
        {"cards": so_far, "card": card, "idempotency_key": key},
        **HTMX,
    )


def test_the_keypad_draws_a_new_key_with_every_answer(client):
    shoe = start_shoe(client)
    first = keypad_key(page(client, shoe))
    one_card = client.post(f"/tracker/{shoe.pk}/cards/", {"cards": "", "card": "9"}, **HTMX)
    assert keypad_key(one_card.content.decode()) != first
    recorded = last_card(client, shoe).content.decode()
    assert keypad_key(recorded) not in (first, "keypad-key")


def test_the_keypads_last_card_sent_twice_records_the_hand_once(client):
    shoe = start_shoe(client)
    first, again = last_card(client, shoe), last_card(client, shoe)
    assert first.status_code == again.status_code == 200
    assert REPLAYED not in first and again[REPLAYED] == "true"
    for response in (first, again):
        assert "Hand 1: " in response.content.decode() and response["HX-Retarget"] == "#board"
    assert list(shoe.hands.values_list("cards", flat=True)) == [NATURAL]


def test_the_keypad_with_a_used_key_for_another_hand_keeps_the_cards_so_far(client):
    shoe = start_shoe(client)
    last_card(client, shoe, "3")
    before = hands_and_keys()
    response = last_card(client, shoe, "4")
    assert response.status_code == 422 and response["HX-Retarget"] == "#board"
    html = response.content.decode()
    assert "this form had already recorded hand 1" in html
    assert '<input type="hidden" name="cards" value="9 2 K">' in html
    assert keypad_key(html) != "keypad-key"
    assert hands_and_keys() == before


def test_the_keypad_refuses_a_key_that_is_no_key(client):
    shoe = start_shoe(client)
    response = last_card(client, shoe, key="x" * 256)
    assert response.status_code == 400 and "idempotency_key: 256 characters" in (
        response.content.decode()
    )
    assert not Hand.objects.exists()


# --- two tabs at once, one key -----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_tabs_posting_one_key_at_once_record_one_hand():
    owner = Client()
    shoe = start_shoe(owner, "Race")
    rounds = 6
    statuses, errors = [], []
    start = threading.Barrier(2, timeout=60)

    def tab():
        try:
            browser = Client()
            browser.cookies = owner.cookies
            for index in range(rounds):
                start.wait()
                response = record(browser, shoe, "BPT"[index % 3], key=f"tap-{index}")
                statuses.append((response.status_code, response.get(REPLAYED)))
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
            start.abort()  # the other thread stops waiting for this one
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert outcomes(shoe) == ("BPT" * rounds)[:rounds]
    assert sorted(statuses, key=str) == sorted(
        [(200, None)] * rounds + [(200, "true")] * rounds, key=str
    )


# --- a model of the forms' keys ------------------------------------------------------------------

# The steps: tests/fuzzing.py, key_steps.
hands = st.fixed_dictionaries({"outcome": st.sampled_from("BPT"), "natural": st.booleans()})
steps = fuzzing.key_steps(hands, max_size=12)


@hypothesis_settings(fuzzing.FUZZ, max_examples=40)
@given(steps=steps, htmx=st.booleans())
def test_any_run_of_taps_retries_and_undos_stores_what_the_model_says(steps, htmx):
    client = fuzzing.new_client()
    shoe = start_shoe(client, "Model")
    model, sent = [], []  # the hands as (hand, key); the keys used as (key, hand, seq)
    for step in steps:
        if step[0] == "undo":
            client.post(f"/tracker/{shoe.pk}/undo/", **(HTMX if htmx else {}))
            if model:
                model.pop()
            continue
        if step[0] == "again" and sent:
            key, first, seq = sent[step[1] % len(sent)]
            hand = step[2] or first
            response = record(client, shoe, key=key, htmx=htmx, **hand)
            alive = len(model) >= seq and model[seq - 1][1] == key
            expected = 422 if hand != first else (200 if alive else 409)
            if expected == 200:
                assert response[REPLAYED] == "true"
                expected = 200 if htmx else 302
            assert response.status_code == expected, response.content[:500]
            continue
        hand = step[1] if step[0] != "again" else {"outcome": "T", "natural": False}
        key = None if step[0] == "bare" else f"tap-{len(sent)}"
        response = record(client, shoe, key=key, htmx=htmx, **hand)
        assert response.status_code == (200 if htmx else 302) and REPLAYED not in response
        model.append((hand, key))
        if key is not None:
            sent.append((key, hand, len(model)))
    assert list(shoe.hands.values_list("seq", "outcome", "natural")) == [
        (seq, hand["outcome"], hand["natural"]) for seq, (hand, _key) in enumerate(model, 1)
    ]
