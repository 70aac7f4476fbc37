"""The cost of a request is bounded by its size, whatever its input holds: each
asserted as work done or refused, not as time (bench/worst_bodies.py measures the time).

- Every view but the shoe import reads a body of at most MAX_FORM_BODY_BYTES: a bigger one
  is a 413 before anything decodes it (guards.middleware).
- read_json reads numbers at C speed unless the text has one it must refuse, and walks the
  document only when it could be nested too deeply or hold a lone surrogate; the walk
  writes out the path of the problem it finds, not of every value.
- A 422 lists at most MAX_ERRORS of Pydantic's errors, however many items were wrong.
- text_problem looks at each character at C speed, and asks visible() of each different
  character once.
"""

import json

import pytest
from counting import counted
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

import guards.inputs
from api.api import MAX_ERRORS
from guards.inputs import InputError, read_json, text_problem
from tracker.models import Shoe

pytestmark = pytest.mark.django_db


# --- the body limits ------------------------------------------------------------------


def over_the_form_limit():
    return "w" * (settings.MAX_FORM_BODY_BYTES + 1)


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/theme/", "theme"),
        ("/language/", "next"),
        ("/tracker/", "name"),
        ("/lab/step/", "state"),
        ("/quiz/mixed/answer/", "answer"),
        ("/hands/practice/answer/", "answer"),
        ("/accounts/login/", "username"),
        ("/tracker/import/", "text"),  # urlencoded: the import takes big bodies as files only
    ],
)
def test_a_form_body_over_the_limit_is_refused_unread(client, path, field):
    response = client.post(path, f"{field}={over_the_form_limit()}",
                           content_type="application/x-www-form-urlencoded")  # fmt: skip
    assert response.status_code == 413
    assert "the limit is 131,072 bytes" in response.content.decode()
    assert not Shoe.objects.exists()


def test_an_api_body_over_the_limit_is_refused_unread(client, monkeypatch):
    parsed = counted(monkeypatch, guards.inputs, "read_json")
    body = json.dumps({"outcomes": "B", "pairs": [None] * 40_000})
    assert len(body) > settings.MAX_FORM_BODY_BYTES
    response = client.post("/api/v1/roads", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["detail"].startswith("The request body is ")
    assert parsed == []


def test_the_largest_api_body_a_client_needs_is_under_the_limit(client):
    # 1,000 hands (the roads' limit) with a pair entry each, as a program would write them.
    body = json.dumps(
        {"outcomes": "B P " * 500, "pairs": [{"banker_pair": False, "player_pair": True}] * 1000},
        indent=2,
    )
    assert len(body) < settings.MAX_FORM_BODY_BYTES
    assert client.post("/api/v1/roads", body, content_type="application/json").status_code == 200


def test_a_shoe_file_may_still_be_1_mb(client):
    text = "BPPT BBPPB TBPBB\n" * 5 + "\n" * (999_000 - 85)
    upload = SimpleUploadedFile("big.txt", text.encode(), content_type="text/plain")
    response = client.post("/tracker/import/", {"file": upload, "name": "Big"})
    assert response.status_code == 302
    assert Shoe.objects.get(name="Big").hands.count() == 70


def test_pasted_text_may_be_1_mb_when_the_form_sends_it_as_the_page_does(client):
    # The page's form is multipart/form-data (it has a file field): its text may be 1 MB.
    response = client.post("/tracker/import/", {"text": "X" * 999_000})
    assert response.status_code == 400
    assert "… and 998,980 more problems not listed." in response.content.decode()


def test_the_lab_steps_state_fits_the_limit():
    from baccarat.simulation.systems import SYSTEMS
    from lab import runs
    from lab.form import Run

    tally = runs.new_tally(Run(100_000, 8, 10**11, tuple(SYSTEMS), 10**6, 10**6))
    for _chunk in range(3):
        tally.deal_next()
    assert len(runs.sealed(tally)) < settings.MAX_FORM_BODY_BYTES // 10


# --- reading JSON ---------------------------------------------------------------------


def test_plain_numbers_are_read_without_a_hook_and_without_a_walk(monkeypatch):
    hooks = counted(monkeypatch, guards.inputs, "_bounded_int")
    floats = counted(monkeypatch, guards.inputs, "_finite_float")
    walks = counted(monkeypatch, guards.inputs, "_json_problem")
    document = read_json(json.dumps({"values": list(range(50_000)), "x": [0.5] * 1000}))
    assert len(document["values"]) == 50_000
    assert hooks == floats == walks == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ('{"decks": 1' + "0" * 200 + "}", "decks"),
        ('{"a": [1, 2, 1e999]}', "a[2]"),
        ('{"a": {"b": NaN}}', "a.b"),
        ('{"a": ["ok", "\\ud800"]}', "a[1]"),
        ("[" * 40 + "]" * 40, "[0]" * 32),
    ],
)
def test_what_must_be_refused_is_still_found_at_its_place(text, place):
    with pytest.raises(InputError) as refused:
        read_json(text)
    assert refused.value.place == place


def test_the_walk_names_a_long_key_short():
    with pytest.raises(InputError) as refused:
        read_json(json.dumps({"k" * 100_000: ["\ud800"]}))
    assert len(str(refused.value)) < 300


def test_a_problem_is_found_in_the_documents_order():
    with pytest.raises(InputError) as refused:
        read_json('[["\\ud800"], ["\\udc00"]]')
    assert refused.value.place == "[0][0]"


# --- Pydantic's errors ----------------------------------------------------------------


def test_a_422_lists_at_most_20_errors_however_many_items_are_wrong(client):
    body = json.dumps({"values": ["x"] * 5_000})
    response = client.post("/api/v1/odds", body, content_type="application/json")
    assert response.status_code == 422
    answer = response.json()
    assert len(answer["errors"]) == MAX_ERRORS == 20
    assert answer["detail"].endswith("… and 4,980 more problems not listed.")
    assert len(response.content) < 5_000


def test_a_422_says_a_long_key_short(client):
    body = json.dumps({"shoes": 1, "k" * 100_000: 1})
    response = client.post("/api/v1/simulations", body, content_type="application/json")
    assert response.status_code == 422
    assert len(response.content) < 1_000


# --- text ------------------------------------------------------------------------------


def test_text_problem_looks_at_each_different_character_once(monkeypatch):
    seen = counted(monkeypatch, guards.inputs, "visible")
    assert text_problem("\u200b" * 100_000) == "it has no visible character"
    assert len(seen) == 1
    assert text_problem("w" * 1_000_000) is None
    assert text_problem("w" * 1_000_000 + "\x00").startswith("character 1000001 is a NUL")
