"""POST /api/v1/shoes/{id}/hands with an Idempotency-Key (tracker/idempotency.py): a retry
with the same key records the hand once and answers as the first time did; a different hand
under a used key is a 422, a key whose hand was undone a 409, a key that is no key a 400;
keys are per shoe and kept at least 24 hours; two requests racing with one key record one
hand; and a random run of new keys, retries, reused keys and undos stores what a model of
the contract says."""

import threading
from datetime import timedelta

import fuzzing
import pytest
from django.db import connections
from django.test import Client
from django.utils import timezone
from fuzzing import hands_and_keys
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tracker.idempotency import KEEP
from tracker.models import Hand, RecordedKey, Shoe

pytestmark = pytest.mark.django_db

SHOES = "/api/v1/shoes"
HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"


def new_shoe(client, name="Keyed"):
    response = client.post(SHOES, {"name": name}, content_type="application/json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def record(client, shoe_id, outcome="B", key=None, prefer=None, **fields):
    headers = {}
    if key is not None:
        headers[HEADER] = key
    if prefer is not None:
        headers["Prefer"] = prefer
    return client.post(
        f"{SHOES}/{shoe_id}/hands",
        {"outcome": outcome, **fields},
        content_type="application/json",
        headers=headers,
    )


def undo(client, shoe_id):
    return client.delete(f"{SHOES}/{shoe_id}/hands/last")


def outcomes(shoe_id):
    return "".join(Hand.objects.filter(shoe_id=shoe_id).values_list("outcome", flat=True))


# --- the same key again --------------------------------------------------------------------


def test_the_same_key_twice_records_once_and_answers_the_same(client):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "P")
    first = record(client, shoe_id, "B", key="hand-2", banker_pair=True)
    again = record(client, shoe_id, "B", key="hand-2", banker_pair=True)
    assert first.status_code == again.status_code == 200
    assert REPLAYED not in first and again[REPLAYED] == "true"
    assert again.json() == first.json()
    assert first.json()["history"][-1]["seq"] == 2
    assert outcomes(shoe_id) == "PB"
    assert RecordedKey.objects.count() == 1


def test_a_replay_never_shows_hands_recorded_later(client):
    shoe_id = new_shoe(client)
    first = record(client, shoe_id, "B", key="k1")
    record(client, shoe_id, "P", key="k2")
    record(client, shoe_id, "T")
    again = record(client, shoe_id, "B", key="k1")
    assert again.status_code == 200 and again[REPLAYED] == "true"
    assert again.json() == first.json()
    assert again.json()["hands"] == 1 and len(again.json()["history"]) == 1
    assert outcomes(shoe_id) == "BPT"


def test_the_answer_is_the_shoe_as_the_hand_left_it(client):
    # Even the first answer: another tab's hand recorded just after is not in it.
    shoe_id = new_shoe(client)
    answer = record(client, shoe_id, "P", key="first").json()
    assert [h["seq"] for h in answer["history"]] == [1]


@pytest.mark.parametrize("first_prefer, again_prefer", [(None, "return=minimal"),
                                                        ("return=minimal", None)])  # fmt: skip
def test_prefer_is_not_part_of_the_key_and_either_answer_can_be_given(
    client, first_prefer, again_prefer
):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "T")
    first = record(client, shoe_id, "B", key="k", prefer=first_prefer, cards=["2", "8", "3", "K"])
    record(client, shoe_id, "P", key="later")
    again = record(client, shoe_id, "B", key="k", prefer=again_prefer, cards=["2", "8", "3", "K"])
    assert again.status_code == 200 and again[REPLAYED] == "true"
    hand = {"seq": 2, "outcome": "B", "player_pair": False, "banker_pair": False,
            "natural": False, "cards": ["2", "8", "3", "K"]}  # fmt: skip
    minimal = {"id": shoe_id, "hands": 2, "hand": hand}
    for response, prefer in ((first, first_prefer), (again, again_prefer)):
        if prefer:
            assert response.json() == minimal
            assert response["Preference-Applied"] == "return=minimal"
        else:
            assert response.json()["history"] == [response.json()["history"][0], hand]
            assert "Preference-Applied" not in response
    assert outcomes(shoe_id) == "TBP"


def test_the_same_hand_written_another_way_is_the_same_hand(client):
    # The fingerprint is of the hand as stored: "b" is "B", "10h" is "Th".
    shoe_id = new_shoe(client)
    first = record(client, shoe_id, "Banker", key="k", cards=["2", "10h", "3", "8"])
    again = record(client, shoe_id, "b", key="k", cards=["2", "Th", "3", "8"])
    assert first.status_code == again.status_code == 200 and again[REPLAYED] == "true"
    assert again.json() == first.json()
    assert Hand.objects.count() == 1


@pytest.mark.parametrize(
    "quoted, bare",
    [('"8e03978e-40d5"', "8e03978e-40d5"), ('"a \\"b\\" \\\\c"', 'a "b" \\c'), (" k ", "k")],
)
def test_a_key_may_be_written_as_the_drafts_quoted_string(client, quoted, bare):
    shoe_id = new_shoe(client)
    assert record(client, shoe_id, "P", key=quoted).status_code == 200
    again = record(client, shoe_id, "P", key=bare)
    assert again.status_code == 200 and again[REPLAYED] == "true"
    assert RecordedKey.objects.get().key == bare


def test_without_a_key_every_request_is_a_hand(client):
    shoe_id = new_shoe(client)
    first, second = record(client, shoe_id, "B"), record(client, shoe_id, "B")
    assert first.status_code == second.status_code == 200
    assert REPLAYED not in first and REPLAYED not in second
    assert second.json()["hands"] == 2 and outcomes(shoe_id) == "BB"
    assert not RecordedKey.objects.exists()


def test_a_replay_of_the_last_hand_of_a_full_shoe_is_still_a_replay(client, monkeypatch):
    monkeypatch.setattr("tracker.models.MAX_HANDS", 2)
    shoe_id = new_shoe(client)
    record(client, shoe_id, "P")
    assert record(client, shoe_id, "B", key="last").status_code == 200
    again = record(client, shoe_id, "B", key="last")
    assert again.status_code == 200 and again[REPLAYED] == "true"
    refused = record(client, shoe_id, "B", key="one-more")
    assert refused.status_code == 400 and "2 hands" in refused.json()["detail"]
    assert outcomes(shoe_id) == "PB" and RecordedKey.objects.count() == 1


# --- a used key for another hand, or for a hand undone ----------------------------------------


@pytest.mark.parametrize(
    "change",
    [{"outcome": "P"}, {"player_pair": True}, {"banker_pair": True}, {"natural": True},
     {"cards": ["2", "8", "3", "K"]}],
)  # fmt: skip
def test_a_used_key_for_a_different_hand_is_a_422_and_stores_nothing(client, change):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "B", key="k")
    before = hands_and_keys()
    response = record(client, shoe_id, **{"outcome": "B", **change}, key="k")
    assert response.status_code == 422
    body = response.json()
    assert body["detail"].startswith("Idempotency-Key: already used for a different hand")
    assert "hand 1" in body["detail"]
    assert body["errors"][0]["loc"] == ["header", HEADER]
    assert REPLAYED not in response
    assert hands_and_keys() == before


def test_keys_are_per_shoe(client):
    first, second = new_shoe(client, "One"), new_shoe(client, "Two")
    assert record(client, first, "B", key="same").status_code == 200
    other = record(client, second, "P", key="same")
    assert other.status_code == 200 and REPLAYED not in other
    assert outcomes(first) == "B" and outcomes(second) == "P"
    # And another caller cannot learn of a key (nor a shoe) that is not theirs.
    stranger = Client()
    new_shoe(stranger, "Theirs")
    assert record(stranger, first, "B", key="same").status_code == 404


def test_a_key_whose_hand_was_undone_is_a_409_never_a_second_recording(client):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "P", key="k1")
    record(client, shoe_id, "B", key="k2")
    assert undo(client, shoe_id).status_code == 200
    before = hands_and_keys()
    late = record(client, shoe_id, "B", key="k2")
    assert late.status_code == 409
    assert late.json()["detail"].startswith("Idempotency-Key: the hand recorded with this key")
    assert "hand 2" in late.json()["detail"] and REPLAYED not in late
    # Another hand under the same key is still another hand.
    assert record(client, shoe_id, "T", key="k2").status_code == 422
    assert hands_and_keys() == before and outcomes(shoe_id) == "P"
    # A new key records it, and the key of a hand still there replays as before.
    assert record(client, shoe_id, "B", key="k3").json()["hands"] == 2
    assert record(client, shoe_id, "P", key="k1")[REPLAYED] == "true"
    assert outcomes(shoe_id) == "PB"


def test_a_deleted_shoe_takes_its_keys(client):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "B", key="k")
    Shoe.objects.filter(pk=shoe_id).delete()
    assert not RecordedKey.objects.exists()


# --- keys that are no keys -------------------------------------------------------------------

BAD_KEYS = [
    ("", "empty"),
    ("   ", "empty"),
    ('""', "empty"),
    ("k" * 256, "256 characters is too long"),
    ("é".encode().decode("latin-1"), "not printable ASCII"),  # as a WSGI server hands it over
    ("a\x00b", "U+0000"),
    ("a\x01b", "U+0001"),
    ("a\tb", "U+0009"),
    ("a\x7fb", "U+007F"),
    ('"unclosed', "no closing quote"),
    ('"a"b"', "nothing may follow"),
    ('"a\\b"', "backslash"),
]


@pytest.mark.parametrize("key, problem", BAD_KEYS)
def test_a_key_that_is_no_key_is_a_400_naming_the_header(client, key, problem):
    shoe_id = new_shoe(client)
    before = hands_and_keys()
    response = record(client, shoe_id, "B", key=key)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith("Idempotency-Key: ") and problem in detail
    assert hands_and_keys() == before


@pytest.mark.parametrize("key", ["k" * 255, "x", " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~"])
def test_any_printable_ascii_up_to_255_characters_is_a_key(client, key):
    shoe_id = new_shoe(client)
    assert record(client, shoe_id, "B", key=key).status_code == 200
    assert record(client, shoe_id, "B", key=key)[REPLAYED] == "true"
    assert RecordedKey.objects.get().key == key.strip()


# --- how long a key is kept --------------------------------------------------------------------


def age_keys(by):
    RecordedKey.objects.update(created=timezone.now() - by)


def test_a_key_is_kept_at_least_24_hours(client):
    shoe_id = new_shoe(client)
    record(client, shoe_id, "B", key="k")
    age_keys(timedelta(hours=24, minutes=5))
    record(client, shoe_id, "P", key="other")  # recording prunes this shoe's old keys
    assert record(client, shoe_id, "B", key="k")[REPLAYED] == "true"
    assert outcomes(shoe_id) == "BP"


def test_a_key_older_than_it_is_kept_is_forgotten_and_pruned(client):
    shoe_id, other_shoe = new_shoe(client, "One"), new_shoe(client, "Two")
    record(client, shoe_id, "B", key="old")
    record(client, shoe_id, "P", key="older")
    record(client, other_shoe, "P", key="elsewhere")
    age_keys(KEEP + timedelta(minutes=1))
    again = record(client, shoe_id, "B", key="old")  # forgotten: a new hand
    assert again.status_code == 200 and REPLAYED not in again
    assert outcomes(shoe_id) == "BPB"
    # This shoe's old keys went with that write; another shoe's wait for one of its own.
    assert set(RecordedKey.objects.values_list("shoe_id", "key")) == {
        (shoe_id, "old"),
        (other_shoe, "elsewhere"),
    }


# --- the documentation -----------------------------------------------------------------------


def test_the_openapi_document_describes_the_header_and_its_answers(client):
    operation = client.get("/api/v1/openapi.json").json()["paths"][f"{SHOES}/{{shoe_id}}/hands"]
    operation = operation["post"]
    header = next(p for p in operation["parameters"] if p["name"] == HEADER)
    assert header["in"] == "header" and not header.get("required")
    for status in ("400", "409", "422"):
        assert status in operation["responses"], status
    assert "Idempotency-Key" in operation["responses"]["422"]["description"]
    assert REPLAYED in operation["description"] and "undone" in operation["description"]


# --- two requests with one key at once -----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_requests_racing_with_one_key_record_one_hand():
    owner = Client()
    shoe_id = new_shoe(owner, "Race")
    rounds = 8
    answers, errors = [], []
    start = threading.Barrier(2, timeout=60)

    def tab(name):
        try:
            browser = Client()
            browser.cookies = owner.cookies  # the same session: a retry from another instance
            for index in range(rounds):
                start.wait()
                response = record(browser, shoe_id, "BP"[index % 2], key=f"race-{index}")
                answers.append((index, response.status_code, response.get(REPLAYED),
                                response.json()["hands"]))  # fmt: skip
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
            start.abort()  # the other thread stops waiting for this one
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert outcomes(shoe_id) == "BP" * (rounds // 2)
    for index in range(rounds):
        pair = [answer for answer in answers if answer[0] == index]
        assert [status for _i, status, _r, _h in pair] == [200, 200]
        assert sorted(replayed or "" for _i, _s, replayed, _h in pair) == ["", "true"]
        assert {hands for _i, _s, _r, hands in pair} == {index + 1}  # the same answer
    assert RecordedKey.objects.count() == rounds


@pytest.mark.django_db(transaction=True)
def test_two_different_hands_racing_with_one_key_record_one_of_them():
    owner = Client()
    shoe_id = new_shoe(owner, "Race")
    statuses, errors = [], []
    start = threading.Barrier(2, timeout=60)

    def tab(outcome):
        try:
            browser = Client()
            browser.cookies = owner.cookies
            start.wait()
            statuses.append(record(browser, shoe_id, outcome, key="one").status_code)
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
            start.abort()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(outcome,)) for outcome in "BP"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert sorted(statuses) == [200, 422]
    assert len(outcomes(shoe_id)) == 1


# --- a model of the contract ------------------------------------------------------------------

# The steps: tests/fuzzing.py, key_steps.
hands = st.fixed_dictionaries({"outcome": st.sampled_from("BPT"), "player_pair": st.booleans()})
steps = fuzzing.key_steps(hands, max_size=14)


@hypothesis_settings(fuzzing.FUZZ, max_examples=60)
@given(steps=steps, minimal=st.booleans())
def test_any_run_of_keys_retries_and_undos_stores_what_the_model_says(steps, minimal):
    client = fuzzing.new_client()
    shoe_id = new_shoe(client, "Model")
    prefer = "return=minimal" if minimal else None
    shoe = []  # the model: the hands in order, each {"hand": ..., "key": ... or None}
    sent = []  # every key used: (key, hand first sent, seq, answer)
    for step in steps:
        if step[0] == "undo":
            response = undo(client, shoe_id)
            assert response.status_code == (200 if shoe else 409)
            if shoe:
                shoe.pop()
            continue
        if step[0] == "again" and sent:
            key, first, seq, answer = sent[step[1] % len(sent)]
            hand = step[2] or first
            response = record(client, shoe_id, key=key, prefer=prefer, **hand)
            alive = len(shoe) >= seq and shoe[seq - 1]["key"] == key
            if hand != first:
                assert response.status_code == 422, response.content
            elif not alive:
                assert response.status_code == 409, response.content
            else:
                assert response.status_code == 200 and response[REPLAYED] == "true"
                assert response.json() == answer
            continue
        hand = (
            step[1] if step[0] != "again" else (step[2] or {"outcome": "B", "player_pair": False})
        )
        key = f"key-{len(sent)}" if step[0] != "bare" else None
        response = record(client, shoe_id, key=key, prefer=prefer, **hand)
        assert response.status_code == 200 and REPLAYED not in response
        shoe.append({"hand": hand, "key": key})
        if key is not None:
            sent.append((key, hand, len(shoe), response.json()))
    history = Hand.objects.filter(shoe_id=shoe_id).order_by("seq")
    assert [(h.seq, h.outcome, h.player_pair) for h in history] == [
        (seq, entry["hand"]["outcome"], entry["hand"]["player_pair"])
        for seq, entry in enumerate(shoe, 1)
    ]
    kept = dict(RecordedKey.objects.filter(shoe_id=shoe_id).values_list("key", "hand__seq"))
    assert kept == {
        key: (seq if len(shoe) >= seq and shoe[seq - 1]["key"] == key else None)
        for key, _hand, seq, _answer in sent
    }
